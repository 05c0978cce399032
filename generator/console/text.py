"""print() with PICO-8's own font (shrinko ships it as font.png: 16 glyphs a row, 8x6 cells).

Characters below 0x80 advance 4 px, the wide glyphs 0x80-0xff advance 8 px; lines are 6 px.
Supported P8SCII control codes (parameters P are 0-9 then a=10, b=11, ... as on PICO-8):
chr(0) "\\0" end of string; chr(1) "\\*"P c: repeat c P times; chr(2) "\\#"P: background colour
(filled behind each later glyph cell); chr(3) "\\-"P: move x by P-16; chr(4) "\\|"P: move y by
P-16; chr(5) "\\+"PP: move x, y; chr(8) "\\b": back one character; chr(9) "\\t": next tab stop
(every 16 px of screen x); chr(10) "\\n": next line (down by the line's tallest character);
chr(12) "\\f"P: foreground colour (stays the pen colour, as on PICO-8); chr(13) "\\r": back to
the line start; chr(6) "\\^" commands: w/t/p wide, tall, both (2x; "\\^-w" etc. turn off),
cP cls to colour P and home to 0,0, g go home, h set home here, jPP jump to (P*4, P*4),
xP character width, yP character height, sP tab width, ":"+16 hex digits and "."+8 bytes
one-off characters (8x8, the custom-font format; they advance 8 px); chr(14) "\\014" the
custom font at 0x5600 for the rest of the string, chr(15) "\\015" back to the default font
(the choices and sources: the package docstring). An empty line is the character height tall.
The rest (other "\\^" commands: frame skips, delays, wrap, invert, border, solid, stripes,
pokes; chr(7) audio; chr(11) decoration) is an error naming the code, since drawing it wrongly
would hide a broken cart.
"""
from __future__ import annotations

import functools
from importlib import resources

import numpy as np
from PIL import Image

from generator.console.gfx import Gfx
from generator.console.memory import DRAW_PAL, PEN

LINE_H = 6
TAB = 16
CUSTOM_FONT = 0x5600   # header (8 bytes), size adjustments (0x5608..0x567f), 8 bytes a glyph
FONT_FLAGS = 0x5605    # 0x1 apply size adjustments, 0x2 tabs relative to the cursor home
FONT_TAB = 0x5606      # tab width with the custom font


@functools.lru_cache(maxsize=1)
def font() -> np.ndarray:
    """(256, 6, 8) bool: the glyph cell of each P8SCII character."""
    import shrinko.shrinko8  # noqa: F401
    path = resources.files("shrinko") / "font.png"
    with path.open("rb") as f:
        alpha = np.asarray(Image.open(f).convert("RGBA"))[:, :, 3] > 0
    cells = alpha.reshape(16, 6, 16, 8).transpose(0, 2, 1, 3).reshape(256, 6, 8)
    return cells


def param(s: str, k: int) -> int:
    """A P8SCII parameter character: 0-9, then a=10, b=11, ..."""
    if k >= len(s):
        raise ValueError("print: a P8SCII control code is missing its parameter")
    p = s[k].lower()
    return ord(p) - 48 if p.isdigit() else ord(p) - ord("a") + 10


def custom_glyph(ram, ch: int) -> np.ndarray:
    """(8, 8) bool: character ch of the custom font (8 bytes at 0x5600 + 8*ch, a byte a row
    from the top, bit 0x1 the left pixel)."""
    return unpack_glyph(ram[CUSTOM_FONT + 8 * ch:CUSTOM_FONT + 8 * ch + 8])


def unpack_glyph(rows) -> np.ndarray:
    """(8, 8) bool from 8 bytes in the custom-font format (also that of one-off characters)."""
    b = np.frombuffer(bytes(rows), dtype=np.uint8)
    return ((b[:, None] >> np.arange(8)) & 1).astype(bool)


def size_adjustment(ram, ch: int) -> tuple[int, int]:
    """(width change, rise) of custom-font character ch (16..255) when 0x5605 bit 0x1 is set:
    nibble ch-16 of 0x5608.. (low nibble first), bits 0x7 = 0,1,2,3,-4,-3,-2,-1 and bit 0x8 =
    one pixel higher."""
    if ch < 16 or not ram[FONT_FLAGS] & 1:
        return 0, 0
    nibble = ram[CUSTOM_FONT + ch // 2] >> (4 if ch & 1 else 0) & 15
    return ((nibble & 7) ^ 4) - 4, nibble >> 3


def one_off_glyph(s: str, i: int, cmd: str) -> np.ndarray:
    """The glyph of a one-off character "\\^." (8 raw bytes) or "\\^:" (16 hex digits) whose
    data starts at s[i]."""
    n = 8 if cmd == "." else 16
    data = s[i:i + n]
    if len(data) < n:
        raise ValueError(f"print: the one-off character \\^{cmd} needs {n} characters of data")
    if cmd == ".":
        return unpack_glyph(ord(c) & 0xFF for c in data)
    if not all(c in "0123456789abcdefABCDEF" for c in data):
        raise ValueError(f"print: the one-off character \\^: needs 16 hex digits, not {data!r}")
    return unpack_glyph(bytes.fromhex(data))


def draw_text(gfx: Gfx, s: str, x: int, y: int) -> tuple[int, int, int]:
    """Draw P8SCII `s` at (x, y) (camera space) in the pen colour.

    Returns (rightmost x reached, x after the text, y of the line after the last one).
    """
    mem = gfx.mem
    ram = mem.ram
    cx, cy = gfx._camera()
    glyphs = font()
    fg = ram[PEN] & 15
    bg = None
    left, top, right = x, y, x
    custom = False
    char_w, wide_extra, char_h, tab = 4, 4, LINE_H, TAB
    wide = tall = False
    line_h = 0             # the tallest character drawn on the current line (0: none yet)
    last_w = char_w
    pending = []           # characters still to draw, for "\*" repeats
    i = 0
    while i < len(s) or pending:
        if pending:
            ch = pending.pop()
        else:
            ch = ord(s[i])
            i += 1
        if ch == 0:
            break
        cell = None        # a one-off character's glyph
        if ch == 1:
            n, rep = param(s, i), s[i + 1:i + 2]
            i += 2
            pending.extend([ord(rep)] * n if rep else [])
        elif ch in (2, 12):
            c = param(s, i) & 15
            i += 1
            if ch == 12:
                fg = c
                ram[PEN] = (ram[PEN] & 0xF0) | c
            else:
                bg = c
        elif ch in (3, 4, 5):
            dx = param(s, i) - 16 if ch != 4 else 0
            dy = param(s, i + (ch == 5)) - 16 if ch != 3 else 0
            i += 2 if ch == 5 else 1
            x, y = x + dx, y + dy
        elif ch == 6:
            cmd = s[i:i + 1]
            i += 1
            on = True
            if cmd == "-":
                cmd, on = s[i:i + 1], False
                i += 1
            if cmd in ("w", "t", "p"):
                wide = on if cmd in "wp" else wide
                tall = on if cmd in "tp" else tall
            elif cmd == "c":
                mem.px[:] = param(s, i) & 15
                i += 1
                x, y = left, top = 0, 0
            elif cmd == "g":
                x, y = left, top
            elif cmd == "h":
                left, top = x, y
            elif cmd == "j":
                x, y = param(s, i) * 4, param(s, i + 1) * 4
                i += 2
            elif cmd in ("x", "y", "s"):
                v = param(s, i)
                i += 1
                if cmd == "x":
                    char_w = v
                elif cmd == "y":
                    char_h = v
                else:
                    tab = v
            elif cmd in (".", ":") and on:
                cell = one_off_glyph(s, i, cmd)
                i += 8 if cmd == "." else 16
            else:
                raise NotImplementedError(
                    f"unimplemented PICO-8 API: print control code \\^{cmd} (P8SCII)")
        elif ch in (14, 15):
            custom = ch == 14
            w1, w2, fh = ram[CUSTOM_FONT:CUSTOM_FONT + 3] if custom else (4, 8, LINE_H)
            char_w, wide_extra, char_h = w1, w2 - w1, fh
        elif ch == 8:
            x -= last_w
        elif ch == 9:
            step = ram[FONT_TAB] if custom and ram[FONT_TAB] else tab
            base = left if custom and ram[FONT_FLAGS] & 2 else 0
            x += step - (x - base) % step if step else 0
            right = max(right, x)
        elif ch == 10:
            x, y = left, y + (line_h or char_h)
            line_h = 0
        elif ch == 13:
            x = left
        elif ch < 16:
            raise NotImplementedError(
                f"unimplemented PICO-8 API: print control code chr({ch}) (P8SCII)")
        if cell is None and ch < 16:
            continue
        ox = oy = 0
        if cell is not None:                 # one-off: 8x8, no font offsets
            w = h = 8
        elif custom:
            dw, rise = size_adjustment(ram, ch)
            w = char_w + (wide_extra if ch >= 0x80 else 0) + dw
            h = char_h
            cell = custom_glyph(ram, ch)[:min(char_h, ram[CUSTOM_FONT + 2], 8)]
            ox, oy = ram[CUSTOM_FONT + 3], ram[CUSTOM_FONT + 4] - rise
        else:
            w, h = (char_w + wide_extra if ch >= 0x80 else char_w), char_h
            cell = glyphs[ch][:h, :min(w, 8 if ch >= 0x80 else 4)]
        if wide:
            cell, w = cell.repeat(2, axis=1), w * 2
        if tall:
            cell, h = cell.repeat(2, axis=0), h * 2
        if bg is not None and w > 0 and h > 0:
            gfx.stamp(np.ones((h, w), dtype=bool), x - cx, y - cy, ram[DRAW_PAL + bg] & 15)
        gfx.stamp(cell, x - cx + ox, y - cy + oy, ram[DRAW_PAL + fg] & 15)
        x += w
        last_w, line_h = w, max(line_h, h)
        right = max(right, x)
    return right, x, y + (line_h or char_h)
