-- picross8: 15x15 picross in two worlds and an endless mode.
-- build.py inlines the #include files in this order after its
-- generated constants (pz_base, worlds, pz_names).
#include solver.lua
#include board.lua
#include save.lua
#include input.lua
#include draw.lua
#include hint.lua
#include endless.lua
#include play.lua
#include screens.lua

-- the solver calls solve_hook after each line. it only runs in
-- coroutines (endless, hints): rest every 15 lines (a line costs at
-- most a few thousand instructions) so that no frame runs long
hn=0
function solve_hook()
 hn+=1
 if (hn%15==0) yield()
end

function _init()
 cartdata("picross8_v1")
 -- key repeat: first after 8 frames, then every 3; mouse on
 poke(0x5f5c,8,3)
 poke(0x5f2d,1)
 menuitem(1,"hint",function() if (upd==plupd) hint() end)
 menuitem(3,"clear board",function()
  if (upd==plupd) newboard() play()
 end)
 menuitem(2,"leave puzzle",function()
  if upd==plupd then
   if (cur<0) go(wupd,wdrw) else go(pupd,pdrw)
  end
 end)
 go(tupd,tdrw)
end

function _update()
 -- frames on this screen (wrapping before numbers run out)
 sf=(sf+1)%30000
 upd()
end

function _draw()
 drw()
end
