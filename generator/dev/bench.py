"""`make bench`: the line solvers and the generator against the plain bitmask solver, ratios
measured in the same run.

1. 15x15 noise grids at density 0.6 in one process: grids verified per CPU second (median of
   repeats), acceptance and mean iterations, for batchsolve, the cached linesolve (cache cleared
   before each repeat), the plain bitmask solver (baseline.bitmask_solve) and the devlog's
   list solver (baseline.solve).
2. `picross generate -n 6000 --size 15 --density 0.6 --jobs 1`, end to end (a new process,
   start to file written, wall time), against the plain bitmask solver finding 6000 accepted
   grids: its CPU time a candidate, measured here on the same kind of grids, times the
   candidates the generator tried. Then --jobs 2 against --jobs 1 on -n 60000.
3. linesolve against the plain bitmask solver by size (10 to 60) and density (0.5 to 0.7),
   CPU time on the same grids.
"""
from __future__ import annotations

import datetime
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # one core: set before numpy loads its BLAS

import numpy as np  # noqa: E402

from generator.dev import baseline  # noqa: E402
from generator.solver import batchsolve, linesolve  # noqa: E402
from generator.solver.clues import grid_clues  # noqa: E402

SIZE, DENSITY, SEED = 15, 0.6, 2026


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def run_fast(grids):
    statuses, its = batchsolve.verify_grids(grids)
    return statuses, list(its)


def run_cached(grids):
    linesolve.solve_line.cache_clear()
    rs = [linesolve.solve(grid_clues(g)) for g in grids]
    return [r.status for r in rs], [r.iterations for r in rs]


def run_bitmask(grids):
    rs = [baseline.bitmask_solve(grid_clues(g)) for g in grids]
    return [s for s, _ in rs], [i for _, i in rs]


def run_plain(grids):
    rs = [baseline.solve(grid_clues(g)) for g in grids]
    return [s for s, _ in rs], [i for _, i in rs]


def measure(fn, grids, repeats: int) -> dict:
    rates = []
    for _ in range(repeats):
        t = time.process_time()
        statuses, its = fn(grids)
        rates.append(len(grids) / (time.process_time() - t))
    solved = [i for s, i in zip(statuses, its) if s == linesolve.SOLVED]
    return {"grids": len(grids), "repeats": repeats, "rate": statistics.median(rates),
            "accepted": len(solved) / len(grids), "mean_it": sum(solved) / max(len(solved), 1)}


def solvers_table() -> dict:
    rng = np.random.default_rng(SEED)
    grids = rng.random((20_000, SIZE, SIZE)) < DENSITY
    batchsolve.line_table(SIZE)          # build the placement table outside the timing
    rows = [("batchsolve (fast)", measure(run_fast, grids, 5)),
            ("linesolve (cached)", measure(run_cached, grids[:2_000], 3)),
            ("plain bitmask", measure(run_bitmask, grids[:300], 3)),
            ("plain lists (devlog)", measure(run_plain, grids[:150], 3))]
    print(f"1. {SIZE}x{SIZE} noise grids, density {DENSITY}, one process\n")
    print(f"| {'solver':<20} | {'grids':>6} | {'repeats':>7} | {'grids/CPU s (median)':>20} "
          f"| {'accepted':>8} | {'mean iterations':>15} |")
    print(f"|{'-' * 22}|{'-' * 7}:|{'-' * 8}:|{'-' * 21}:|{'-' * 9}:|{'-' * 16}:|")
    for name, m in rows:
        print(f"| {name:<20} | {m['grids']:>6} | {m['repeats']:>7} | {m['rate']:>20,.0f} "
              f"| {100 * m['accepted']:>7.1f}% | {m['mean_it']:>15.2f} |")
    r = {name: m for name, m in rows}
    fast, cached, bits = (r[k]["rate"] for k in ("batchsolve (fast)", "linesolve (cached)", "plain bitmask"))
    print(f"\nbatchsolve / plain bitmask: {fast / bits:,.0f}x    linesolve / plain bitmask: "
          f"{cached / bits:.1f}x    batchsolve / linesolve: {fast / cached:.1f}x")
    return r


def generate_wall(n: int, jobs: int) -> tuple[float, int]:
    """Wall seconds of `picross generate` in a new process, start to file written; tried."""
    with tempfile.TemporaryDirectory() as d:
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "generator", "generate", "-n", str(n), "--size",
                            str(SIZE), "--density", str(DENSITY), "--jobs", str(jobs), "-o",
                            os.path.join(d, "b.json")], capture_output=True, text=True, check=True)
        took = time.perf_counter() - t
    tried = int(re.search(r"accepted of (\d+) tried", r.stderr).group(1))
    return took, tried


def generator_ratio(bitmask_rate: float) -> None:
    print(f"\n2. picross generate end to end (new process, wall time) against the plain bitmask solver\n")
    walls, tried = [], 0
    for _ in range(3):
        took, tried = generate_wall(6000, 1)
        walls.append(took)
    wall = statistics.median(walls)
    plain = tried / bitmask_rate
    print(f"generate -n 6000 --jobs 1: {wall:.2f} s (median of 3; {tried} candidates tried)")
    print(f"plain bitmask solver on those {tried} candidates: {plain:.1f} s "
          f"({bitmask_rate:,.0f} grids/CPU s, measured in 1.)")
    print(f"generate / plain bitmask: {plain / wall:.1f}x  (target >= 10x)")
    one, _ = generate_wall(60_000, 1)
    two, _ = generate_wall(60_000, 2)
    print(f"generate -n 60000: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s: {one / two:.2f}x "
          f"on {os.cpu_count()} cores (target close to 2x)")


def by_size_table() -> None:
    print("\n3. linesolve against the plain bitmask solver, CPU ms a grid (same noise grids)\n")
    print("| size | density | grids | linesolve ms | plain bitmask ms | ratio |")
    print("|-----:|--------:|------:|-------------:|-----------------:|------:|")
    worst = None
    for n in (10, 15, 20, 30, 40, 50, 60):
        for d in (0.5, 0.6, 0.7):
            count = max(3, int(4000 / n ** 1.6))
            grids = np.random.default_rng(n * 10 + int(d * 10)).random((count, n, n)) < d
            clues = [grid_clues(g) for g in grids]
            linesolve.solve_line.cache_clear()
            t = time.process_time()
            for c in clues:
                linesolve.solve(c)
            fast = (time.process_time() - t) / count
            t = time.process_time()
            for c in clues:
                baseline.bitmask_solve(c)
            slow = (time.process_time() - t) / count
            worst = min(worst or 1e9, slow / fast)
            print(f"| {n:>4} | {d:>7} | {count:>5} | {fast * 1000:>12.2f} | {slow * 1000:>16.2f} "
                  f"| {slow / fast:>5.1f} |")
    print(f"\nlowest linesolve / plain bitmask ratio: {worst:.1f}x  (target >= 2x)")


def main() -> None:
    print("picross8 bench")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"numpy {np.__version__}; {datetime.date.today().isoformat()}\n")
    r = solvers_table()
    generator_ratio(r["plain bitmask"]["rate"])
    by_size_table()


if __name__ == "__main__":
    main()
