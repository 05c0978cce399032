"""Pictures of text: lines of random words in a 4x5 block font (a few letters 1 or 5 wide).

Large published puzzles with several solutions are often of this kind (a page of lettering,
a line of text every seven rows): line logic finds the blank rows between the lines and little
else, and the letters' corners, loops and diagonals leave more than one way to fill a line of
text. The benchmark (generator.dev.bench_multi) builds them from a seed, since published
puzzles may not be stored here.

One blank column between letters, two between words, lines filled from the left (a line's last
word cut to fit), two blank rows between lines; the words are random letters drawn by English
letter frequency.
"""
from __future__ import annotations

import functools

import numpy as np

# English letters by frequency, as counts per 100 (rounded; every letter at least once)
LETTERS = "etaoinshrdlcumwfgypbvkjxqz"
WEIGHTS = (12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1)
# the font, a letter's five rows from the top ('#' filled)
FONT = {
    "a": "#### #..# #### #..# #..#", "b": "###. #..# #### #..# ####",
    "c": "#### #... #... #... ####", "d": "###. #..# #..# #..# ###.",
    "e": "#### #... ###. #... ####", "f": "#### #... ###. #... #...",
    "g": "#### #... #.## #..# ####", "h": "#..# #..# #### #..# #..#",
    "i": "# # # # #", "j": "...# ...# ...# #..# ####",
    "k": "#..# #.#. ##.. #.#. #..#", "l": "#... #... #... #... ####",
    "m": "#...# ##.## #.#.# #...# #...#", "n": "#..# ##.# #.## #..# #..#",
    "o": "#### #..# #..# #..# ####", "p": "#### #..# #### #... #...",
    "q": "#### #..# #..# #.## ####", "r": "#### #..# #### #.#. #..#",
    "s": "#### #... #### ...# ####", "t": "##### ..#.. ..#.. ..#.. ..#..",
    "u": "#..# #..# #..# #..# ####", "v": "#...# #...# .#.#. .#.#. ..#..",
    "w": "#...# #...# #.#.# ##.## #...#", "x": "#..# #..# .##. #..# #..#",
    "y": "#...# .#.#. ..#.. ..#.. ..#..", "z": "#### ...# .##. #... ####",
}
GLYPH_H = 5
LETTER_GAP, WORD_GAP, LINE_GAP = 1, 2, 2
WORD_LEN = (2, 8)           # letters a word, inclusive


@functools.lru_cache(maxsize=None)
def glyph(letter: str) -> np.ndarray:
    """The 5-row picture of one letter."""
    return np.array([[c == "#" for c in row] for row in FONT[letter].split()], dtype=bool)


def text_picture(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """An h x w picture of lines of random words (deterministic for the generator's state)."""
    g = np.zeros((h, w), dtype=bool)
    p = np.array(WEIGHTS, dtype=float) / sum(WEIGHTS)
    y = 0
    while y + GLYPH_H <= h:
        x = 0
        while x < w:
            word = [str(c) for c in rng.choice(list(LETTERS), size=int(rng.integers(
                WORD_LEN[0], WORD_LEN[1] + 1)), p=p)]
            for letter in word:
                pic = glyph(letter)
                if x + pic.shape[1] > w:          # the line is full
                    x = w
                    break
                g[y:y + GLYPH_H, x:x + pic.shape[1]] = pic
                x += pic.shape[1] + LETTER_GAP
            x += WORD_GAP - LETTER_GAP
        y += GLYPH_H + LINE_GAP
    return g
