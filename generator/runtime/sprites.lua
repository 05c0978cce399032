-- Sprites, the map and the sprite flags: spr, sspr, sget/sset, map, mget/mset, fget/fset.
--
-- Sprites are read from the sheet 0x5f54 points at (0x00: 0x0000, the default; 0x60: the
-- screen), 128x128 pixels, a pixel outside it reading as colour 0; they draw through the draw
-- palette, whose bit 0x10 (palt) makes a colour transparent. The map is where 0x5f56 and 0x5f57
-- say (manual, "Remapping Graphics and Map Data"): by default 128 cells wide at 0x2000, rows
-- 32-63 in the shared 0x1000-0x1fff; else `width` wide (0 = 256) from the given address
-- (0x30-0x3f meaning 0x10-0x1f), as many rows as fit below 0x3000 (or 0x10000).
local rt, host = ...
local peek, poke, peek2 = peek, poke, peek2
local int, num, flr, max, min = rt.int, rt.num, flr, max, min

local DRAW_PAL, CLIP, PEN, CAMERA, FLAGS = 0x5f00, 0x5f20, 0x5f25, 0x5f28, 0x3000

-- floor(k * s / d) for 0 <= k, s < 46341, d > 0: the product as a raw 16.16 integer, so it
-- cannot overflow
local function scale(k, s, d)
 if k * s < 32767 and k < 32767 then return (k * s) \ d end
 return ((k * (s >> 16)) / d) << 16
end

-- draw sheet pixels sx.., sy.. (sw x sh, outside the sheet colour 0) scaled to dw x dh at
-- target x, y (camera applied), flipped as asked, through the draw palette, clipped
local function blit(sx, sy, sw, sh, x, y, dw, dh, fx, fy)
 local x0, y0, x1, y1 = peek(CLIP, 4)
 local ia, ib = max(0, x0 - x), min(dw, x1 - x) - 1
 local ja, jb = max(0, y0 - y), min(dh, y1 - y) - 1
 if ia > ib or ja > jb then return end
 local sheet, target = peek(0x5f54) << 8, peek(0x5f55) << 8
 local same = sw == dw
 for j = ja, jb do
  local r = fy and dh - 1 - j or j
  local row = sy + (sh == dh and r or scale(r, sh, dh))
  local inrow = row >= 0 and row < 128
  local src = sheet + row * 64
  local dst = target + (y + j) * 64
  for i = ia, ib do
   local k = fx and dw - 1 - i or i
   local col = sx + (same and k or scale(k, sw, dw))
   local p = 0
   if inrow and col >= 0 and col < 128 then
    local b = peek(src + col \ 2)
    p = col & 1 == 0 and b & 15 or b \ 16
   end
   local m = peek(DRAW_PAL + p)
   if m & 0x10 == 0 then
    local dx = x + i
    local a = dst + dx \ 2
    if dx & 1 == 0 then
     poke(a, (peek(a) & 0xf0) | (m & 15))
    else
     poke(a, (peek(a) & 0x0f) | ((m & 15) << 4))
    end
   end
  end
 end
end
rt.blit = blit

function spr(n, x, y, w, h, flip_x, flip_y)
 n = int(n) & 0xff
 local dw, dh = flr(num(w, 1) * 8), flr(num(h, 1) * 8)
 if dw <= 0 or dh <= 0 then return end
 blit(n % 16 * 8, n \ 16 * 8, dw, dh, int(x) - peek2(CAMERA), int(y) - peek2(CAMERA + 2),
      dw, dh, flip_x, flip_y)
end

-- a negative destination size flips the picture, dx/dy then being its right/bottom edge; a
-- negative source size draws nothing (zep on the BBS: 0.1.1 "allows you to use negative target
-- dimensions with sspr()"; the BBS "sspr_tester" cart's notes)
function sspr(sx, sy, sw, sh, dx, dy, dw, dh, flip_x, flip_y)
 sx, sy, sw, sh = int(sx), int(sy), int(sw), int(sh)
 dx, dy, dw, dh = int(dx), int(dy), int(dw, sw), int(dh, sh)
 if dw < 0 then dx, dw, flip_x = dx + dw, -dw, not flip_x end
 if dh < 0 then dy, dh, flip_y = dy + dh, -dh, not flip_y end
 if sw <= 0 or sh <= 0 or dw == 0 or dh == 0 then return end
 blit(sx, sy, sw, sh, dx - peek2(CAMERA), dy - peek2(CAMERA + 2), dw, dh, flip_x, flip_y)
end

local function sheet_at(x, y)
 return (peek(0x5f54) << 8) + y * 64 + x \ 2
end

function sget(x, y)
 x, y = int(x), int(y)
 if x < 0 or x > 127 or y < 0 or y > 127 then return 0 end
 local b = peek(sheet_at(x, y))
 return x & 1 == 0 and b & 15 or b \ 16
end

function sset(x, y, col)
 rt.pen(col)
 x, y = int(x), int(y)
 if x < 0 or x > 127 or y < 0 or y > 127 then return end
 local a, c = sheet_at(x, y), peek(PEN) & 15
 if x & 1 == 0 then
  poke(a, (peek(a) & 0xf0) | c)
 else
  poke(a, (peek(a) & 0x0f) | (c << 4))
 end
end

function fget(n, f)
 local flags = peek(FLAGS + (int(n) & 0xff))
 if f == nil then return flags end
 return flags & (1 << (int(f) & 7)) ~= 0
end

function fset(n, f, v)
 local a = FLAGS + (int(n) & 0xff)
 if v == nil then
  poke(a, int(f) & 0xff)
 else
  local bit = 1 << (int(f) & 7)
  poke(a, v and (peek(a) | bit) or (peek(a) & ~bit))
 end
end

-- the address of map cell x, y, or nil outside the map. Offsets are kept as raw 16.16
-- integers (x >> 16), so that a map in upper memory (past 0x8000) compares right
local function cell(x, y)
 local hi, width = peek(0x5f56), peek(0x5f57)
 if hi == 0x20 and width == 128 then
  if x < 0 or x > 127 or y < 0 or y > 63 then return nil end
  return y < 32 and 0x2000 + y * 128 + x or 0x1000 + (y - 32) * 128 + x
 end
 if width == 0 then width = 256 end
 if hi >= 0x30 and hi < 0x40 then hi -= 0x20 end
 local room = ((hi < 0x30 and 0x30 or 0x100) - hi) * (256 >> 16)   -- bytes to the end
 if x < 0 or x >= width or y < 0 or y > 255 then return nil end
 local off = y * (width >> 16) + (x >> 16)
 if off >= room then return nil end
 return (hi << 8) + (off << 16)
end
rt.cell = cell

function mget(x, y)
 local a = cell(int(x), int(y))
 return a and peek(a) or 0
end

function mset(x, y, v)
 local a = cell(int(x), int(y))
 if a then poke(a, int(v)) end
end

function map(cel_x, cel_y, sx, sy, cel_w, cel_h, layers)
 cel_x, cel_y, sx, sy = int(cel_x), int(cel_y), int(sx), int(sy)
 cel_w, cel_h, layers = int(cel_w, 128), int(cel_h, 32), int(layers)
 sx -= peek2(CAMERA)
 sy -= peek2(CAMERA + 2)
 local x0, y0, x1, y1 = peek(CLIP, 4)
 -- only the cells that reach into the clip rectangle
 local ia, ib = max(0, (x0 - sx) \ 8), min(cel_w - 1, (x1 - 1 - sx) \ 8)
 local ja, jb = max(0, (y0 - sy) \ 8), min(cel_h - 1, (y1 - 1 - sy) \ 8)
 for j = ja, jb do
  for i = ia, ib do
   local a = cell(cel_x + i, cel_y + j)
   local t = a and peek(a) or 0
   if t ~= 0 and (layers == 0 or peek(FLAGS + t) & layers == layers) then
    blit(t % 16 * 8, t \ 16 * 8, 8, 8, sx + i * 8, sy + j * 8, 8, 8)
   end
  end
 end
end
