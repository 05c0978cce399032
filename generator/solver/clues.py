"""Clues: the run lengths of each row and column, derived from a grid and checked for sense."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator import UserError, plural
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


def lines_clues(lines: np.ndarray) -> tuple[Clue, ...]:
    """line_clue of each row of a bool (L, n) array: the runs found with numpy (where a padded
    row steps up and down), then cut into one tuple a line, so a large grid costs no Python
    loop over its cells."""
    lines = np.asarray(lines, dtype=bool)
    pad = np.zeros((lines.shape[0], lines.shape[1] + 2), dtype=np.int8)
    pad[:, 1:-1] = lines
    step = np.diff(pad, axis=1)
    up_line, up_at = np.nonzero(step == 1)      # row-major: runs in order, line by line
    _, down_at = np.nonzero(step == -1)
    runs = (down_at - up_at).tolist()
    ends = np.cumsum(np.bincount(up_line, minlength=lines.shape[0])).tolist()
    out, at = [], 0
    for end in ends:
        out.append(tuple(runs[at:end]))
        at = end
    return tuple(out)


def grid_clues(grid: np.ndarray) -> Clues:
    g = np.asarray(grid, dtype=bool)
    return Clues(lines_clues(g), lines_clues(g.T))


def min_length(clue: Clue) -> int:
    """Cells a clue needs at least: its runs plus one gap between each pair."""
    return sum(clue) + max(len(clue) - 1, 0)


def shown(clue: Clue, most: int = 12) -> str:
    """A clue for a message: its runs as a list, the first `most` of a long one and a count."""
    if len(clue) <= most:
        return str(list(clue))
    return f"[{', '.join(map(str, clue[:most]))}, ... ({len(clue)} runs)]"


def validate(clues: Clues) -> Clues:
    """Refuse clues that are not clues (user errors): a size out of range, a run that is not a
    positive whole number. Clues that are clues but that no grid fits are a verdict, not an
    error: see conflict."""
    check_size(clues.height, clues.width)
    for kind, lines in (("row", clues.rows), ("column", clues.cols)):
        for i, clue in enumerate(lines):
            if any((not isinstance(r, int)) or r <= 0 for r in clue):
                raise UserError(f"{kind} {i + 1} clue {shown(clue)} has a run that is not a positive whole number")
    return clues


def conflict(clues: Clues) -> str | None:
    """Why no grid fits these clues, when it shows without solving: a clue longer than its line,
    or the rows filling another number of cells than the columns; else None."""
    for kind, lines, n in (("row", clues.rows, clues.width), ("column", clues.cols, clues.height)):
        for i, clue in enumerate(lines):
            if len(clue) and sum(clue) + len(clue) - 1 > n:
                return f"{kind} {i + 1} clue {shown(clue)} needs {min_length(clue)} cells but the line has {n}"
    rsum, csum = sum(map(sum, clues.rows)), sum(map(sum, clues.cols))
    if rsum != csum:
        return f"the row clues fill {plural(rsum, 'cell')} but the column clues fill {csum}"
    return None


