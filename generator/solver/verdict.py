"""What a puzzle is, in one record: line logic first, then the classifier on what it leaves.

`verdict(clues)` is the one place that solves by line logic and classifies; `picross solve`,
picture import / explain / fix, `picross check` and the cart build all read a Verdict. Its
vocabulary: `status` is line logic's (solved / stalled / contradiction); `classification`
is how many solutions the clues have (unique / multiple / none, or unknown when a limit the
caller set stopped the search), None when the caller asked for line logic only. Clues that
show they fit no grid before any solving (generator.solver.clues.conflict: a clue longer than
its line, rows and columns filling different numbers of cells) are a verdict like any other:
none, method "clues", and the `reason` in words (every 'none' has one).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from generator.solver import classify as _classify
from generator.solver.classify import DEFAULT_NODE_LIMIT, MULTIPLE, NONE, UNIQUE, UNKNOWN_KIND
from generator.solver.clues import Clues, conflict
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED, solve

__all__ = ["Verdict", "verdict", "DEFAULT_NODE_LIMIT", "SOLVED", "STALLED", "CONTRADICTION",
           "UNIQUE", "MULTIPLE", "NONE", "UNKNOWN_KIND"]


@dataclass
class Verdict:
    status: str                          # line logic: solved / stalled / contradiction
    iterations: int                      # line-logic passes that fixed cells
    partial: np.ndarray | None           # int8 grid where line logic stopped (-1 unknown)
    classification: str | None = None    # unique / multiple / none / unknown; None: not asked
    solutions: list[np.ndarray] = field(default_factory=list)  # up to two, bool grids
    nodes: int = 0                       # classifier search nodes (0 when line logic decided)
    limit_hit: bool = False              # a limit set by the caller stopped the classifier
    node_limit: int = DEFAULT_NODE_LIMIT
    steps: list[np.ndarray] = field(default_factory=list)   # partial grid after each iteration
    method: str = ""                     # what decided: "line logic", "search" or "sat"
    time_limit: float | None = None      # the caller's limit on the classifier, seconds
    time_hit: bool = False               # ... and it ran out
    reason: str = ""                     # why there is no solution, when there is none

    @property
    def solved(self) -> bool:
        """Line logic alone finishes it (so it has exactly one solution)."""
        return self.status == SOLVED

    @property
    def unresolved(self) -> np.ndarray:
        """Bool: the cells line logic could not reach."""
        return self.partial == -1

    @property
    def solution(self) -> np.ndarray | None:
        """The one solution when there is exactly one, else None."""
        return self.solutions[0] if self.classification == UNIQUE and self.solutions else None

    def summary(self) -> str:
        """One line on what the classifier found where line logic stalled."""
        n = f"{self.nodes} search nodes" + (", then SAT" if self.method == "sat" else "")
        if self.classification == UNIQUE:
            return f"unique solution, but it needs guessing ({n})"
        if self.classification == MULTIPLE:
            return f"multiple solutions ({n} to find two)"
        if self.classification == NONE:
            return f"no solution: {self.reason}" if self.method == "clues" else f"no solution ({n}): {self.reason}"
        if self.time_hit:
            return (f"unknown: the time limit ({self.time_limit:g} s) ran out before the classifier "
                    "decided; try a longer --time-limit")
        return (f"unknown: the search stopped at the node limit ({self.node_limit}); "
                "try --node-limit")


def verdict(clues: Clues, known: np.ndarray | None = None, node_limit: int = DEFAULT_NODE_LIMIT,
            classify: bool = True, record_steps: bool = False,
            progress: Callable[[int, int], None] | None = None,
            time_limit: float | None = None,
            announce: Callable[[str], None] | None = None,
            heartbeat: Callable[[str], None] | None = None) -> Verdict:
    """Line logic, then (if `classify` and line logic stalls) the classifier on the clues:
    its search for up to `node_limit` nodes, then SAT; unknown only past `time_limit` seconds.
    `progress(iterations, known cells)` hears of each line-logic iteration, `announce(text)`
    that the classifier starts (for big boards, where it may take a while), `heartbeat(text)`
    every few seconds of a classification that goes on (any board)."""
    why = conflict(clues)
    if why is not None:
        unknown = np.full((clues.height, clues.width), -1, dtype=np.int8)
        return Verdict(CONTRADICTION, 0, unknown, NONE if classify else None, node_limit=node_limit,
                       method="clues", time_limit=time_limit, reason=why)
    r = solve(clues, known, record_steps=record_steps, progress=progress)
    v = Verdict(r.status, r.iterations, r.grid, node_limit=node_limit, steps=r.steps,
                time_limit=time_limit)
    if r.status == SOLVED:
        v.classification, v.solutions, v.method = UNIQUE, [r.grid == 1], "line logic"
    elif r.status == CONTRADICTION:
        v.classification, v.method = NONE, "line logic"
        v.reason = f"line logic reaches a contradiction after {r.iterations} iterations"
    elif classify:
        if announce is not None:
            announce(f"line logic stalled after {r.iterations} iterations with "
                     f"{int(v.unresolved.sum()):,} cells unknown; classifying (search, then SAT)")
        c = _classify.classify(clues, node_limit, known, time_limit=time_limit, heartbeat=heartbeat)
        v.classification, v.solutions, v.nodes, v.limit_hit = c.kind, c.solutions, c.nodes, c.limit_hit
        v.method, v.time_hit = c.method, c.time_hit
        if c.kind == NONE:
            v.reason = ("every guess of the search ends in a contradiction" if c.method == "search"
                        else "the SAT solver finds no grid that fits")
    return v


def line_verdicts(clue_sets: list[Clues]) -> list[Verdict]:
    """Line logic only, for many clue sets at once (the batch solver: same status and
    iterations as `verdict(..., classify=False)`, but no partial grids are kept)."""
    from generator.solver.batchsolve import solve_many

    statuses, iterations = solve_many(clue_sets)
    return [Verdict(s, int(i), None) for s, i in zip(statuses, iterations)]
