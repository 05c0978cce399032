"""Benchmark: `picross solve` (line logic, then the classifier) by size, on published puzzles,
and the classifier's search against its SAT step.

1. By size, 10x10 to 100x100: picture-like (smooth, density 0.6) puzzles, and noise at density
   0.5 that line logic leaves stalled (up to 40x40; larger noise grids have astronomically many
   solutions and say nothing about real puzzles). CPU seconds a puzzle for line logic and for
   the whole verdict, and what the classifier found.
2. The published puzzles in tests/data/published, each in every format it is stored in.
3. Why SAT: on stalled noise grids, the probing search alone (to 10 s at most) against the
   SAT step alone, per grid.
Run: python -m generator.dev.bench_solve
"""
from __future__ import annotations

import statistics
import time
from collections import Counter
from pathlib import Path

from generator.formats.puzzlefile import read_puzzle
from generator.puzzles.generate import Params, draw
from generator.solver.classify import DEFAULT_NODE_LIMIT, UNKNOWN_KIND, classify
from generator.solver.clues import grid_clues
from generator.solver.linesolve import solve, solve_line
from generator.solver.verdict import verdict

PUBLISHED = Path(__file__).resolve().parents[2] / "tests" / "data" / "published"
SIZES = (10, 15, 20, 30, 40, 50, 60, 80, 100)


def _timed(fn, *args, **kw):
    solve_line.cache_clear()
    t = time.process_time()
    out = fn(*args, **kw)
    return time.process_time() - t, out


def by_size() -> None:
    print(f"1. solve + classify by size (classifier: {DEFAULT_NODE_LIMIT:,} search nodes, then SAT), "
          "CPU seconds a puzzle\n")
    print("| size | puzzles | kind | line logic median | verdict median | verdict max | found |")
    print("|-----:|--------:|------|------------------:|---------------:|------------:|-------|")
    for n in SIZES:
        for style, density, count in (("smooth", 0.6, 8), ("noise", 0.5, 4)):
            if style == "noise" and n > 40:
                continue
            p = Params(height=n, width=n, density=density, seed=n, style=style).check()
            lines, totals, kinds = [], [], Counter()
            for g in draw(p, 0):
                clues = grid_clues(g)
                if style == "noise" and solve(clues).solved:
                    continue            # noise rows: only the grids line logic cannot finish
                t_line, _ = _timed(solve, clues)
                t_all, v = _timed(verdict, clues)
                lines.append(t_line)
                totals.append(t_all)
                kinds["line-solved" if v.solved else f"{v.classification} ({v.method})"] += 1
                if len(totals) == count:
                    break
            found = ", ".join(f"{k} {c}" for k, c in sorted(kinds.items()))
            label = "picture" if style == "smooth" else "noise, stalled"
            print(f"| {n:>4} | {len(totals):>7} | {label} | {statistics.median(lines):>17.3f} "
                  f"| {statistics.median(totals):>14.3f} | {max(totals):>11.3f} | {found} |")


def published() -> None:
    print("\n2. published puzzles (tests/data/published; credits in its README.md)\n")
    print("| file | size | verdict | CPU s |")
    print("|------|-----:|---------|------:|")
    for path in sorted(PUBLISHED.iterdir()):
        if path.suffix not in (".non", ".xml", ".g"):
            continue
        p = read_puzzle(str(path))
        took, v = _timed(verdict, p.clues, p.known)
        what = (f"line-solved in {v.iterations} iterations" if v.solved
                else f"{v.status}, {v.classification} ({v.method})")
        ok = "" if p.solution is None or v.solution is None or (v.solution == p.solution).all() else " MISMATCH"
        print(f"| {path.name} | {p.clues.width}x{p.clues.height} | {what}{ok} | {took:.3f} |")


def search_vs_sat() -> None:
    print("\n3. the classifier's last step: probing search alone (stopped at 10 s) against SAT "
          "alone, stalled noise grids at density 0.5, CPU seconds\n")
    print("| size | grid | search | search nodes | SAT | answer |")
    print("|-----:|-----:|-------:|-------------:|----:|--------|")
    for n in (20, 25, 30, 35):
        p = Params(height=n, width=n, density=0.5, seed=100 + n).check()
        k = 0
        for g in draw(p, 0):
            clues = grid_clues(g)
            if solve(clues).solved:
                continue
            t_search, c = _timed(classify, clues, node_limit=10 ** 9, quick_nodes=0,
                                 time_limit=10, complete=False)
            t_sat, s = _timed(classify, clues, node_limit=0)
            search = ">10" if c.kind == UNKNOWN_KIND else f"{t_search:.3f}"
            print(f"| {n:>4} | {k:>4} | {search:>6} | {c.nodes:>12,} | {t_sat:.3f} | {s.kind} |")
            k += 1
            if k == 3:
                break


def main() -> None:
    by_size()
    published()
    search_vs_sat()


if __name__ == "__main__":
    main()
