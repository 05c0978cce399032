"""The screen as people see it: draw slots through the display palette to RGB, and PNG bytes.

PNGs are written by Pillow from the same pixels with no metadata, so the bytes are the same for
the same screen (deterministic for a given Pillow/zlib).
"""
from __future__ import annotations

import numpy as np
from PIL import Image

from generator.console.memory import DISPLAY_PAL, Memory
from generator.pico8 import COLOURS
from generator.render.png import png_bytes as image_png

# PICO-8's 16 colours, then the 16 "secret" ones (128-143), as a lookup table
PALETTE = np.array([COLOURS[c] for c in sorted(COLOURS)], dtype=np.uint8)


def display_colours(mem: Memory) -> np.ndarray:
    """Each pixel's display colour: 0-15, or 128-143 for the secret palette."""
    lut = np.frombuffer(mem.read(DISPLAY_PAL, 16), dtype=np.uint8) & 0x8F
    return lut[mem.px]


def rgb(mem: Memory) -> np.ndarray:
    d = display_colours(mem)
    return PALETTE[(d & 15) + np.where(d & 0x80, 16, 0)]


def png_bytes(mem: Memory, scale: int = 1) -> bytes:
    """The screen as a PNG, each pixel a scale x scale block (nearest neighbour)."""
    img = rgb(mem)
    if scale != 1:
        img = img.repeat(scale, axis=0).repeat(scale, axis=1)
    return image_png(Image.fromarray(img, "RGB"))
