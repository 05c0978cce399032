-- endless: a random 15x15 grid, checked by the line solver and
-- redrawn until the solver completes it. the work runs in a
-- coroutine a little each frame; the seed is saved so a puzzle left
-- half done comes back the same.
function startendless()
 cur,sz=-2,15
 if (not inrb(255)) eseed=rnd(32767)\1
 srand(eseed)
 gen=cocreate(function()
  repeat
   for y=1,15 do
    local m=0
    for x=0,14 do
     if (rnd()<.6) m|=1<<x
    end
    sol[y]=m
   end
   newboard()
   local f,e={},{}
   for y=1,15 do f[y],e[y]=0,0 end
   yield()
  until solve(rc,cc,f,e)=="solved"
 end)
 go"endless"
end

function eupd()
 coresume(gen)
 if costatus(gen)=="dead" then
  play()
 end
end

-- while it works: the empty grid with a wave of cells
function edrw()
 usepal(1)
 for y=0,14 do
  for x=0,14 do
   local k=(x+y-sf\2)%20
   rectfill(27+x*5,27+y*5,30+x*5,30+y*5,k<3 and 4 or 1)
  end
 end
 ct("making a puzzle",64,110,10)
end
