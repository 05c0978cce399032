"""Draws cart/spritesheet.png (run: python cart/art/draw_art.py; the label is a screenshot).

The PNGs are the source of truth for the build; this script is how they were made, kept so
they can be redrawn. Colours here are the designer's true colours; the build snaps each
world's swatches to PICO-8's palette (CIEDE2000) and reports how far each one moved.

Sprite map (pixels; rows 64-127 are left transparent: the puzzles live there in the cart):

    y 0-7    x 0-127   sprites 0-15, UI (drawn in the ui palette = spires):
                       0 blank, 1 cursor (7x7 frame), 2 filled cell (5x5), 3 cross (5x5),
                       4 tick, 5 lock, 6 clock, 7 hint bulb, 8 star, 9 arrow right,
                       10 arrow left, 11 spires icon, 12 lookout icon, 13 dice (endless),
                       14 small dot, 15 big cursor (8x8 frame)
    y 8-11   x 0-63    spires swatches: 16 cells of 4x4, slot 0..15 left to right
    y 12-15  x 0-63    lookout swatches: same
    y 8-15   x 64-127  "picross8" logo, 64x8 (slot 7 on slot 0)
    y 16-39  x 0-127   spires backdrop 128x24 (towers, arches, stairs, sun, water)
    y 40-63  x 0-127   lookout backdrop 128x24 (sunset, ridges, pines, lookout tower)

Slot roles, the same in both worlds so the UI reads in either palette:
    0 ink (darkest)  1 deep  2 shade  3 dusk  4 mid  5 soft  6 muted  7 paper (lightest)
    8 accent  9 warm light  10 highlight  11 glow  12 pale  13 hot  14 plum/brown  15 peach
"""
from __future__ import annotations

import math
from pathlib import Path

from PIL import Image

CART = Path(__file__).resolve().parent.parent

# designer colours per world, slot 0..15
SPIRES = ["#141c36", "#1f2c52", "#15545b", "#4a343b", "#764769", "#85779c", "#a3897a", "#fdf1e6",
          "#fd78a7", "#fbcba9", "#f2ee80", "#fd9e82", "#c3c4c8", "#fd6e5a", "#7d2654", "#2aadfd"]
LOOKOUT = ["#060409", "#2a1914", "#43223a", "#125359", "#7d2653", "#764565", "#742f2a", "#f4ee80",
           "#fd6d26", "#fea303", "#fdeb2a", "#fd9d82", "#be1351", "#fd6e59", "#ab5337", "#fecbaa"]

# 3x5 glyphs for the logo and label
GLYPHS = {
    "p": ["###", "#.#", "###", "#..", "#.."], "i": ["###", ".#.", ".#.", ".#.", "###"],
    "c": ["###", "#..", "#..", "#..", "###"], "r": ["##.", "#.#", "##.", "#.#", "#.#"],
    "o": ["###", "#.#", "#.#", "#.#", "###"], "s": ["###", "#..", "###", "..#", "###"],
    "8": ["###", "#.#", "###", "#.#", "###"],
}


def rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


class Canvas:
    def __init__(self, img, pal, ox=0, oy=0, w=128, h=128):
        self.img, self.pal, self.ox, self.oy, self.w, self.h = img, pal, ox, oy, w, h

    def pset(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.img.putpixel((self.ox + x, self.oy + y), rgb(self.pal[c]) + ((255,) if self.img.mode == "RGBA" else ()))

    def rect(self, x0, y0, x1, y1, c):
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.pset(x, y, c)

    def frame(self, x0, y0, x1, y1, c):
        for x in range(x0, x1 + 1):
            self.pset(x, y0, c)
            self.pset(x, y1, c)
        for y in range(y0, y1 + 1):
            self.pset(x0, y, c)
            self.pset(x1, y, c)

    def disc(self, cx, cy, r, c):
        for y in range(cy - r, cy + r + 1):
            for x in range(cx - r, cx + r + 1):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r + r:
                    self.pset(x, y, c)

    def rows(self, x, y, pattern, c):
        for dy, row in enumerate(pattern):
            for dx, ch in enumerate(row):
                if ch == "#":
                    self.pset(x + dx, y + dy, c)

    def text(self, x, y, s, c, scale=1):
        for ch in s:
            for dy, row in enumerate(GLYPHS[ch]):
                for dx, v in enumerate(row):
                    if v == "#":
                        self.rect(x + dx * scale, y + dy * scale, x + dx * scale + scale - 1, y + dy * scale + scale - 1, c)
            x += 4 * scale


UI = {  # sprite number -> (pattern rows, slot); '#' pixels get the slot, others slot 0
    1: (["#######", "#.....#", "#.....#", "#.....#", "#.....#", "#.....#", "#######"], 8),
    2: (["#####"] * 5, 2),
    3: (["#...#", ".#.#.", "..#..", ".#.#.", "#...#"], 5),
    4: ([".......", "......#", ".....#.", "#...#..", ".#.#...", "..#...."], 10),
    5: (["..###..", ".#...#.", ".#...#.", "#######", "###.###", "###.###", "#######"], 6),
    6: ([".#####.", "#...#.#", "#...#.#", "#..##.#", "#.....#", "#.....#", ".#####."], 7),
    7: (["..###..", ".#####.", ".#####.", ".#####.", "..###..", "..#.#..", "..###.."], 10),
    8: (["...#...", "...#...", "#######", ".#####.", "..###..", ".##.##.", "#.....#"], 10),
    9: (["#....", "##...", "###..", "##...", "#...."], 7),
    10: (["....#", "...##", "..###", "...##", "....#"], 7),
    11: (["...#...", "..###..", "..#.#..", "..###..", ".#####.", ".#.#.#.", "#######"], 5),
    12: (["...#...", "..###..", ".#####.", "..###..", ".#####.", "#######", "...#..."], 2),
    13: (["#######", "#.....#", "#.#.#.#", "#.....#", "#.#.#.#", "#.....#", "#######"], 7),
    14: (["##", "##"], 7),
    15: (["########", "#......#", "#......#", "#......#", "#......#", "#......#", "#......#", "########"], 8),
}


def draw_ui(img):
    c = Canvas(img, SPIRES)
    c.rect(0, 0, 127, 7, 0)
    for n, (pattern, slot) in UI.items():
        c.rows(n * 8, 0, pattern, slot)
    # the filled cell gets a light top-left edge
    c.rect(16, 0, 20, 0, 4)
    c.rect(16, 0, 16, 4, 4)
    # logo
    c.rect(64, 8, 127, 15, 0)
    c.text(66, 9, "picross8", 7, 1)


def swatches(img, pal, y):
    c = Canvas(img, pal)
    for i in range(16):
        c.rect(i * 4, y, i * 4 + 3, y + 3, i)


def dither(c, x, y, a, b, level):
    """Two colours in a 2x2 ordered dither: level 0 all a .. 4 all b."""
    order = [[0, 2], [3, 1]]
    c.pset(x, y, b if order[y % 2][x % 2] < level else a)


def draw_spires(c: Canvas):
    """Pastel sky, a big pale sun, geometric towers with arches and stairs, teal water."""
    bands = [9, 9, 9, 9, 11, 11, 11, 8]
    for y in range(24):
        for x in range(128):
            band = min(y // 2, 7)
            if y < 14:
                lvl = (y % 3) + 1 if y in (3, 4, 5, 9, 10, 11) else 0
                dither(c, x, y, 9 if y < 6 else 11, 11 if y < 6 else 8, lvl if y >= 3 else 0)
            else:
                c.pset(x, y, bands[band])
    c.disc(96, 9, 6, 7)
    # water
    c.rect(0, 19, 127, 23, 2)
    for x in range(0, 128, 6):
        c.pset(x + (x // 6) % 3, 21, 15)
        c.pset(x + 2, 23, 1)

    def tower(x, top, w, shade_w):
        # lit face and shadow face, a cap, arch openings
        c.rect(x, top, x + w - 1, 19, 7)
        c.rect(x + w - shade_w, top, x + w - 1, 19, 5)
        c.rect(x, top - 1, x + w - 1, top - 1, 6)
        c.pset(x + w // 2, top - 2, 6)
        for ay in range(top + 3, 17, 5):
            c.rect(x + 1, ay, x + 2, ay + 2, 2)
            c.pset(x + 1, ay, 7)

    tower(8, 6, 7, 3)
    tower(30, 10, 9, 4)
    tower(52, 3, 6, 2)
    tower(112, 8, 8, 3)
    # an arch bridge between towers
    c.rect(15, 12, 29, 13, 12)
    for x in range(17, 29):
        if abs(x - 22.5) < 4:
            c.pset(x, 14 + int(3 - abs(x - 22.5)), 12)
    # stairs climbing to the tall tower
    for i in range(6):
        c.rect(40 + i * 2, 18 - i * 2, 41 + i * 2, 19, 12)
        c.pset(40 + i * 2, 18 - i * 2, 7)
    # pink accents: flags
    c.pset(56, 0, 8)
    c.pset(57, 1, 8)
    c.pset(116, 5, 13)
    # ink silhouette of a small figure on the bridge
    c.pset(22, 10, 0)
    c.pset(22, 11, 0)
    c.pset(21, 11, 14)


def draw_lookout(c: Canvas):
    """One hue: orange sky to gold, a low sun, maroon ridges, black pines and a lookout tower."""
    for y in range(24):
        for x in range(128):
            if y < 6:
                c.pset(x, y, 8)
            elif y < 9:
                dither(c, x, y, 8, 9, y - 5)
            else:
                dither(c, x, y, 9, 10, min(4, (y - 9) // 2))
    c.disc(40, 13, 5, 7)
    c.disc(40, 13, 3, 10)

    def ridge(base, amp, freq, phase, slot):
        for x in range(128):
            h = base - amp * (0.6 * math.sin(x * freq + phase) + 0.4 * math.sin(x * freq * 2.3 + phase * 1.7))
            for y in range(int(h), 24):
                c.pset(x, y, slot)

    ridge(13, 3, 0.07, 1.0, 5)
    ridge(16, 3, 0.09, 2.5, 4)
    ridge(19, 2, 0.12, 0.3, 2)
    ridge(22, 1, 0.2, 1.1, 0)

    def pine(x, base, h):
        for i in range(h):
            half = (h - i) // 3
            c.rect(x - half, base - i, x + half, base - i, 0)
        c.pset(x, base + 1, 0)

    for x, h in ((4, 9), (9, 6), (14, 8), (100, 7), (106, 10), (112, 6), (121, 9), (126, 7)):
        pine(x, 21, h)
    # the lookout: legs, cabin with a lit window, roof
    c.rect(76, 6, 82, 6, 0)
    c.rect(77, 7, 81, 10, 0)
    c.rect(78, 8, 80, 9, 10)
    c.pset(79, 8, 7)
    for y in range(11, 22):
        d = (y - 11) // 4
        c.pset(77 - d, y, 0)
        c.pset(81 + d, y, 0)
        if y % 4 == 0:
            c.rect(77 - d, y, 81 + d, y, 0)
    c.rect(75, 5, 83, 5, 1)
    # a plum rim on the nearest ridge
    for x in range(0, 128, 3):
        c.pset(x, 23, 2)


def draw_sheet() -> Image.Image:
    img = Image.new("RGBA", (128, 128), (0, 0, 0, 0))
    draw_ui(img)
    swatches(img, SPIRES, 8)
    swatches(img, LOOKOUT, 12)
    draw_spires(Canvas(img, SPIRES, 0, 16, 128, 24))
    draw_lookout(Canvas(img, LOOKOUT, 0, 40, 128, 24))
    return img


if __name__ == "__main__":
    # cart/label.png is not drawn here: `make screenshots` takes it from the title screen
    sheet = draw_sheet()
    sheet.save(CART / "spritesheet.png")
    # a 4x preview for the README
    preview = CART.parent / "docs" / "spritesheet-4x.png"
    sheet.convert("RGB").resize((512, 512), Image.NEAREST).save(preview)
    print(f"wrote {CART / 'spritesheet.png'} and {preview} "
          "(run `make screenshots` to refresh cart/label.png)")
