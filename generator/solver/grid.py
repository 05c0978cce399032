"""Grids as numpy arrays, and their text form.

A solution grid is a 2-D bool array (True = filled). A partial grid, the state of a solve,
is a 2-D int8 array: 1 filled, 0 empty, -1 unknown. Text rows use '#' filled, '.' empty,
'?' unknown (also accepted on input: 'X'/'x' for empty, '1'/'0').
"""
from __future__ import annotations

import numpy as np

from generator import MAX_CELLS, MIN_SIZE, UserError

UNKNOWN, EMPTY, FILLED = -1, 0, 1
_PARSE = {"#": FILLED, "1": FILLED, ".": EMPTY, "0": EMPTY, "x": EMPTY, "X": EMPTY,
          "?": UNKNOWN, "-": UNKNOWN}


def check_size(height: int, width: int) -> None:
    """Refuse a size with a side under MIN_SIZE, or more cells than memory holds (there is no
    fixed limit on a side), with a user error naming both dimensions."""
    if height < MIN_SIZE or width < MIN_SIZE:
        raise UserError(f"size {width}x{height} (width x height) is out of range: "
                        f"both must be at least {MIN_SIZE}")
    if height * width > MAX_CELLS:
        raise UserError(f"size {width}x{height} (width x height) is too large: {height * width:,} "
                        f"cells, more than the {MAX_CELLS:,} this toolchain holds in memory")


_TEXT_CODES = np.frombuffer(b"?.#", dtype=np.uint8)     # a cell's character, by value + 1
_BLOCK_ROWS = 256


def rows_to_text(grid: np.ndarray) -> list[str]:
    """One string per row: '#' filled, '.' empty, '?' unknown (numpy, a block of rows at a time:
    an 8000x8000 board costs its 64 MB of text and little more)."""
    g = np.asarray(grid)
    out: list[str] = []
    for at in range(0, g.shape[0], _BLOCK_ROWS):
        codes = _TEXT_CODES[g[at:at + _BLOCK_ROWS].astype(np.int8) + 1]
        out += [row.tobytes().decode("ascii") for row in codes]
    return out


def text_to_rows(rows: list[str], allow_unknown: bool = False) -> np.ndarray:
    """Parse text rows into an int8 partial grid (or refuse ragged / foreign characters)."""
    rows = [r.strip() for r in rows if r.strip()]
    if not rows:
        raise UserError("grid has no rows")
    width = len(rows[0])
    out = np.empty((len(rows), width), dtype=np.int8)
    for y, row in enumerate(rows):
        if len(row) != width:
            raise UserError(f"grid row {y + 1} has {len(row)} cells, expected {width}")
        for x, ch in enumerate(row):
            v = _PARSE.get(ch)
            if v is None or (v == UNKNOWN and not allow_unknown):
                raise UserError(f"grid row {y + 1} column {x + 1}: unexpected character {ch!r}")
            out[y, x] = v
    check_size(*out.shape)
    return out


def random_grid(rng: np.random.Generator, height: int, width: int, density: float) -> np.ndarray:
    """A noise grid: each cell filled with probability `density`."""
    return rng.random((height, width)) < density


def line_to_bits(line) -> int:
    """Cells of a 0/1 line as an int, cell i at bit i (the cart's layout: peek2 of a row)."""
    return sum(1 << i for i, v in enumerate(line) if v)
