"""The line solver for many grids at once, with numpy: the generator's fast path.

Same algorithm and same answers as linesolve.solve (status and iteration count, grid for grid);
only the bookkeeping differs. For a line of n <= FAST_MAX cells, every n-bit value is a
placement of exactly one clue, so all 2^n values sorted by clue form a table in which each
clue's placements are one segment. A line's *candidates* start as its clue's segment and only
shrink: a pass keeps those that agree with what is known, `(u & known) == filled`, over one flat
array holding the candidates of every line of every grid, grouped by line. The AND of a line's
candidates is its forced-filled mask, the complement of their OR its forced-empty mask
(np.bitwise_and.reduceat / np.bitwise_or.reduceat over the groups).

All rows are solved at once, then all columns: a row's result only touches its own cells and the
columns' knowledge, never another row, so this is exactly linesolve's sequential pass. Grids
that are solved, stall or contradict drop out after each pass. Lines longer than FAST_MAX
(grids wider or taller than 16) go to widebatch (the bit-parallel sweeps on numpy arrays of
every line at once) up to 60 cells, and to linesolve.solve one grid at a time past that.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from generator.solver.clues import Clue, Clues, grid_clues, mask_clue
from generator.solver import widebatch
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED, solve
from generator.solver.status import Status

FAST_MAX = 16          # longest line the table covers (2^16 values, uint16 candidates)
STATUS_NAMES = (SOLVED, STALLED, CONTRADICTION)   # status codes 0, 1, 2
_SOLVED, _STALLED, _CONTRADICTION = 0, 1, 2


@dataclass(frozen=True)
class LineTable:
    """Every placement of every clue for lines of n cells, grouped by clue."""
    n: int
    values: np.ndarray      # uint16: all 2^n line values, sorted by clue id
    start: np.ndarray       # start[c]: where clue c's placements begin in `values`
    count: np.ndarray       # count[c]: how many placements clue c has
    clue_of: np.ndarray     # clue id of each line value (indexed by the value)
    all_and: np.ndarray     # cells filled in every placement of clue c (nothing known yet)
    all_or: np.ndarray      # cells filled in some placement of clue c
    ids: dict               # clue tuple -> clue id


@lru_cache(maxsize=None)
def line_table(n: int) -> LineTable:
    if not 1 <= n <= FAST_MAX:
        raise ValueError(f"line table covers 1..{FAST_MAX} cells, not {n}")
    ids: dict[Clue, int] = {}
    clue_of = np.empty(1 << n, dtype=np.int32)
    for u in range(1 << n):
        clue_of[u] = ids.setdefault(mask_clue(u), len(ids))
    order = np.argsort(clue_of, kind="stable")
    values = order.astype(np.uint16)
    count = np.bincount(clue_of, minlength=len(ids))
    start = np.cumsum(count) - count
    all_and = np.bitwise_and.reduceat(values, start)
    all_or = np.bitwise_or.reduceat(values, start)
    return LineTable(n, values, start, count, clue_of, all_and, all_or, ids)


@lru_cache(maxsize=None)
def _powers(n: int) -> np.ndarray:
    return (2.0 ** np.arange(n)).astype(np.float32)   # exact: masks stay below 2^24


def pack_rows(cells: np.ndarray) -> np.ndarray:
    """Bool (..., h, w) -> uint16 (..., h) row masks, cell x at bit x (a float32 matmul: fast)."""
    return (cells.view(np.uint8) @ _powers(cells.shape[-1])).astype(np.uint16)


def pack_cols(cells: np.ndarray) -> np.ndarray:
    """Bool (..., h, w) -> uint16 (..., w) column masks, cell y at bit y."""
    return (_powers(cells.shape[-2]) @ cells.view(np.uint8)).astype(np.uint16)


def unpack_lines(masks: np.ndarray, n: int) -> np.ndarray:
    """uint16 (...) masks -> bool (..., n)."""
    raw = np.ascontiguousarray(masks, dtype="<u2")[..., None].view(np.uint8)
    return np.unpackbits(raw, axis=-1, count=n, bitorder="little").view(bool)


def _segments(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Indices start[i] .. start[i] + count[i] - 1 for every i, concatenated (a cumsum of steps)."""
    total = int(counts.sum())
    steps = np.ones(total, dtype=np.int32)
    firsts = np.cumsum(counts) - counts
    nz = counts > 0
    starts, firsts, counts = starts[nz], firsts[nz], counts[nz]
    if total:
        # at each segment's first index, jump from the previous segment's last index
        prev_last = np.concatenate(([0], (starts + counts - 1)[:-1]))
        steps[firsts] = starts - prev_last
    return np.cumsum(steps, dtype=np.int32)


class _Pool:
    """The candidates of one direction (all rows, or all columns) of the active grids.

    Lines are numbered grid-major (line = grid * per_grid + index); `vals` holds the candidates
    of line 0, then line 1, ..., and `counts` how many each line has. Until a line is first
    solved with something known its candidates are its whole clue segment, which the table
    has already intersected (all_and / all_or); they are materialised on first real use.
    """

    def __init__(self, table: LineTable, clue_ids: np.ndarray):
        self.t = table
        self.per_grid = clue_ids.shape[1]
        self.ids = clue_ids.reshape(-1)          # clue id per line (-1: no placement at all)
        self.vals: np.ndarray | None = None      # candidates, grouped by line
        self.counts: np.ndarray | None = None    # candidates per line

    def solve(self, filled: np.ndarray, known: np.ndarray):
        """One phase: new (filled, empty) masks per line and a per-line contradiction flag."""
        t, full = self.t, np.uint16((1 << self.t.n) - 1)
        dead = self.ids < 0
        ids = np.where(dead, 0, self.ids)
        if self.vals is None:
            if not known.any():
                return t.all_and[ids], ~t.all_or[ids] & full, dead
            self.counts = np.where(dead, 0, t.count[ids])
            self.vals = t.values[_segments(t.start[ids], self.counts)]
        # keep the candidates that agree with the known cells; count what is left per line
        keep = (self.vals & np.repeat(known, self.counts)) == np.repeat(filled, self.counts)
        had = self.counts > 0
        firsts = (np.cumsum(self.counts) - self.counts)[had]
        self.counts = np.zeros_like(self.counts)
        self.counts[had] = np.add.reduceat(keep, firsts, dtype=np.int32)
        self.vals = self.vals[keep]
        # AND of a line's candidates: forced filled; OR: cells that may be filled
        live = self.counts > 0
        starts = (np.cumsum(self.counts) - self.counts)[live]
        new_f, new_e = filled.copy(), known & ~filled    # dead lines keep what they had
        if len(self.vals):
            new_f[live] = np.bitwise_and.reduceat(self.vals, starts)
            new_e[live] = ~np.bitwise_or.reduceat(self.vals, starts) & full
        return new_f, new_e, ~live

    def keep_grids(self, keep: np.ndarray) -> None:
        """Drop the lines of grids not in `keep` (bool per active grid)."""
        self.ids = self.ids.reshape(-1, self.per_grid)[keep].reshape(-1)
        if self.vals is None:
            return
        per_grid = self.counts.reshape(-1, self.per_grid)
        self.vals = self.vals[np.repeat(keep, per_grid.sum(axis=1))]
        self.counts = per_grid[keep].reshape(-1)


def solve_clue_ids(row_ids: np.ndarray, col_ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Line-solve B clue sets given as table clue ids: (B, h) rows, (B, w) columns, h, w <= 16.

    Returns (status codes 0 solved / 1 stalled / 2 contradiction, iterations), each (B,).
    """
    b, h = row_ids.shape
    w = col_ids.shape[1]
    status = np.full(b, _STALLED, dtype=np.int8)
    iterations = np.zeros(b, dtype=np.int32)
    active = np.arange(b)                       # original index of each active grid
    rows, cols = _Pool(line_table(w), row_ids), _Pool(line_table(h), col_ids)
    kf = np.zeros((b, h, w), dtype=bool)        # known filled cells of the active grids
    ke = np.zeros((b, h, w), dtype=bool)        # known empty cells
    while len(active):
        before = np.count_nonzero(kf | ke, axis=(1, 2))
        bad = np.zeros(len(active), dtype=bool)
        # rows: each row's masks from its cells; results go back into the cells
        f = pack_rows(kf).reshape(-1)
        f, e, dead = rows.solve(f, f | pack_rows(ke).reshape(-1))
        bad |= dead.reshape(-1, h).any(axis=1)
        kf = unpack_lines(f, w).reshape(-1, h, w)
        ke = unpack_lines(e, w).reshape(-1, h, w)
        # columns: the same on the transposed cells
        f = pack_cols(kf).reshape(-1)
        f, e, dead = cols.solve(f, f | pack_cols(ke).reshape(-1))
        bad |= dead.reshape(-1, w).any(axis=1)
        kf = unpack_lines(f, h).reshape(-1, w, h).transpose(0, 2, 1)
        ke = unpack_lines(e, h).reshape(-1, w, h).transpose(0, 2, 1)
        after = np.count_nonzero(kf | ke, axis=(1, 2))
        changed = (after > before) & ~bad
        iterations[active] += changed
        solved = after == h * w
        # a complete board's rows, changed by the columns, must still spell their clues
        # (they may not, for clue sets with no solution): as linesolve's final check
        if solved.any():
            row_clues = rows.t.clue_of[pack_rows(kf)]
            bad |= solved & (row_clues != rows.ids.reshape(-1, h)).any(axis=1)
        status[active[bad]] = _CONTRADICTION
        status[active[solved & ~bad]] = _SOLVED
        keep = changed & ~solved
        active = active[keep]
        kf, ke = kf[keep], ke[keep]
        rows.keep_grids(keep)
        cols.keep_grids(keep)
    return status, iterations


def grid_clue_ids(grids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Table clue ids of the rows and columns of bool grids (B, h, w)."""
    h, w = grids.shape[1:]
    return line_table(w).clue_of[pack_rows(grids)], line_table(h).clue_of[pack_cols(grids)]


def _statuses(codes: np.ndarray) -> list[Status]:
    return [STATUS_NAMES[c] for c in codes]


def verify_grids(grids: np.ndarray, chunk: int = 2048) -> tuple[list[Status], np.ndarray]:
    """Line-solve the clues of each bool grid (B, h, w): (statuses, iterations), as linesolve."""
    grids = np.asarray(grids, dtype=bool)
    b, h, w = grids.shape
    if max(h, w) > FAST_MAX:
        return solve_many([grid_clues(g) for g in grids])
    codes = np.empty(b, dtype=np.int8)
    iterations = np.empty(b, dtype=np.int32)
    for i in range(0, b, chunk):
        codes[i:i + chunk], iterations[i:i + chunk] = solve_clue_ids(*grid_clue_ids(grids[i:i + chunk]))
    return _statuses(codes), iterations


def solve_many(clue_sets: list[Clues]) -> tuple[list[Status], np.ndarray]:
    """Line-solve clue sets (any sizes; same-size sets up to 16x16 go through the batch solver)."""
    out_status: list[str] = [""] * len(clue_sets)
    out_iter = np.zeros(len(clue_sets), dtype=np.int32)
    by_shape: dict[tuple[int, int], list[int]] = {}
    for i, c in enumerate(clue_sets):
        by_shape.setdefault((c.height, c.width), []).append(i)
    for (h, w), idx in by_shape.items():
        if FAST_MAX < max(h, w) <= widebatch.MAX_CELLS:   # too long for the tables: the sweeps
            codes, its = widebatch.solve_same_shape([clue_sets[i] for i in idx])
            for j, i in enumerate(idx):
                out_status[i], out_iter[i] = STATUS_NAMES[codes[j]], its[j]
            continue
        if max(h, w) > FAST_MAX:
            for i in idx:
                r = solve(clue_sets[i])
                out_status[i], out_iter[i] = r.status, r.iterations
            continue
        rt, ct = line_table(w).ids, line_table(h).ids
        row_ids = np.array([[rt.get(c, -1) for c in clue_sets[i].rows] for i in idx], dtype=np.int32)
        col_ids = np.array([[ct.get(c, -1) for c in clue_sets[i].cols] for i in idx], dtype=np.int32)
        codes, its = solve_clue_ids(row_ids.reshape(len(idx), h), col_ids.reshape(len(idx), w))
        for j, i in enumerate(idx):
            out_status[i], out_iter[i] = STATUS_NAMES[codes[j]], its[j]
    return out_status, out_iter
