"""The line solver for many grids at once when lines are too long for batchsolve's tables
(17 to 60 cells): line.line_sweeps' two bit-parallel sweeps, run on numpy int64 arrays that hold
every row (or every column) of every active grid, each with its own clue.

A line's clue is padded with zero-length runs to the longest clue of the pass; a padded run
leaves the left sweep's state as it is and is skipped by the right sweep, so each element gets
exactly line_sweeps' answer for its own clue. Passes are batchsolve's: all rows, then all
columns (a row's result touches only its own cells, so this equals linesolve's sequential
pass); status and iterations are linesolve's, grid for grid (tested).
"""
from __future__ import annotations

import numpy as np

from generator.solver.clues import Clues

MAX_CELLS = 60          # int64 holds a line's cells at bits 1..n, its edges at 0 and n+1, carries


def _pad(clues: list[tuple[int, ...]]) -> np.ndarray:
    k = max((len(c) for c in clues), default=0)
    out = np.zeros((len(clues), k), dtype=np.int64)
    for i, c in enumerate(clues):
        out[i, :len(c)] = c
    return out


def _and_shifted(m: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Per element: AND of m << 1 .. m << length (-1 where length is 0), by doubling."""
    acc = np.full_like(m, -1)
    off = np.zeros_like(m)
    part, span, left = m << 1, 1, length.copy()
    while left.any():
        bit = (left & 1).astype(bool)
        acc = np.where(bit, acc & (part << off), acc)
        off = np.where(bit, off + span, off)
        left >>= 1
        part = part & (part << span)
        span *= 2
    return acc


def _or_shifted_down(m: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Per element: OR of m >> 1 .. m >> length (0 where length is 0), by doubling."""
    acc = np.zeros_like(m)
    off = np.zeros_like(m)
    part, span, left = m >> 1, 1, length.copy()
    while left.any():
        bit = (left & 1).astype(bool)
        acc = np.where(bit, acc | (part >> off), acc)
        off = np.where(bit, off + span, off)
        left >>= 1
        part = part | (part >> span)
        span *= 2
    return acc


def sweeps(runs: np.ndarray, counts: np.ndarray, n: int, filled: np.ndarray, empty: np.ndarray):
    """line_sweeps for many lines of n cells: runs (L, K) padded clues, counts (L,) their
    lengths. Returns (filled, empty, fits) arrays."""
    m = np.int64(((1 << n) - 1) << 1)
    f, e = filled << 1, (empty << 1) | ~m
    ne = ~e
    p = (~f & m) | 1
    k = runs.shape[1]
    g = np.ones_like(filled)
    ends = [g]
    for j in range(k):
        length = runs[:, j]
        new = (((p & ~(p + g)) | g) << (length + 1)) & ~f & _and_shifted(ne, length)
        g = np.where(j < counts, new, g)
        ends.append(g)
    steps, span = [], 1
    while span <= n + 1:
        steps.append(span)
        span *= 2
    x = np.full_like(filled, 1 << (n + 1))
    can_fill, can_empty = e.copy(), f.copy()
    y = ends[0]
    for j in range(k, -1, -1):
        active = j <= counts
        length = runs[:, j - 1] if j else np.zeros_like(counts)
        y = ends[j]
        a = (p & ~(p + y)) | y
        xx = x
        for s in steps:
            xx = xx | ((xx >> s) & a)
            a = a & (a >> s)
        can_empty = np.where(active, can_empty | xx, can_empty)
        y = y & xx
        can_fill = np.where(active, can_fill | _or_shifted_down(y, length), can_fill)
        x = np.where(active, y >> (length + 1), x)
    full = m
    return filled | ((~can_empty & full) >> 1), empty | ((~can_fill & full) >> 1), y


def _bits(masks: np.ndarray, n: int) -> np.ndarray:
    """int64 (..., L) -> bool (..., L, n)."""
    return ((masks[..., None] >> np.arange(n, dtype=np.int64)) & 1).astype(bool)


def _pack(cells: np.ndarray) -> np.ndarray:
    """bool (..., n) -> int64 (...)."""
    n = cells.shape[-1]
    return cells.astype(np.int64) @ (np.int64(1) << np.arange(n, dtype=np.int64))


def solve_same_shape(clue_sets: list[Clues]) -> tuple[np.ndarray, np.ndarray]:
    """Status codes (0 solved, 1 stalled, 2 contradiction) and iterations of clue sets of one
    size, h, w <= MAX_CELLS."""
    b = len(clue_sets)
    h, w = clue_sets[0].height, clue_sets[0].width
    row_runs = _pad([c for cs in clue_sets for c in cs.rows])
    row_k = np.array([len(c) for cs in clue_sets for c in cs.rows], dtype=np.int64)
    col_runs = _pad([c for cs in clue_sets for c in cs.cols])
    col_k = np.array([len(c) for cs in clue_sets for c in cs.cols], dtype=np.int64)
    status = np.full(b, 1, dtype=np.int8)
    iterations = np.zeros(b, dtype=np.int32)
    active = np.arange(b)
    kf = np.zeros((b, h, w), dtype=bool)
    ke = np.zeros((b, h, w), dtype=bool)

    def lines(runs, k, idx, per):   # the clue rows of the active grids' lines
        sel = (idx[:, None] * per + np.arange(per)).ravel()
        return runs[sel], k[sel]

    while len(active):
        before = np.count_nonzero(kf | ke, axis=(1, 2))
        rr, rk = lines(row_runs, row_k, active, h)
        f, e, fits = sweeps(rr, rk, w, _pack(kf).ravel(), _pack(ke).ravel())
        bad = (fits == 0).reshape(-1, h).any(axis=1)
        kf, ke = _bits(f.reshape(-1, h), w), _bits(e.reshape(-1, h), w)
        cr, ck = lines(col_runs, col_k, active, w)
        cf, ce = _pack(kf.transpose(0, 2, 1)).ravel(), _pack(ke.transpose(0, 2, 1)).ravel()
        f, e, fits = sweeps(cr, ck, h, cf, ce)
        bad |= (fits == 0).reshape(-1, w).any(axis=1)
        kf = _bits(f.reshape(-1, w), h).transpose(0, 2, 1)
        ke = _bits(e.reshape(-1, w), h).transpose(0, 2, 1)
        after = np.count_nonzero(kf | ke, axis=(1, 2))
        changed = (after > before) & ~bad
        iterations[active] += changed
        solved = after == h * w
        if solved.any():     # a complete board's rows, changed by the columns, must still fit
            _, _, fits = sweeps(rr, rk, w, _pack(kf).ravel(), _pack(ke).ravel())
            bad |= solved & (fits == 0).reshape(-1, h).any(axis=1)
        status[active[bad]] = 2
        status[active[solved & ~bad]] = 0
        keep = changed & ~solved
        active = active[keep]
        kf, ke = kf[keep], ke[keep]
    return status, iterations
