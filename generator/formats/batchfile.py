"""The batch file: a documented JSON list of puzzles with their solutions, clues and iterations.

    {
      "format": "picross8-batch",
      "version": 1,
      "params": {...how the batch was made: size, density, seed, style, ...},
      "puzzles": [
        {"width": 15, "height": 15,
         "rows": ["#..##...", ...],          # the solution, '#' filled '.' empty
         "row_clues": [[1, 2], ...], "col_clues": [[3], ...],
         "iterations": 4,                    # line-solver passes to solve it
         "name": "crow"}                     # optional: picture puzzles have one
      ]
    }

Reading checks the structure and that the clues match the rows; it does not trust that a
puzzle is line-solvable (`picross check` and the cart build re-verify that).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from generator import UserError
from generator.formats.atomic import write_atomic
from generator.solver.clues import Clues, grid_clues
from generator.solver.grid import FILLED, rows_to_text, text_to_rows
from generator.formats.jsonin import read_json

FORMAT = "picross8-batch"
VERSION = 1


@dataclass
class Puzzle:
    solution: np.ndarray            # bool, height x width
    iterations: int = 0
    name: str | None = None

    @property
    def clues(self) -> Clues:
        return grid_clues(self.solution)

    @property
    def height(self) -> int:
        return self.solution.shape[0]

    @property
    def width(self) -> int:
        return self.solution.shape[1]

    def to_json(self) -> dict:
        c = self.clues
        d = {"width": self.width, "height": self.height, "rows": rows_to_text(self.solution),
             "row_clues": [list(r) for r in c.rows], "col_clues": [list(r) for r in c.cols],
             "iterations": self.iterations}
        if self.name is not None:
            d["name"] = self.name
        return d


@dataclass
class Batch:
    puzzles: list[Puzzle]
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "params": self.params,
                "puzzles": [p.to_json() for p in self.puzzles]}


def dumps(batch: Batch) -> str:
    """Stable text: same batch, same bytes. Sorted keys, one puzzle per line (compact and
    diff-friendly, and fast: json's indenting encoder is pure Python)."""
    d = batch.to_json()
    head = {k: v for k, v in d.items() if k != "puzzles"}
    lines = [json.dumps(p, sort_keys=True) for p in d["puzzles"]]
    body = ",\n  ".join(lines)
    top = json.dumps(head, sort_keys=True)[:-1]
    return f'{top}, "puzzles": [\n  {body}\n]}}\n' if lines else f'{top}, "puzzles": []}}\n'



def write_batch(path, batch: Batch) -> None:
    write_atomic(path, dumps(batch))


def puzzle_from_json(d: dict, where: str) -> Puzzle:
    try:
        grid = text_to_rows(d["rows"]) == FILLED
    except UserError as e:
        raise UserError(f"{where}: {e}") from None
    except (KeyError, TypeError):
        raise UserError(f"{where}: missing 'rows'") from None
    c = grid_clues(grid)
    for key, want in (("row_clues", c.rows), ("col_clues", c.cols)):
        if key in d and [tuple(x) for x in d[key]] != list(want):
            raise UserError(f"{where}: {key} do not match the solution rows")
    if d.get("width", grid.shape[1]) != grid.shape[1] or d.get("height", grid.shape[0]) != grid.shape[0]:
        raise UserError(f"{where}: width/height do not match the solution rows")
    return Puzzle(grid, int(d.get("iterations", 0)), d.get("name"))


def parse_batch(data: dict, source: str = "batch") -> Batch:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{source}: not a picross8 batch (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise UserError(f"{source}: batch version {data.get('version')} is not supported (want {VERSION})")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list):
        raise UserError(f"{source}: 'puzzles' must be a list")
    return Batch([puzzle_from_json(p, f"{source}: puzzle {i}") for i, p in enumerate(puzzles)],
                 dict(data.get("params", {})))


def read_batch(path) -> Batch:
    return parse_batch(read_json(path), str(path))
