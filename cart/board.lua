-- board: the puzzle being played, sz x sz cells (5, 10 or 15) of
-- cz px (bw px in all).
-- sol[y] = row y-1 of the solution as a bit mask (bit x = column x),
-- g[y*15+x] = cell x,y (0-based): 0 blank, 1 filled, 2 crossed.
-- rc/cc = row/column clues, rok/cok = line satisfied (its clue's key,
-- ckey, is the clue's).
-- dm[k] = the clue numbers placed on line k (1-15 rows, 16-30 columns),
-- st[k] set while line k's marks changed since dm[k] was worked out.

-- a clue as a comparable string
function ckey(t)
 local s=""
 for v in all(t) do s..=v.." " end
 return s
end

-- mask of the cells equal to v in row i (c false) or column i
function lmask(a,i,c,v)
 local m=0
 for j=0,sz-1 do
  if a[c and j*15+i or i*15+j]==v then m|=1<<j end
 end
 return m
end

-- two tables of 15 rows of 0: nothing known yet, for solve
function zeros()
 local f,e={},{}
 for y=1,15 do f[y],e[y]=0,0 end
 return f,e
end

-- start a puzzle of sz from sol: clues, blank board (or the saved
-- one in b)
function newboard(b)
 cz=75\sz bw=sz*cz
 rc,cc,rok,cok,dm,st,g={},{},{},{},{},{},b or {}
 for i=1,sz do
  -- column i's mask from the rows (bit y-1 = row y)
  local m=0
  for y=1,sz do m|=(sol[y]>>i-1&1)<<y-1 end
  rc[i],cc[i]=line_clue(sol[i]),line_clue(m)
 end
 for i=0,224 do g[i]=g[i] or 0 end
 recheck()
end

-- recheck row y and column x; true when a line became satisfied
function check(x,y)
 local i,j=y+1,x+1
 local r,c=rok[i],cok[j]
 st[i],st[j+15]=1,1
 rok[i]=ckey(line_clue(lmask(g,y,false,1)))==ckey(rc[i])
 cok[j]=ckey(line_clue(lmask(g,x,true,1)))==ckey(cc[j])
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
-- number dims when every way of laying out its line's clue that
-- agrees with the marks (f filled, x crossed: masks, bit j = cell j)
-- puts its run on the same cells, and the player filled them all.
-- fits(t,f,x)[m][s]: runs 1..m of t fit before cell s-1, which is
-- left empty (s=0: no cells), so run m+1 may start at cell s.
function fits(t,f,x)
 local a={[0]={}}
 -- o[e] set from cell e on, over unfilled cells (a gap)
 local function gap(o,e)
  while e<sz+2 and not o[e] do
   o[e]=1
   if (f>>e&1==1) break
   e+=1
  end
 end
 gap(a[0],0)
 for m=1,#t do
  local l,o=t[m],{}
  a[m]=o
  -- (a gap from just past the run's empty end)
  for s=0,sz do
   if (a[m-1][s] and runok(s,l,f,x)) gap(o,s+l+1)
  end
 end
 return a
end

-- can a run of l cells start at cell s: inside the line, no cross
-- on it, the cell after it not filled
function runok(s,l,f,x)
 return s+l<=sz and f>>s+l&1==0 and x&((1<<l)-1)<<s==0
end

-- a line's mask mirrored (not named flip: that is pico-8's api)
function mirror(m)
 local r=0
 for i=0,sz-1 do r=r*2+(m>>i&1) end
 return r
end

function placed(t,f,x)
 local n,d,u=#t,{},{}
 -- (u: t reversed)
 for v in all(t) do add(u,v,1) end
 -- a: from the left, b: the runs after, from the right
 local a,b=fits(t,f,x),fits(u,mirror(f),mirror(x))
 for j=1,n do
  local l,k,p=t[j],0
  local m=(1<<l)-1
  for s=0,sz do
   if (a[j-1][s] and runok(s,l,f,x) and b[n-j][sz-s-l]) k+=1 p=s
  end
  d[j]=k==1 and f>>p&m==m
 end
 return d
end

-- work out dm for up to n lines whose marks changed
function dims(n)
 for k in pairs(st) do
  if (n<1) return
  n-=1
  st[k]=nil
  local i,c=(k-1)%15,k>15
  dm[k]=placed((c and cc or rc)[i+1],lmask(g,i,c,1),lmask(g,i,c,2))
  redraw=true
 end
end
