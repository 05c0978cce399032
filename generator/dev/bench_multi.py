"""Benchmark: large puzzles with several solutions, the current solver against a baseline
commit, both measured in the same run.

Published puzzles of this kind (a 99x59 page of lettering from Wolter's survey was the slowest
answer) may not be stored here, so the set is constructed, deterministic from a seed:
- pictures of text (generator.dev.text_scene): lines of random words in a 4x5 block font, the
  published puzzle's kind; four at 99x59 (its size) and one at 150x100, past what the SAT
  step decides in the time limit;
- a scene with 2x2 blocks: a drawn scene (generator.dev.bench_solve.drawn_scene) with 150 2x2
  blocks planted, each a diagonal pair whose four neighbours along its rows and columns are
  empty, so the other diagonal fits the clues too (2^k solutions at least); so many blocks
  shred the picture into something like noise, which line logic cannot start: the limit;
- a line-solvable scene with a square of noise (a part that needs search) and blocks planted;
- smooth pictures (the generator's "smooth" style) of density 0.4 and 0.45, where line logic
  learns next to nothing.
Each family draws from its own random stream (the seed and the family's number), so a family
added or dropped leaves the others' puzzles as they were.

Each solver runs in its own subprocess (`python -c WORKER` with PYTHONPATH set): the baseline
is `git archive BASELINE generator` unpacked in a temporary directory, the current one this
tree. A puzzle's CPU seconds (the whole `verdict`, line-solver cache cleared first) are the
median of RUNS runs of each, taken in turn. The answers must agree: the same kind, and every
solution spells the clues. The table also says how many cells line logic leaves unknown: where
it leaves nearly all, the first solution is SAT's alone to find (docs/solver.md).
Run: python -m generator.dev.bench_multi [--runs N] [--baseline COMMIT]
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

import numpy as np

from generator.dev.bench_solve import drawn_scene
from generator.dev.cli_args import real_type, whole_type
from generator.dev.text_scene import text_picture
from generator.errors import ArgumentParser
from generator.puzzles.generate import smooth_grids
from generator.solver.board import Board
from generator.solver.clues import Clues, grid_clues
from generator.solver.linesolve import solve

ROOT = Path(__file__).resolve().parents[2]
BASELINE = "6da0b9f"   # the SAT step before the run starts were cut (two Glucose solvers taking turns)
RUNS = 3
TIME_LIMIT = 30.0   # seconds a verdict may take; past it the bench says "over"
SEED = 31

# run in a subprocess by both solvers: argv[1] is a JSON file of clue sets; one JSON line out
# per puzzle: its kind, method, search nodes, CPU seconds and solutions (rows of '#' and '.')
WORKER = """
import json, sys, time
from generator.solver.clues import Clues
from generator.solver.linesolve import solve_line
from generator.solver.verdict import verdict
for rows, cols in json.load(open(sys.argv[1])):
    clues = Clues(tuple(map(tuple, rows)), tuple(map(tuple, cols)))
    solve_line.cache_clear()
    t = time.process_time()
    v = verdict(clues, time_limit=float(sys.argv[2]))
    took = time.process_time() - t
    sols = [["".join("#" if c else "." for c in row) for row in s.tolist()] for s in v.solutions]
    print(json.dumps({"kind": v.classification, "method": v.method, "nodes": v.nodes,
                      "seconds": took, "time_hit": v.time_hit, "solutions": sols}), flush=True)
"""


def plant_blocks(rng: np.random.Generator, g: np.ndarray, k: int) -> np.ndarray:
    """`g` with k 2x2 blocks planted at random: a diagonal pair, filled, whose neighbours along
    its two rows and two columns are emptied, so the other diagonal fits every clue too."""
    g = g.copy()
    h, w = g.shape
    for _ in range(k):
        y, x = int(rng.integers(1, h - 2)), int(rng.integers(1, w - 2))
        g[y - 1, x:x + 2] = g[y + 2, x:x + 2] = False
        g[y:y + 2, x - 1] = g[y:y + 2, x + 2] = False
        d = bool(rng.integers(2))
        g[y, x] = g[y + 1, x + 1] = d
        g[y, x + 1] = g[y + 1, x] = not d
    return g


def line_solvable_scene(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    while True:
        g = drawn_scene(rng, h, w, int(rng.integers(5, 15)))
        if solve(grid_clues(g)).solved:
            return g


class Sizes(NamedTuple):
    """One size of the benchmark's families."""
    text: tuple             # (height, width, how many) of the pictures of text
    scenes: tuple           # (height, width, blocks planted) of each drawn scene
    detail: int             # drawn_scene's shapes
    solvable: tuple         # (height, width) of the line-solvable scene
    noise: tuple            # (top, left, side) of its square of noise
    blocks: int             # blocks planted in it
    smooth: tuple           # (height, width) of the smooth pictures


BENCH = Sizes(((59, 99, 4), (100, 150, 1)), ((59, 99, 150),), 12, (59, 99), (20, 40, 18), 30,
              (59, 99))
TEST = Sizes(((34, 50, 2),), ((20, 30, 8), (30, 40, 20)), 6, (30, 40), (10, 15, 10), 5, (20, 30))


def families(sizes: Sizes, seed: int = SEED) -> list[tuple[str, Clues]]:
    """The families' puzzles at one size, (name, clues), the same for the same seed."""
    out = []
    rng = np.random.default_rng([seed, 0])
    for h, w, count in sizes.text:
        for k in range(count):
            out.append((f"{w}x{h} text{f' ({k + 1})' if count > 1 else ''}",
                        grid_clues(text_picture(rng, h, w))))
    rng = np.random.default_rng([seed, 1])
    for h, w, k in sizes.scenes:
        g = plant_blocks(rng, drawn_scene(rng, h, w, sizes.detail), k)
        out.append((f"{w}x{h} scene, {k} blocks", grid_clues(g)))
    rng = np.random.default_rng([seed, 2])
    (h, w), (top, left, side) = sizes.solvable, sizes.noise
    g = line_solvable_scene(rng, h, w)
    g[top:top + side, left:left + side] = rng.random((side, side)) < 0.5
    out.append((f"{w}x{h} solvable scene, {side}x{side} noise, {sizes.blocks} blocks",
                grid_clues(plant_blocks(rng, g, sizes.blocks))))
    rng = np.random.default_rng([seed, 3])
    h, w = sizes.smooth
    for density in (0.4, 0.45):
        g = smooth_grids(rng, 1, h, w, density)[0]
        out.append((f"{w}x{h} smooth, density {density}", grid_clues(g)))
    return out


def constructed(seed: int = SEED) -> list[tuple[str, Clues]]:
    """The benchmark's puzzles, (name, clues), the same for the same seed."""
    return families(BENCH, seed)


def small_set(seed: int = SEED) -> list[tuple[str, Clues]]:
    """The same families at test sizes (each decided in well under a second): for tests that
    hold the current solver's answers to the baseline's."""
    return families(TEST, seed)


def unknown_after_line_logic(clues: Clues) -> int:
    """The cells line logic leaves unknown (all of them if it finds a contradiction)."""
    b = Board.start(clues)
    return b.unknown_count() if b.propagate_all() else clues.height * clues.width


def baseline_tree(commit: str, into: str) -> str:
    """`generator` at `commit`, unpacked under `into`; returns the directory to put on PYTHONPATH."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "generator"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return into


def run_solver(path: str, puzzles: list[tuple[str, Clues]], tmp: str,
               limit: float = TIME_LIMIT) -> list[dict]:
    """Every puzzle through the solver found on PYTHONPATH `path`, in a subprocess, each
    verdict under a `limit` seconds' --time-limit."""
    data = Path(tmp) / "clues.json"
    data.write_text(json.dumps([[c.rows, c.cols] for _, c in puzzles]))
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run([sys.executable, "-c", WORKER, str(data), str(limit)], cwd=path, env=env,
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def check(clues: Clues, answer: dict) -> None:
    """Every solution spells the clues; 'multiple' shows two different ones."""
    sols = [np.array([[c == "#" for c in row] for row in s]) for s in answer["solutions"]]
    for s in sols:
        if grid_clues(s) != clues:
            raise SystemExit("a solution does not spell the clues")
    if answer["kind"] == "multiple" and (len(sols) != 2 or (sols[0] == sols[1]).all()):
        raise SystemExit("'multiple' without two different solutions")


def main(argv: list[str] | None = None) -> None:
    ap = ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=whole_type(1, 1000), default=RUNS)
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--time-limit", type=real_type(0.001, 86400), default=TIME_LIMIT)
    args = ap.parse_args(argv)
    puzzles = constructed()
    times: dict[str, list[list[float]]] = {"old": [[] for _ in puzzles], "new": [[] for _ in puzzles]}
    answers: dict[str, list[list[dict]]] = {"old": [[] for _ in puzzles], "new": [[] for _ in puzzles]}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"old": baseline_tree(args.baseline, tmp), "new": str(ROOT)}
        for _ in range(args.runs):
            for which, path in trees.items():
                for i, a in enumerate(run_solver(path, puzzles, tmp, args.time_limit)):
                    times[which][i].append(a["seconds"])
                    answers[which][i].append(a)
    print(f"large puzzles with several solutions, constructed (seed {SEED}): CPU seconds of the "
          f"whole verdict, median of {args.runs} runs (over: past the {args.time_limit:g} s "
          f"time limit, wall time); old = {args.baseline}, new = this tree\n")
    print("| puzzle | unknown after line logic | old answer | new answer | old s | new s |")
    print("|--------|-------------------------:|------------|------------|------:|------:|")
    kinds = set()
    for i, (name, clues) in enumerate(puzzles):
        cells = []
        for which in ("old", "new"):
            for a in answers[which][i]:
                check(clues, a)
                if not a["time_hit"]:
                    kinds.add((name, a["kind"]))
            a = answers[which][i][-1]
            t = statistics.median(times[which][i])
            over = sum(x["time_hit"] for x in answers[which][i]) * 2 > len(answers[which][i])
            said = ("past the time limit" if a["time_hit"]
                    else f"{a['kind']} ({a['method']}, {a['nodes']} nodes)")
            cells.append((said, f"over {args.time_limit:g}" if over else f"{t:.2f}"))
        left = f"{unknown_after_line_logic(clues):,} of {clues.height * clues.width:,}"
        print(f"| {name} | {left} | {cells[0][0]} | {cells[1][0]} | {cells[0][1]} | {cells[1][1]} |")
    names = [n for n, _ in kinds]
    if len(names) != len(set(names)):
        raise SystemExit("the old and new answers differ: " + ", ".join(sorted(map(str, kinds))))


if __name__ == "__main__":
    main()
