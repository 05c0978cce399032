-- input on the play screen: d-pad moves (with key repeat), a quick
-- double tap jumps to the edge; o fills, x crosses, again clears;
-- holding o or x while moving paints the same change along the way.
-- pb = buttons held last frame (bit 4 o, bit 5 x, mouse buttons too).
dx,dy=split"-1,1,0,0",split"0,0,-1,1"
lt,pb={},0

-- set the cursor's cell to v, with its sound and line checks
function mark(v)
 local i=cy*15+cx
 if (g[i]==v) return
 g[i]=v
 sfx(v==1 and 0 or v==2 and 1 or 2)
 if (check(cx,cy)) sfx(3)
 dirty=true
end

function playinput()
 -- mouse (devkit mode): left button as o, right as x; the cursor
 -- follows the pointer when it moves over the board
 local bt,mx,my=btn()|(stat(34)&3)<<4,(stat(32)-bx)\5,(stat(33)-by)\5
 if (mx!=lmx or my!=lmy) and mx==mid(0,mx,14) and my==mid(0,my,14) then
  cx,cy,redraw=mx,my,true
  if (pk and g[cy*15+cx]==pv) mark(pm)
 end
 lmx,lmy=mx,my
 for b=4,5 do
  if bt>>b&1==1 and pb>>b&1==0 then
   -- a fresh press: choose what this stroke paints
   local m=b-3
   pk,pv=b,g[cy*15+cx]
   pm=pv==m and 0 or m
   mark(pm)
  end
 end
 if (pk and bt>>pk&1==0) pk=nil
 for b=0,3 do
  if btnp(b) then
   local n=1
   if pb>>b&1==0 then
    if (time()-(lt[b] or -1)<.2) n=14
    lt[b]=time()
   end
   for k=1,n do
    cx,cy=mid(0,cx+dx[b+1],14),mid(0,cy+dy[b+1],14)
    if (pk and g[cy*15+cx]==pv) mark(pm)
   end
  end
 end
 redraw=redraw or pb|bt>0
 pb=bt
end
