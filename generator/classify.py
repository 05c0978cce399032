"""A complete classifier for clue sets: none / unique / multiple solutions.

Line logic (linesolve.solve) first; where it stalls, branch on an unknown cell (filled, then
empty) and propagate again in each branch, depth first, stopping at the second solution. Each
propagation is one node; past `node_limit` the answer is 'unknown' and `limit_hit` says so,
never a silent wrong answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from generator.clues import Clues
from generator.grid import EMPTY, FILLED, UNKNOWN
from generator.linesolve import CONTRADICTION, SOLVED, solve

NONE, UNIQUE, MULTIPLE, UNKNOWN_KIND = "none", "unique", "multiple", "unknown"
DEFAULT_NODE_LIMIT = 20_000


@dataclass
class Classification:
    kind: str                                   # none / unique / multiple / unknown
    solutions: list[np.ndarray] = field(default_factory=list)  # up to two, bool grids
    nodes: int = 0
    limit_hit: bool = False


def _branch_cell(grid: np.ndarray) -> tuple[int, int]:
    """An unknown cell in the row with the fewest unknowns (small branching, fast propagation)."""
    unknown = grid == UNKNOWN
    counts = np.where(unknown.any(axis=1), unknown.sum(axis=1), 1 << 30)
    y = int(np.argmin(counts))
    x = int(np.flatnonzero(unknown[y])[0])
    return y, x


def classify(clues: Clues, node_limit: int = DEFAULT_NODE_LIMIT) -> Classification:
    out = Classification(NONE)
    stack: list[np.ndarray | None] = [None]
    while stack:
        if len(out.solutions) >= 2:
            break
        if out.nodes >= node_limit:
            out.limit_hit = True
            break
        known = stack.pop()
        out.nodes += 1
        r = solve(clues, known)
        if r.status == CONTRADICTION:
            continue
        if r.status == SOLVED:
            out.solutions.append(r.grid == FILLED)
            continue
        y, x = _branch_cell(r.grid)
        for v in (EMPTY, FILLED):  # pushed in reverse: FILLED is explored first
            g = r.grid.copy()
            g[y, x] = v
            stack.append(g)
    if len(out.solutions) >= 2:
        out.kind = MULTIPLE
    elif out.limit_hit:
        out.kind = UNKNOWN_KIND
    else:
        out.kind = UNIQUE if out.solutions else NONE
    return out
