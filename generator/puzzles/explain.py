"""Why a picture needs guessing: where line logic stalls, or two different solutions.

The ASCII view and the PNG here are deliberately minimal (a stall view, not a puzzle renderer:
generator/render/text.py and generator/render/png.py own the full renderings).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from generator import plural
from generator.solver.clues import Clues, grid_clues
from generator.solver.grid import UNKNOWN
from generator.solver.verdict import DEFAULT_NODE_LIMIT, MULTIPLE, NONE, UNIQUE, verdict
from generator.render.png import grid_image, side_by_side
from generator.render.text import PICTURE_CELLS, board

SOLVED_KIND, GUESS_KIND, MULTIPLE_KIND, UNDECIDED_KIND = "solved", "needs guessing", "multiple solutions", "undecided"
NONE_KIND = "no solution"


@dataclass
class Explanation:
    kind: str                    # solved / needs guessing / multiple solutions / no solution / undecided
    clues: Clues
    partial: np.ndarray          # int8 grid where line logic stopped
    iterations: int
    solutions: list[np.ndarray] = field(default_factory=list)  # two when multiple
    reason: str = ""             # why there is none, when there is none

    @property
    def unresolved(self) -> np.ndarray:
        return self.partial == UNKNOWN

    def summary(self) -> str:
        n = int(self.unresolved.sum())
        if self.kind == SOLVED_KIND:
            return f"line-solvable in {plural(self.iterations, 'iteration')}"
        head = f"line logic stalls after {self.iterations} iterations with {n} unresolved cells"
        if self.kind == MULTIPLE_KIND:
            d = int((self.solutions[0] != self.solutions[1]).sum())
            return f"{head}: the clues have several solutions (two shown, {d} cells differ)"
        if self.kind == GUESS_KIND:
            return f"{head}: the solution is unique but the player must guess"
        if self.kind == NONE_KIND:
            return f"no grid fits these clues: {self.reason}"
        return f"{head}: the search limit was hit before uniqueness was decided"


def explain(grid: np.ndarray, node_limit: int = DEFAULT_NODE_LIMIT) -> Explanation:
    return explain_clues(grid_clues(grid), node_limit)


def explain_clues(clues: Clues, node_limit: int = DEFAULT_NODE_LIMIT,
                  known: np.ndarray | None = None) -> Explanation:
    v = verdict(clues, known, node_limit)
    if v.solved:
        return Explanation(SOLVED_KIND, clues, v.partial, v.iterations)
    kind = {UNIQUE: GUESS_KIND, MULTIPLE: MULTIPLE_KIND, NONE: NONE_KIND}.get(v.classification, UNDECIDED_KIND)
    return Explanation(kind, clues, v.partial, v.iterations, v.solutions if kind == MULTIPLE_KIND else [],
                       v.reason)


def explanation_text(e: Explanation) -> str:
    parts = [e.summary()]
    if e.kind != SOLVED_KIND:
        parts += ["", "where line logic stops ('?' = unresolved):",
                  board(e.clues, e.partial, cells=PICTURE_CELLS).rstrip("\n")]
    if e.kind == MULTIPLE_KIND:
        diff = e.solutions[0] != e.solutions[1]
        for i, s in enumerate(e.solutions, 1):
            parts += ["", f"solution {i} ('@' = filled here, empty in the other):",
                      board(e.clues, s, cells=PICTURE_CELLS, mark=diff & s).rstrip("\n")]
    return "\n".join(parts)


def explanation_image(e: Explanation):
    """The stalled grid with unresolved cells highlighted; plus two solutions when several,
    the cells where they differ outlined."""
    images = [grid_image(e.partial)]
    if e.kind == MULTIPLE_KIND:
        diff = e.solutions[0] != e.solutions[1]
        images += [grid_image(s, diff) for s in e.solutions]
    return side_by_side(images)
