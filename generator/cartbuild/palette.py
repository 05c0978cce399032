"""Snapping true colours to PICO-8's 32 (generator.pico8.COLOURS) by perceptual distance
(CIEDE2000, generator.colour.difference), and the draw palette that subdues a world's art behind
its clues.

PICO-8 colour numbers: 0-15 are the standard palette, 128-143 the "secret" one. A display
palette `pal({[0]=c0, ..., c15}, 1)` maps each of the 16 screen slots to one of these 32.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.colour.contrast import contrast
from generator.colour.difference import ciede2000, srgb_to_lab
from generator.pico8 import COLOURS

# A swatch farther than this (CIEDE2000) from every PICO-8 colour is refused: the cart
# could not show anything like it. 10 is "clearly a different colour" but the same family.
MAX_DELTA_E = 10.0


def rgb_hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb[:3])


# PICO-8 colour number -> (r, g, b)
PICO8 = COLOURS

_PICO8_LAB = {k: srgb_to_lab(v) for k, v in PICO8.items()}


@dataclass(frozen=True)
class Snap:
    rgb: tuple[int, int, int]      # the drawn colour
    pico8: int                     # nearest PICO-8 colour number (0-15 or 128-143)
    delta_e: float                 # its CIEDE2000 distance


def snap(rgb) -> Snap:
    """Nearest PICO-8 colour by CIEDE2000 (ties go to the lower colour number)."""
    lab = srgb_to_lab(rgb)
    best = min(_PICO8_LAB, key=lambda k: (ciede2000(lab, _PICO8_LAB[k]), k))
    return Snap(tuple(int(c) for c in rgb[:3]), best, ciede2000(lab, _PICO8_LAB[best]))


# ---- the subdued backdrop: the world's art behind the play and solved screens ---------------

CLUE_ROLES = (6, 7, 10)     # ui roles drawn over the backdrop: clue, dim clue, text (cart/draw.lua)
KEEP_CONTRAST = 0.7         # each keeps at least this share of its contrast against the plain backdrop
DIM_TOWARDS = 0.4           # an art colour moves this far from the backdrop colour (in CIELAB)


def dim_table(display: list, ui: list[int]) -> list[int]:
    """A draw-palette table (art slot -> screen slot) that draws the world's art subdued: each
    art colour becomes the screen colour nearest (CIEDE2000) to the point DIM_TOWARDS of the way
    from the backdrop colour (ui role 0) to it in CIELAB, chosen only among colours that keep
    every clue role at least KEEP_CONTRAST of its contrast against the plain backdrop.
    `display` holds the 16 slots' RGB colours."""
    bg = display[ui[0]]
    ok = [s for s in range(16)
          if all(contrast(display[s], display[ui[r]]) >= KEEP_CONTRAST * contrast(bg, display[ui[r]])
                 for r in CLUE_ROLES)]
    lab = [srgb_to_lab(c) for c in display]
    out = []
    for s in range(16):
        t = tuple(b + (a - b) * DIM_TOWARDS for a, b in zip(lab[s], lab[ui[0]]))
        out.append(min(ok, key=lambda j: ciede2000(lab[j], t)))
    return out
