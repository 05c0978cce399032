"""Test harness for generator/runtime/text.lua: the file run by lupaz8 over its own memory,
with a tiny rt.put of the test's own (the clip rectangle at 0x5f20-0x5f23, the screen at
0x6000, the left pixel of a byte in its low nibble), so the text is tested without draw.lua."""
from __future__ import annotations

from importlib import resources

from lupaz8 import luaz8

from generator.runtime.font import default_font

HARNESS = r"""
local src, font = ...
local rt, host = {font = font}, {}
rt.prints = {}
function rt.put(x, y, c)
  local x0, y0, x1, y1 = peek(0x5f20, 4)
  if x >= x0 and x < min(x1, 128) and y >= y0 and y < min(y1, 128) then
    local a = 0x6000 + y * 64 + x \ 2
    local v = peek(a)
    if x & 1 == 0 then v = (v & 0xf0) | c else v = (v & 0x0f) | (c << 4) end
    poke(a, v)
  end
end
function rt.span(xa, xb, y, c)
  for x = xa, xb do rt.put(x, y, c) end
end
function host.printed(text, x, y, col) add(rt.prints, {text, x, y, col}) end
for a = 0, 3 do memset(a * 0x4000, 0, 0x4000) end  -- 0x8000 is negative in 16.16
poke(0x5f55, 0x60)
-- every memory write is checked: rt.stray lists those outside the screen, cursor and pen
local npoke, nmemset, nmemcpy = poke, memset, memcpy
rt.stray = {}
local function check(a, n)
  if n <= 0 then return end
  if a >= 0x5f25 and a + n <= 0x5f28 or a >= 0x6000 and a <= 0x7fff and n <= 0x7fff - a + 1 then
    return
  end
  add(rt.stray, a)
end
function poke(a, ...) check(a, select("#", ...)) return npoke(a, ...) end
function memset(a, v, n) check(a, n) return nmemset(a, v, n) end
function memcpy(a, b, n) check(a, n) return nmemcpy(a, b, n) end
local chunk = assert(load(src, "=runtime/text.lua"))
chunk(rt, host)
return rt
"""

RUN = r"""
local rt = ...
return function(state, s, nargs, x, y, col)
  -- state: 0x5600-0x5dff (custom font), 0x5f00-0x5f3f (draw state), 0x6000-0x7fff (screen)
  poke(0x5600, ord(state, 1, 0x800))
  poke(0x5f00, ord(state, 0x801, 0x40))
  poke(0x6000, ord(state, 0x841, 0x2000))
  rt.prints = {}
  local right
  if nargs == 1 then right = print(s)
  elseif nargs == 2 then right = print(s, col)
  elseif nargs == 3 then right = print(s, x, y)
  else right = print(s, x, y, col) end
  local p = rt.prints[1]
  return right, chr(peek(0x5600, 0x800)) .. chr(peek(0x5f00, 0x40)) .. chr(peek(0x6000, 0x2000)),
    p and p[1], p and p[2], p and p[3], p and p[4]
end
"""


TOOLS = r"""
local rt = ...
local tools = {}
-- the boot state: memory zeroed, identity draw palette, whole-screen clip, pen 7, screen 0x6000
function tools.reset(screen_colour)
  for a = 0, 3 do memset(a * 0x4000, 0, 0x4000) end  -- 0x8000 is negative in 16.16
  for c = 0, 15 do poke(0x5f00 + c, c) end
  poke(0x5f20, 0, 0, 128, 128)
  poke(0x5f25, 7)
  poke(0x5f55, 0x60)
  memset(0x6000, (screen_colour or 0) * 17, 0x2000)
end
-- print(...) from the boot state: its value, the screen (8,192 bytes), cursor x, y and pen
function tools.show(screen_colour, ...)
  tools.reset(screen_colour)
  local right = print(...)
  return right, chr(peek(0x6000, 0x2000)), peek(0x5f26), peek(0x5f27), peek(0x5f25)
end
-- print each string from the boot state, protected: the first failure's message, and the
-- strings (when `guard`) that wrote memory other than the screen, cursor and pen
function tools.fuzz(strings, guard)
  local moved = {}
  for k = 1, #strings do
    tools.reset()
    rt.stray = {}
    local ok, err = pcall(print, strings[k])
    if not ok then return strings[k] .. ": " .. tostr(err), moved end
    if guard and #rt.stray > 0 then add(moved, strings[k]) end
  end
  return nil, moved
end
return tools
"""


class TextLua:
    """text.lua loaded in a fresh lupaz8 whose memory is zeroed."""

    def __init__(self) -> None:
        self.lua = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True)
        src = (resources.files("generator.runtime") / "text.lua").read_text()
        self.rt = self.lua.execute(HARNESS, src, default_font().decode("latin-1"))
        self.case = self.lua.execute(RUN, self.rt)
        self.tools = self.lua.execute(TOOLS, self.rt)
        self.eval = self.lua.eval

    def show(self, *args, screen: int = 0):
        """print(*args) from the boot state on a screen of colour `screen`: (return value,
        screen as 128 rows of 128 colours, (cursor x, cursor y, pen))."""
        right, scr, cx, cy, pen = self.tools.show(screen, *args)
        b = scr.encode("latin-1")
        rows = [[b[64 * y + x // 2] >> 4 * (x & 1) & 15 for x in range(128)] for y in range(128)]
        return right, rows, (cx, cy, pen)

    def fuzz(self, strings, guard=True):
        """print() each string: (the first error or None, the strings that changed memory
        besides the screen, cursor and pen)."""
        table = self.lua.table_from(strings)
        err, moved = self.tools.fuzz(table, guard)
        return err, list(moved.values())

    def run(self, state: bytes, s: str, nargs: int, x=None, y=None, col=None):
        """print() with `state` (STATE_SIZE bytes) in memory: (return value, memory after
        as STATE_SIZE bytes, the host.printed record or None)."""
        right, after, *rec = self.case(state.decode("latin-1"), s, nargs, x, y, col)
        return right, after.encode("latin-1"), (tuple(rec) if rec[0] is not None else None)


STATE_SIZE = 0x800 + 0x40 + 0x2000
REGIONS = ((0x5600, 0x800), (0x5f00, 0x40), (0x6000, 0x2000))


def state(font=False, cam=(0, 0), cursor=(0, 0), screen=0) -> bytes:
    """A memory state for TextLua.run: identity draw palette, whole-screen clip, pen 7, the
    camera and cursor given, the screen in one colour, and (font=True) a custom font whose
    bytes follow a fixed formula (header: widths 5/9, height 7, offsets 1/1, flags 1, tab 12)."""
    st = bytearray(STATE_SIZE)
    if font:
        st[0:0x800] = bytes((k * 113 + 7) & 0xff for k in range(0x800))
        st[8:128] = bytes((k * 37 + 11) & 0xff for k in range(8, 128))
        st[0:8] = bytes([5, 9, 7, 1, 1, 1, 12, 0])
    ds = 0x800
    st[ds:ds + 16] = bytes(range(16))
    st[ds + 0x20:ds + 0x24] = bytes([0, 0, 128, 128])
    st[ds + 0x25] = 7
    st[ds + 0x26:ds + 0x28] = bytes(cursor)
    st[ds + 0x28:ds + 0x2c] = b"".join((v & 0xffff).to_bytes(2, "little") for v in cam)
    st[0x840:] = bytes([screen * 17]) * 0x2000
    return bytes(st)
