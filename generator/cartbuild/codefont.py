"""The cart's own font for share codes (docs/share-codes.md): 4x5 glyphs, 5 px apart, for the 32
code symbols and the 4 letters a reader takes for them (i, l, o, u), drawn so that no two code
symbols can be taken for each other: every pair differs in 3 pixels or more (PICO-8's font has
pairs a pixel apart: 0/8, 0/d, 4/9, 8/a, 8/b, a/h, a/r, b/r, d/n, h/k, j/t, k/r, k/x).

The cart copies the glyphs into PICO-8's custom font (0x5600: a header, then 8 bytes a character,
a row a byte from the top, bit 0x1 the left pixel) and prints a code after "\\14", the custom
font's switch. In ROM they are FONT_BYTES at the end of the puzzle area (rom.py): the 10 digits'
80 bytes (characters 48-57), then the 26 letters' 208 (characters 97-122); the cart sets the
header itself (advance 5 px, 8 for wide glyphs, lines 6 px apart).
"""
from __future__ import annotations

import itertools

W, H = 4, 5                      # a glyph's pixels; the advance is W + 1
DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
CODE_SYMBOLS = "0123456789abcdefghjkmnpqrstvwxyz"     # share.lua's alphabet
MIN_DISTANCE = 3                 # pixels every pair of code symbols differs in, at least

_ROWS = """
0 .##. #..# #..# #..# .##.
1 .#.. ##.. .#.. .#.. ###.
2 .##. #..# ..#. .#.. ####
3 ###. ...# .##. ...# ###.
4 ..#. .##. #.#. #### ..#.
5 #### #... ###. ...# ###.
6 ..#. .#.. ###. #..# .##.
7 #### ...# ..#. .#.. .#..
8 .##. #..# .##. #..# .##.
9 .##. #..# .### ..#. .#..
a .##. #..# #### #..# #..#
b #... #... ###. #..# ###.
c .### #... #... #... .###
d ...# ...# .### #..# .###
e #### #... ###. #... ####
f #### #... ##.. #... #...
g .### #... #.## #..# .###
h #... #... ###. #..# #..#
i ###. .#.. .#.. .#.. ###.
j ...# ...# ...# #..# .##.
k #..# #.#. ##.. #.#. #..#
l #... #... #... #... ####
m #..# #### #### #..# #..#
n #..# ##.# ##.# #.## #..#
o .##. #..# #..# #..# .##.
p ###. #..# #..# ###. #...
q .##. #..# #..# #.#. .#.#
r ###. #..# ###. #.#. #..#
s .... .### ##.. ..## ###.
t ###. .#.. .#.. .#.. .#..
u #..# #..# #..# #..# .##.
v #..# #..# #..# .##. .##.
w #..# #..# #### #### .##.
x #..# .##. .##. .##. #..#
y #..# #..# .##. ..#. ..#.
z #### ..#. .#.. #... ####
"""

GLYPHS: dict[str, tuple[str, ...]] = {
    line.split()[0]: tuple(line.split()[1:]) for line in _ROWS.strip().splitlines()}

FONT_BYTES = 8 * (len(DIGITS) + len(LETTERS))     # 288
HEADER = 0x60805                 # 0x5600-0x5603 as the cart's poke4 writes them: 5, 8, 6, 0


def glyph_bytes(ch: str) -> bytes:
    """A character's 8 bytes in the custom-font format: a row a byte, bit 0x1 the left pixel."""
    rows = GLYPHS[ch]
    assert len(rows) == H and all(len(r) == W and set(r) <= {".", "#"} for r in rows), ch
    return bytes(sum(1 << x for x, c in enumerate(r) if c == "#") for r in rows) + bytes(8 - H)


def font_bytes() -> bytes:
    """The FONT_BYTES the build writes: the digits' glyphs, then the letters'."""
    return b"".join(glyph_bytes(ch) for ch in DIGITS + LETTERS)


def distance(a: str, b: str) -> int:
    """Pixels glyphs a and b differ in."""
    return sum(x != y for ra, rb in zip(GLYPHS[a], GLYPHS[b]) for x, y in zip(ra, rb))


def closest_pair() -> tuple[int, str, str]:
    return min((distance(a, b), a, b) for a, b in itertools.combinations(CODE_SYMBOLS, 2))


def pack_font(rom: bytearray, at: int) -> None:
    """Write the glyphs at `at` (rom.FONT_BASE)."""
    d = closest_pair()
    assert d[0] >= MIN_DISTANCE, f"code font: {d[1]} and {d[2]} differ in {d[0]} pixels"
    rom[at:at + FONT_BYTES] = font_bytes()
