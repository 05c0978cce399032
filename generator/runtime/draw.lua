-- PICO-8's shapes over screen memory: cls, pset/pget, line, rect/rectfill, rrect/rrectfill,
-- circ/circfill, oval/ovalfill; and the helpers the other drawing files use (rt.put, rt.putter,
-- rt.span, rt.target).
--
-- Pixels are nibbles of the draw target (0x5f55's page, the screen 0x6000 by default; the
-- LEFT pixel of a byte is the LOW nibble). Coordinates are floored, the camera subtracted, then
-- the clip rectangle applies. Shapes draw the pen through the draw palette and the fill
-- pattern: pattern bit 15 is the top-left pixel of its 4x4 tile; a set bit draws the pen's
-- high nibble (the secondary colour), or nothing when the pattern is transparent (.5 bit).
local rt, host = ...
local peek, poke, peek2, peek4, poke4, memset = peek, poke, peek2, peek4, poke4, memset
local int = rt.int
local max, min, mid, abs, ipairs = max, min, mid, abs, ipairs

local DRAW_PAL, CLIP, PEN, CURSOR, CAMERA, FILLP = 0x5f00, 0x5f20, 0x5f25, 0x5f26, 0x5f28, 0x5f31

-- The draw state, kept in locals: the camera, the clip (x1, y1 exclusive; X1m, Y1m its last
-- pixel), the target's address, the draw palette's colours (DP[c]) and the fill pattern, as
-- its bits and as a 0/1 per pixel of its 4x4 tile (PAT[(y & 3) * 4 + (x & 3)]), with its
-- transparency (TR). rt.refresh() reads them again from memory: calls.lua runs it after every
-- API call that may write 0x5f00-0x5f7f (state.lua's, cls, print; poke/poke2/poke4/memset/
-- memcpy see to it themselves), and a host calls it after writing there itself. The pen is
-- read from memory by each call (every drawing call may set it).
local CX, CY, B, TR, BITS = 0, 0, 0x6000, 0, 0
local X0, Y0, X1, Y1, X1m, Y1m = 0, 0, 128, 128, 127, 127
local DP, PAT = {}, {}
-- PLAIN: the state most drawing is done in (no camera, the clip the whole screen, no fill
-- pattern, the screen as the draw target), which pset checks once for its short path
local PLAIN = true
function rt.refresh()
 local clip, _, cam, _, fill = peek4(CLIP, 5)
 X0, Y0, X1, Y1 = (clip << 16) & 0xff, (clip << 8) & 0xff, clip & 0xff, (clip >>> 8) & 0xff
 X1m, Y1m = X1 - 1, Y1 - 1
 CX, CY = cam << 16, cam \ 1
 B = peek(0x5f55) << 8
 BITS = (fill << 8) & 0xffff
 TR = (fill >>> 8) & 1
 for i = 0, 15 do
  DP[i] = peek(DRAW_PAL + i) & 15
  PAT[i] = (BITS >> (15 - i)) & 1
 end
 PLAIN = cam == 0 and X0 == 0 and Y0 == 0 and X1 == 128 and Y1 == 128 and BITS == 0
  and B == 0x6000
end
rt.refresh()

-- the colours of the call in progress (set by begin()): the pen's, and its secondary colour
-- (-1: transparent) where the fill pattern has a bit set
local C1, C2 = 0, 0

-- the draw target's address (0x5f55 holds its high byte)
local function target()
 return peek(0x5f55) << 8
end
rt.target = target

-- set the pen from col (when given), take its colours; returns the camera
local function begin(col)
 local pen
 if col ~= nil then
  pen = (col \ 1) & 0xff
  poke(PEN, pen)
 else
  pen = peek(PEN)
 end
 C1 = DP[pen & 15]
 C2 = TR ~= 0 and -1 or DP[pen \ 16]
 return CX, CY
end

-- write screen colour c at target pixel x, y (inside the target: no checks)
local function nib(x, y, c)
 local a = B + y * 64 + (x \ 2)
 if x & 1 == 0 then
  poke(a, (peek(a) & 0xf0) | c)
 else
  poke(a, (peek(a) & 0x0f) | (c << 4))
 end
end

-- the pen at x, y (camera applied) through the pattern, if inside the clip
local function plot(x, y)
 if x < X0 or x >= X1 or y < Y0 or y >= Y1 then return end
 local c = C1
 if BITS ~= 0 and (BITS >> (15 - ((y & 3) * 4 + (x & 3)))) & 1 ~= 0 then
  c = C2
  if c < 0 then return end
 end
 nib(x, y, c)
end

-- colour c from xa to xb on row y of the target (inside the target, xa <= xb)
local function run(xa, xb, y, c)
 local row = B + y * 64
 if xa & 1 ~= 0 then
  local a = row + (xa \ 2)
  poke(a, (peek(a) & 0x0f) | (c << 4))
  xa += 1
 end
 if xb & 1 == 0 then
  local a = row + (xb \ 2)
  poke(a, (peek(a) & 0xf0) | c)
  xb -= 1
 end
 if xa < xb then memset(row + (xa \ 2), c * 17, (xb - xa + 1) \ 2) end
end

-- the pen from xa to xb on row y (camera applied), clipped, through the pattern
local function hline(xa, xb, y)
 if y < Y0 or y >= Y1 then return end
 if xa < X0 then xa = X0 end
 if xb >= X1 then xb = X1 - 1 end
 if xa > xb then return end
 if BITS == 0 then return run(xa, xb, y, C1) end
 local bits = BITS << ((y & 3) * 4)   -- this row's 4 bits at 15..12
 for x = xa, xb do
  local c = C1
  if (bits >> (15 - (x & 3))) & 1 ~= 0 then c = C2 end
  if c >= 0 then nib(x, y, c) end
 end
end

-- the pen from ya to yb in column x (camera applied), clipped
local function vline(x, ya, yb)
 if x < X0 or x >= X1 then return end
 if ya < Y0 then ya = Y0 end
 if yb >= Y1 then yb = Y1 - 1 end
 for y = ya, yb do plot(x, y) end
end

-- FOUR[j0 * 8 + j1]: nibbles j0..j1 (0-7) of 4 bytes as a peek4 value (byte 0 in the lowest
-- fraction bits): the pixels j0..j1 of a row's 4 bytes from an even x
local FOUR = {}
for j0 = 0, 7 do
 for j1 = j0, 7 do
  local m = 0
  for j = j0, j1 do m |= 0x0.000f << (4 * j) end
  FOUR[j0 * 8 + j1] = m
 end
end

-- the pen in the box xa..xb, ya..yb (camera applied, inclusive), clipped
-- (with no fill pattern: a row of up to 4 bytes as one 4-byte value; wider, the odd nibble at
-- each end, then whole bytes, a row at a time)
local function box(xa, ya, xb, yb)
 if ya < Y0 then ya = Y0 end
 if yb >= Y1 then yb = Y1 - 1 end
 if BITS ~= 0 then
  for y = ya, yb do hline(xa, xb, y) end
  return
 end
 if xa < X0 then xa = X0 end
 if xb >= X1 then xb = X1 - 1 end
 if xa > xb or ya > yb then return end
 local c = C1
 -- rows by their offset from the first: a loop over the addresses themselves would step past
 -- 0x7fff on the bottom row, which wraps to a negative 16.16 number (an endless loop)
 local row, span = B + ya * 64, (yb - ya) * 64
 local k0 = xa \ 2
 if xb - (k0 * 2) < 8 and k0 <= 60 then   -- within 4 bytes of the row from byte k0
  local draw = FOUR[(xa - k0 * 2) * 8 + xb - k0 * 2]
  local keep, c17 = ~draw, c * 17
  local ink = ((c17 >> 16) | (c17 >> 8) | c17 | (c17 << 8)) & draw
  local k = row + k0
  for o = 0, span, 64 do poke4(k + o, (peek4(k + o) & keep) | ink) end
  return
 end
 if xa & 1 ~= 0 then
  local hi = c << 4
  local k = row + xa \ 2
  for o = 0, span, 64 do poke(k + o, (peek(k + o) & 0x0f) | hi) end
  xa += 1
 end
 if xb & 1 == 0 and xb >= xa then
  local k = row + xb \ 2
  for o = 0, span, 64 do poke(k + o, (peek(k + o) & 0xf0) | c) end
  xb -= 1
 end
 if xa < xb then
  local n, c17 = (xb - xa + 1) \ 2, c * 17
  local k = row + xa \ 2
  for o = 0, span, 64 do memset(k + o, c17, n) end
 end
end

-- rt.put(x, y, c): screen colour c at screen pixel x, y (camera applied) if inside the
-- clip, on the draw target; rt.span(xa, xb, y, c): the same for a row, xa <= xb
function rt.put(x, y, c)
 local clip = peek4(CLIP)
 if x < (clip << 16) & 0xff or y < (clip << 8) & 0xff or x >= clip & 0xff
    or y >= (clip >>> 8) & 0xff then return end
 local a = (peek(0x5f55) << 8) + y * 64 + (x \ 2)
 if x & 1 == 0 then
  poke(a, (peek(a) & 0xf0) | c)
 else
  poke(a, (peek(a) & 0x0f) | (c << 4))
 end
end

-- rt.putter(): an rt.put for one print() call, the clip and the target read once
function rt.putter()
 local clip, base = peek4(CLIP), peek(0x5f55) << 8
 local x0, y0, x1, y1 = (clip << 16) & 0xff, (clip << 8) & 0xff, clip & 0xff, (clip >>> 8) & 0xff
 return function(x, y, c)
  if x < x0 or x >= x1 or y < y0 or y >= y1 then return end
  local a = base + y * 64 + (x \ 2)
  if x & 1 == 0 then
   poke(a, (peek(a) & 0xf0) | c)
  else
   poke(a, (peek(a) & 0x0f) | (c << 4))
  end
 end
end

function rt.span(xa, xb, y, c)
 local x0, y0, x1, y1 = peek(CLIP, 4)
 if y < y0 or y >= y1 then return end
 if xa < x0 then xa = x0 end
 if xb >= x1 then xb = x1 - 1 end
 if xa > xb then return end
 B = peek(0x5f55) << 8
 run(xa, xb, y, c)
end

-- x0..x1 and y0..y1 floored, camera applied, each pair sorted
local function corners(cx, cy, x0, y0, x1, y1)
 x0, y0 = (x0 or 0) \ 1 - cx, (y0 or 0) \ 1 - cy
 x1, y1 = (x1 or 0) \ 1 - cx, (y1 or 0) \ 1 - cy
 if x0 > x1 then x0, x1 = x1, x0 end
 if y0 > y1 then y0, y1 = y1, y0 end
 return x0, y0, x1, y1
end

function cls(col)
 memset(target(), (int(col) & 15) * 17, 0x2000)
 poke(CLIP, 0, 0, 128, 128)
 poke(CURSOR, 0, 0)
end

-- The debts of the runtime's instructions in the cart's thread (docs/console.md, how counting
-- leaves the runtime out): a host that counts them sets each call's cost and reads rt.owed
-- (raw: 1/65536 an instruction), to which the calls add; elsewhere the costs stay 0.
-- pset counts its calls by path instead (N[path], 1/65536 a call: three instructions, where
-- owing would take six), and rt.settle() owes them: each path's calls times its cost,
-- rt.<path> in whole instructions. A host settles before it reads rt.owed.
rt.owed = rt.owed or 0
local PATHS = {"pset_plain_debt", "pset_plain_out_debt", "pset_debt", "pset_out_debt",
 "pset_pattern_debt"}
local N1, N2, N3, N4, N5 = 0, 0, 0, 0, 0
for _, path in ipairs(PATHS) do rt[path] = 0 end
function rt.settle()
 rt.owed += N1 * rt.pset_plain_debt + N2 * rt.pset_plain_out_debt + N3 * rt.pset_debt
  + N4 * rt.pset_out_debt + N5 * rt.pset_pattern_debt
 N1, N2, N3, N4, N5 = 0, 0, 0, 0, 0
end

-- pset, the most called, runs in the caller's thread rather than in a coroutine of its own
-- (calls.lua). Each of its paths runs a fixed number of VM instructions and counts its call
-- last: in the PLAIN state inside the screen (N1, rt.pset_plain_debt) or outside it (N2,
-- rt.pset_plain_out_debt); otherwise inside the clip (N3, rt.pset_debt), outside it (N4,
-- rt.pset_out_debt), or with a fill pattern (N5, rt.pset_pattern_debt, before the pixel is
-- drawn in a coroutine by rt.pset_pattern). With a colour or without, a path runs the same
-- instructions (the host checks at boot; tests/console/test_runtime_counts.py holds it to that).
rt.direct = {pset = true}
function pset(x, y, col)
 local pen
 if col == nil then pen = peek(PEN) pen = pen + 0 else pen = col \ 1 & 0xff poke(PEN, pen) end
 x = (x or 0) \ 1
 y = (y or 0) \ 1
 if PLAIN then
  if (x | y) & -128 ~= 0 then   -- off the screen (x, y are whole numbers)
   N2 += 0x0.0001
   return
  end
  local a = 0x6000 + y * 64 + (x \ 2)
  local shift = (x & 1) * 4
  poke(a, (peek(a) & (0xf0 >> shift)) | (DP[pen & 15] << shift))
  N1 += 0x0.0001
  return
 end
 x, y = x - CX, y - CY
 -- the sign bit of any of these: outside the clip
 if ((x - X0) | (y - Y0) | (X1m - x) | (Y1m - y)) & 0x8000 ~= 0 then
  N4 += 0x0.0001
  return
 end
 if BITS ~= 0 then
  N5 += 0x0.0001
  return rt.pset_pattern(x, y, pen)
 end
 local a = B + y * 64 + (x \ 2)
 local shift = (x & 1) * 4
 poke(a, (peek(a) & (0xf0 >> shift)) | (DP[pen & 15] << shift))
 N3 += 0x0.0001
end
-- (calls.lua runs it in a coroutine: x, y inside the clip, camera applied)
function rt.pset_pattern(x, y, pen)
 local c = DP[pen & 15]
 if PAT[(y & 3) * 4 + (x & 3)] ~= 0 then
  if TR ~= 0 then return end
  c = DP[pen \ 16]
 end
 nib(x, y, c)
end

function pget(x, y)
 x, y = int(x) - peek2(CAMERA), int(y) - peek2(CAMERA + 2)
 if x < 0 or x > 127 or y < 0 or y > 127 then return 0 end
 local b = peek(target() + y * 64 + (x \ 2))
 return x & 1 == 0 and b & 15 or b \ 16
end

function rectfill(x0, y0, x1, y1, col)
 local cx, cy = begin(col)
 x0, y0, x1, y1 = corners(cx, cy, x0, y0, x1, y1)
 box(x0, y0, x1, y1)
end

function rect(x0, y0, x1, y1, col)
 local cx, cy = begin(col)
 x0, y0, x1, y1 = corners(cx, cy, x0, y0, x1, y1)
 hline(x0, x1, y0)
 hline(x0, x1, y1)
 vline(x0, y0 + 1, y1 - 1)
 vline(x1, y0 + 1, y1 - 1)
end

-- both ends included: step along the longer axis, the other coordinate rounded (exactly
-- y0 + floor((2*i*dy + n) / 2n) at step i of n, kept as a quotient and a remainder)
-- the line's pixels with no fill pattern: clip and nibble writes inline
local function line_solid(x, y, n, dx2, dy2)
 local n2, rx, ry, b, c, x0, y0, x1, y1 = n + n, n, n, B, C1, X0, Y0, X1, Y1
 local hi = c << 4
 for i = 0, n do
  if x >= x0 and x < x1 and y >= y0 and y < y1 then
   local a = b + y * 64 + (x \ 2)
   if x & 1 == 0 then poke(a, (peek(a) & 0xf0) | c) else poke(a, (peek(a) & 0x0f) | hi) end
  end
  rx += dx2
  if rx >= n2 then rx -= n2 x += 1 elseif rx < 0 then rx += n2 x -= 1 end
  ry += dy2
  if ry >= n2 then ry -= n2 y += 1 elseif ry < 0 then ry += n2 y -= 1 end
 end
end

-- the same, every pixel inside the clip
local function line_inside(x, y, n, dx2, dy2)
 local n2, rx, ry, b, c = n + n, n, n, B, C1
 local hi = c << 4
 for i = 0, n do
  local a = b + y * 64 + (x \ 2)
  if x & 1 == 0 then poke(a, (peek(a) & 0xf0) | c) else poke(a, (peek(a) & 0x0f) | hi) end
  rx += dx2
  if rx >= n2 then rx -= n2 x += 1 elseif rx < 0 then rx += n2 x -= 1 end
  ry += dy2
  if ry >= n2 then ry -= n2 y += 1 elseif ry < 0 then ry += n2 y -= 1 end
 end
end

-- the same for a line whose y steps every pixel (n = |dy|): its byte's address steps by da a
-- pixel, and by a byte when x crosses one (odd: x's parity)
local function line_steep(x, y, n, dx2, da)
 local n2, rx, c, poke, peek = n + n, n, C1, poke, peek
 local hi, a, odd = c << 4, B + y * 64 + (x \ 2), x & 1
 for i = 0, n do
  if odd == 0 then poke(a, (peek(a) & 0xf0) | c) else poke(a, (peek(a) & 0x0f) | hi) end
  a += da
  rx += dx2
  if rx >= n2 then
   rx -= n2
   a += odd
   odd = 1 - odd
  elseif rx < 0 then
   rx += n2
   odd = 1 - odd
   a -= odd
  end
 end
end

function line(x0, y0, x1, y1, col)
 local cx, cy = begin(col)
 x0, y0 = (x0 or 0) \ 1 - cx, (y0 or 0) \ 1 - cy
 if x1 == nil then
  x1, y1 = x0, y0
 else
  x1, y1 = x1 \ 1 - cx, (y1 or 0) \ 1 - cy
 end
 local dx, dy = x1 - x0, y1 - y0
 local n = max(abs(dx), abs(dy))
 if n == 0 then return plot(x0, y0) end
 if dy == 0 then return hline(min(x0, x1), max(x0, x1), y0) end
 local n2, dx2, dy2 = n + n, dx + dx, dy + dy
 if BITS == 0 then
  if x0 >= X0 and x0 < X1 and x1 >= X0 and x1 < X1 and y0 >= Y0 and y0 < Y1 and y1 >= Y0
     and y1 < Y1 then   -- both ends inside the clip: every pixel is
   if n == abs(dy) then return line_steep(x0, y0, n, dx2, dy > 0 and 64 or -64) end
   return line_inside(x0, y0, n, dx2, dy2)
  end
  return line_solid(x0, y0, n, dx2, dy2)
 end
 local x, rx, y, ry = x0, n, y0, n
 for i = 0, n do
  plot(x, y)
  rx += dx2
  if rx >= n2 then rx -= n2 x += 1 elseif rx < 0 then rx += n2 x -= 1 end
  ry += dy2
  if ry >= n2 then ry -= n2 y += 1 elseif ry < 0 then ry += n2 y -= 1 end
 end
end

-- the midpoint circle of radius r: calls f(dx, dy) for each point with dx >= dy of one octant
local function octant(r, f)
 local x, y, d = r, 0, 1 - r
 while y <= x do
  f(x, y)
  y += 1
  if d < 0 then
   d += 2 * y + 1
  else
   x -= 1
   d += 2 * (y - x) + 1
  end
 end
end

local ox, oy   -- the centre for circ's points
local function circ8(dx, dy)
 plot(ox + dx, oy + dy) plot(ox + dy, oy + dx) plot(ox - dx, oy + dy) plot(ox - dy, oy + dx)
 plot(ox + dx, oy - dy) plot(ox + dy, oy - dx) plot(ox - dx, oy - dy) plot(ox - dy, oy - dx)
end

function circ(x, y, r, col)
 local cx, cy = begin(col)
 r = int(r)
 if r < 0 then return end
 ox, oy = int(x) - cx, int(y) - cy
 octant(r, circ8)
end

-- halves(r)[k]: the half width of row k (0..r) of a filled circle of radius r (kept for
-- radii up to 128, where a circle can still cover the screen; a table the caller only reads)
local half, HALVES = {}, {}
local function widen(dx, dy)
 if (half[dy] or -1) < dx then half[dy] = dx end
 if (half[dx] or -1) < dy then half[dx] = dy end
end
local function halves(r)
 if HALVES[r] then return HALVES[r] end
 half = {}
 octant(r, widen)
 if r <= 128 then HALVES[r] = half end
 return half
end
rt.halves = halves

function circfill(x, y, r, col)
 local cx, cy = begin(col)
 r = (r or 0) \ 1
 if r < 0 then return end
 x, y = (x or 0) \ 1 - cx, (y or 0) \ 1 - cy
 local h = halves(r)
 hline(x - h[0], x + h[0], y)
 for k = 1, r do
  local w = h[k]
  hline(x - w, x + w, y - k)
  hline(x - w, x + w, y + k)
 end
end

-- rows of the ellipse inscribed in a w x h box: lo[i] is the first column of row i within
-- it (nil: none), the row being symmetric. A pixel is in when its centre is:
-- ((2i+1-h)/h)^2 + ((2j+1-w)/w)^2 <= 1, i.e. v^2 h^2 <= w^2 h^2 - u^2 w^2, computed exactly in
-- 32 bits as raw 16.16 integers up to 181 px a side (beyond, in 16.16 fractions)
local lo = {}
local function sq(a) return a * (a >> 16) end   -- a^2 as a raw integer
local function oval_rows(w, h)
 local exact = w <= 181 and h <= 181
 local ww, hh, q = w * w, h * h, exact and sq(w) * (h * h)
 local j = (w - 1) \ 2   -- the middle column (its left one)
 for i = 0, (h - 1) \ 2 do
  local u = 2 * i + 1 - h
  local inside
  if exact then
   local room = q - sq(u) * ww
   inside = function(j) local v = 2 * j + 1 - w return sq(v) * hh <= room end
  else
   local y2 = (u / h) * (u / h)
   inside = function(j) local v = (2 * j + 1 - w) / w return v * v + y2 <= 1 end
  end
  if lo[i - 1] == nil or i == 0 then j = (w - 1) \ 2 end
  if inside(j) then
   while j > 0 and inside(j - 1) do j -= 1 end
   lo[i] = j
  else
   lo[i] = nil
  end
  lo[h - 1 - i] = lo[i]
 end
 return lo
end

local function oval(x0, y0, x1, y1, col, fill)
 local cx, cy = begin(col)
 x0, y0, x1, y1 = corners(cx, cy, x0, y0, x1, y1)
 local w, h = x1 - x0 + 1, y1 - y0 + 1
 if h > 32767 or w > 32767 then return end
 local rows = oval_rows(w, h)
 for i = 0, h - 1 do
  local a = rows[i]
  if a then
   local b = w - 1 - a
   if fill then
    hline(x0 + a, x0 + b, y0 + i)
   else
    -- outline: in the ellipse and not inside it (all four neighbours in, off the box edge)
    local up, down = i > 0 and rows[i - 1], i < h - 1 and rows[i + 1]
    for j = a, b do
     if not (i > 0 and i < h - 1 and j > a and j < b and up and down
             and up <= j and j <= w - 1 - up and down <= j and j <= w - 1 - down) then
      plot(x0 + j, y0 + i)
     end
    end
   end
  end
 end
 for i = 0, h - 1 do rows[i] = nil end
end

function ovalfill(x0, y0, x1, y1, col) oval(x0, y0, x1, y1, col, true) end
_G.oval = function(x0, y0, x1, y1, col) oval(x0, y0, x1, y1, col, false) end

-- rounded rectangles (0.2.6): x, y, w, h, corner radius r (at most half the shorter side),
-- corners as quarters of the midpoint circle of radius r
local function rrect_(x, y, w, h, r, col, fill)
 local cx, cy = begin(col)
 x, y, w, h = int(x) - cx, int(y) - cy, int(w), int(h)
 if w < 1 or h < 1 then return end
 r = mid(0, int(r), min(w, h) \ 2)
 local x1, y1 = x + w - 1, y + h - 1
 local hw = halves(r)
 local l, rr, t, b = x + r, x1 - r, y + r, y1 - r
 if fill then
  box(x, t, x1, b)
  for k = 1, r do
   hline(l - hw[k], rr + hw[k], t - k)
   hline(l - hw[k], rr + hw[k], b + k)
  end
 else
  hline(l, rr, y) hline(l, rr, y1) vline(x, t, b) vline(x1, t, b)
  octant(r, function(dx, dy)
   for _, p in ipairs({{dx, dy}, {dy, dx}}) do
    plot(rr + p[1], b + p[2]) plot(l - p[1], b + p[2])
    plot(rr + p[1], t - p[2]) plot(l - p[1], t - p[2])
   end
  end)
 end
end

function rrect(x, y, w, h, r, col) rrect_(x, y, w, h, r, col, false) end
function rrectfill(x, y, w, h, r, col) rrect_(x, y, w, h, r, col, true) end
