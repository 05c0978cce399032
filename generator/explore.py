"""Numbers for notebooks/explore.ipynb: how the generator's candidate grids fare under line logic.

Everything here is plain data (numpy arrays, counters), no plotting, so the notebook's cells stay
short. Samples are the generator's own candidates (generate.draw, chunk by chunk, for a seed),
verified by the generator's own batch solver (batchsolve.verify_grids), so what the notebook
shows is what `picross generate` sees. With noise grids, one seed gives the same uniform numbers
at every density, so the points of a density curve are drawn from common random numbers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from generator.batchsolve import verify_grids
from generator.classify import DEFAULT_NODE_LIMIT, classify
from generator.clues import grid_clues
from generator.generate import CHUNK, Params, draw
from generator.linesolve import SOLVED

REPO = Path(__file__).resolve().parents[1]


def candidates(size: int, density: float, n: int, seed: int, style: str = "noise") -> np.ndarray:
    """The first `n` candidate grids `picross generate` draws for these parameters."""
    p = Params(height=size, width=size, density=density, seed=seed, style=style).check()
    return np.concatenate([draw(p, k) for k in range(-(-n // CHUNK))])[:n]


@dataclass
class Sample:
    """Candidate grids of one size, density and style, and what line logic made of each."""
    size: int
    density: float
    style: str
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


def sample(size: int, density: float, n: int, seed: int, style: str = "noise") -> Sample:
    """The generator's first `n` candidates for these parameters, line-solved."""
    grids = candidates(size, density, n, seed, style)
    statuses, iterations = verify_grids(grids)
    return Sample(size, density, style, grids,
                  np.array([s == SOLVED for s in statuses], dtype=bool), np.asarray(iterations))


def solvable_curve(size: int, densities, n: int, seed: int, style: str = "noise") -> list[Sample]:
    """One Sample per density: the fraction of line-solvable grids along the density axis."""
    return [sample(size, d, n, seed, style) for d in densities]


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


def hardest(grids, iterations, k: int) -> list[tuple[np.ndarray, int]]:
    """The `k` grids that took the most iterations, with their counts (ties: earliest first)."""
    order = np.argsort(-np.asarray(iterations), kind="stable")[:k]
    return [(grids[i], int(iterations[i])) for i in order]
