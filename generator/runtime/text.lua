-- print() and cursor(): PICO-8's text API over PICO-8's memory.
--
-- Loaded as chunk(rt, host). rt.font is the default font as a 2,048-byte string in the
-- custom-font format (generator/runtime/font.py); rt.put(x, y, c) draws one screen pixel
-- (colour after the draw palette, camera already subtracted, clipped, on the draw target);
-- rt.span(xa, xb, y, c), when there is one, does the same for the pixels xa..xb of a row.
-- A default-font character wholly inside the clip rectangle is written to the draw target's
-- bytes directly (the nibbles rt.put would write), the common case made cheap.
-- host.printed(text, x, y, colour), when a host has it, hears of every print() call.
--
-- State lives in memory: pen 0x5f25, cursor 0x5f26/0x5f27, camera 0x5f28, draw palette
-- 0x5f00, draw target 0x5f55, 0x5f36 bit 0x40 (no scrolling), the custom font 0x5600
-- (header 0x5600-0x5607, size nibbles 0x5608-0x567f, 8 bytes a glyph); the default
-- attributes at 0x5f58-0x5f5b are not read. Characters below 0x80 advance 4 px, the others 8 px;
-- lines are 6 px (the tallest character drawn on the line).
--
-- P8SCII: every control code is parsed as PICO-8 reads it (its parameter bytes consumed),
-- so no string makes print() fail. Parameters P are 0-9, then a=10, b=11, ... (A-Z as
-- a-z; the \0 byte 0); a parameter missing at the end of the string ends the printing.
--   \0 end; \* P c repeat c P times; \# P background colour (solid); \- P move x by P-16;
--   \| P move y by P-16; \+ P P move x, y; \a audio, read and skipped (nothing plays
--   here): an sfx number (up to 2 digits), the attributes s P, l P P, z P, then notes
--   (a letter, "#" or "-", an octave 0-5; "." a rest; i/v/x P and < > between them) up to
--   32, ended early by a space, which the command takes (zepto8's reading; the manual is
--   silent, and players report printing resuming after 32 notes); \b back one character;
--   \t next tab stop (every 16 px of screen x); \n next line; \v P c draw c at an offset
--   of the previous character ((P%4)-2, (P\4)-8), the cursor staying; \f P foreground
--   (also the pen); \r line start; \014 / \015 the custom / default font.
--   \^ commands ("\^-" turns a mode off): w wide, t tall, = stripey (only the top-left
--   pixel of each doubled pixel), p wide + tall + stripey, i invert (the cell's other
--   pixels in the foreground), # solid background (colour of the last \#, else 0),
--   b border (parsed; backgrounds are never padded here); cP cls to colour P and go to
--   0,0; g go home; h home here; jPP jump to (P*4, P*4); xP character width; yP height;
--   sP tab width; oCHH outline in colour C ("$" the foreground, "!" the foreground with
--   the glyph's own pixels left undrawn) at the neighbours in bitfield HH (0x01 top-left
--   .. 0x80 bottom-right, in reading order; one screen pixel away, also when wide or
--   tall); ":"/";" 16 hex digits or "."/"," 8 bytes: a one-off 8x8 character;
--   @AAAANNNN then NNNN bytes: poke them at AAAA; !AAAA then the rest of the string:
--   poke it at AAAA (AAAA, NNNN hex); 1-9 frame skips, dP per-character delay, rP wrap
--   column and u underline are parsed and skipped; any other command byte is skipped
--   alone.
local rt, host = ...

local peek, peek2, poke, memset, memcpy = peek, peek2, poke, memset, memcpy
local peek4, poke2, poke4 = peek4, poke2, poke4
local ord, chr, flr, min, max, tostr, tonum, type = ord, chr, flr, min, max, tostr, tonum, type

local DRAW_PAL, CLIP, PEN, CURSOR, CAMERA, TARGET = 0x5f00, 0x5f20, 0x5f25, 0x5f26, 0x5f28, 0x5f55
local FONT, FONT_FLAGS, FONT_TAB, MISC = 0x5600, 0x5605, 0x5606, 0x5f36
local LINE_H, TAB = 6, 16

-- the default font: rows[8*ch + r], bit 0x1 the left pixel
local rows = {}
do
  local font = rt.font
  for k = 1, #font do rows[k - 1] = ord(font, k) end
end

-- PLAIN[ch]: the default font's pixels of ch as x, y pairs (4 columns below 0x80, else 8)
local PLAIN = {}
for ch = 0, 255 do
  local p = {}
  for r = 0, LINE_H - 1 do
    for c = 0, ch >= 0x80 and 7 or 3 do
      if rows[8 * ch + r] & (1 << c) != 0 then p[#p + 1] = c p[#p + 1] = r end
    end
  end
  PLAIN[ch] = p
end

-- W2[parity][ch], W4[parity][ch]: the same pixels as screen bytes for a character at an even
-- (parity 0) or odd x, a row at a time, read and written as 2-byte (peek2) and 4-byte (peek4)
-- values: offset (64 a row), mask of the nibbles drawn, mask of those kept, ... A row's bytes
-- (up to 3 below 0x80, up to 5 from 0x80) go in 4-byte pieces while 3 or more are left, then a
-- 2-byte one; a piece's bytes past the row's are written back as they were (a 4-byte value's
-- first byte is its lowest fraction bits). So a character wholly inside the clip rectangle is
-- a few read-modify-writes of memory.
local W2, W4 = {[0] = {}, {}}, {[0] = {}, {}}
for parity = 0, 1 do
  for ch = 16, 255 do
    local rows_ = {}   -- rows_[r][b]: the nibbles drawn in byte b of row r
    local p = PLAIN[ch]
    for k = 1, #p, 2 do
      local col, r = p[k] + parity, p[k + 1]
      rows_[r] = rows_[r] or {}
      rows_[r][col \ 2] = (rows_[r][col \ 2] or 0) | (col & 1 == 0 and 0x0f or 0xf0)
    end
    local w2, w4 = {}, {}
    for r = 0, LINE_H - 1 do
      local m = rows_[r]
      if m then
        local lo, hi = 99, -1
        for b in pairs(m) do lo, hi = min(lo, b), max(hi, b) end
        while lo <= hi do
          local m0, m1 = m[lo] or 0, m[lo + 1] or 0
          if hi - lo >= 2 then
            local draw = (m0 >> 16) | (m1 >> 8) | (m[lo + 2] or 0) | ((m[lo + 3] or 0) << 8)
            add(w4, r * 64 + lo) add(w4, draw) add(w4, ~draw)
            lo += 4
          else
            local draw = m0 | (m1 << 8)
            add(w2, r * 64 + lo) add(w2, draw) add(w2, ~draw)
            lo += 2
          end
        end
      end
    end
    W2[parity][ch], W4[parity][ch] = w2, w4
  end
end

-- ROW2[ch][r] (ch 16-0x7f, r 0-5): the nibbles drawn of row r of ch at an even x, as a
-- 2-byte value (peek2's): two such characters side by side are a row in 4 bytes
local ROW2 = {}
for ch = 16, 0x7f do
  local m = {[0] = 0, 0, 0, 0, 0, 0}
  local p = PLAIN[ch]
  for k = 1, #p, 2 do m[p[k + 1]] |= 0xf << (p[k] * 4) end
  ROW2[ch] = m
end

-- default-font character ch (4 px wide below 0x80, else 8) at target pixel bx, by in screen
-- colour c (c2, c4: its nibble repeated over 2 and 4 bytes), inside the clip x0..x1, y0..y1
-- (exclusive, within the screen) of the target at address `base`: wholly inside, W2 and W4's
-- writes; else each pixel through put
local function plain(put, ch, bx, by, c, c2, c4, x0, y0, x1, y1, base)
  if bx >= x0 and by >= y0 and bx + (ch >= 0x80 and 8 or 4) <= x1 and by + LINE_H <= y1 then
    local a0, par = base + by * 64 + bx \ 2, bx & 1
    local q = W2[par][ch]
    for k = 1, #q, 3 do
      local a = a0 + q[k]
      poke2(a, (peek2(a) & q[k + 2]) | (c2 & q[k + 1]))
    end
    q = W4[par][ch]
    for k = 1, #q, 3 do
      local a = a0 + q[k]
      poke4(a, (peek4(a) & q[k + 2]) | (c4 & q[k + 1]))
    end
  else
    local p = PLAIN[ch]
    for k = 1, #p, 2 do put(bx + p[k], by + p[k + 1], c) end
  end
end

-- a P8SCII parameter byte's value (0-9, then a=10 ...; A-Z read as a-z); nil at the end.
-- The \0 byte as a parameter is taken and reads 0 (zepto8 and fake-08 read every byte outside
-- 0-9 and a-z so; here only \0 is, the other bytes keep text.py's c - 87): it does not end the
-- string, nor give a negative tab width
local function param(c)
  if not c then return nil end
  if c == 0 then return 0 end
  if c >= 48 and c <= 57 then return c - 48 end
  if c >= 65 and c <= 90 then c += 32 end
  return c - 87
end

-- a hex digit's value (anything else is 0)
local function hex(c)
  if not c then return 0 end
  if c >= 48 and c <= 57 then return c - 48 end
  if c >= 65 and c <= 70 then c += 32 end
  if c >= 97 and c <= 102 then return c - 87 end
  return 0
end

-- how many of `total` rows/columns a count n keeps (a negative n counts from the end)
local function keep(n, total)
  if n < 0 then n = max(total + n, 0) end
  return min(n, total)
end

local NEIGHBOURS = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

-- COLUMNS[b]: the set bits of byte b, as column numbers 0-7
local COLUMNS = {}
for b = 0, 255 do
  local cols = {}
  for c = 0, 7 do
    if b & (1 << c) != 0 then cols[#cols + 1] = c end
  end
  COLUMNS[b] = cols
end

-- the glyph: cells[r] (r = 0..nr-1) bytes of pixels (bit c = column c), each pixel ws x ts
-- screen pixels (only the top-left one when stripey) at screen sx, sy in colour c
local function stamp(put, cells, nr, sx, sy, ws, ts, stripe, c)
  local pw, ph = ws, ts
  if stripe then pw, ph = 1, 1 end
  for r = 0, nr - 1 do
    local cols = COLUMNS[cells[r]]
    local y0 = sy + r * ts
    if pw == 1 and ph == 1 then
      for k = 1, #cols do put(sx + cols[k] * ws, y0, c) end
    else
      for k = 1, #cols do
        local x0 = sx + cols[k] * ws
        for dy = 0, ph - 1 do
          for dx = 0, pw - 1 do put(x0 + dx, y0 + dy, c) end
        end
      end
    end
  end
end

-- the rectangle w x h at screen sx, sy in colour c: rows through rt.span(xa, xb, y, c) when
-- the drawing file gives one, else pixels through rt.put (only the screen's part is visited)
local function fill(put, sx, sy, w, h, c)
  local span = rt.span
  local xa, xb = max(sx, 0), min(sx + w - 1, 127)
  if xa > xb then return end
  for yy = max(sy, 0), min(sy + h - 1, 127) do
    if span then
      span(xa, xb, yy, c)
    else
      for xx = xa, xb do put(xx, yy, c) end
    end
  end
end

-- screen colour of pen slot c through the draw palette
local function pal(c) return peek(DRAW_PAL + (c & 15)) & 15 end

local function target() return (peek(TARGET) << 8) end

-- draw_text's scratch (a print never runs inside another): the characters still to draw for
-- "\*" repeats (stack[1..sp]) and the glyph being drawn (cells[r], a byte a row)
local stack, cells = {}, {}

-- draw P8SCII s at (x, y) (camera space): right-most x reached, x after, y of the next line,
-- y of the last line, and whether a \0 ended the printing
local function draw_text(s, x, y)
  local put = rt.putter and rt.putter() or rt.put   -- a putter reads the clip once a print
  local cx, cy = peek2(CAMERA), peek2(CAMERA + 2)
  local n = #s
  local fg = peek(PEN) & 15
  local bg, solid = 0, false
  local left, top, right = x, y, x
  local custom = false
  local char_w, wide_extra, char_h, tab = 4, 4, LINE_H, TAB
  local wide, tall, stripe, invert = false, false, false, false
  local ocol, omask, inside = 0, 0, true
  local line_h, last_w = 0, 4
  local sp = 0              -- characters still to draw on `stack`, for "\*" repeats
  local ended = false       -- stopped at a \0
  local i = 1

  -- what glyph()'s common case reads (restate, below)
  local fast, duo, fc, fc17, fc2, fc4, fx0, fy0, fx1, fy1, fbase

  -- glyph(ch, oneoff): draws what the main loop's common case does not (below); made when a
  -- print first needs it, most never do
  local glyph

  -- what glyph()'s common case reads, taken once a print and again after each control
  -- character (which may change any of it): whether that case holds (the default font, no
  -- mode that changes its pixels), the pen's colour, the clip and the target
  local function restate()
    fast = not custom and char_w >= 4 and char_h >= LINE_H and omask == 0
           and not (wide or tall or invert)
    duo = fast and char_w == 4 and not solid   -- two characters at a time (the main loop)
    fc = pal(fg)
    fc17 = fc * 17
    fc2 = fc17 | (fc17 << 8)
    fc4 = (fc17 >> 16) | (fc17 >> 8) | fc17 | (fc17 << 8)
    local x0, y0, x1, y1 = peek(CLIP, 4)
    fx0, fy0, fx1, fy1 = x0, y0, min(x1, 128), min(y1, 128)
    fbase = target()
  end
  restate()

  while i <= n or sp > 0 do
    local ch
    if sp > 0 then
      ch = stack[sp]
      sp -= 1
    else
      ch = ord(s, i)
      i += 1
    end
    local oneoff, gch, deco, sx, sy = false, nil, false, 0, 0
    if ch >= 16 and fast then   -- glyph()'s common case, inline
      local bx, by = x - cx, y - cy
      -- the next character too when both are below 0x80, 4 px apart from an even x and
      -- wholly inside the clip, with no background: each row one 4-byte write
      local nc = duo and sp == 0 and ch < 0x80 and bx & 1 == 0 and ord(s, i)
      if nc and nc >= 16 and nc < 0x80 and bx >= fx0 and by >= fy0 and bx + 8 <= fx1
          and by + LINE_H <= fy1 then
        local a0, r1, r2 = fbase + by * 64 + bx \ 2, ROW2[ch], ROW2[nc]
        for r = 0, LINE_H - 1 do
          local draw = (r1[r] >>> 16) | r2[r]
          if draw ~= 0 then
            local a = a0 + r * 64
            poke4(a, (peek4(a) & ~draw) | (fc4 & draw))
          end
        end
        i += 1
        x += 8
        last_w = 4
      else
        local w = ch >= 0x80 and char_w + wide_extra or char_w
        if solid then fill(put, bx, by, w, char_h, pal(bg)) end
        plain(put, ch, bx, by, fc, fc2, fc4, fx0, fy0, fx1, fy1, fbase)
        x += w
        last_w = w
      end
      if line_h < char_h then line_h = char_h end
      if right < x then right = x end
    elseif ch >= 16 then
      gch = ch
    elseif ch == 0 then
      ended = true
      break
    elseif ch == 1 then                   -- \* P c
      local k = param(ord(s, i))
      if not k then break end
      local c = ord(s, i + 1)
      i += 2
      if c then
        for _ = 1, k do sp += 1 stack[sp] = c end
      end
    elseif ch == 2 or ch == 12 then       -- \# P, \f P
      local c = param(ord(s, i))
      if not c then break end
      c &= 15
      i += 1
      if ch == 12 then
        fg = c
        poke(PEN, (peek(PEN) & 0xf0) | c)
      else
        bg, solid = c, true
      end
    elseif ch == 3 or ch == 4 then        -- \- P, \| P
      local d = param(ord(s, i))
      if not d then break end
      i += 1
      if ch == 3 then x += d - 16 else y += d - 16 end
    elseif ch == 5 then                   -- \+ P P
      local dx, dy = param(ord(s, i)), param(ord(s, i + 1))
      if not dy then break end
      i += 2
      x, y = x + dx - 16, y + dy - 16
    elseif ch == 6 then                   -- \^ command
      local cmd = ord(s, i)
      i += 1
      local on = true
      if cmd == 45 then                   -- "-"
        cmd, on = ord(s, i), false
        i += 1
      end
      if not cmd then break end
      local c = chr(cmd)
      if c == "w" or c == "t" or c == "p" then
        if c != "t" then wide = on end
        if c != "w" then tall = on end
        if c == "p" then stripe = on end
      elseif c == "=" then stripe = on
      elseif c == "i" then invert = on
      elseif c == "#" then solid = on
      elseif c == "b" then             -- border padding: not drawn (see the header)
      elseif c == "g" then x, y = left, top
      elseif c == "h" then left, top = x, y
      elseif c == "c" or c == "x" or c == "y" or c == "s" or c == "d" or c == "r" then
        local v = param(ord(s, i))
        if not v then break end
        i += 1
        if c == "c" then
          memset(target(), (v & 15) * 17, 0x2000)
          x, y, left, top = 0, 0, 0, 0
        elseif c == "x" then char_w = v
        elseif c == "y" then char_h = v
        elseif c == "s" then tab = v
        end                               -- d (delay) and r (wrap column): nothing headless
      elseif c == "j" then
        local jx, jy = param(ord(s, i)), param(ord(s, i + 1))
        if not jy then break end
        i += 2
        x, y = jx * 4, jy * 4
      elseif c == "." or c == "," then
        if i + 7 > n then break end
        for r = 0, 7 do cells[r] = ord(s, i + r) end
        i += 8
        oneoff = true
      elseif c == ":" or c == ";" then
        if i + 15 > n then break end
        for r = 0, 7 do cells[r] = hex(ord(s, i + 2 * r)) * 16 + hex(ord(s, i + 2 * r + 1)) end
        i += 16
        oneoff = true
      elseif c == "o" then
        local oc = ord(s, i)
        if i + 2 > n then break end
        omask = hex(ord(s, i + 1)) * 16 + hex(ord(s, i + 2))
        i += 3
        inside = oc != 33                 -- "!": the outline alone
        ocol = (oc == 36 or oc == 33) and fg or param(oc) & 15
      elseif c == "@" or c == "!" then
        if i + 3 > n then break end
        local addr = 0
        for k = 0, 3 do addr = addr * 16 + hex(ord(s, i + k)) end
        i += 4
        local len = n - i + 1
        if c == "@" then
          if i + 3 > n then break end
          len = 0
          for k = 0, 3 do len = min(len, 0x7ff) * 16 + hex(ord(s, i + k)) end  -- <= 32767
          i += 4
          len = min(len, n - i + 1)
        end
        for k = 0, len - 1, 1024 do     -- a few values a call: Lua's stack is finite
          poke(addr + k, ord(s, i + k, min(1024, len - k)))
        end
        i += len
        if rt.refresh then rt.refresh() end   -- the write may reach the draw state draw.lua keeps
      end                                 -- 1-9 (frame skips), u and the rest: nothing
    elseif ch == 7 then                   -- \a: a sound command, read and not played
      local c = ord(s, i)                 -- an sfx number: up to 2 digits
      if c and c >= 48 and c <= 57 then
        i += 1
        c = ord(s, i)
        if c and c >= 48 and c <= 57 then i += 1 end
      end
      while true do                       -- the sfx's attributes: s P, z P, l P P
        c = ord(s, i)
        if c == 115 or c == 122 then i += 2
        elseif c == 108 then i += 3
        else break end
      end
      local notes = 0                     -- up to 32 notes, ended early by a space
      while i <= n and notes < 32 do
        c = ord(s, i)
        i += 1
        if c == 32 then break end
        if c == 105 or c == 118 or c == 120 then   -- i, v, x P: instrument, volume, effect
          i += 1
        elseif c != 60 and c != 62 then   -- not < or > (volume): a note, or "." a rest
          notes += 1
          if c != 46 then
            local d = ord(s, i)
            if d == 35 or d == 45 then    -- sharp or flat
              i += 1
              d = ord(s, i)
            end
            if d and d >= 48 and d <= 53 then i += 1 end   -- octave 0-5
          end
        end
      end
    elseif ch == 11 then                  -- \v P c: decorate the previous character
      local p, c = param(ord(s, i)), ord(s, i + 1)
      if not c then break end
      i += 2
      if c >= 16 then
        gch, deco, sx, sy = c, true, x, y
        x, y = x - last_w + p % 4 - 2, y + p \ 4 - 8
      end
    elseif ch == 14 or ch == 15 then
      custom = ch == 14
      if custom then
        local w1, w2 = peek(FONT, 2)
        char_w, wide_extra, char_h = w1, w2 - w1, peek(FONT + 2)
      else
        char_w, wide_extra, char_h = 4, 4, LINE_H
      end
    elseif ch == 8 then
      x -= last_w
    elseif ch == 9 then
      local step, base = tab, 0
      if custom and peek(FONT_TAB) != 0 then step = peek(FONT_TAB) end
      if custom and peek(FONT_FLAGS) & 2 != 0 then base = left end
      if step != 0 then x += step - (x - base) % step end
      right = max(right, x)
    elseif ch == 10 then
      x = left
      y += line_h != 0 and line_h or char_h
      line_h = 0
    elseif ch == 13 then
      x = left
    end
    if ch < 16 then restate() end
    if oneoff then gch = ch end
    if gch then   -- a character the common case does not draw, a decoration or a one-off
      glyph = glyph or function(ch, oneoff)   -- ch (or cells when oneoff) at x, y; its w, h
        local w, h, nr, nc, ox, oy
        if oneoff then
          w, h, nr, nc, ox, oy = 8, 8, 8, 8, 0, 0
        elseif custom then
          local dw, rise = 0, 0
          if peek(FONT_FLAGS) & 1 != 0 then
            local nib = peek(FONT + ch \ 2)
            if ch & 1 == 1 then nib \= 16 end
            nib &= 15
            dw, rise = ((nib & 7) ^^ 4) - 4, nib \ 8
          end
          w = char_w + (ch >= 0x80 and wide_extra or 0) + dw
          h = char_h
          nr = keep(min(char_h, peek(FONT + 2), 8), 8)
          nc = 8
          for r = 0, nr - 1 do cells[r] = peek(FONT + 8 * ch + r) end
          ox, oy = peek(FONT + 3), peek(FONT + 4) - rise
        else
          w = ch >= 0x80 and char_w + wide_extra or char_w
          h, ox, oy = char_h, 0, 0
          if fast then   -- the common case (restate), as the main loop draws it
            local bx, by = x - cx, y - cy
            if solid then fill(put, bx, by, w, h, pal(bg)) end
            plain(put, ch, bx, by, fc, fc2, fc4, fx0, fy0, fx1, fy1, fbase)
            return w, h
          end
          nr = keep(h, LINE_H)
          nc = keep(min(w, ch >= 0x80 and 8 or 4), 8)
          local mask = (1 << nc) - 1
          for r = 0, nr - 1 do cells[r] = rows[8 * ch + r] & mask end
        end
        local ws, ts = 1, 1
        if wide then w *= 2; ws = 2 end
        if tall then h *= 2; ts = 2 end
        local bx, by = x - cx, y - cy
        local gx, gy = bx + ox, by + oy
        if solid and w > 0 and h > 0 then fill(put, bx, by, w, h, pal(bg)) end
        if omask != 0 then
          local oput = put
          if not inside then                  -- "!": the glyph's own pixels stay as they were
            local mine = {}
            stamp(function(px, py)
              if px >= 0 and px < 128 and py >= 0 and py < 128 then mine[py * 256 + px] = true end
            end, cells, nr, gx, gy, ws, ts, stripe, 0)
            oput = function(px, py, c)
              if not (px >= 0 and px < 128 and py >= 0 and py < 128 and mine[py * 256 + px]) then
                put(px, py, c)
              end
            end
          end
          local oc = pal(ocol)
          for k = 1, 8 do
            if omask & (1 << (k - 1)) != 0 then
              local d = NEIGHBOURS[k]
              stamp(oput, cells, nr, gx + d[1], gy + d[2], ws, ts, stripe, oc)
            end
          end
        end
        if invert then
          -- the cell's pixels the glyph leaves unset, in the foreground
          local c = pal(fg)
          for yy = max(0, -by), min(h - 1, 127 - by) do
            local r = (yy - oy) \ ts
            local bits = (r >= 0 and r < nr) and cells[r] or 0
            for xx = max(0, -bx), min(w - 1, 127 - bx) do
              local col = (xx - ox) \ ws
              if col < 0 or col >= nc or bits & (1 << col) == 0 then put(bx + xx, by + yy, c) end
            end
          end
        elseif inside then
          stamp(put, cells, nr, gx, gy, ws, ts, stripe, pal(fg))
        end
        return w, h
      end
      local w, h = glyph(gch, oneoff)
      if deco then                        -- the cursor stays
        x, y = sx, sy
      else
        x += w
        last_w, line_h = w, max(line_h, h)
        right = max(right, x)
      end
    end
  end
  return right, x, y + (line_h != 0 and line_h or char_h), y, ended
end
rt.draw_text = draw_text

-- a number argument floored (numeric strings read as numbers, booleans as 1/0)
local function int(v, what)
  local t = type(v)
  if t == "number" then return flr(v) end
  if t == "boolean" then return v and 1 or 0 end
  if t == "string" then
    local k = tonum(v)
    if k then return flr(k) end
  end
  error(what .. ": expected a number, got " .. tostr(v), 3)
end

-- lines a string prints at the cursor (up to its first \0), for scrolling
local function lines(s)
  local k = 1
  for j = 1, #s do
    local c = ord(s, j)
    if c == 0 then break end
    if c == 10 then k += 1 end
  end
  return k
end

-- print(s, [col]) prints at the cursor, scrolling the screen up as far as its lines need
-- (unless 0x5f36 has 0x40) and moving the cursor to the next line, or (the manual: "?"HI\0"")
-- past the text when a \0 ends it; print(s, x, y, [col]) leaves the cursor at x, next line
function print(s, x, y, col)
  if type(s) != "string" then s = tostr(s) end
  if x != nil and y == nil then col, x = x, nil end
  if col != nil then poke(PEN, int(col, "print") & 0xff) end
  local at_cursor = x == nil
  if at_cursor then
    x, y = peek(CURSOR, 2)
    local over = y + LINE_H * lines(s) - 128
    if over > 0 and peek(MISC) & 0x40 == 0 then   -- past the bottom: the screen scrolls up
      local at = target()
      if over < 128 then memcpy(at, at + over * 64, (128 - over) * 64) end
      memset(at + max(128 - over, 0) * 64, 0, min(over, 128) * 64)
      y -= over
    end
  end
  x, y = int(x, "print"), int(y, "print")
  if host and host.printed then host.printed(s, x, y, peek(PEN) & 15) end
  local right, after_x, next_y, last_y, ended = draw_text(s, x, y)
  if at_cursor and ended then
    poke(CURSOR, after_x & 0xff, max(0, min(last_y, 255)))
  else
    poke(CURSOR, x & 0xff, max(0, min(next_y, 255)))
  end
  return right
end

function cursor(x, y, col)
  local ox, oy = peek(CURSOR, 2)
  poke(CURSOR, int(x or 0, "cursor") & 0xff, int(y or 0, "cursor") & 0xff)
  if col != nil then poke(PEN, int(col, "cursor") & 0xff) end
  return ox, oy
end
