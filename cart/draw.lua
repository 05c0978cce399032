-- draw: the play screen. colours are screen slots whose meaning is
-- the same in every world (the world's display palette gives the hue):
-- 0 backdrop, 1 paper, 2 grid, 3 guide line, 4 fill, 5 cross,
-- 6 clue, 7 dim clue, 8 highlight, 9 cursor, 10 text, 11-14 picture ramp
-- (top to bottom), 15 highlight behind the clues.
bx,by=52,52

-- clue digits 3x4 px, so that rows of clues 5 px apart do not touch:
-- bit 3*row+column of dg[d+1] is a pixel of digit d
dg=split"3951,3731,3747,3895,2541,1823,3961,1191,3967,2543"

-- a clue number; 10-15 as a bar and a digit, 5 px wide like "1 1"
function num(v,x,y,c)
 if v>9 then
  line(x,y,x,y+3,c)
  x+=2 v-=10
 end
 for b=0,11 do
  if (dg[v+1]>>b&1==1) pset(x+b%3,y+b\3,c)
 end
end

-- seconds as m:ss
function clock(s)
 s=flr(s)
 return s\60 ..":"..sub("0"..s%60,-2)
end

-- a clue to show: an empty line shows 0
function dc(t)
 return #t>0 and t or {0}
end

-- clues of the rows and columns, lit on the cursor's, a number dim
-- once its run is placed (dm) or its whole line matches. columns are
-- 5 px apart: a two-digit number (5 px wide) beside another at the
-- same height would touch it, so that column is lifted a row (lq:
-- the row of the last column's two-digit number, 0 at the board)
function clues()
 local lq
 for i=0,14 do
  local x,y=bx-2,by+1+i*5
  if (i==cy) rectfill(0,y,bx-1,y+3,15)
  if (i==cx) rectfill(bx+i*5+1,0,bx+i*5+3,by-2,15)
  local t,d=dc(rc[i+1]),dm[i+1] or {}
  for j=#t,1,-1 do
   local v=t[j]
   x-=v>9 and 6 or 4
   num(v,x,y,(rok[i+1] or d[j]) and 7 or i==cy and 10 or 6)
   x-=2
  end
  t,d=dc(cc[i+1]),dm[i+16] or {}
  local q
  for j=1,#t do
   if (t[j]>9) q=#t-j
  end
  x,y=bx+1+i*5,by-6
  if (q and q==lq) q+=1 y-=5
  lq=q
  for j=#t,1,-1 do
   local v=t[j]
   num(v,v>9 and x-1 or x,y,(cok[i+1] or d[j]) and 7 or i==cx and 10 or 6)
   y-=5
  end
 end
end

-- picture colour of a filled cell in row y
function ramp(y)
 return 11+y\4
end

-- the board; r = how far the solved picture has been revealed (0 none)
function board(r)
 -- the finished picture hangs in a thin frame
 if (r>=30) rect(bx-3,by-3,bx+78,by+78,3)
 if r<30 then
  rectfill(bx,by,bx+75,by+75,1)
  if r==0 then
   rectfill(bx,by+cy*5,bx+75,by+cy*5+5,8)
   rectfill(bx+cx*5,by,bx+cx*5+5,by+75,8)
  end
  for i=0,15 do
   local c=i%5==0 and 3 or 2
   line(bx+i*5,by,bx+i*5,by+75,c)
   line(bx,by+i*5,bx+75,by+i*5,c)
  end
 end
 for y=0,14 do
  for x=0,14 do
   local v,px,py=g[y*15+x],bx+x*5,by+y*5
   if v==1 then
    rectfill(px+1,py+1,px+4,py+4,x+y<r and ramp(y) or 4)
    if (r>=30) rectfill(px,py,px+5,py+5,ramp(y))
   elseif v==2 and r==0 then
    line(px+1,py+1,px+3,py+3,5)
    line(px+3,py+1,px+1,py+3,5)
   end
  end
 end
 if r==0 then
  local px,py=bx+cx*5,by+cy*5
  rect(px,py,px+5,py+5,time()*4%2<1 and 9 or 10)
 end
end

-- the little picture of the filled cells, 2 px a cell
function preview(x0,y0,r)
 rectfill(x0-1,y0-1,x0+30,y0+30,r>0 and 1 or 2)
 rectfill(x0,y0,x0+29,y0+29,1)
 for y=0,14 do
  for x=0,14 do
   if (g[y*15+x]==1) rectfill(x0+x*2,y0+y*2,x0+x*2+1,y0+y*2+1,r>0 and ramp(y) or 4)
  end
 end
end
