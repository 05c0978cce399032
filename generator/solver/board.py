"""The board of a solve: known cells as bit masks, and the one propagation loop.

A Board holds what is known as four lists of ints: filled / empty by row (rf, re: bit x is
column x) and by column (cf, ce: bit y is row y), kept in step. `propagate` is line logic to
its fixpoint from a set of dirty lines: all dirty rows (in order), then all dirty columns, one
*pass*; what a line learns dirties the lines that cross it; repeat until no line is dirty. The
line solver (linesolve.solve) counts the passes that changed something as its iterations; the
classifier runs the same loop after every guess and probe.
"""
from __future__ import annotations

from typing import Callable, Iterable

import numpy as np

from generator.solver.clues import Clues
from generator.solver.grid import EMPTY, FILLED, UNKNOWN
from generator.solver.line import solve_line


def known_masks(known: np.ndarray | None, h: int, w: int) -> tuple[list[int], ...]:
    """The known cells of an int8 partial grid (or none) as masks: filled and empty by row,
    then filled and empty by column."""
    rf, re, cf, ce = [0] * h, [0] * h, [0] * w, [0] * w
    if known is not None:
        k = np.asarray(known)
        rf, re = rows_to_masks(k == FILLED), rows_to_masks(k == EMPTY)
        cf, ce = rows_to_masks((k == FILLED).T), rows_to_masks((k == EMPTY).T)
    return rf, re, cf, ce


def rows_to_masks(cells: np.ndarray) -> list[int]:
    """Bool (h, w) -> one int per row, cell x at bit x (any width)."""
    cells = np.asarray(cells, dtype=bool)
    packed = np.packbits(cells, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def masks_to_rows(masks: list[int], width: int) -> np.ndarray:
    """One int per row -> bool (h, width)."""
    nbytes = (width + 7) // 8
    raw = np.frombuffer(b"".join(m.to_bytes(nbytes, "little") for m in masks), dtype=np.uint8)
    bits = np.unpackbits(raw.reshape(len(masks), nbytes), axis=1, count=width, bitorder="little")
    return bits.astype(bool)


def grid_from_masks(rf: list[int], re: list[int], width: int) -> np.ndarray:
    """int8 partial grid (1 filled, 0 empty, -1 unknown) from row masks."""
    g = np.full((len(rf), width), UNKNOWN, dtype=np.int8)
    if rf:
        g[masks_to_rows(re, width)] = EMPTY
        g[masks_to_rows(rf, width)] = FILLED
    return g


def _cross(nf: int, ne: int, bit: int, into_f: list[int], into_e: list[int], touched: set) -> None:
    """Copy a line's newly filled / empty cells (nf, ne) into the crossing lines' masks at
    `bit`, adding the indices of the crossing lines that changed to `touched`."""
    m = nf | ne
    while m:
        low = m & -m
        i = low.bit_length() - 1
        if nf & low:
            into_f[i] |= bit
        else:
            into_e[i] |= bit
        touched.add(i)
        m ^= low


_BLOCK_BYTES = 64      # columns (x 8) a block of transpose_masks unpacks at once


def transpose_masks(masks: list[int], width: int) -> list[int]:
    """Lines of `width` cells as masks -> the crossing lines as masks: bit y of result x is bit x
    of masks[y]. numpy, a block of columns at a time (a few MB however large the board)."""
    h, nbytes = len(masks), (width + 7) // 8
    if width <= 64:       # masks fit a machine word: numpy takes the ints as they are
        packed = np.array(masks, dtype=np.uint64).astype("<u8").view(np.uint8).reshape(h, 8)[:, :nbytes]
    else:
        packed = np.frombuffer(b"".join(m.to_bytes(nbytes, "little") for m in masks),
                               dtype=np.uint8).reshape(h, nbytes)
    out: list[int] = []
    for at in range(0, nbytes, _BLOCK_BYTES):
        block = np.unpackbits(packed[:, at:at + _BLOCK_BYTES], axis=1, bitorder="little")
        cols = np.packbits(np.ascontiguousarray(block.T), axis=1, bitorder="little")
        out += [int.from_bytes(c.tobytes(), "little") for c in cols]
    return out[:width]


def _spread(changed: list[tuple[int, int, int]], lines: int, width: int,
            into_f: list[int], into_e: list[int], touched: set) -> None:
    """What a pass learnt, (line, newly filled, newly empty) for each line that changed, copied
    into the crossing lines. Cell by cell when that is little (the usual case: a guess, a probe);
    past a few cells a line (a big board's first pass, an all-blank 8000x8000 board's 64 million)
    by one bit transpose of the pass's news, which costs a few numpy operations a block."""
    cells = sum((nf | ne).bit_count() for _, nf, ne in changed)
    if cells < 1024 or cells * 16 < lines * width:
        for i, nf, ne in changed:
            _cross(nf, ne, 1 << i, into_f, into_e, touched)
        return
    news_f, news_e = [0] * lines, [0] * lines
    for i, nf, ne in changed:
        news_f[i], news_e[i] = nf, ne
    for x, (f, e) in enumerate(zip(transpose_masks(news_f, width), transpose_masks(news_e, width))):
        if f | e:
            into_f[x] |= f
            into_e[x] |= e
            touched.add(x)


def _pass(solve_line_, dirty, clues, n, lf, le, xf, xe, crossing) -> bool | None:
    """Solve the `dirty` lines (masks lf/le, n cells each); copy what they learn into the
    crossing lines' masks xf/xe and add those to `crossing`. True if anything changed, None on
    a contradiction. (The crossing lines are not read during the pass, so what it learns is
    copied across once, at its end.)"""
    changed = []
    for i in sorted(dirty):
        res = solve_line_(clues[i], n, lf[i], le[i])
        if res is None:
            _spread(changed, len(lf), n, xf, xe, crossing)
            return None
        f, e = res
        if f != lf[i] or e != le[i]:
            changed.append((i, f & ~lf[i], e & ~le[i]))
            lf[i], le[i] = f, e
    _spread(changed, len(lf), n, xf, xe, crossing)
    return bool(changed)


class Board:
    """Known cells as bit masks by row (rf/re) and by column (cf/ce)."""

    __slots__ = ("clues", "rf", "re", "cf", "ce")

    def __init__(self, clues: Clues, rf, re, cf, ce):
        self.clues, self.rf, self.re, self.cf, self.ce = clues, rf, re, cf, ce

    @classmethod
    def start(cls, clues: Clues, known: np.ndarray | None = None) -> Board:
        return cls(clues, *known_masks(known, clues.height, clues.width))

    def copy(self) -> Board:
        return Board(self.clues, self.rf[:], self.re[:], self.cf[:], self.ce[:])

    def set_row(self, y: int, f: int, e: int, touched: set | None = None) -> set[int]:
        """Record row y's masks; returns (adds to `touched`) the columns that learnt something."""
        touched = set() if touched is None else touched
        nf, ne = f & ~self.rf[y], e & ~self.re[y]
        self.rf[y], self.re[y] = f, e
        _cross(nf, ne, 1 << y, self.cf, self.ce, touched)
        return touched

    def set_cell(self, y: int, x: int, filled: bool) -> None:
        bit = 1 << x
        if filled:
            self.set_row(y, self.rf[y] | bit, self.re[y])
        else:
            self.set_row(y, self.rf[y], self.re[y] | bit)

    def propagate(self, rows: Iterable[int], cols: Iterable[int],
                  on_pass: Callable[[Board], None] | None = None, line=None) -> bool:
        """Line logic to the fixpoint from the dirty lines; False on a contradiction (the board
        then holds what was known when it was found). `on_pass(board)` hears of every pass
        (dirty rows, then dirty columns) that changed something. `line` is the line solver
        (default line.solve_line; tests pass a counting one)."""
        solve_line_ = line or solve_line
        c, h, w = self.clues, self.clues.height, self.clues.width
        rows, cols = set(rows), set(cols)
        while rows or cols:
            # rows, then columns: what a line learns marks its crossing lines dirty
            by_rows = _pass(solve_line_, rows, c.rows, w, self.rf, self.re, self.cf, self.ce, cols)
            if by_rows is None:
                return False
            rows = set()
            by_cols = _pass(solve_line_, cols, c.cols, h, self.cf, self.ce, self.rf, self.re, rows)
            if by_cols is None:
                return False
            cols = set()
            if (by_rows or by_cols) and on_pass is not None:
                on_pass(self)
        return True

    def propagate_all(self, on_pass: Callable[[Board], None] | None = None, line=None) -> bool:
        return self.propagate(range(self.clues.height), range(self.clues.width), on_pass, line)

    def with_cell(self, y: int, x: int, filled: bool) -> Board | None:
        """A copy with cell (y, x) set and propagated; None on a contradiction."""
        b = self.copy()
        b.set_cell(y, x, filled)
        return b if b.propagate({y}, {x}) else None

    def known_count(self) -> int:
        return sum((f | e).bit_count() for f, e in zip(self.rf, self.re))

    def unknown_count(self) -> int:
        return self.clues.height * self.clues.width - self.known_count()

    def solved(self) -> bool:
        full = (1 << self.clues.width) - 1
        return all((f | e) == full for f, e in zip(self.rf, self.re))

    def grid(self) -> np.ndarray:
        """The filled cells, bool (h, w)."""
        return masks_to_rows(self.rf, self.clues.width)

    def partial(self) -> np.ndarray:
        """int8 partial grid: 1 filled, 0 empty, -1 unknown."""
        return grid_from_masks(self.rf, self.re, self.clues.width)
