-- hint: point at a mark that contradicts the solution, or else
-- mark one cell that line logic forces from the marks on the board.
function hint()
 for y=0,14 do
  for x=0,14 do
   local v,s=g[y*15+x],sol[y+1]>>x&1
   if v==1 and s==0 or v==2 and s==1 then
    cx,cy,msg=x,y,"mistake!"
    return
   end
  end
 end
 local f,e={},{}
 for y=0,14 do
  f[y+1]=lmask(g,y,false,1)
  e[y+1]=lmask(g,y,false,2)
 end
 solve(rc,cc,f,e)
 for y=0,14 do
  for x=0,14 do
   local v=f[y+1]>>x&1==1 and 1 or e[y+1]>>x&1==1 and 2 or 0
   if v>0 and g[y*15+x]==0 then
    cx,cy,msg=x,y,"hint"
    mark(v)
    return
   end
  end
 end
 msg="no hint"
end
