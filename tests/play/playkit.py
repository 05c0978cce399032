"""Helpers for the play tests: puzzles to play, the keys that solve them, and what the built cart
shows for a solved puzzle."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from cartfixtures import CART
from generator.cartbuild.colours import decode_string
from generator.formats.record import Puzzle
from generator.pico8 import COLOURS
from generator.render.colouring import shade_slots
from generator.solver.clues import grid_clues
from generator.solver.grid import text_to_rows

HEART = [".#.#.",
         "#####",
         "#####",
         ".###.",
         "..#.."]


def puzzle(rows=HEART, title="heart") -> Puzzle:
    g = text_to_rows(rows).astype(bool)
    return Puzzle(grid_clues(g), solution=g, name=title)


def solving_keys(solution) -> list[str]:
    """Keys that fill every filled cell, row by row, starting from the top-left corner."""
    keys = ["g", "0"]
    for y, row in enumerate(np.asarray(solution)):
        keys.append("0")
        for x, v in enumerate(row):
            if v:
                keys.append(" ")
            keys.append("l")
        keys.append("j")
    return keys


def source_path(name: str) -> Path:
    """A manifest's source file name ('valley.json') as the file in cart/ or cart/pictures/."""
    return next(p for p in (CART / name, CART / "pictures" / name) if p.is_file())


def cart_reveal(manifest, entry) -> tuple[np.ndarray, list]:
    """What the cart shows for a manifest puzzle: its slots (`shade`: the colour code, else the
    rule through the world's ui) and the PICO-8 colour of each of its world's slots."""
    sol = np.array([[c == "#" for c in r] for r in entry["rows"]])
    world = next(w for w in manifest["worlds"] if w["name"] == entry["world"])
    slots = decode_string(entry["colours"], sol) if entry["colours"] else shade_slots(sol, world["ui"])
    return slots, [COLOURS[s["pico8"]] for s in manifest["palettes"][entry["world"]]]
