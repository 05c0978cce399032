"""PICO-8's 64 KiB address space as the Python host sees it: a thin view of lupaz8's own memory.

The memory lives in z8lua (the runtime's peek/poke/memcpy/memset are its C functions over it);
this view reads and writes it in bulk through three small Lua functions, `chr(peek(a, n))`
and `poke(a, ord(s, 1, n))`, a few KiB a call. The screen is at 0x6000 (the left pixel of a
byte is the low nibble); `px` unpacks it to 128x128 colour indices.
"""
from __future__ import annotations

import numpy as np

# the memory map lives in generator.pico8; the console's modules take it from here
from generator.pico8 import (BTNP_DELAY, BTNP_REPEAT, CAMERA, CARTDATA, CLIP, CURSOR,  # noqa: F401
                             DEVKIT, DISPLAY_PAL, DRAW_PAL, FILLP, GFX_AT, MAP_AT, MAP_WIDTH, PEN,
                             SCREEN, SCREEN_AT)
from generator.pico8 import RAM_SIZE as SIZE
from generator.pico8 import SCREEN_END, SHEET_END  # noqa: F401

CHUNK = 0x1000   # bytes a Lua call moves (a peek returns them as that many values)

VIEW = """
local peek, poke, chr, ord, memset, memcpy = peek, poke, chr, ord, memset, memcpy
return function(a, n) return chr(peek(a, n)) end,
       function(a, s) poke(a, ord(s, 1, #s)) end,
       function(a, v, n) memset(a, v, n) end,
       function(d, s, n) memcpy(d, s, n) end
"""


def lua_address(a: int) -> int:
    """An address 0-0xffff as the PICO-8 number lupaz8 takes (0x8000 and up are negative)."""
    return a - 0x10000 if a >= 0x8000 else a


class Memory:
    """PICO-8's memory inside lupaz8 runtime `lua` (read before its globals are hidden)."""

    def __init__(self, lua) -> None:
        self._read, self._write, self._memset, _ = lua.execute(VIEW)
        # called after a write that reaches the draw state (0x5f00-0x5f7f): the runtime's
        # rt.refresh, which rereads what its drawing keeps of it
        self.on_draw_state = None

    def _wrote(self, addr: int, n: int) -> None:
        if self.on_draw_state is not None and addr < 0x5F80 and addr + n > 0x5F00:
            self.on_draw_state()

    # -- bulk access: everything else is built on read/write
    def read(self, addr: int, n: int) -> bytes:
        """n bytes from addr (cut at the end of memory)."""
        addr &= 0xFFFF
        n = max(0, min(n, SIZE - addr))
        parts = [self._read(lua_address(a), min(CHUNK, addr + n - a))
                 for a in range(addr, addr + n, CHUNK)]
        return "".join(parts).encode("latin-1")

    def write(self, addr: int, data: bytes) -> None:
        """Write data at addr (cut at the end of memory)."""
        addr &= 0xFFFF
        data = bytes(data[:SIZE - addr])
        for k in range(0, len(data), CHUNK):
            self._write(lua_address(addr + k), data[k:k + CHUNK].decode("latin-1"))
        self._wrote(addr, len(data))

    def peek(self, addr: int) -> int:
        return self.read(addr, 1)[0]

    def poke(self, addr: int, v: int) -> None:
        self.write(addr, bytes([v & 0xFF]))

    def memset(self, addr: int, v: int, n: int) -> None:
        addr &= 0xFFFF
        n = min(n, SIZE - addr)
        for a in range(addr, addr + n, 0x4000):
            self._memset(lua_address(a), v & 0xFF, min(0x4000, addr + n - a))
        self._wrote(addr, n)

    def memcpy(self, dest: int, src: int, n: int) -> None:
        if n > 0:
            self.write(dest, self.read(src, n))

    def clear(self) -> None:
        """Zero all 64 KiB (lupaz8's memory starts with stray bytes)."""
        self.memset(0, 0, SIZE)

    # -- typed views
    def int16(self, addr: int) -> int:
        v = int.from_bytes(self.read(addr, 2), "little")
        return v - 0x10000 if v & 0x8000 else v

    @property
    def px(self) -> np.ndarray:
        """The screen unpacked: 128x128 colour indices 0-15 (a copy)."""
        return unpack_pixels(self.read(SCREEN, SCREEN_END - SCREEN))


def unpack_pixels(data: bytes) -> np.ndarray:
    """8 KiB of 4-bit pixels (left pixel in the low nibble) as 128x128 colour indices."""
    b = np.frombuffer(data, dtype=np.uint8).reshape(128, 64)
    out = np.empty((128, 128), dtype=np.uint8)
    out[:, 0::2] = b & 15
    out[:, 1::2] = b >> 4
    return out
