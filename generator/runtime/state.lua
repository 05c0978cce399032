-- The draw state at PICO-8's addresses, and the argument helpers every runtime file shares.
-- Loaded first: rt.num/rt.int read an API argument as PICO-8 does (nil -> a default, booleans
-- as 1/0, numeric strings as numbers, anything else a loud error naming the function), and
-- the state functions (color, camera, clip, pal, palt, fillp, reset; cursor is text.lua's) keep everything in
-- memory, so poke(0x5f00+c, ...) and pal(c, ...) are the same thing.
local rt, host = ...
local peek, poke, peek2, poke2, memset = peek, poke, peek2, poke2, memset
local type, tonum, tostr, error, flr = type, tonum, tostr, error, flr

local DRAW_PAL, DISPLAY_PAL, SECOND_PAL = 0x5f00, 0x5f10, 0x5f60
local CLIP, PEN, CAMERA, FILLP = 0x5f20, 0x5f25, 0x5f28, 0x5f31

-- the API function running now, for error messages (calls.lua's wrappers set it)
rt.name = "?"

-- v as a number: nil -> d, true/false -> 1/0, a numeric string -> its value
local function num(v, d)
 if v == nil then return d end
 local t = type(v)
 if t == "number" then return v end
 if v == true then return 1 end
 if v == false then return 0 end
 if t == "string" then
  local n = tonum(v)
  if n then return n end
 end
 error(rt.name.."(): expected a number, got "..(t == "string" and '"'..v..'"' or tostr(v)), 0)
end
rt.num = num

-- v floored to an integer (the pixel/address form of a number); nil -> d (or 0)
local function int(v, d)
 if type(v) == "number" then return v\1 end
 return num(v, d or 0)\1
end
rt.int = int

-- the pen: set from col when given, as every drawing call with a colour argument does
function rt.pen(col)
 if col ~= nil then poke(PEN, int(col) & 0xff) end
end

-- PICO-8's boot values of 0x5f00-0x5f7f (also reset()): identity palettes, colour 0
-- transparent, the full clip, pen 6, default memory mappings, no camera, cursor or pattern
function rt.reset()
 memset(0x5f00, 0, 0x80)
 for c = 0, 15 do
  poke(DRAW_PAL + c, c)
  poke(DISPLAY_PAL + c, c)
 end
 poke(DRAW_PAL, 0x10)
 poke(0x5f54, 0x00, 0x60, 0x20, 128)
 poke(CLIP, 0, 0, 128, 128)
 poke(PEN, 6)
 if rt.refresh then rt.refresh() end
end

function reset()
 rt.reset()
end

function color(col)
 local old = peek(PEN)
 poke(PEN, int(col == nil and 6 or col) & 0xff)
 return old
end

function camera(x, y)
 local ox, oy = peek2(CAMERA), peek2(CAMERA + 2)
 poke2(CAMERA, int(x))
 poke2(CAMERA + 2, int(y))
 return ox, oy
end

local function clamp(v)
 return v < 0 and 0 or v > 128 and 128 or v
end

function clip(x, y, w, h, previous)
 local px0, py0, px1, py1 = peek(CLIP, 4)
 if x == nil then
  poke(CLIP, 0, 0, 128, 128)
 else
  local x0, y0 = int(x), int(y)
  local x1, y1 = x0 + int(w, 128), y0 + int(h, 128)
  if previous then
   x0, y0, x1, y1 = max(x0, px0), max(y0, py0), min(x1, px1), min(y1, py1)
  end
  poke(CLIP, clamp(x0), clamp(y0), clamp(x1), clamp(y1))
 end
 return px0, py0, px1 - px0, py1 - py0
end

-- one entry of palette p: 0 the draw palette (keeping its transparency bit), 1 the display
-- palette (0-15 or 128-143), 2 the secondary palette
local function pal1(c, v, p)
 v = int(v)
 if p == 0 then
  poke(DRAW_PAL + c, (peek(DRAW_PAL + c) & 0x10) | (v & 15))
 elseif p == 1 then
  poke(DISPLAY_PAL + c, v & 0x8f)
 elseif p == 2 then
  poke(SECOND_PAL + c, v & 0xff)
 else
  error("pal(): no palette "..tostr(p).." (0 draw, 1 display, 2 secondary)", 0)
 end
end

function pal(c0, c1, p)
 if c0 == nil then
  for c = 0, 15 do
   poke(DRAW_PAL + c, c)
   poke(DISPLAY_PAL + c, c)
  end
  poke(DRAW_PAL, 0x10)
  return
 end
 if type(c0) == "table" then   -- pal(tbl, p)
  p = int(c1, 0)
  for c = 0, 15 do
   local v = c0[c]
   if v ~= nil then pal1(c, v, p) end
  end
  return
 end
 pal1(int(c0) & 15, c1 == nil and c0 or c1, int(p, 0))
end

function palt(c, t)
 local bits
 if c == nil then
  bits = 0x8000
 elseif t == nil then
  bits = int(c) & 0xffff
 else
  c = int(c) & 15
  poke(DRAW_PAL + c, (peek(DRAW_PAL + c) & 15) | (t and 0x10 or 0))
  return
 end
 for i = 0, 15 do
  local a = DRAW_PAL + i
  poke(a, (peek(a) & 15) | ((bits >> (15 - i)) & 1 ~= 0 and 0x10 or 0))
 end
end

-- the pattern's 16 bits at 0x5f31/0x5f32, its transparency (the .5 bit) at 0x5f33 bit 0
function fillp(p)
 local lo, hi, fl = peek(FILLP, 3)
 local old = ((hi << 8) | lo) + (fl & 1 ~= 0 and 0x0.8 or 0)   -- the pattern as int16
 p = num(p, 0)
 poke2(FILLP, p\1)
 poke(FILLP + 2, p & 0x0.8 ~= 0 and 1 or 0)
 return old
end

