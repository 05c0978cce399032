"""Read the devlog's ASCII boards (tests/data/devlog_*.txt, transcribed from the seed text)."""
from pathlib import Path

import numpy as np

from generator.solver.clues import Clues

DATA = Path(__file__).parent / "data"
CELL = {"█": 1, "X": 0, "░": -1}


def read_devlog_board(name: str):
    """(header line, Clues, int8 grid) of one devlog board, clues read by column position."""
    lines = (DATA / f"{name}.txt").read_text().splitlines()
    head, body = lines[0], [ln for ln in lines[1:] if ln.strip()]
    grid_lines = [ln for ln in body if any(c in ln for c in CELL)]
    clue_lines = [ln for ln in body if ln not in grid_lines]
    start = min(min(ln.find(c) for c in CELL if c in ln) for ln in grid_lines)
    rows, grid = [], []
    for ln in grid_lines:
        rows.append(tuple(int(t) for t in ln[:start].split()))
        grid.append([CELL[c] for c in ln[start:].split()])
    width = len(grid[0])
    cols = []
    for x in range(width):
        pos = start + 2 * x
        cols.append(tuple(int(ln[pos]) for ln in clue_lines if pos < len(ln) and ln[pos].isdigit()))
    return head, Clues(tuple(rows), tuple(cols)), np.array(grid, dtype=np.int8)
