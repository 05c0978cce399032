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

from generator.formats.record import Puzzle
from generator.solver.batchsolve import verify_grids
from generator.cartbuild.build import read_sheet, world_puzzles
from generator.solver.classify import DEFAULT_NODE_LIMIT, classify
from generator.solver.clues import grid_clues
from generator.puzzles.generate import CHUNK, Params, draw
from generator.solver.linesolve import SOLVED
from generator.cartbuild.palette import PICO8
from generator.cartbuild.worlds import read_worlds

REPO = Path(__file__).resolve().parents[2]
WORLDS = REPO / "cart" / "worlds.json"
# the board's colour roles in the cart (cart/draw.lua): 0 backdrop, 1 paper, 4 fill
BACKDROP_ROLE, PAPER_ROLE, FILL_ROLE = 0, 1, 4


def cart_role_slots(path=WORLDS) -> list[list[int]]:
    """Per world, the screen slot of each colour role 0..15 (worlds.json's `ui`, which the build
    gives the cart), so the sheets here use the colours the cart really draws the board in."""
    return [list(w.ui) for w in read_worlds(path).worlds]


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


@dataclass
class WorldView:
    """One world as the cart shows it: its palette, backdrop and puzzles."""
    name: str
    title: str
    colours: np.ndarray        # uint8 16 x 3: the screen colour of slots 0..15 (snapped to PICO-8)
    backdrop: np.ndarray       # uint8 h x w x 3: the backdrop art in those colours
    puzzles: list[Puzzle]
    sources: list[str]         # the batch files (and slices) its puzzles come from

    roles: list[int]           # screen slot of each of the cart's colour roles 0..15

    def _role(self, role: int) -> tuple[int, int, int]:
        return tuple(int(c) for c in self.colours[self.roles[role]])

    @property
    def ink(self) -> tuple[int, int, int]:
        return self._role(FILL_ROLE)

    @property
    def paper(self) -> tuple[int, int, int]:
        return self._role(PAPER_ROLE)

    @property
    def frame(self) -> tuple[int, int, int]:
        return self._role(BACKDROP_ROLE)


def world_views(path=WORLDS) -> list[WorldView]:
    """Every world of the worlds file, read and checked the way the cart build reads them."""
    cfg = read_worlds(path)
    sheet = read_sheet(cfg)
    out = []
    for w, roles in zip(cfg.worlds, cart_role_slots()):
        colours = np.array([PICO8[s.pico8] for s in sheet.palettes[w.name]], dtype=np.uint8)
        sources = [f"{b.path.name}" + ("" if b.count is None else f"[{b.start}:{b.start + b.count}]")
                   for b in w.batches]
        out.append(WorldView(w.name, w.title, colours, colours[sheet.slots[w.art.backdrop.cells()]],
                             [p.puzzle for p in world_puzzles(w)], sources, roles))
    return out
