"""Benchmark: `picross fix` on stalled 15x15 pictures (median seconds, cold line cache).

The baseline, measured in the same run, is the mean time of one full line solve of a random
15x15 grid (cold cache): the ratio says how many solves' worth of time a fix costs, whatever
the machine.
Run: python -m generator.dev.bench_fix
"""
from __future__ import annotations

import statistics
import time

import numpy as np

from generator.solver.clues import grid_clues
from generator.puzzles.fix import DEFAULT_MAX_FLIPS, fix
from generator.solver.grid import text_to_rows
from generator.solver.linesolve import solve, solve_line

REPEATS = 3

# stalled drafts of the shipped pictures (before they were fixed) and the devlog's example
STALLED = {
    "devlog (1 flip)": """#...##.#.##.##. #.###.#..#.#..# ##.#.##....##.. ####.###....#.#
        ##.#.###..##### .###.#.#.##.##. .##....#..#..#. #####..#.###.#. .##..#..##.##..
        ....##.##.#.... #####..##.#.##. #.#.##.#.##.#.# .#.##.#####.... ##..#..#..#.#.#
        .##.##...#.####""",
    "lookout tower (2 flips)": """.......#....... .....#####..... ...#########... ..###########..
        ...#.......#... ...#.##.##.#... ...#.......#... ..###########.. ...#.......#...
        ...##.....##... ...#.#...#.#... ...#..#.#..#... ...#...#...#... ...#..#.#..#...
        ..##.#...#.##..""",
    "tent (3 flips)": """............... .......#....... ......#.#...... .....#...#..... ....#..#..#....
        ...#..###..#... ..#..#####..#.. .#..#######..#. ############### ...............
        ............... ............... ............... ............... ...............""",
    "eye (none within 3)": """............... ............... .....#####..... ...##.....##...
        ..#...###...#.. .#...#####...#. #...###.###...# #...##...##...# #...###.###...#
        .#...#####...#. ..#...###...#.. ...##.....##... .....#####..... ...............
        ...............""",
}


def _grid(text: str) -> np.ndarray:
    return text_to_rows(text.split()) == 1


def _median(fn) -> float:
    times = []
    for _ in range(REPEATS):
        solve_line.cache_clear()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    rng = np.random.default_rng(1)
    sample = [grid_clues(rng.random((15, 15)) < 0.6) for _ in range(100)]
    base = _median(lambda: [solve(c) for c in sample]) / len(sample)
    print(f"fix (max {DEFAULT_MAX_FLIPS} flips) on stalled 15x15 pictures, median of {REPEATS}, "
          f"cold cache; baseline: line-solving one random 15x15 grid = {base * 1000:.2f} ms")
    for name, text in STALLED.items():
        g = _grid(text)
        took = _median(lambda: fix(g))
        r = fix(g)
        found = f"{len(r.best.flips)} flip(s)" if r.best else "no fix"
        print(f"  {name:26} {took:6.2f} s = {took / base:6.0f} x baseline  ({found}, {r.solves} solver runs)")


if __name__ == "__main__":
    main()
