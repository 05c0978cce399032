"""A picture's colour source: a PNG of one pixel a cell beside its text source.

`cart/pictures/valley.txt` holds the pictures' cells; `cart/pictures/valley/<slug>.png` holds
each picture's colours (`slug("moon over ridge")` = `moon-over-ridge`). The PNG is exactly the
picture's size; a filled cell is an opaque pixel of any colour, an empty cell a transparent one
(the text decides which cells are filled, the PNG must agree). Colours are true colours here;
the build snaps them to the world's 16 (generator.cartbuild.colours), as it does the spritesheet.

Errors a designer can make (wrong size, a cell coloured that the picture leaves empty or the
reverse, a half-transparent pixel) are one UserError naming the file and the cell, counted
from 1 like every cell in our messages.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from generator import UserError
from generator.files.userfile import open_png

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """A picture name as a file name: lower case, runs of anything but a-z 0-9 as one '-'."""
    return _NOT_SLUG.sub("-", name.lower()).strip("-")


def colour_path(folder: Path, name: str) -> Path:
    return Path(folder) / f"{slug(name)}.png"


def read_colour_png(path, solution) -> np.ndarray:
    """The RGB colour of each cell (h x w x 3 uint8, zero where the picture is empty); refuses a
    PNG that does not match the picture's size and filled cells."""
    sol = np.asarray(solution, dtype=bool)
    h, w = sol.shape
    rgba = open_png(path, "colour")
    if rgba.shape[:2] != (h, w):
        raise UserError(f"{path}: is {rgba.shape[1]}x{rgba.shape[0]} pixels; its picture is "
                        f"{w}x{h} (one pixel a cell)")
    alpha = rgba[..., 3]
    partial = (alpha > 0) & (alpha < 255)
    if partial.any():
        y, x = np.argwhere(partial)[0]
        raise UserError(f"{path}: row {y + 1} column {x + 1} is partly transparent (alpha "
                        f"{alpha[y, x]}); a cell is either coloured (opaque) or empty (transparent)")
    wrong = (alpha == 255) != sol
    if wrong.any():
        y, x = np.argwhere(wrong)[0]
        what = ("coloured, but the picture leaves it empty" if sol[y, x] == 0
                else "transparent, but the picture fills it")
        raise UserError(f"{path}: row {y + 1} column {x + 1} is {what} "
                        f"({int(wrong.sum())} such cell{'s' if wrong.sum() > 1 else ''}); colour "
                        f"exactly the filled cells")
    rgb = rgba[..., :3].copy()
    rgb[~sol] = 0
    return rgb


def colour_png(rgb, solution):
    """The PNG image (Pillow, RGBA) of cell colours: opaque on filled cells, transparent elsewhere;
    the inverse of read_colour_png."""
    from PIL import Image

    sol = np.asarray(solution, dtype=bool)
    rgba = np.zeros(sol.shape + (4,), dtype=np.uint8)
    rgba[..., :3] = np.asarray(rgb, dtype=np.uint8)
    rgba[..., 3] = np.where(sol, 255, 0)
    rgba[~sol, :3] = 0
    return Image.fromarray(rgba, "RGBA")
