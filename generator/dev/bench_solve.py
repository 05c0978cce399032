"""Benchmark: `picross solve` on larger puzzles from other nonogram tools (line solver, then the
classifier where line logic stalls), 20x20 and 25x25, picture-like (smooth) and noise grids.

Prints median and max CPU seconds per puzzle, and what the classifier found; the baseline,
measured in the same run, is line-solving one random 15x15 grid.
Run: python -m generator.dev.bench_solve
"""
from __future__ import annotations

import statistics
import time
from collections import Counter

import numpy as np

from generator.solver.classify import DEFAULT_NODE_LIMIT, classify
from generator.solver.clues import grid_clues
from generator.puzzles.generate import Params, draw
from generator.solver.linesolve import solve, solve_line

CASES = [  # (label, size, style, density, puzzles, only those line logic does not finish)
    ("20x20 smooth 0.6", 20, "smooth", 0.6, 20, False),
    ("25x25 smooth 0.6", 25, "smooth", 0.6, 20, False),
    ("25x25 noise 0.5, stalled", 25, "noise", 0.5, 10, True),
]


def solve_and_classify(clues) -> tuple[float, str]:
    t = time.process_time()
    r = solve(clues)
    kind = "line-solved" if r.solved else classify(clues).kind
    return time.process_time() - t, kind


def baseline(n: int = 50) -> float:
    grids = np.random.default_rng(0).random((n, 15, 15)) < 0.6
    solve_line.cache_clear()
    t = time.process_time()
    for g in grids:
        solve(grid_clues(g))
    return (time.process_time() - t) / n


def main() -> None:
    base = baseline()
    print(f"solve + classify (node limit {DEFAULT_NODE_LIMIT:,}), CPU seconds a puzzle; "
          f"baseline: line-solving one random 15x15 grid = {base * 1000:.2f} ms")
    for label, size, style, density, n, stalled_only in CASES:
        p = Params(height=size, width=size, density=density, seed=7, style=style).check()
        times, kinds = [], Counter()
        for g in draw(p, 0):
            clues = grid_clues(g)
            if stalled_only and solve(clues).solved:
                continue
            solve_line.cache_clear()
            took, kind = solve_and_classify(clues)
            times.append(took)
            kinds[kind] += 1
            if len(times) == n:
                break
        found = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        print(f"  {label:26} median {statistics.median(times):6.3f} s  max {max(times):6.3f} s"
              f"  = {statistics.median(times) / base:5.0f} x baseline  ({found})")


if __name__ == "__main__":
    main()
