"""Benchmark: `picross solve` (line logic, then the classifier) by size, on published puzzles,
and the classifier's search against its SAT step.

1. By size, 10x10 to 100x100: picture-like (smooth, density 0.6) puzzles, and noise at density
   0.5 that line logic leaves stalled (up to 40x40; larger noise grids have astronomically many
   solutions and say nothing about real puzzles). CPU seconds a puzzle for line logic and for
   the whole verdict, and what the classifier found.
2. The published puzzles in tests/data/published, each in every format it is stored in.
3. Why SAT: on stalled noise grids, the probing search alone (to 10 s at most) against the
   SAT step alone, per grid.
4. Large puzzles with several solutions (the slowest answers): constructed, as published ones
   may not be stored here. Drawn scenes (ellipses, boxes, rings and strokes, OR-ed on a
   canvas): line-solvable ones with a few ambiguous pairs planted in their empty stretches
   (two isolated cells, either diagonal fitting the clues: the flaw that makes a published
   picture not unique), with a patch of noise too (a part that needs guessing), and ones line
   logic leaves stalled; and smooth pictures of density 0.5, where line logic learns next to
   nothing. CPU seconds of the whole verdict, each under a
   60 s --time-limit.
Run: python -m generator.dev.bench_solve
"""
from __future__ import annotations

import datetime
import statistics
import time
from collections import Counter
from pathlib import Path

import numpy as np

from generator.formats.puzzlefile import read_puzzle
from generator.puzzles.generate import Params, draw
from generator.solver.classify import DEFAULT_NODE_LIMIT, UNKNOWN_KIND, classify
from generator.solver.status import Kind
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


def drawn_scene(rng: np.random.Generator, h: int, w: int, shapes: int) -> np.ndarray:
    """A picture of `shapes` ellipses, boxes, rings and thick strokes OR-ed on an h x w canvas."""
    g = np.zeros((h, w), dtype=bool)
    yy, xx = np.mgrid[0:h, 0:w]
    for _ in range(shapes):
        kind = rng.integers(4)
        cy, cx = rng.uniform(0, h), rng.uniform(0, w)
        ry, rx = rng.uniform(2, h / 4), rng.uniform(2, w / 4)
        d = ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2
        if kind == 0:
            g |= d <= 1
        elif kind == 1:
            g |= (abs(yy - cy) <= ry) & (abs(xx - cx) <= rx)
        elif kind == 2:
            g |= (d <= 1) & (d >= 0.55)
        else:
            a = rng.uniform(0, np.pi)
            g |= abs((yy - cy) * np.cos(a) - (xx - cx) * np.sin(a)) <= rng.uniform(0.5, 2)
    return g


def plant_pairs(rng: np.random.Generator, g: np.ndarray, k: int, span: int = 30) -> np.ndarray:
    """`g` with k ambiguous pairs: cells (y1, x1), (y2, x2) filled where rows y1, y2 and columns
    x1, x2 are empty between and around them, so (y1, x2), (y2, x1) fit the clues as well."""
    g = g.copy()
    h, w = g.shape
    for _ in range(100_000):
        if not k:
            break
        y1, x1 = int(rng.integers(0, h)), int(rng.integers(0, w))
        y2, x2 = y1 + int(rng.integers(2, span)), x1 + int(rng.integers(2, span))
        if y2 >= h or x2 >= w:
            continue
        ys, xs = slice(max(y1 - 1, 0), y2 + 2), slice(max(x1 - 1, 0), x2 + 2)
        if not (g[max(y1 - 1, 0):y1 + 2, xs].any() or g[y2 - 1:y2 + 2, xs].any()
                or g[ys, max(x1 - 1, 0):x1 + 2].any() or g[ys, x2 - 1:x2 + 2].any()):
            g[y1, x1] = g[y2, x2] = True
            k -= 1
    return g


def large_multiple(count: int = 4, limit: float = 60.0) -> None:
    print(f"\n4. large puzzles with several solutions, constructed (CPU seconds of the whole "
          f"verdict, at most {limit:g} s each; {datetime.date.today().isoformat()})\n")
    print("| puzzles | size | kind | unknown cells after line logic, median | verdict median | verdict max | found |")
    print("|--------:|-----:|------|------:|------:|------:|-------|")
    families = []
    rng = np.random.default_rng(22)

    def scenes(h, w, stalled):
        while True:
            g = drawn_scene(rng, h, w, int(rng.integers(5, 15)))
            if solve(grid_clues(g)).solved != stalled:
                yield g

    pictures = scenes(59, 99, False)
    families.append(("59x99", "picture, 3 ambiguous pairs planted",
                     (plant_pairs(rng, next(pictures), 3) for _ in range(count))))
    families.append(("59x99", "picture, 12 ambiguous pairs planted",
                     (plant_pairs(rng, next(pictures), 12) for _ in range(count))))

    def patched(size: int, pairs: int):
        for g in pictures:        # a picture with a patch of noise (a part that needs guessing)
            y, x = int(rng.integers(0, 59 - size)), int(rng.integers(0, 99 - size))
            g[y:y + size, x:x + size] = rng.random((size, size)) < 0.5
            yield plant_pairs(rng, g, pairs)
    families.append(("59x99", "picture, 20x20 patch of noise, 2 pairs planted", patched(20, 2)))
    families.append(("59x99", "drawn scene, stalled", scenes(59, 99, True)))
    families.append(("80x120", "drawn scene, stalled", scenes(80, 120, True)))
    p = Params(height=59, width=99, density=0.5, seed=59, style="smooth").check()
    families.append(("59x99", "smooth picture, density 0.5", iter(draw(p, 0))))
    for size, kind, grids in families:
        totals, unknown, found = [], [], Counter()
        for g in grids:
            took, v = _timed(verdict, grid_clues(g), time_limit=limit)
            if v.classification != Kind.MULTIPLE and not v.time_hit:
                continue                # the families are of puzzles with several solutions
            totals.append(took)
            unknown.append(int(v.unresolved.sum()))
            found[f"{v.classification} ({v.method})" if not v.time_hit else f"over {limit:g} s"] += 1
            if len(totals) == count:
                break
        what = ", ".join(f"{k} {n}" for k, n in sorted(found.items()))
        print(f"| {len(totals)} | {size} | {kind} | {statistics.median(unknown):,.0f} | "
              f"{statistics.median(totals):.2f} | {max(totals):.2f} | {what} |")


def main() -> None:
    by_size()
    published()
    search_vs_sat()
    large_multiple()


if __name__ == "__main__":
    main()
