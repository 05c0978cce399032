-- board: the puzzle being played, sz x sz cells (5, 10 or 15) of
-- cz px (bw px in all).
-- sol[y] = row y-1 of the solution as a bit mask (bit x = column x),
-- g[y*15+x] = cell x,y (0-based): 0 blank, 1 filled, 2 crossed.
-- rc/cc = row/column clues, rok/cok = line satisfied (its clue's key,
-- ckey, is the clue's).
-- dm[k] = the clue numbers placed on line k (1-15 rows, 16-30 columns),
-- st[k] set while line k's marks changed since dm[k] was worked out.
-- nc: sz clues of no line (false), to solve one line alone (placed).

-- a clue as a comparable string
function ckey(t)
 local s=""
 for v in all(t) do s..=v.." " end
 return s
end

-- mask of the cells of g equal to v in row i (c nil) or column i
function lmask(i,v,c)
 local m=0
 for j=0,sz-1 do
  if g[c and j*15+i or i*15+j]==v then m|=1<<j end
 end
 return m
end

-- f(x,y,i) for each cell of the board, row by row (i: its index in g)
function each(f)
 for y=0,sz-1 do
  for x=0,sz-1 do f(x,y,y*15+x) end
 end
end

-- two tables of 15 rows of 0: nothing known yet, for solve (or a
-- share code's solution before its cells are set)
function zeros()
 local f,e={},{}
 for y=1,15 do f[y],e[y]=0,0 end
 return f,e
end

-- start a puzzle of sz from sol: clues, blank board (or the saved
-- one in b)
function newboard(b)
 cz=75\sz bw=sz*cz
 rc,cc,rok,cok,dm,st,nc,g={},{},{},{},{},{},{},b or {}
 for i=1,sz do
  -- column i's mask from the rows (bit y-1 = row y)
  local m=0
  for y=1,sz do m|=(sol[y]>>i-1&1)<<y-1 end
  rc[i],cc[i],nc[i]=line_clue(sol[i]),line_clue(m),false
 end
 for i=0,224 do g[i]=g[i] or 0 end
 recheck()
end

-- recheck row y and column x; true when a line became satisfied
function check(x,y)
 local i,j=y+1,x+1
 local r,c=rok[i],cok[j]
 st[i],st[j+15]=1,1
 rok[i]=ckey(line_clue(lmask(y,1)))==ckey(rc[i])
 cok[j]=ckey(line_clue(lmask(x,1,1)))==ckey(cc[j])
 return rok[i] and not r or cok[j] and not c
end

-- every line matches its clues
function solved()
 for i=1,sz do
  if (not (rok[i] and cok[i])) return
 end
 return true
end

-- clue numbers placed by the player's marks (as in picross s): a
-- number dims when every way of laying out its line's clue t that
-- agrees with the marks (f filled, x crossed: masks, bit j = cell j)
-- puts its run on the same cells, and the player filled them all.
-- an empty line's 0 (d[1]) dims while the marks agree with it: from
-- the start, as picross s greys its 0 lines, until a cell is filled.
-- the solver's sweeps find those ways: the line is solved alone, as
-- the one row of a grid whose sz columns have no clue (nc), and
-- s[j] holds the cells where run j can start: one cell (q&q-1==0;
-- q is never 0 when the line fits), its l cells (m) all filled.
-- (solve calls solve_hook once here, outside any coroutine: hn=0
-- keeps that call from yielding)
function placed(t,f,x)
 local d,s={},{}
 hn=0
 if solve({t},nc,{f},{x},s)!="contradiction" then
  d[1]=1
  for j,l in ipairs(t) do
   local q=s[j]
   local m=((1<<l)-1)*q
   d[j]=q&q-1==0 and f&m==m
  end
 end
 return d
end

-- work out dm for the lines whose marks changed, all in the frame
-- they changed in (a line costs at most about 1,500 instructions:
-- all 30 of a 15x15 fit in one frame)
function dims()
 for k in pairs(st) do
  st[k]=nil
  local i,c=(k-1)%15,k>15
  dm[k]=placed((c and cc or rc)[i+1],lmask(i,1,c),lmask(i,2,c))
  redraw=true
 end
end
