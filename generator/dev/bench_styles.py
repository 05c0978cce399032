"""`make bench`: the generator's styles side by side at 15x15, density 0.6: acceptance rate (share
of candidates kept: line-solvable and, for smooth, no solid line), mean and max line-logic
iterations of the kept ones, and candidates drawn per second (drawing and checking, one process).
"""
from __future__ import annotations

import time

from generator.puzzles.generate import STYLES, Params, generate

COUNT, SEED = 300, 1


def main() -> None:
    print(f"styles: {COUNT} puzzles of 15x15 at density 0.6, seed {SEED}, one process")
    print(f"{'style':<8} {'accepted':>9} {'tried':>6} {'rate':>7} {'iter mean':>10} {'iter max':>9} {'cand/s':>8}")
    for style in STYLES:
        t = time.perf_counter()
        out = generate(Params(count=COUNT, seed=SEED, style=style))
        dt = time.perf_counter() - t
        its = [p.iterations for p in out.batch.puzzles]
        n = len(its)
        print(f"{style:<8} {n:>9} {out.tried:>6} {n / out.tried:>7.1%} {sum(its) / n:>10.2f} "
              f"{max(its):>9} {out.tried / dt:>8.0f}")


if __name__ == "__main__":
    main()
