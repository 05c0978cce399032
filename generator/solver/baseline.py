"""The devlog's line solver written plainly: the baseline for `make bench` and an extra oracle.

Placements are Python lists of 0/1, built afresh for every line on every pass; no caching, no
bit tricks. For each row, then each column: keep the placements that agree with the known
cells (1 filled, 0 empty, -1 unknown); a cell with the same value in all of them is forced.
Passes repeat until one changes nothing. Statuses and iteration counts match linesolve.solve.
"""
from __future__ import annotations

from generator.solver.clues import Clues
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED


def placements(clue, n: int) -> list[list[int]]:
    """Every way to lay the runs of `clue` in a line of n cells."""
    if not clue:
        return [[0] * n]
    first, rest = clue[0], clue[1:]
    rest_min = sum(rest) + len(rest)          # the rest, each with a gap before it
    out = []
    for start in range(n - rest_min - first + 1):
        head = [0] * start + [1] * first
        if rest:
            head.append(0)
        for tail in placements(rest, n - len(head)):
            out.append(head + tail)
    return out


def solve_line(clue, line: list[int]) -> list[int] | None:
    """The line with its forced cells filled in, or None when no placement fits."""
    fits = [p for p in placements(clue, len(line))
            if all(k == -1 or k == v for k, v in zip(line, p))]
    if not fits:
        return None
    return [fits[0][i] if all(p[i] == fits[0][i] for p in fits) else line[i]
            for i in range(len(line))]


def solve(clues: Clues) -> tuple[str, int]:
    """(status, iterations), as linesolve.solve counts them."""
    h, w = clues.height, clues.width
    grid = [[-1] * w for _ in range(h)]
    iterations = 0
    while True:
        changed = False
        for y in range(h):
            new = solve_line(clues.rows[y], grid[y])
            if new is None:
                return CONTRADICTION, iterations
            if new != grid[y]:
                grid[y] = new
                changed = True
        for x in range(w):
            col = [grid[y][x] for y in range(h)]
            new = solve_line(clues.cols[x], col)
            if new is None:
                return CONTRADICTION, iterations
            if new != col:
                for y in range(h):
                    grid[y][x] = new[y]
                changed = True
        if changed:
            iterations += 1
        if all(v != -1 for row in grid for v in row):
            return SOLVED, iterations
        if not changed:
            return STALLED, iterations
