"""PICO-8's facts, in one place: the 32 colours, the ROM and RAM addresses, the cart limits and
the CPU budget (sources: shared/pico8-facts.md, checked against the PICO-8 manual and shrinko).

Everything that needs one of these numbers imports it from here: the build (ROM layout, token
budgets), the headless console (palette, memory map, instruction budget), the benchmarks and
the tests. The cart's own Lua gets the ones it needs from the build's generated constants
(generator.cartbuild.lua), so no number here is typed again in cart/*.lua.

Imports nothing of the project: it is the bottom layer.
"""
from __future__ import annotations

# ---- colours -------------------------------------------------------------------------------
# 0-15 the standard palette, 128-143 the "secret" one; a display palette maps each of the 16
# screen slots to one of these 32 (pal(slot, c, 1)).
_STANDARD = ("000000 1D2B53 7E2553 008751 AB5236 5F574F C2C3C7 FFF1E8 "
             "FF004D FFA300 FFEC27 00E436 29ADFF 83769C FF77A8 FFCCAA").split()
_SECRET = ("291814 111D35 422136 125359 742F29 49333B A28879 F3EF7D "
           "BE1250 FF6C24 A8E72E 00B543 065AB5 754665 FF6E59 FF9D81").split()


def _rgb(h: str) -> tuple[int, int, int]:
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


# PICO-8 colour number (0-15, 128-143) -> (r, g, b)
COLOURS: dict[int, tuple[int, int, int]] = {
    **{i: _rgb(h) for i, h in enumerate(_STANDARD)},
    **{128 + i: _rgb(h) for i, h in enumerate(_SECRET)},
}
SECRET_BASE = 128

# ---- the cart's ROM (0x0000-0x42ff), as a .p8 file's sections lay it out ----------------------
ROM_SIZE = 0x4300
GFX, GFX_SIZE = 0x0000, 0x2000        # __gfx__: 128 rows of 128 pixels, 4 bits each
MAP, MAP_SIZE = 0x2000, 0x1000        # __map__ rows 0-31 (rows 32-63 share gfx rows 64-127)
GFF, GFF_SIZE = 0x3000, 0x100         # __gff__: a flags byte per sprite
MUSIC, MUSIC_SIZE = 0x3100, 0x100     # __music__: 64 patterns of 4 bytes
SFX, SFX_SIZE = 0x3200, 0x1100        # __sfx__: 64 effects of 68 bytes
SPRITE_ROW_BYTES = 64                 # one row of the 128-pixel spritesheet

# ---- RAM (PICO-8 0.2's memory map) ----------------------------------------------------------
SHEET_END = 0x2000        # the spritesheet (and shared map rows) in RAM: 0x0000-0x1fff
CARTDATA, CARTDATA_SIZE = 0x5E00, 0x100   # cartdata's 64 numbers; persisted like dset
# draw state
DRAW_PAL = 0x5F00         # 16 bytes: low nibble = colour drawn, bit 4 = transparent (palt)
DISPLAY_PAL = 0x5F10      # 16 bytes: 0-15 or 128-143
CLIP = 0x5F20             # x0, y0, x1, y1 (x1/y1 exclusive)
PEN = 0x5F25              # colour: low nibble primary, high nibble fillp secondary
CURSOR = 0x5F26           # x, y
CAMERA = 0x5F28           # int16 x, int16 y
DEVKIT = 0x5F2D           # 1: mouse and keyboard
FILLP = 0x5F31            # pattern low byte, high byte, flags (bit 0 = transparent)
GFX_AT = 0x5F54           # sprite sheet source: high byte of its address (0x00, or 0x60 = screen)
SCREEN_AT = 0x5F55        # draw target: high byte of its address (0x60, or 0x00 = sprite sheet)
MAP_AT = 0x5F56           # map: high byte of its address (0x20 default)
MAP_WIDTH = 0x5F57        # map width in tiles (0 = 256; 128 default)
BTNP_DELAY = 0x5F5C       # frames before btnp repeats (0: PICO-8's 15 at 30 fps)
BTNP_REPEAT = 0x5F5D      # frames between repeats (0: 4)
SCREEN, SCREEN_END = 0x6000, 0x8000
UPPER_RAM = 0x8000        # 0x8000-0xffff: general RAM in 0.2.x, not saved
RAM_SIZE = 0x10000

# ---- limits of a cart ------------------------------------------------------------------------
TOKENS = 8192
CHARS = 65535
COMPRESSED = 15360          # the manual's safe ceiling (the real one is 15616)
SCREEN_W = SCREEN_H = 128

# ---- CPU ------------------------------------------------------------------------------------
INSTRUCTIONS_PER_SECOND = 4_000_000      # the manual: "4M vm insts/sec"
FPS = 30


def frame_budget(fps: int = FPS) -> int:
    """VM instructions one frame may use: 133,333 at 30 fps, 66,666 at 60."""
    return INSTRUCTIONS_PER_SECOND // fps


# ---- picross8's own budgets, held by the build and `make bench` -------------------------------
SOLVER_TOKEN_BUDGET = 330              # cart/solver.lua: room left for the rest of the cart
FILE_TOKEN_BUDGETS = {"solver.lua": SOLVER_TOKEN_BUDGET}
