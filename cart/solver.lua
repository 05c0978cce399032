-- solver.lua: the line solver (permutation intersection), the twin of generator/linesolve.py.
--
-- api
--  line_clue(m,n) -> {run lengths} of the n-cell line mask m (bit x = cell x, 0-based;
--    no bits at or above n).  line_clue(0b0111011,7) = {2,3}; an empty line gives {}.
--  solve(rc,cc,rf,re) -> status,iterations
--    rc[y] / cc[x]: clue tables of row y / column x (1-based), e.g. from line_clue.
--    rf[y] / re[y]: masks of row y's cells known filled / known empty (bit x = column x+1);
--      0,0 for a blank row. filled and empty must not overlap.
--    both are updated IN PLACE to the fixpoint of line logic; solve also writes the
--    columns' masks to rf[-x] / re[-x] (bit y = row y+1) and leaves them there.
--    status: "solved" (every cell known), "stalled" (line logic is stuck), or
--    "contradiction" (no fill of some line agrees with the known cells; rf/re then hold
--    a partial state). iterations: passes (all rows, then all columns) that fixed cells.
--  solve_hook: global, nil by default. if set, solve calls it after every line it solves:
--    inside a coroutine set solve_hook=yield to spread a solve over frames.
--  sizes: 1..15 rows and columns (masks stay positive 15-bit numbers).
--
-- the algorithm, per line: enumerate the placements of the clue that agree with the
-- known cells, runs left to right, pruned (a run never covers a known-empty cell, never
-- leaves a known-filled cell in a gap, never starts after its latest start); a = the
-- cells filled in all of them, o = the cells filled in any; a cell in a is filled, a cell
-- outside o is empty. a branch stops as soon as every unknown cell from its first free
-- cell on has been seen both filled and empty: it cannot teach anything more.
-- the grid: every pass solves all rows, then all columns (generator/linesolve.py skips
-- lines that did not change since their last solve: the same result, for fewer tokens
-- here); what a line learns is copied into the lines that cross it.

function line_clue(m,n)
 local c,r={},0
 for x=0,n do
  if m>>>x&1!=0 then r+=1 elseif r>0 then add(c,r) r=0 end
 end
 return c
end

function solve(rc,cc,rf,re)
 -- lines: row y is line y, column x is line -x. z: cells not yet known
 local h,w,it=#rc,#cc,0
 local z=h*w
 -- line i learns cells nf,ne: keep them and copy them into the crossing lines
 local function put(i,nf,ne)
  local j,b=0,1<<abs(i)-1
  rf[i]|=nf re[i]|=ne
  while nf|ne>0 do
   j-=sgn(i)
   rf[j]|=nf%2*b re[j]|=ne%2*b z-=(nf|ne)%2
   nf\=2 ne\=2
  end
 end
 for x=1,w do rf[-x],re[-x]=0,0 end
 for y=1,h do put(y,rf[y],re[y]) end
 while true do
  local ch=z
  -- one pass: rows h..1, then columns 1..w (-1..-w); i=0 has no clue
  for i=h,-w,-1 do
   local c=rc[i] or cc[-i]
   if c then
    -- a starts as the unknown cells, o as the known ones and those past the line;
    -- lat[j]: the latest start of run j
    local n,f,e,lat=i>0 and w or h,rf[i],re[i],{}
    local a,o=~f,f|e|-1<<n
    for j=#c,1,-1 do n-=c[j] lat[j]=n n-=1 end
    -- place runs j.. from cell s0 on (acc: the cells of runs 1..j-1);
    -- true if some placement completes
    local function pl(j,s0,acc)
     if not c[j] then
      if (f>>>s0>=1) return
      a&=acc o|=acc
      return true
     end
     local v
     for s=s0,lat[j] do
      local t=s+c[j]
      local m=(1<<t)-(1<<s)
      if (m&e|f&1<<t==0 and pl(j+1,t+1,acc|m)) v=true
      -- stop when cells s0.. are all settled, or before a gap would skip a filled cell
      if (v and (a|~o)>>>s0<1 or f&1<<s!=0) break
     end
     return v
    end
    if (not pl(1,0,0)) return "contradiction",it
    put(i,a,~o&-1)
    if (solve_hook) solve_hook()
   end
  end
  it+=min(ch-z,1)
  if (z==0) return "solved",it
  if (z==ch) return "stalled",it
 end
end
