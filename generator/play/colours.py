"""The solved picture's colours, and RGB colours as terminal colour numbers.

A filled cell of row y is drawn in ramp colour y * 4 // height, top to bottom, as the cart does
(screen slots 11-14 of draw.lua). For a batch the cart packs, the ramp is the world's own: the
cart's worlds.json (looked for beside the file and one folder up) names the batches of each
world, with their slices, and the world's swatches in the spritesheet give its palette. Other
files get DEFAULT_RAMP. Anything unreadable there just means the default ramp.
"""
from __future__ import annotations

from pathlib import Path

from generator import UserError
from generator.cartbuild.artmap import load_rgba, read_swatches
from generator.cartbuild.worlds import read_worlds
from generator.pico8 import COLOURS

RAMP_SLOTS = (11, 12, 13, 14)         # cart/draw.lua: 11-14 the picture ramp, top to bottom
DEFAULT_RAMP = tuple(COLOURS[c] for c in (12, 11, 10, 9))    # blue, green, yellow, orange
Ramp = tuple


def ramp_colour(ramp: Ramp, y: int, height: int):
    return ramp[min(len(ramp) - 1, y * len(ramp) // max(height, 1))]


def world_ramps(path, count: int) -> list[tuple[str | None, Ramp]]:
    """For each of the file's `count` puzzles: (the cart world it belongs to or None, its ramp)."""
    out = [(None, DEFAULT_RAMP)] * count
    if str(path) == "-":
        return out
    path = Path(path).resolve()
    for where in (path.parent, path.parent.parent):
        cfg_path = where / "worlds.json"
        if not cfg_path.is_file():
            continue
        try:
            cfg = read_worlds(cfg_path)
            sheet = None
            for world in cfg.worlds:
                for ref in world.batches:
                    if ref.path.resolve() != path:
                        continue
                    if sheet is None:
                        sheet = load_rgba(cfg.spritesheet, "spritesheet")
                    snaps = read_swatches(sheet, world.art, str(cfg.spritesheet))
                    ramp = tuple(COLOURS[snaps[s].pico8] for s in RAMP_SLOTS)
                    stop = count if ref.count is None else min(count, ref.start + ref.count)
                    for i in range(ref.start, stop):
                        out[i] = (world.title, ramp)
        except (UserError, OSError, ValueError):
            continue
        return out
    return out


# ---- terminal colour numbers ---------------------------------------------------------------
_CUBE = (0, 95, 135, 175, 215, 255)
BASIC8 = ((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
          (0, 205, 205), (229, 229, 229))


def _dist(a, b) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b))


def xterm256(rgb) -> int:
    """The nearest of xterm's 256 colours (the 6x6x6 cube and the grey ramp)."""
    idx = [min(range(6), key=lambda i: abs(_CUBE[i] - c)) for c in rgb]
    cube = 16 + 36 * idx[0] + 6 * idx[1] + idx[2]
    cube_rgb = tuple(_CUBE[i] for i in idx)
    grey_i = min(23, max(0, round((sum(rgb) / 3 - 8) / 10)))
    grey_rgb = (8 + 10 * grey_i,) * 3
    return cube if _dist(rgb, cube_rgb) <= _dist(rgb, grey_rgb) else 232 + grey_i


def basic8(rgb) -> int:
    """The nearest of the 8 basic terminal colours (black excluded: it is the usual paper)."""
    return min(range(1, 8), key=lambda i: _dist(rgb, BASIC8[i]))
