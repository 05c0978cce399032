-- btn and btnp for player 0, over the button mask the host hands in once a frame
-- (rt.buttons(mask), bit b = button b held: left right up down o x).
-- btnp(b) is true on the frame a button goes down, then again after it has been held 15
-- frames, then every 4 (30 fps; both doubled at 60 fps). A cart may poke its own delays at
-- 0x5f5c (initial, 255 = never repeat) and 0x5f5d (repeat), in 30 fps frames; 0 = default.
-- rt.repeat_keys = false plays a player whose btnp never repeats (as some PICO-8 players on
-- handhelds behave): true only on the frame of the press. rt.fps is the cart's frame rate.
local rt, host = ...
local peek, int = peek, rt.int

local held = {}     -- frames button b has been held (0: up), b = 0..5
for b = 0, 5 do held[b] = 0 end
rt.repeat_keys, rt.fps = true, 30

function rt.buttons(mask)
 for b = 0, 5 do
  held[b] = mask & (1 << b) ~= 0 and held[b] + 1 or 0
 end
end

local function pressed(b)
 local k = held[b] - 1   -- 0 on the frame of the press
 if k < 0 then return false end
 if k == 0 then return true end
 if not rt.repeat_keys then return false end
 local delay, every = peek(0x5f5c), peek(0x5f5d)
 if delay == 0 then delay = 15 end
 if every == 0 then every = 4 end
 if delay == 255 then return false end
 local scale = rt.fps == 60 and 2 or 1
 delay, every = delay * scale, every * scale
 return k >= delay and (k - delay) % every == 0
end

local function isdown(b) return held[b] > 0 end

local function query(test, i, p)
 if i == nil then
  if p and p ~= 0 then return 0 end
  local m = 0
  for b = 0, 5 do
   if test(b) then m |= 1 << b end
  end
  return m
 end
 i = int(i)
 return (p == nil or p == 0) and i >= 0 and i < 6 and test(i)
end

function btn(i, p) return query(isdown, i, p) end
function btnp(i, p) return query(pressed, i, p) end
