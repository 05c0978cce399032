"""PICO-8's 64 KiB address space, with the screen (0x6000-0x7fff) kept as one byte per pixel.

lupaz8 has its own memory behind peek/poke, but Python cannot reach it, so the console replaces
peek/poke/memcpy/memset with this one. Everything but the screen lives in `ram`; the screen
lives only in `px` (128x128 colour indices 0-15), which is what the drawing code touches, and
screen addresses are packed/unpacked on access: left pixel of a byte = low nibble.
"""
from __future__ import annotations

from contextlib import contextmanager

import numpy as np

# the memory map lives in generator.pico8; the console's modules take it from here
from generator.pico8 import (BTNP_DELAY, BTNP_REPEAT, CAMERA, CARTDATA, CLIP, CURSOR,  # noqa: F401
                             DEVKIT, DISPLAY_PAL, DRAW_PAL, FILLP, GFX_AT, MAP_AT, MAP_WIDTH, PEN,
                             SCREEN, SCREEN_AT)
from generator.pico8 import RAM_SIZE as SIZE
from generator.pico8 import SCREEN_END, SHEET_END  # noqa: F401


class Memory:
    def __init__(self) -> None:
        self.ram = bytearray(SIZE)
        self.px = np.zeros((128, 128), dtype=np.uint8)
        self._sheet = None

    # -- bulk access: everything else is built on read/write
    def read(self, addr: int, n: int) -> bytes:
        addr &= 0xFFFF
        n = max(0, min(n, SIZE - addr))
        out = bytearray(self.ram[addr:addr + n])
        lo, hi = max(addr, SCREEN), min(addr + n, SCREEN_END)
        if lo < hi:
            flat = self.px.reshape(-1)
            i = (lo - SCREEN) * 2
            j = (hi - SCREEN) * 2
            packed = flat[i:j:2] | (flat[i + 1:j:2] << 4)
            out[lo - addr:hi - addr] = packed.tobytes()
        return bytes(out)

    def write(self, addr: int, data: bytes) -> None:
        addr &= 0xFFFF
        data = bytes(data[:SIZE - addr])
        n = len(data)
        self.ram[addr:addr + n] = data
        if addr < SHEET_END:
            self._sheet = None
        lo, hi = max(addr, SCREEN), min(addr + n, SCREEN_END)
        if lo < hi:
            b = np.frombuffer(data[lo - addr:hi - addr], dtype=np.uint8)
            flat = self.px.reshape(-1)
            i = (lo - SCREEN) * 2
            j = (hi - SCREEN) * 2
            flat[i:j:2] = b & 15
            flat[i + 1:j:2] = b >> 4

    def peek(self, addr: int) -> int:
        addr &= 0xFFFF
        if SCREEN <= addr < SCREEN_END:
            i = (addr - SCREEN) * 2
            flat = self.px.reshape(-1)
            return int(flat[i]) | int(flat[i + 1]) << 4
        return self.ram[addr]

    def poke(self, addr: int, v: int) -> None:
        addr &= 0xFFFF
        v &= 0xFF
        if SCREEN <= addr < SCREEN_END:
            i = (addr - SCREEN) * 2
            flat = self.px.reshape(-1)
            flat[i] = v & 15
            flat[i + 1] = v >> 4
        else:
            self.ram[addr] = v
            if addr < SHEET_END:
                self._sheet = None

    def memset(self, addr: int, v: int, n: int) -> None:
        if n > 0:
            self.write(addr, bytes([v & 0xFF]) * n)

    def memcpy(self, dest: int, src: int, n: int) -> None:
        if n > 0:
            self.write(dest, self.read(src, n))

    # -- typed views used by the drawing code
    def sheet_address(self) -> int:
        """Where sprites are read from: 0x0000, or where 0x5f54 points (0x60: the screen)."""
        return self.ram[GFX_AT] << 8

    def sheet(self) -> np.ndarray:
        """The sprite sheet unpacked to 128x128 colour indices (0x0000-0x1fff is cached)."""
        base = self.sheet_address()
        if base:
            return unpack_pixels(self.read(base, SHEET_END))
        if self._sheet is None:
            self._sheet = unpack_pixels(bytes(self.ram[:SHEET_END]))
        return self._sheet

    @contextmanager
    def drawing_target(self):
        """Within: `px` is the draw target 0x5f55 points at (0x60 = the screen, the default;
        0x00 = the sprite sheet), packed back into memory afterwards."""
        base = self.ram[SCREEN_AT] << 8
        if base == SCREEN:
            yield
            return
        screen = self.px
        self.px = unpack_pixels(self.read(base, SCREEN_END - SCREEN))
        try:
            yield
        finally:
            target, self.px = self.px, screen
            self.write(base, pack_pixels(target))

    def int16(self, addr: int) -> int:
        v = self.ram[addr] | self.ram[addr + 1] << 8
        return v - 0x10000 if v & 0x8000 else v

    def set_int16(self, addr: int, v: int) -> None:
        v &= 0xFFFF
        self.ram[addr] = v & 0xFF
        self.ram[addr + 1] = v >> 8

    def reset_draw_state(self) -> None:
        """PICO-8's state at boot (and after reset()): 0x5f00-0x5f7f cleared, then identity
        palettes, colour 0 transparent, full clip, pen 6, default memory mappings."""
        self.ram[DRAW_PAL:0x5F80] = bytes(0x80)
        self.ram[SCREEN_AT:MAP_WIDTH + 1] = bytes([0x60, 0x20, 128])
        for c in range(16):
            self.ram[DRAW_PAL + c] = c
            self.ram[DISPLAY_PAL + c] = c
        self.ram[DRAW_PAL] |= 0x10
        self.ram[CLIP:CLIP + 4] = bytes([0, 0, 128, 128])
        self.ram[PEN] = 6
        self.ram[CURSOR:CURSOR + 2] = bytes([0, 0])
        self.set_int16(CAMERA, 0)
        self.set_int16(CAMERA + 2, 0)
        self.ram[FILLP:FILLP + 3] = bytes(3)


def unpack_pixels(data: bytes) -> np.ndarray:
    """8 KiB of 4-bit pixels (left pixel in the low nibble) as 128x128 colour indices."""
    b = np.frombuffer(data, dtype=np.uint8).reshape(128, 64)
    out = np.empty((128, 128), dtype=np.uint8)
    out[:, 0::2] = b & 15
    out[:, 1::2] = b >> 4
    return out


def pack_pixels(px: np.ndarray) -> bytes:
    """128x128 colour indices back to 8 KiB of 4-bit pixels."""
    return ((px[:, 0::2] & 15) | (px[:, 1::2] << 4)).astype(np.uint8).tobytes()
