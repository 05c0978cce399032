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
from generator.formats.userfile import Fields, kind, read_json

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


def puzzle_from_json(d, where: str) -> Puzzle:
    """One puzzle object, every key checked for its type before use."""
    f = Fields(d, where)
    rows = f.list("rows", of=str)
    try:
        grid = text_to_rows(rows) == FILLED
    except UserError as e:
        raise UserError(f"{where}: {e}") from None
    c = grid_clues(grid)
    for key, want in (("row_clues", c.rows), ("col_clues", c.cols)):
        if key in f:
            got = f.list(key, of=list)
            for i, clue in enumerate(got):
                if not all(isinstance(r, int) and not isinstance(r, bool) for r in clue):
                    raise UserError(f"{where}: '{key}'[{i}] must be a list of whole numbers")
            if [tuple(x) for x in got] != list(want):
                raise UserError(f"{where}: {key} do not match the solution rows")
    if (f.int("width", grid.shape[1]) != grid.shape[1]
            or f.int("height", grid.shape[0]) != grid.shape[0]):
        raise UserError(f"{where}: width/height do not match the solution rows")
    return Puzzle(grid, f.int("iterations", 0, lo=0), f.str("name", None))


def parse_params(value, where: str) -> dict:
    """The batch's params: any keys, but those `picross stats` reads must have their types."""
    f = Fields(value, where)
    for key in ("tried", "accepted", "seed", "count", "width", "height", "chunk", "max_tries"):
        if key in f:
            f.int(key, lo=0)
    if "density" in f:
        f.number("density")
    if "style" in f:
        f.str("style")
    if "rejected" in f:
        rejected = f.obj("rejected")
        for key in rejected.d:
            rejected.int(key, lo=0)
    return dict(value)


def parse_batch(data, source: str = "batch") -> Batch:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{source}: not a picross8 batch (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        v = data.get("version")
        shown = repr(v) if isinstance(v, (int, str)) and len(repr(v)) < 20 else kind(v)
        raise UserError(f"{source}: batch version {shown} is not supported (want {VERSION})")
    f = Fields(data, source)
    puzzles = f.list("puzzles")
    params = parse_params(data["params"], f"{source}: 'params'") if "params" in data else {}
    return Batch([puzzle_from_json(p, f"{source}: puzzle {i}") for i, p in enumerate(puzzles)], params)


def read_batch(path) -> Batch:
    return parse_batch(read_json(path, "batch file"), str(path))
