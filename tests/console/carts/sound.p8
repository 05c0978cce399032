pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- sound calls and state (manual: audio, stat): stat(46..49) the sfx on each channel (-1:
-- none), 50..53 its note, 54 the pattern, 55 patterns played, 56 ticks in it, 57 music on;
-- 16..26 the legacy numbers of 46..56. sfx 3 and 4: 32 notes at speed 16, sfx 5 at speed 1
function chans() return stat(46)..","..stat(47)..","..stat(48)..","..stat(49) end
function legacy()
 for n=46,56 do eq(stat(n-30),stat(n),"stat("..(n-30)..") is the legacy stat("..n..")") end
end
eq(chans(),"-1,-1,-1,-1","nothing plays at first")
eq(stat(57),false,"no music at first") eq(stat(54),-1,"no pattern at first")
sfx(3,2) eq(stat(48),3,"sfx(3,2) plays sfx 3 on channel 2") eq(stat(52),0,"from note 0")
sfx(4,0,8,4) eq(stat(46),4,"sfx(4,0,8,4) on channel 0") eq(stat(50),8,"from note offset 8")
legacy()
sfx(3,-2) eq(stat(48),-1,"sfx(3,-2) stops sfx 3 on any channel")
sfx(3) eq(stat(47),3,"sfx(3) takes a channel not being used (the first free)")
sfx(-1) eq(chans(),"-1,-1,-1,-1","sfx(-1) stops all sounds on all channels")
music(0) eq(stat(54),0,"music(0) plays pattern 0") eq(stat(57),true,"music plays")
eq(stat(55),0,"no pattern finished yet") eq(stat(56),0,"no tick played yet")
eq(stat(46),3,"pattern 0 plays sfx 3 on channel 0")
music(0,nil,7) sfx(4) eq(stat(49),4,"a mask of 7 reserves channels 0-2: sfx(4) takes 3")
sfx(4,1) eq(stat(47),4,"a reserved channel still plays an sfx asked for by index")
sfx(5,2)
flip()
-- one frame later (735 samples): sfx 5 (183 samples a note) is on its note 4
eq(stat(52),4,"after a frame, speed 1: note 4")
eq(stat(56),4,"music's ticks after a frame")
legacy()
music(-1) eq(stat(57),false,"music(-1) stops the music") eq(stat(54),-1,"no pattern after")
eq(stat(46),-1,"music's channel is free again")
done()
__sfx__
000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
001000002105021050210502105021050210502105021050210502105021050210502105021050210502105021050210502105021050210502105021050210502105021050210502105021050210502105021050
001000002405024050240502405024050240502405024050240502405024050240502405024050240502405024050240502405024050240502405024050240502405024050240502405024050240502405024050
000100002835028350283502835028350283502835028350283502835028350283502835028350283502835028350283502835028350283502835028350283502835028350283502835028350283502835028350
__music__
00 03424344
