-- board: the puzzle being played.
-- sol[y] = row y-1 of the solution as a bit mask (bit x = column x),
-- g[y*15+x] = cell x,y (0-based): 0 blank, 1 filled, 2 crossed.
-- rc/cc = row/column clues, rk/ck their keys, rok/cok = line satisfied.

-- a clue as a comparable string
function ckey(t)
 local s=""
 for v in all(t) do s..=v.." " end
 return s
end

-- mask of the cells equal to v in row i (c false) or column i
function lmask(a,i,c,v)
 local m=0
 for j=0,14 do
  if a[c and j*15+i or i*15+j]==v then m|=1<<j end
 end
 return m
end

-- solution as a cell table, for column masks
function solcells()
 local s={}
 for y=0,14 do
  for x=0,14 do s[y*15+x]=sol[y+1]>>x&1 end
 end
 return s
end

-- start a puzzle from sol: clues, blank board (or the saved one in b)
function newboard(b)
 local s=solcells()
 rc,cc,rk,ck,rok,cok,g={},{},{},{},{},{},b or {}
 for i=0,14 do
  rc[i+1]=line_clue(sol[i+1],15)
  cc[i+1]=line_clue(lmask(s,i,true,1),15)
  rk[i+1]=ckey(rc[i+1])
  ck[i+1]=ckey(cc[i+1])
 end
 for i=0,224 do g[i]=g[i] or 0 end
 for i=0,14 do check(i,i) end
end

-- recheck row y and column x; true when a line became satisfied
function check(x,y)
 local r,c=rok[y+1],cok[x+1]
 rok[y+1]=ckey(line_clue(lmask(g,y,false,1),15))==rk[y+1]
 cok[x+1]=ckey(line_clue(lmask(g,x,true,1),15))==ck[x+1]
 return rok[y+1] and not r or cok[x+1] and not c
end

-- every line matches its clues
function solved()
 for i=1,15 do
  if not (rok[i] and cok[i]) then return false end
 end
 return true
end
