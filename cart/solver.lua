-- solver.lua: the line solver, the twin of generator/solver/linesolve.py.
-- (line_clue, which makes clue tables from masks, is in clues.lua.)
--
-- api
--  solve(rcl,ccl,rf,re,s) -> status,iterations
--    rcl[y] / ccl[x]: clue tables of row y / column x (1-based), e.g. from line_clue.
--    rf[y] / re[y]: masks of row y's cells known filled / known empty (bit x = column x+1);
--      0,0 for a blank row. filled and empty must not overlap, nor reach past the row.
--    both are updated IN PLACE to the fixpoint of line logic; re[y] also gains the
--    bits past the row (cells w..14 count as empty). solve also writes the columns'
--    masks to rf[-x] / re[-x] (bit y = row y+1) for x=1..15 and leaves them there.
--    status: "solved" (every cell known and every line checked), "stalled" (line logic
--    is stuck), or
--    "contradiction" (no fill of some line agrees with the known cells; rf/re then hold
--    a partial state). iterations: passes (all rows, then all columns) that fixed cells.
--    s: a table the sweeps work in; after each line s[j] holds the cells where run j of
--    that line can start in some placement agreeing with the known cells (a mask, bit x =
--    cell x; one bit: the run's place is forced). the clue dimming (board.lua) reads it.
--  solve_hook: global, nil by default. if set, solve calls it after every line it solves:
--    inside a coroutine set solve_hook=yield to spread a solve over frames.
--  sizes: 1..15 rows and columns.
--
-- the algorithm, per line (linesolve.line_bits): the cells that every placement of the
-- clue agreeing with the known cells fills (or leaves empty), found without listing the
-- placements: a left-to-right sweep finds, run by run, where each run can end given the
-- runs before it; a right-to-left sweep keeps the ends that the runs after it can also
-- follow. a cell some kept run covers can be filled; a cell some gap between kept runs
-- reaches can be empty; the rest is forced. masks, bit x = cell x; every line is 15
-- cells long, the cells past its end known empty; the 16.16 fraction bit .5 stands for
-- cell -1 and bit 15 (0x8000) for the cell after the last, the line's two outer edges.
-- the grid: every pass solves the rows, then the columns, that changed since their last
-- solve (all of them at first); what a line learns is copied into the lines that cross it.

function solve(rcl,ccl,rf,re,s)
 -- lines: row y is line y, column x is line -x. z: cells known to both their lines,
 -- the rows' cells past their end included (15 a row when solved).
 -- d[i]: line i is solved and has not changed since. s[j]: see the sweeps below.
 -- it: the passes before this one (each fixed cells, or solve would have returned).
 local h,it,d,z=#rcl,-1,{},0
 -- line i knows cells o (bits 0..14) of table k (rf or re): copy them into the
 -- crossing lines, whose index the string gives by the cell's bit t (2^x mod 19
 -- differs for x=0..14)
 local function put(i,o,k)
  o&=32767 k[i]|=o
  while o>0 do
   local t=o&-o
   local j=-sgn(i)*ord("\1\2\14\3x\15\7\4\9x\13x\6\8\12\5\11\10",t%19)
   k[j]|=.5<<abs(i) z+=1 d[j]=nil o-=t
  end
 end
 -- columns 1..15 (those past the grid take the rows' cells past their end), their
 -- cells past the last row empty; then the known cells of the rows, and past them
 for x=-15,-1 do rf[x],re[x]=0,-1<<h end
 for y=1,h do put(y,rf[y],rf) put(y,re[y]|-1<<#ccl,re) end
 repeat
  it+=1
  local ch=z
  -- one pass: rows h..1, then columns 1..w (-1..-w); i=0 has no clue
  for i=h,-#ccl,-1 do
   -- f: known filled. e: known empty (with the cells past the line).
   -- q: the cells just after the previous run (cell -1 at first), x: see below
   local c,f,e,q,x=rcl[i] or ccl[-i],rf[i],re[i],.5,0x8000
   if c and not d[i] then
    d[i]=1
    -- p: cells a gap may cross (not filled; cell -1 and the edge bit 15 too)
    local p=~f
    -- left to right. a gap goes on from the cells q over cells not filled
    -- (p&~(p+q)|q: a carry runs from each bit of q up to the next filled cell); run j
    -- starts after the gap and is followed by cell q<<l+1, which must not be filled,
    -- its l cells not empty. s[j]: the cells just after run j-1 (s[1]: cell -1).
    for j,l in ipairs(c) do
     s[j]=q
     q=(p&~(p+q)|q)<<l+1&p
     for b=1,l do q&=~e<<b end
    end
    -- right to left, x from the edge bit 15. q: the cells just after run j; a: the gap
    -- after run j, seen from the left; x grows leftwards through a: the cells of the gap
    -- that the runs after it allow too, so they can be empty: they join f. the cells of q
    -- in x keep their run: its l cells can be filled: they join e. x starts again from
    -- the cells just before those runs, and s[j] becomes the first cells of the
    -- runs kept. so the cells left out of f are forced filled, those left out of e forced
    -- empty.
    for j=#c,0,-1 do
     local a=p&~(p+q)|q
     repeat local o=x x|=x>>>1&a until o==x
     f|=x q&=x
     for _=1,c[j] or 0 do q>>>=1 e|=q end
     x=q>>>1 q,s[j]=s[j],q
    end
    -- x reached cell -1 (and went on to .25) only if some placement fits
    if (x==0) return "contradiction",it
    put(i,~f,rf) put(i,~e,re)
    if (solve_hook) solve_hook()
   end
  end
  -- done when a pass learns nothing: every line is then checked against its clue
 until z==ch
 return z<15*h and "stalled" or "solved",it
end
