"""Helpers for the play tests: puzzles to play and the keys that solve them."""
from __future__ import annotations

import numpy as np

from generator.formats.puzzlefile import LoadedPuzzle
from generator.solver.clues import grid_clues
from generator.solver.grid import text_to_rows

HEART = [".#.#.",
         "#####",
         "#####",
         ".###.",
         "..#.."]


def puzzle(rows=HEART, title="heart") -> LoadedPuzzle:
    g = text_to_rows(rows).astype(bool)
    return LoadedPuzzle(grid_clues(g), None, g, title)


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
