"""Boards as text, in the devlog's style: column clues stacked on top, row clues right-aligned
on the left, then the cells.

Cells: '█' filled, 'X' crossed (known empty), '░' unknown. The plain style (`--ascii`) uses
'#' filled, 'x' crossed, '?' unknown, so its rows read back with generator.solver.grid.text_to_rows;
the picture style (explain, fix) uses '#', '.', '?' as picture files do. Marked cells show '@'.
Each column is as wide as its widest clue number plus a space, so two-digit clues line up.
An empty line's clue is shown as 0. Lines carry no trailing spaces.
"""
from __future__ import annotations

import numpy as np

from generator.solver.clues import Clues
from generator.solver.grid import EMPTY, FILLED
from generator.solver.status import Status

UNICODE_CELLS = {FILLED: "█", EMPTY: "X", -1: "░"}
PLAIN_CELLS = {FILLED: "#", EMPTY: "x", -1: "?"}
PICTURE_CELLS = {FILLED: "#", EMPTY: ".", -1: "?"}
# `mark`ed cells (e.g. those line logic could not reach, in a solution): filled, empty
UNICODE_MARKED = {FILLED: "▓", EMPTY: "·"}
PLAIN_MARKED = {FILLED: "@", EMPTY: "-"}


def _shown(clue) -> list[str]:
    return [str(r) for r in clue] if clue else ["0"]


def board(clues: Clues, grid: np.ndarray | None = None, plain: bool = False,
          cells: dict | None = None, mark: np.ndarray | None = None) -> str:
    """The clues and the grid (bool solution or int8 partial; None = all unknown). `cells`
    overrides the style (e.g. PICTURE_CELLS); cells where `mark` (bool) is set are drawn
    '▓' filled / '·' empty ('@' / '-' in the plain and picture styles)."""
    return "".join(line + "\n" for line in board_lines(clues, grid, plain, cells, mark))


_BLOCK_ROWS = 256


def board_lines(clues: Clues, grid: np.ndarray | None = None, plain: bool = False,
                cells: dict | None = None, mark: np.ndarray | None = None):
    """board()'s lines, one at a time (a huge board is printed without being held whole); the
    cells of a block of rows are laid out with numpy as code points."""
    cells = cells or (PLAIN_CELLS if plain else UNICODE_CELLS)
    marked = UNICODE_MARKED if cells is UNICODE_CELLS else PLAIN_MARKED
    h, w = clues.height, clues.width
    g = np.full((h, w), -1, dtype=np.int8) if grid is None else np.asarray(grid).astype(np.int8)
    col_tokens = [_shown(c) for c in clues.cols]
    row_texts = [" ".join(_shown(c)) for c in clues.rows]
    cw = max(len(t) for toks in col_tokens for t in toks)     # width of one column's field
    left = max(len(t) for t in row_texts)
    depth = max(len(toks) for toks in col_tokens)
    for k in range(depth):
        fields = []
        for toks in col_tokens:
            j = k - (depth - len(toks))                       # clues sit on the grid
            fields.append((toks[j] if j >= 0 else "").rjust(cw))
        yield (" " * left + " " + " ".join(fields)).rstrip()
    # a cell is its character right-aligned in cw columns, then a space (but the last)
    plain_cp = np.array([ord(cells[v]) for v in (-1, EMPTY, FILLED)], dtype=np.uint32)
    marked_cp = np.array([ord(marked.get(v, cells[v])) for v in (-1, EMPTY, FILLED)], dtype=np.uint32)
    for at in range(0, h, _BLOCK_ROWS):
        values = g[at:at + _BLOCK_ROWS].astype(np.intp) + 1
        cp = plain_cp[values]
        if mark is not None:
            cp = np.where(np.asarray(mark)[at:at + _BLOCK_ROWS], marked_cp[values], cp)
        laid = np.full(cp.shape + (cw + 1,), ord(" "), dtype=np.uint32)
        laid[:, :, cw - 1] = cp
        flat = np.ascontiguousarray(laid.reshape(len(cp), -1)[:, :-1])
        for y, row in enumerate(flat, at):
            yield row_texts[y].rjust(left) + " " + row.tobytes().decode("utf-32-le")


def header(status: str, iterations: int) -> str:
    """The devlog's verdict line for a line-solver run."""
    its = f"{iterations} iteration{'' if iterations == 1 else 's'}"
    if status == Status.SOLVED:
        return f"-- SOLVED! in {its} --"
    if status == Status.STALLED:
        return f"-- not solved... no options after {its} --"
    return f"-- contradiction after {its}: no grid fits these clues --"
