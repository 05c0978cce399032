"""The puzzle record: one type for a puzzle wherever it comes from (a batch, a puzzle file in any
format, a picture) and wherever it goes (batches, exports, the terminal game, the cart build).

A puzzle always has its clues. A batch puzzle or a picture also has its solution, from which the
clues are worked out on first use (the generator makes thousands a second and writes their text
from the grids directly). A puzzle file may give only clues, some cells already known, a title.
"""
from __future__ import annotations

import numpy as np

from generator.solver.clues import Clues, grid_clues


class Puzzle:
    """clues; solution (bool grid, or None when only the clues are known); known (int8 partial
    grid of cells given as known, or None); name (a picture's or file's title, or None);
    iterations (line-solver passes, 0 when not worked out); source (where it was read, for
    display: "file#N", N numbered from 0); text (its batch JSON line, when the generator made it).
    Source and text are not compared."""

    def __init__(self, clues: Clues | None = None, *, solution: np.ndarray | None = None,
                 known: np.ndarray | None = None, name: str | None = None, iterations: int = 0,
                 source: str = "", text: str | None = None):
        if clues is None and solution is None:
            raise ValueError("a puzzle needs its clues or its solution")
        self._clues = clues
        self.solution = solution
        self.known = known
        self.name = name
        self.iterations = iterations
        self.source = source
        self.text = text

    @classmethod
    def from_grid(cls, grid: np.ndarray, **fields) -> Puzzle:
        """The puzzle whose solution is `grid` (bool); the other fields by keyword."""
        return cls(solution=grid, **fields)

    @property
    def clues(self) -> Clues:
        if self._clues is None:
            self._clues = grid_clues(self.solution)
        return self._clues

    @property
    def height(self) -> int:
        return self.solution.shape[0] if self.solution is not None else self.clues.height

    @property
    def width(self) -> int:
        return self.solution.shape[1] if self.solution is not None else self.clues.width

    def __eq__(self, other) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return (self.clues == other.clues and _same(self.solution, other.solution)
                and _same(self.known, other.known) and self.name == other.name
                and self.iterations == other.iterations)

    __hash__ = None   # mutable: names are set after reading (pictures' --names)

    def __repr__(self) -> str:
        size = f"{self.height}x{self.width}"
        has = [k for k in ("solution", "known") if getattr(self, k) is not None]
        return (f"Puzzle({size}, name={self.name!r}, iterations={self.iterations}, "
                f"source={self.source!r}{''.join(', ' + k for k in has)})")


def _same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    return a is b or a is not None and b is not None and np.array_equal(a, b)
