"""The line solver: the devlog's permutation-intersection algorithm.

For each row and column, take every placement of its clue that agrees with what is known;
a cell that is filled in all of them is filled, a cell that is empty in all of them is empty.
Repeat over all rows, then all columns (one *iteration*), until a pass changes nothing; a pass
solves only the lines that changed since their last solve (the others would learn nothing).

`line_bits` finds that intersection without listing the placements, by two bit-parallel
sweeps over the line; `line_enumerate` (listing them) and `line_dp` (a cell-by-cell dynamic
program) give the same answers more slowly and are kept as oracles for the tests.

A grid that this solver completes has exactly one solution: every cell it fixes is forced by
the clues (it holds in every solution), so any solution equals the completed grid.

Lines are bit masks: cell i of a line is bit i. `cart/solver.lua` is the same algorithm in
PICO-8 Lua (`line_bits` is its line loop); the two are held to identical answers by
tests/cart/test_lua_solver.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from generator.solver.board import Board, grid_from_masks, known_masks
from generator.solver.clues import Clues
from generator.solver.status import Status
from generator.solver.line import (line_bits, line_dp, line_enumerate, line_sweeps,  # noqa: F401
                                   placement_count, solve_line)

SOLVED, STALLED, CONTRADICTION = Status.SOLVED, Status.STALLED, Status.CONTRADICTION
__all__ = ["SOLVED", "STALLED", "CONTRADICTION", "SolveResult", "solve", "known_masks",
           "line_bits", "line_dp", "line_enumerate", "line_sweeps", "placement_count", "solve_line"]


@dataclass
class SolveResult:
    status: str                      # solved / stalled / contradiction
    iterations: int                  # passes (all rows, then all columns) that fixed cells
    grid: np.ndarray                 # int8: 1 filled, 0 empty, -1 unknown
    steps: list[np.ndarray] = field(default_factory=list)  # grid after each iteration

    @property
    def solved(self) -> bool:
        return self.status == SOLVED


def solve(clues: Clues, known: np.ndarray | None = None, record_steps: bool = False,
          progress: Callable[[int, int], None] | None = None) -> SolveResult:
    """Run line logic to its fixpoint. `known` (int8, -1 unknown) seeds the board, e.g. for hints.

    `progress(iterations, known cells)` hears of each iteration (for big boards)."""
    board = Board.start(clues, known)
    steps: list[np.ndarray] = []
    iterations = 0

    def on_pass(b: Board) -> None:
        nonlocal iterations
        iterations += 1
        if record_steps:
            steps.append(b.partial())
        if progress is not None:
            progress(iterations, b.known_count())

    ok = board.propagate_all(on_pass, line=solve_line)   # looked up here: tests may patch it
    status = CONTRADICTION if not ok else SOLVED if board.solved() else STALLED
    return SolveResult(status, iterations, board.partial(), steps)
