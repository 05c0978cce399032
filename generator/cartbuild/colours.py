"""The pictures' own colours: colour PNGs snapped to their world's 16 slots, coded for the cart.

A world's batch may name a folder of colour PNGs (cart/worlds.json, `"colours"`; the file format
is generator.formats.colourpng). Each pixel is snapped to the nearest of the world's 16
colours by CIEDE2000 (the colour PICO-8 shows for the slot, or the swatch as drawn, whichever is
nearer), as the spritesheet's swatches are snapped to PICO-8's 32; a pixel farther than
palette.MAX_DELTA_E from all of them is refused, naming the cell and the nearest slot.

In the cart a picture's colours are one string in `pz_cols` (generated constants): a character
per filled cell in reading order, chr(48 + slot) ('0'..'9', ':'..'?'), decoded by `shade` in
cart/draw.lua with ord(s, k) - 48. Empty cells cost nothing; flat regions repeat a character,
which PICO-8's code compression takes almost for free. A picture without a PNG (or a random
puzzle) has "" and the cart colours it by the shading rule (generator.render.colouring).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator import UserError
from generator.cartbuild.palette import MAX_DELTA_E, PICO8, Snap, rgb_hex
from generator.colour.difference import ciede2000, srgb_to_lab
from generator.formats.colourpng import colour_path, read_colour_png, slug

BASE = 48        # the character of slot 0


@dataclass
class PictureColours:
    """One picture's colour source and what came of it."""
    path: Path
    slots: np.ndarray | None = None      # slot 0-15 per cell, -1 on empty cells; None: no PNG


def snap_cells(rgb: np.ndarray, solution, palette: list[Snap], where) -> np.ndarray:
    """Each filled cell's nearest world slot (ties to the lower slot); -1 on empty cells."""
    sol = np.asarray(solution, dtype=bool)
    labs = [(srgb_to_lab(PICO8[s.pico8]), srgb_to_lab(s.rgb)) for s in palette]
    out = np.full(sol.shape, -1, dtype=np.int8)
    cache: dict[tuple, tuple[float, int]] = {}
    for y, x in zip(*np.nonzero(sol)):
        c = tuple(int(v) for v in rgb[y, x])
        if c not in cache:
            lab = srgb_to_lab(c)
            cache[c] = min((min(ciede2000(lab, shown), ciede2000(lab, drawn)), i)
                           for i, (shown, drawn) in enumerate(labs))
        d, slot = cache[c]
        if d > MAX_DELTA_E:
            raise UserError(f"{where}: row {y + 1} column {x + 1} is {rgb_hex(c)}, {d:.1f} (CIEDE2000) "
                            f"from the nearest of the world's colours (slot {slot}, "
                            f"{rgb_hex(PICO8[palette[slot].pico8])}); the limit is {MAX_DELTA_E:g}")
        out[y, x] = slot
    return out


def check_folder(folder: Path, names: list[str | None], batch: Path) -> None:
    """The folder exists, its pictures' names give distinct files, and every PNG in it belongs to
    one of them (a renamed picture leaves its PNG behind: say so rather than drop its colours)."""
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise UserError(f"{batch}: its colours folder {folder} {what}")
    seen: dict[str, str] = {}
    for n in names:
        if n is None:
            continue
        s = slug(n)
        if not s:
            raise UserError(f"{batch}: picture {n!r} has no letters or digits to name its colour "
                            f"file; rename it")
        if s in seen:
            raise UserError(f"{batch}: pictures {seen[s]!r} and {n!r} would share the colour file "
                            f"{s}.png; rename one")
        seen[s] = n
    for f in sorted(folder.glob("*.png")):
        if f.stem not in seen:
            raise UserError(f"{f}: no picture of {Path(batch).name} is named {f.stem!r} (its pictures: "
                            f"{', '.join(sorted(seen)[:4])}, ...); rename or remove the PNG")


def read_picture_colours(folder: Path, name: str, solution, palette: list[Snap]) -> PictureColours:
    path = colour_path(folder, name)
    if not path.exists():
        return PictureColours(path)
    rgb = read_colour_png(path, solution)
    return PictureColours(path, snap_cells(rgb, solution, palette, path))


def colour_string(slots: np.ndarray | None, solution) -> str:
    """The cart's code for one picture: chr(48 + slot) per filled cell in reading order; "" for
    none."""
    if slots is None:
        return ""
    sol = np.asarray(solution, dtype=bool)
    return "".join(chr(BASE + int(s)) for s in np.asarray(slots)[sol])


def decode_string(text: str, solution) -> np.ndarray:
    """The inverse of colour_string (tests, and anyone reading a cart): slots, -1 on empty."""
    sol = np.asarray(solution, dtype=bool)
    out = np.full(sol.shape, -1, dtype=np.int8)
    out[sol] = [ord(c) - BASE for c in text]
    return out
