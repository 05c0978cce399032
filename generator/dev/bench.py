"""`make bench`: how fast candidate grids are verified, fast batch solver against the baselines.

For 15x15 noise grids at density 0.6 in one process: grids verified per second (median of
several repeats), acceptance rate (share line-solvable) and mean iterations of the solvable
ones, for batchsolve, the cached linesolve (cache cleared before each repeat) and plain.py, the
devlog's algorithm written plainly; then the ratios. Keep the whole run under two minutes.
"""
from __future__ import annotations

import datetime
import os
import platform
import statistics
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # one core: set before numpy loads its BLAS

import numpy as np  # noqa: E402

from generator.solver import batchsolve, linesolve  # noqa: E402
from generator.solver import baseline as plain  # noqa: E402
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


def run_plain(grids):
    rs = [plain.solve(grid_clues(g)) for g in grids]
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


def main() -> None:
    rng = np.random.default_rng(SEED)
    grids = rng.random((20_000, SIZE, SIZE)) < DENSITY
    batchsolve.line_table(SIZE)          # build the placement table outside the timing
    rows = [("batchsolve (fast)", measure(run_fast, grids, 5)),
            ("linesolve (cached)", measure(run_cached, grids[:2_000], 3)),
            ("plain (devlog)", measure(run_plain, grids[:150], 3))]
    print(f"picross8 bench: {SIZE}x{SIZE} noise grids, density {DENSITY}, one process")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"numpy {np.__version__}; {datetime.date.today().isoformat()}")
    print()
    print(f"| {'solver':<18} | {'grids':>6} | {'repeats':>7} | {'grids/CPU s (median)':>16} "
          f"| {'accepted':>8} | {'mean iterations':>15} |")
    print(f"|{'-' * 20}|{'-' * 7}:|{'-' * 8}:|{'-' * 21}:|{'-' * 9}:|{'-' * 16}:|")
    for name, m in rows:
        print(f"| {name:<18} | {m['grids']:>6} | {m['repeats']:>7} | {m['rate']:>20,.0f} "
              f"| {100 * m['accepted']:>7.1f}% | {m['mean_it']:>15.2f} |")
    fast, cached, slow = (m["rate"] for _, m in rows)
    print()
    print(f"fast / plain: {fast / slow:,.0f}x    fast / cached linesolve: {fast / cached:,.1f}x    "
          f"(targets: >= 10,000 grids/s, >= 100x plain)")


if __name__ == "__main__":
    main()
