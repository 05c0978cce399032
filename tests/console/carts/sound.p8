pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- sound calls and state (manual: audio, stat). the console plays no sound: every call is
-- accepted and recorded, and stat reports idle channels and no music
sfx(3) sfx(3,2) sfx(3,-2) sfx(-1,2) sfx(-2,2) sfx(-1) sfx(-2) sfx(4,0,8,4)
music(0) music(0,1000) music(0,nil,7) music(-1)
for ch=0,3 do
 local s=stat(46+ch) eq(s>=-1 and s<=63,true,"stat(46..49): an sfx index or -1")
 local n=stat(50+ch) eq(n>=-1 and n<=31,true,"stat(50..53): a note or -1")
 eq(stat(16+ch),s,"stat(16..19) is the legacy stat(46..49)")
end
p=stat(54) eq(p>=-1 and p<=63,true,"stat(54): a pattern or -1")
eq(type(stat(55)),"number","stat(55): patterns played")
eq(type(stat(56)),"number","stat(56): ticks in the pattern")
eq(type(stat(57)),"boolean","stat(57): music playing")
eq(stat(57),stat(54)!=-1,"music playing when there is a pattern")
done()
