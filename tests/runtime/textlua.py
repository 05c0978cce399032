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
function host.printed(text, x, y, col) add(rt.prints, {text, x, y, col}) end
memset(0, 0, 0x8000) memset(0x8000, 0, 0x8000)
poke(0x5f55, 0x60)
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


class TextLua:
    """text.lua loaded in a fresh lupaz8 whose memory is zeroed."""

    def __init__(self) -> None:
        self.lua = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True)
        src = (resources.files("generator.runtime") / "text.lua").read_text()
        self.rt = self.lua.execute(HARNESS, src, default_font().decode("latin-1"))
        self.case = self.lua.execute(RUN, self.rt)
        self.eval = self.lua.eval

    def run(self, state: bytes, s: str, nargs: int, x=None, y=None, col=None):
        """print() with `state` (STATE_SIZE bytes) in memory: (return value, memory after
        as STATE_SIZE bytes, the host.printed record or None)."""
        right, after, *rec = self.case(state.decode("latin-1"), s, nargs, x, y, col)
        return right, after.encode("latin-1"), (tuple(rec) if rec[0] is not None else None)


STATE_SIZE = 0x800 + 0x40 + 0x2000
REGIONS = ((0x5600, 0x800), (0x5f00, 0x40), (0x6000, 0x2000))
