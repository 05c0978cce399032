"""PICO-8's default font as bytes a runtime host hands to text.lua (as a Lua string).

The glyphs are shrinko's copy of PICO-8's font (its font.png: 16 characters a row in 8x6
cells, a pixel set where alpha > 0). They are given in the custom-font format of 0x5600, so
text.lua reads both fonts one way: 8 bytes a character (character ch at 8*ch), a row a byte
from the top, bit 0x1 the left pixel. The default font's cells are 6 rows tall, so rows 6
and 7 of every character are 0; characters below 128 use columns 0-3, the others 0-7.
"""
from __future__ import annotations

import functools
from importlib import resources

CELL_W, CELL_H = 8, 6      # a character's cell in font.png
GLYPHS = 256
BYTES = GLYPHS * 8         # 2,048


@functools.lru_cache(maxsize=1)
def default_font() -> bytes:
    """2,048 bytes: the default font, 8 bytes a character (see the module docstring)."""
    import shrinko.shrinko8  # noqa: F401  (sets up shrinko's own imports)
    from PIL import Image

    with (resources.files("shrinko") / "font.png").open("rb") as f:
        img = Image.open(f).convert("RGBA")
    alpha = img.getchannel("A")
    width = img.width
    data = alpha.tobytes()
    out = bytearray(BYTES)
    for ch in range(GLYPHS):
        x0, y0 = ch % 16 * CELL_W, ch // 16 * CELL_H
        for row in range(CELL_H):
            at = (y0 + row) * width + x0
            bits = 0
            for col in range(CELL_W):
                if data[at + col]:
                    bits |= 1 << col
            out[8 * ch + row] = bits
    return bytes(out)


@functools.lru_cache(maxsize=1)
def cells():
    """(256, 6, 8) bool numpy array: the cell of each character as pixels (row, column), for
    Python that draws the font itself (the desktop window's menu, tests)."""
    import numpy as np

    b = np.frombuffer(default_font(), dtype=np.uint8).reshape(GLYPHS, 8)[:, :CELL_H]
    return ((b[:, :, None] >> np.arange(CELL_W)) & 1).astype(bool)
