"""Clues: the run lengths of each row and column, derived from a grid and checked for sense."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator import UserError
from generator.solver.grid import check_size

Clue = tuple[int, ...]


@dataclass(frozen=True)
class Clues:
    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.cols)


def line_clue(line) -> Clue:
    """Run lengths of the filled cells of one line; () for an empty line."""
    runs, n = [], 0
    for v in line:
        if v:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    if n:
        runs.append(n)
    return tuple(runs)


def mask_clue(m: int) -> Clue:
    """Run lengths of the set bits of an int, lowest bit first (a line as a mask)."""
    runs = []
    while m:
        m >>= (m & -m).bit_length() - 1          # drop the zeros below the next run
        length = (~m & (m + 1)).bit_length() - 1  # the run of ones now at the bottom
        runs.append(length)
        m >>= length
    return tuple(runs)


def grid_clues(grid: np.ndarray) -> Clues:
    g = np.asarray(grid, dtype=bool)
    return Clues(tuple(line_clue(r) for r in g), tuple(line_clue(c) for c in g.T))


def min_length(clue: Clue) -> int:
    """Cells a clue needs at least: its runs plus one gap between each pair."""
    return sum(clue) + max(len(clue) - 1, 0)


def validate(clues: Clues) -> Clues:
    """Refuse clues that no grid can satisfy for simple reasons (user errors)."""
    check_size(clues.height, clues.width)
    for kind, lines, n in (("row", clues.rows, clues.width), ("column", clues.cols, clues.height)):
        for i, clue in enumerate(lines):
            if any((not isinstance(r, int)) or r <= 0 for r in clue):
                raise UserError(f"{kind} {i + 1} clue {list(clue)} has a run that is not a positive whole number")
            if min_length(clue) > n:
                raise UserError(f"{kind} {i + 1} clue {list(clue)} needs {min_length(clue)} cells but the line has {n}")
    rsum, csum = sum(map(sum, clues.rows)), sum(map(sum, clues.cols))
    if rsum != csum:
        raise UserError(f"row clues fill {rsum} cells but column clues fill {csum}")
    return clues


def clue_text(clue: Clue) -> str:
    return " ".join(map(str, clue)) if clue else "0"


def parse_clue(text: str) -> Clue:
    """'3 1 2', '3.1.2', '3,1,2' or '0' / '' / '-' for an empty line."""
    parts = [p for p in text.replace(".", " ").replace(",", " ").split() if p]
    try:
        runs = tuple(int(p) for p in parts)
    except ValueError:
        raise UserError(f"clue {text.strip()!r} is not a list of numbers") from None
    return () if runs in ((), (0,)) else runs
