"""Bench: the cart's Lua solver under lupaz8, in VM instructions (PICO-8 runs ~4M a second).

Solves 1,000 random 15x15 grids (density 0.6, seed 1) from nothing and prints the median and
99th percentile of the instructions one solve() takes, and the solver's token count.
Run: python -m generator.dev.bench_lua [n]
"""
from __future__ import annotations

import sys

import numpy as np

from generator.cartbuild.tokens import count_text
from generator.console.luavm import SOLVER_LUA, sample_solve_counts
from generator.pico8 import SOLVER_TOKEN_BUDGET, frame_budget
from generator.files.userfile import parse_whole

SEED, SIZE, DENSITY = 1, 15, 0.6
TOKEN_BUDGET = SOLVER_TOKEN_BUDGET
# the targets: a whole check within one 30 fps frame (~133,000 instructions)
MEDIAN_TARGET, P99_TARGET = 40_000, frame_budget()


def main(argv: list[str]) -> None:
    n = parse_whole(argv[0], 1, 1_000_000) if argv else 1000     # ASCII digits, as every number
    counts = sample_solve_counts(n, SEED, SIZE, DENSITY)
    tokens = count_text(SOLVER_LUA.read_text()).tokens
    print(f"lua solver: {n} random {SIZE}x{SIZE} grids (density {DENSITY}, seed {SEED})")
    median, p99 = np.median(counts), np.percentile(counts, 99)
    print(f"  VM instructions per solve: median {median:,.0f} (target {MEDIAN_TARGET:,}), "
          f"p99 {p99:,.0f} (target {P99_TARGET:,}), max {counts.max():,}")
    print(f"  tokens: {tokens} (budget {TOKEN_BUDGET})")
    ok = median <= MEDIAN_TARGET and p99 <= P99_TARGET and tokens <= TOKEN_BUDGET
    print(f"  {'within' if ok else 'NOT within'} the targets and the token budget")


if __name__ == "__main__":
    main(sys.argv[1:])
