"""The P8SCII glyph globals PICO-8 predefines: button names and fill patterns.

In a cart's source the glyphs are single P8SCII characters (bytes 0x80-0x99), and PICO-8 gives
each one a value, so `btn(⬅️)` is `btn(0)` and `fillp(▒)` is `fillp(0x5a5a.8)`.

Sources: the PICO-8 manual (0.2.6b, "BTN": "Instead of using a number for B, it is also possible
to use a button glyph"; "FILLP": bit 0b0.1 is transparency); the fill pattern values are the
table of the PICO-8 wiki's Fillp page ("Predefined pattern values"), which the zepto8 and
fake-08 runtimes also use. Every pattern but █ carries the transparency bit (.5, 0x0.8); █ is
0 there (solid), where one other implementation writes 0x0000.8: both draw the same pixels.
"""
from __future__ import annotations

from generator.console.fixed import from_raw

BUTTONS = {0x8B: 0, 0x91: 1, 0x94: 2, 0x83: 3, 0x8E: 4, 0x97: 5}   # ⬅️ ➡️ ⬆️ ⬇️ 🅾️ ❎

# P8SCII code -> 16.16 bits of the pattern (pattern in the high half, 0x8000 = transparency)
PATTERNS = {
    0x80: 0x0000_0000,   # █
    0x81: 0x5A5A_8000,   # ▒
    0x82: 0x511F_8000,   # 🐱
    0x84: 0x7D7D_8000,   # ░
    0x85: 0xB81D_8000,   # ✽
    0x86: 0xF99F_8000,   # ●
    0x87: 0x51BF_8000,   # ♥
    0x88: 0xB5BF_8000,   # ☉
    0x89: 0x999F_8000,   # 웃
    0x8A: 0xB11F_8000,   # ⌂
    0x8C: 0xA0E0_8000,   # 😐
    0x8D: 0x9B3F_8000,   # ♪
    0x8F: 0xB1BF_8000,   # ◆
    0x90: 0xF5FF_8000,   # …
    0x92: 0xB15F_8000,   # ★
    0x93: 0x1B1F_8000,   # ⧗
    0x95: 0xF5BF_8000,   # ˇ
    0x96: 0x7ADF_8000,   # ∧
    0x98: 0x0F0F_8000,   # ▤
    0x99: 0x5555_8000,   # ▥
}


def glyph_globals() -> dict[str, object]:
    """{P8SCII one-character name: value} for the 26 glyphs (0x80-0x99) PICO-8 predefines."""
    out = {chr(code): value for code, value in BUTTONS.items()}
    out.update({chr(code): from_raw(bits) for code, bits in PATTERNS.items()})
    return out
