"""RGB colours as terminal colour numbers: the nearest of xterm's 256, or of the 8 basic ones
when the terminal has no more (the terminal game's picture and screens, generator.play.terminal).
Nearness is squared RGB distance: the terminal's colours are a coarse grid, not the cart's own.
"""
from __future__ import annotations

_CUBE = (0, 95, 135, 175, 215, 255)
BASIC8 = ((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
          (0, 205, 205), (229, 229, 229))


def _dist(a, b) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b))


def xterm256(rgb) -> int:
    """The nearest of xterm's 256 colours (the 6x6x6 cube and the 24 greys)."""
    idx = [min(range(6), key=lambda i: abs(_CUBE[i] - c)) for c in rgb]
    cube = 16 + 36 * idx[0] + 6 * idx[1] + idx[2]
    cube_rgb = tuple(_CUBE[i] for i in idx)
    grey_i = min(23, max(0, round((sum(rgb) / 3 - 8) / 10)))
    grey_rgb = (8 + 10 * grey_i,) * 3
    return cube if _dist(rgb, cube_rgb) <= _dist(rgb, grey_rgb) else 232 + grey_i


def basic8(rgb) -> int:
    """The nearest of the 8 basic terminal colours (black excluded: it is the usual paper)."""
    return min(range(1, 8), key=lambda i: _dist(rgb, BASIC8[i]))
