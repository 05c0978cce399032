"""A complete classifier for clue sets: none / unique / multiple solutions.

Line logic first (the same line solver as linesolve, on the same row/column bit masks, run to
its fixpoint). Where it stalls, branch like the Tk solver in the seeds: take the unfinished line
with the fewest placements that agree with the known cells, and try each placement in turn,
propagating again in each branch, depth first, stopping at the second solution. The branches of
one line are disjoint and cover every solution, so the search is complete.

Each propagation is one node; past `node_limit` the answer is 'unknown' and `limit_hit` says
so, never a silent wrong answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from generator.clues import Clue, Clues, min_length
from generator.linesolve import solve_line

NONE, UNIQUE, MULTIPLE, UNKNOWN_KIND = "none", "unique", "multiple", "unknown"
DEFAULT_NODE_LIMIT = 20_000


@dataclass
class Classification:
    kind: str                                   # none / unique / multiple / unknown
    solutions: list[np.ndarray] = field(default_factory=list)  # up to two, bool grids
    nodes: int = 0
    limit_hit: bool = False


@lru_cache(maxsize=1 << 16)
def count_placements(clue: Clue, n: int, filled: int, empty: int) -> int:
    """Placements of `clue` in a line of n cells that agree with the known cells."""
    k = len(clue)
    # ways[j][p]: placements of runs j.. in cells [p, n)
    ways = [[0] * (n + 2) for _ in range(k + 1)]
    for p in range(n, -1, -1):
        ways[k][p] = 1 if not (filled >> p) else 0
    for j in range(k - 1, -1, -1):
        run, mask = clue[j], (1 << clue[j]) - 1
        last = n - min_length(clue[j:])
        for p in range(n, -1, -1):
            total = 0
            if p < n and not (filled >> p) & 1:
                total = ways[j][p + 1]              # cell p stays empty
            if p <= last and not (mask << p) & empty:
                end = p + run
                if end == n:
                    total += ways[k][n] if j == k - 1 else 0
                elif not (filled >> end) & 1:
                    total += ways[j + 1][end + 1]
            ways[j][p] = total
    return ways[0][0]


def placements(clue: Clue, n: int, filled: int, empty: int):
    """Yield each placement (as a mask of filled cells) that agrees with the known cells."""
    k = len(clue)

    def place(j: int, start: int, acc: int):
        if j == k:
            if not filled >> start:    # no known-filled cell after the last run
                yield acc
            return
        run = (1 << clue[j]) - 1
        for s in range(start, n - min_length(clue[j:]) + 1):
            if s > start and (filled >> (s - 1)) & 1:
                break
            end = s + clue[j]
            if (run << s) & empty or (end < n and (filled >> end) & 1):
                continue
            yield from place(j + 1, end + 1, acc | (run << s))

    yield from place(0, 0, 0)


class _Board:
    """Known cells as bit masks by row (rf/re) and by column (cf/ce)."""

    def __init__(self, clues: Clues, rf, re, cf, ce):
        self.clues, self.rf, self.re, self.cf, self.ce = clues, rf, re, cf, ce

    def copy(self) -> _Board:
        return _Board(self.clues, self.rf[:], self.re[:], self.cf[:], self.ce[:])

    def set_row(self, y: int, f: int, e: int) -> set[int]:
        """Record row y's masks; returns the columns that learnt something."""
        nf, ne = f & ~self.rf[y], e & ~self.re[y]
        self.rf[y], self.re[y] = f, e
        touched = set()
        bit = 1 << y
        x = 0
        while nf | ne:
            if nf & 1:
                self.cf[x] |= bit
                touched.add(x)
            elif ne & 1:
                self.ce[x] |= bit
                touched.add(x)
            nf >>= 1
            ne >>= 1
            x += 1
        return touched

    def set_col(self, x: int, f: int, e: int) -> set[int]:
        nf, ne = f & ~self.cf[x], e & ~self.ce[x]
        self.cf[x], self.ce[x] = f, e
        touched = set()
        bit = 1 << x
        y = 0
        while nf | ne:
            if nf & 1:
                self.rf[y] |= bit
                touched.add(y)
            elif ne & 1:
                self.re[y] |= bit
                touched.add(y)
            nf >>= 1
            ne >>= 1
            y += 1
        return touched

    def propagate(self, rows: set[int], cols: set[int]) -> bool:
        """Line logic to the fixpoint from the dirty lines; False on a contradiction."""
        c, h, w = self.clues, self.clues.height, self.clues.width
        while rows or cols:
            for y in sorted(rows):
                res = solve_line(c.rows[y], w, self.rf[y], self.re[y])
                if res is None:
                    return False
                cols |= self.set_row(y, *res)
            rows = set()
            for x in sorted(cols):
                res = solve_line(c.cols[x], h, self.cf[x], self.ce[x])
                if res is None:
                    return False
                rows |= self.set_col(x, *res)
            cols = set()
        return True

    def solved(self) -> bool:
        full = (1 << self.clues.width) - 1
        return all((f | e) == full for f, e in zip(self.rf, self.re))

    def grid(self) -> np.ndarray:
        w = self.clues.width
        return np.array([[(f >> x) & 1 for x in range(w)] for f in self.rf], dtype=bool)

    def branch_line(self) -> tuple[str, int, int]:
        """The unfinished line with the fewest agreeing placements: (kind, index, count)."""
        c, h, w = self.clues, self.clues.height, self.clues.width
        best = ("row", -1, 1 << 62)
        for kind, clues_, fs, es, n in (("row", c.rows, self.rf, self.re, w),
                                        ("col", c.cols, self.cf, self.ce, h)):
            full = (1 << n) - 1
            for i in range(len(clues_)):
                if (fs[i] | es[i]) == full:
                    continue
                k = count_placements(clues_[i], n, fs[i], es[i])
                if k < best[2]:
                    best = (kind, i, k)
        return best


def _start(clues: Clues, known: np.ndarray | None) -> _Board:
    h, w = clues.height, clues.width
    rf, re, cf, ce = [0] * h, [0] * h, [0] * w, [0] * w
    if known is not None:
        for y, x in zip(*np.nonzero(known >= 0)):
            if known[y, x] == 1:
                rf[y] |= 1 << x
                cf[x] |= 1 << y
            else:
                re[y] |= 1 << x
                ce[x] |= 1 << y
    return _Board(clues, rf, re, cf, ce)


def classify(clues: Clues, node_limit: int = DEFAULT_NODE_LIMIT,
             known: np.ndarray | None = None) -> Classification:
    """Count the solutions of `clues` (with `known` cells, if given) up to two."""
    out = Classification(NONE)
    h, w = clues.height, clues.width
    first = _start(clues, known)
    # each stack entry: a board and the lines whose knowledge changed
    stack: list[tuple[_Board, set[int], set[int]]] = [(first, set(range(h)), set(range(w)))]
    while stack:
        if len(out.solutions) >= 2:
            break
        if out.nodes >= node_limit:
            out.limit_hit = True
            break
        board, rows, cols = stack.pop()
        out.nodes += 1
        if not board.propagate(rows, cols):
            continue
        if board.solved():
            out.solutions.append(board.grid())
            continue
        kind, i, _ = board.branch_line()
        children = []
        if kind == "row":
            full = (1 << w) - 1
            for f in placements(clues.rows[i], w, board.rf[i], board.re[i]):
                b = board.copy()
                children.append((b, set(), b.set_row(i, f, full & ~f)))
        else:
            full = (1 << h) - 1
            for f in placements(clues.cols[i], h, board.cf[i], board.ce[i]):
                b = board.copy()
                children.append((b, b.set_col(i, f, full & ~f), set()))
        stack.extend(reversed(children))   # the leftmost placement is explored first
    if len(out.solutions) >= 2:
        out.kind = MULTIPLE
    elif out.limit_hit:
        out.kind = UNKNOWN_KIND
    else:
        out.kind = UNIQUE if out.solutions else NONE
    return out
