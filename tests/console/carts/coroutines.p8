pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- coroutines (manual: additional lua features, coroutines)
log=""
function hey()
 log..="a" yield() log..="b" yield() log..="c"
end
c=cocreate(hey)
eq(costatus(c),"suspended","a new coroutine is suspended")
for i=1,3 do coresume(c) end
eq(log,"abc","three resumes run it to the end")
eq(costatus(c),"dead","then it is dead")
ok=coresume(c) eq(ok,false,"resuming a dead coroutine returns false")
d=cocreate(function(p,q) local r=yield(p+q) return r*2 end)
ok,v=coresume(d,3,4) eq(v,7,"parameters reach the function, yield passes values out")
ok,v=coresume(d,5) eq(v,10,"resume passes values into yield")
inside=nil
e=cocreate(function() inside=costatus(e) end) coresume(e)
eq(inside,"running","costatus inside is running")
frames=0
f=cocreate(function() while true do frames+=1 yield() end end)
function _update() coresume(f) end
function _draw()
 if frames==3 then eq(costatus(f),"suspended","a looping coroutine across frames") done() end
end
