"""Numbers for notebooks/explore.ipynb: how random grids fare under line logic.

Everything here is plain data (numpy arrays, counters), no plotting, so the notebook's cells stay
short and `make figures` draws exactly what the notebook draws. Each experiment takes its own
seed, derived from the notebook's SEED and the experiment's parameters, so changing one
parameter does not reshuffle the others' samples.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from generator.classify import DEFAULT_NODE_LIMIT, classify
from generator.clues import grid_clues
from generator.grid import random_grid
from generator.linesolve import solve

REPO = Path(__file__).resolve().parents[1]


def rng_for(seed: int, *parts: float) -> np.random.Generator:
    """A generator for one experiment: the seed plus its parameters (densities as per-mille)."""
    return np.random.default_rng([seed, *(round(p * 1000) for p in parts)])


@dataclass
class Sample:
    """Random grids of one size and density, and what line logic made of each."""
    size: int
    density: float
    grids: np.ndarray          # bool, n x size x size
    solved: np.ndarray         # bool, n: line logic finished the grid
    iterations: np.ndarray     # int, n: passes that fixed cells (solved or not)

    @property
    def rate(self) -> float:
        return float(self.solved.mean())

    @property
    def stderr(self) -> float:
        """Standard error of the solvable fraction (binomial)."""
        p, n = self.rate, len(self.solved)
        return float(np.sqrt(p * (1 - p) / n))


def sample(size: int, density: float, n: int, seed: int) -> Sample:
    """Draw `n` random size x size grids at `density` and line-solve each."""
    rng = rng_for(seed, size, density)
    grids = np.stack([random_grid(rng, size, size, density) for _ in range(n)])
    results = [solve(grid_clues(g)) for g in grids]
    return Sample(size, density, grids,
                  np.array([r.solved for r in results]),
                  np.array([r.iterations for r in results]))


def solvable_curve(size: int, densities, n: int, seed: int) -> list[Sample]:
    """One Sample per density: the fraction of line-solvable grids along the density axis."""
    return [sample(size, d, n, seed) for d in densities]


@dataclass
class StalledCensus:
    """Grids line logic did not finish, sorted by the classifier into unique / multiple / ..."""
    counts: Counter
    examples: dict[str, list[np.ndarray]] = field(default_factory=dict)  # kind -> grids


def stalled_census(s: Sample, node_limit: int = DEFAULT_NODE_LIMIT, keep: int = 4) -> StalledCensus:
    """Classify every grid of `s` that line logic left unfinished; keep a few examples a kind."""
    out = StalledCensus(Counter())
    for g in s.grids[~s.solved]:
        kind = classify(grid_clues(g), node_limit).kind
        out.counts[kind] += 1
        out.examples.setdefault(kind, [])
        if len(out.examples[kind]) < keep:
            out.examples[kind].append(g)
    return out


def hardest(s: Sample, k: int) -> list[tuple[np.ndarray, int]]:
    """The `k` solved grids of `s` that took the most iterations (ties: first drawn first)."""
    idx = np.flatnonzero(s.solved)
    order = idx[np.argsort(-s.iterations[idx], kind="stable")][:k]
    return [(s.grids[i], int(s.iterations[i])) for i in order]
