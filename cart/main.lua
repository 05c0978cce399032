-- picross8: placeholder entry until the game lands.
-- it shows world 1's backdrop and its first puzzle, read from rom.
#include solver.lua

function _draw()
 cls()
 local w=worlds[1]
 pal(w.pal,1)
 sspr(w.bx,w.by,w.bw,w.bh,0,0)
 print(w.title,2,26,7)
 -- puzzle rows: bit x of peek2 = column x
 local a=pz_base+w.first*30
 for r=0,14 do
  local v=peek2(a+r*2)
  for x=0,14 do
   if (v>>x)&1==1 then
    rectfill(26+x*5,34+r*5,29+x*5,37+r*5,2)
   end
  end
 end
end
