"""Which clue numbers of a line are certainly placed, given the player's marks.

A clue number is dimmed when the run it describes can sit in only one place among all the ways
the whole clue fits the line's marks (filled cells must be covered, crossed cells left empty),
and the player has filled every cell of that place. An empty line's clue (shown as 0) is dimmed
while the line has no filled cell. Marks that no placement fits dim nothing.

Run j can start at s when: its cells hold no cross; the cells just before and after it are not
filled; the runs before it fit the cells left of that gap, and the runs after it the cells right
of the other gap. Each "fit" is one call of the line solver (generator.solver.linesolve's
solve_line, the same two bit sweeps as cart/solver.lua), so a cart port needs nothing new: for
run j, try each start, split the line there, and ask the line solver about the two sides.

Lines are bit masks as in the solver: cell i is bit i.
"""
from __future__ import annotations

from functools import lru_cache

from generator.solver.clues import Clue
from generator.solver.linesolve import solve_line


def _fits(clue: Clue, n: int, filled: int, empty: int) -> bool:
    """Does `clue` fit the n cells whose marks are filled/empty (bits beyond n ignored)?"""
    if n <= 0:
        return not clue
    mask = (1 << n) - 1
    return solve_line(clue, n, filled & mask, empty & mask) is not None


def run_starts(clue: Clue, n: int, filled: int, empty: int, j: int) -> list[int]:
    """Every start of run j that some placement of the whole clue agreeing with the marks uses."""
    length = clue[j]
    starts = []
    for s in range(n - length + 1):
        end = s + length                       # the cell just after the run
        if (((1 << length) - 1) << s) & empty:
            continue
        if s > 0 and (filled >> (s - 1)) & 1 or end < n and (filled >> end) & 1:
            continue
        if not _fits(clue[:j], s - 1, filled, empty):
            continue
        if not _fits(clue[j + 1:], n - end - 1, filled >> (end + 1), empty >> (end + 1)):
            continue
        starts.append(s)
    return starts


@lru_cache(maxsize=1 << 14)
def dimmed(clue: Clue, n: int, filled: int, empty: int) -> tuple[bool, ...]:
    """One flag per shown clue number (one for an empty line's 0): is its run certainly placed
    and filled in? `filled` / `empty` are the player's filled and crossed cells."""
    if not clue:
        return (filled & ((1 << n) - 1) == 0,)
    out = []
    for j, length in enumerate(clue):
        starts = run_starts(clue, n, filled, empty, j)
        if not starts:                          # the marks fit no placement: dim nothing
            return (False,) * len(clue)
        cells = ((1 << length) - 1) << starts[0]
        out.append(len(starts) == 1 and filled & cells == cells)
    return tuple(out)
