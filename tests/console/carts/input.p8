pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- input (manual: input). the test holds ➡️ for frames 1-20, releases it on 21, holds
-- ⬅️ and ❎ on 22, releases on 23, then (with 0x5f5c=255) holds ➡️ for 24-43
frame,hits=0,""
function _update()
 frame+=1
 if btnp(➡️) then hits..=frame.."," end
 if frame==20 then
  -- btnp: true on the press, again after 15 frames, then every 4 (30 fps)
  eq(hits,"1,16,20,","btnp repeats at 15 then every 4 frames")
  eq(btn(1),true,"btn(1) held") eq(btn(➡️),true,"btn(➡️) is btn(1)")
 elseif frame==21 then
  eq(btn(1),false,"released") eq(btnp(1),false,"no btnp on release")
 elseif frame==22 then
  eq(btn(),33,"btn() bitfield: left (1) and x (32)") eq(btn(0,1),false,"player 2 untouched")
  eq(btnp(❎),true,"btnp(❎) on the press") eq(btn(🅾️),false,"🅾️ not held")
 elseif frame==23 then
  poke(0x5f5c,255) hits=""
 elseif frame==43 then
  eq(hits,"24,","0x5f5c=255: never repeat")
  done()
 end
end
