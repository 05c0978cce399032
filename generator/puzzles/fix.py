"""Make a picture line-solvable with the fewest cell flips, near where line logic stalls.

Search: line logic stalls with a region of unresolved cells. Candidate flips are the cells in
that region or touching it (8-neighbourhood), so the picture keeps its look. Level 1 tries each
candidate alone. Level k+1 extends only the most promising level-k states (the ones that left
fewest unresolved cells, at most BEAM of them; states that did not shrink the region are
dropped when any did), each with candidates from its OWN remaining region. Every state is
one full line solve (fast: linesolve.solve_line is cached); the search is deterministic.

Ranking of the fixes found at the smallest number of flips: total distance of the flips from
the original unresolved region (0 = inside it), then fewest iterations (an easier puzzle),
then position. Several fixes are reported as alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from generator import plural
from generator.solver.clues import Clues, grid_clues, line_clue
from generator.solver.grid import UNKNOWN
from generator.solver.linesolve import solve
from generator.solver.verdict import verdict

DEFAULT_MAX_FLIPS = 3
BEAM = 24

Cell = tuple[int, int]


@dataclass
class Fix:
    flips: tuple[Cell, ...]       # (row, column), 0-based
    grid: np.ndarray              # the fixed picture (bool)
    iterations: int
    distance: int                 # sum over flips of the distance to the original region

    def describe(self, before: np.ndarray) -> str:
        parts = [f"r{y + 1}c{x + 1} {'fill' if not before[y, x] else 'clear'}" for y, x in self.flips]
        return ", ".join(parts) + f" -> line-solvable in {plural(self.iterations, 'iteration')}"


@dataclass
class FixResult:
    already_solvable: bool
    unresolved: int               # cells line logic leaves unknown in the original
    fixes: list[Fix] = field(default_factory=list)   # best first, all with the fewest flips
    solves: int = 0               # line solves the search spent
    max_flips: int = DEFAULT_MAX_FLIPS

    @property
    def best(self) -> Fix | None:
        return self.fixes[0] if self.fixes else None


def near_region(unknown: np.ndarray) -> np.ndarray:
    """Cells in the region or touching it (8-neighbourhood)."""
    h, w = unknown.shape
    p = np.pad(unknown, 1)
    out = np.zeros_like(unknown)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            out |= p[dy:dy + h, dx:dx + w]
    return out


def region_distance(unknown: np.ndarray) -> np.ndarray:
    """Chebyshev distance of each cell to the nearest unresolved cell."""
    ys, xs = np.nonzero(unknown)
    gy, gx = np.indices(unknown.shape)
    d = np.maximum(np.abs(gy[..., None] - ys), np.abs(gx[..., None] - xs))
    return d.min(axis=-1)


def _candidates(unknown: np.ndarray) -> list[Cell]:
    ys, xs = np.nonzero(near_region(unknown))
    return list(zip(ys.tolist(), xs.tolist()))


def _clues_after(base: Clues, g: np.ndarray, flips: tuple[Cell, ...]) -> Clues:
    """Clues of `g` (= the picture with `flips` applied): only the flipped lines change."""
    rows, cols = list(base.rows), list(base.cols)
    for y in {y for y, _ in flips}:
        rows[y] = line_clue(g[y])
    for x in {x for _, x in flips}:
        cols[x] = line_clue(g[:, x])
    return Clues(tuple(rows), tuple(cols))


def fix(grid: np.ndarray, max_flips: int = DEFAULT_MAX_FLIPS, beam: int = BEAM) -> FixResult:
    grid = np.asarray(grid, dtype=bool)
    base = grid_clues(grid)
    r = verdict(base, classify=False)
    if r.solved:
        return FixResult(True, 0, max_flips=max_flips)
    unknown0 = r.unresolved
    dist = region_distance(unknown0)
    out = FixResult(False, int(unknown0.sum()), max_flips=max_flips)
    seen: set[frozenset] = set()
    # a state: (flips, its unresolved mask)
    frontier: list[tuple[tuple[Cell, ...], np.ndarray]] = [((), unknown0)]
    for _level in range(max_flips):
        found, states = [], []
        for flips, unknown in frontier:
            for cell in _candidates(unknown):
                key = frozenset(flips + (cell,))
                if cell in flips or key in seen:
                    continue
                seen.add(key)
                new = tuple(sorted(key))
                g = grid.copy()
                for y, x in new:
                    g[y, x] = not g[y, x]
                res = solve(_clues_after(base, g, new))
                out.solves += 1
                if res.solved:
                    found.append(Fix(new, g, res.iterations, int(sum(dist[c] for c in new))))
                else:
                    states.append((new, res.grid == UNKNOWN))
        if found:
            found.sort(key=lambda f: (f.distance, f.iterations, f.flips))
            out.fixes = found
            return out
        parent = min(int(u.sum()) for _, u in frontier)
        states.sort(key=lambda s: (int(s[1].sum()), int(sum(dist[c] for c in s[0])), s[0]))
        better = [s for s in states if int(s[1].sum()) < parent]
        frontier = (better or states)[:beam]
    return out


def fix_report(grid: np.ndarray, result: FixResult, alternatives: int = 5) -> str:
    if result.already_solvable:
        return "already line-solvable: nothing to fix"
    head = f"line logic leaves {result.unresolved} cells unresolved"
    if not result.fixes:
        return (f"{head}\nno fix with at most {result.max_flips} flip(s) near the unresolved region "
                f"({result.solves} solver runs): redraw that part by hand")
    best = result.best
    lines = [head, f"best fix ({len(best.flips)} flip{'s' if len(best.flips) > 1 else ''}): "
             + best.describe(grid)]
    others = result.fixes[1:1 + alternatives]
    if others:
        total = len(result.fixes) - 1
        shown = f"{len(others)} of {total} shown" if len(others) < total else f"{total}"
        lines.append(f"alternatives with as few flips ({shown}):")
        lines += ["  " + f.describe(grid) for f in others]
    lines.append(f"({result.solves} solver runs)")
    return "\n".join(lines)
