"""print() with PICO-8's own font (shrinko ships it as font.png: 16 glyphs a row, 8x6 cells).

Characters below 0x80 advance 4 px, the wide glyphs 0x80-0xff advance 8 px; lines are 6 px.
Supported P8SCII control codes (parameters P are 0-9 then a=10, b=11, ... as on PICO-8):
chr(0) "\\0" end of string; chr(1) "\\*"P c: repeat c P times; chr(2) "\\#"P: background colour
(filled behind each later glyph cell); chr(3) "\\-"P: move x by P-16; chr(4) "\\|"P: move y by
P-16; chr(5) "\\+"PP: move x, y; chr(8) "\\b": back one character; chr(9) "\\t": next 16-px
tab stop; chr(10) "\\n": next line; chr(12) "\\f"P: foreground colour (stays the pen colour,
as on PICO-8); chr(13) "\\r": back to the line start. The rest (chr(6) "\\^" commands,
chr(7) audio, chr(11) decoration, chr(14)/chr(15) fonts) is an error naming the code, since
drawing it wrongly would hide a broken cart.
"""
from __future__ import annotations

import functools
from importlib import resources

import numpy as np
from PIL import Image

from generator.console.fixed import integer
from generator.console.gfx import Gfx
from generator.console.memory import CURSOR, DRAW_PAL, PEN

LINE_H = 6
TAB = 16


@functools.lru_cache(maxsize=1)
def font() -> np.ndarray:
    """(256, 6, 8) bool: the glyph cell of each P8SCII character."""
    import shrinko.shrinko8  # noqa: F401
    path = resources.files("shrinko") / "font.png"
    with path.open("rb") as f:
        alpha = np.asarray(Image.open(f).convert("RGBA"))[:, :, 3] > 0
    cells = alpha.reshape(16, 6, 16, 8).transpose(0, 2, 1, 3).reshape(256, 6, 8)
    return cells


def advance(ch: int) -> int:
    return 8 if ch >= 0x80 else 4


def draw_text(gfx: Gfx, s: str, x: int, y: int) -> tuple[int, int, int]:
    """Draw P8SCII `s` at (x, y) (camera space) in the pen colour.

    Returns (rightmost x reached, x after the text, y of the line after the last one).
    """
    mem = gfx.mem
    cx, cy = gfx._camera()
    glyphs = font()
    fg = mem.ram[PEN] & 15
    bg = None
    left, right = x, x
    i = 0
    last_w = 4

    def param(k: int) -> int:
        if k >= len(s):
            raise ValueError(f"print: control code chr({ch}) is missing its parameter")
        p = s[k].lower()
        return ord(p) - 48 if p.isdigit() else ord(p) - ord("a") + 10

    pending = []   # characters still to draw, for "\*" repeats
    while i < len(s) or pending:
        if pending:
            ch = pending.pop()
        else:
            ch = ord(s[i])
            i += 1
        if ch == 0:
            break
        if ch == 1:
            n, rep = param(i), s[i + 1:i + 2]
            i += 2
            pending.extend([ord(rep)] * n if rep else [])
            continue
        if ch in (2, 12):
            c = param(i) & 15
            i += 1
            if ch == 12:
                fg = c
                mem.ram[PEN] = (mem.ram[PEN] & 0xF0) | c
            else:
                bg = c
            continue
        if ch in (3, 4, 5):
            dx = param(i) - 16 if ch != 4 else 0
            dy = param(i + (ch == 5)) - 16 if ch != 3 else 0
            i += 2 if ch == 5 else 1
            x, y = x + dx, y + dy
            continue
        if ch == 8:
            x -= last_w
            continue
        if ch == 9:
            x = left + ((x - left) // TAB + 1) * TAB
            right = max(right, x)
            continue
        if ch == 10:
            x, y = left, y + LINE_H
            continue
        if ch == 13:
            x = left
            continue
        if ch < 16:
            raise NotImplementedError(
                f"unimplemented PICO-8 API: print control code chr({ch}) (P8SCII)")
        w = last_w = advance(ch)
        if bg is not None:
            gfx.stamp(np.ones((LINE_H, w), dtype=bool), x - cx, y - cy,
                      mem.ram[DRAW_PAL + bg] & 15)
        gfx.stamp(glyphs[ch][:, :w], x - cx, y - cy, mem.ram[DRAW_PAL + fg] & 15)
        x += w
        right = max(right, x)
    return right, x, y + LINE_H


def text_width(s: str) -> int:
    """Width in pixels of the widest line of plain P8SCII text (no control codes)."""
    return max((sum(advance(ord(c)) for c in line) for line in s.split("\n")), default=0)


def set_cursor(gfx: Gfx, x: int, y: int) -> None:
    gfx.mem.ram[CURSOR] = integer(x) & 0xFF
    gfx.mem.ram[CURSOR + 1] = integer(y) & 0xFF
