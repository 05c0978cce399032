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
from functools import lru_cache

import numpy as np

from generator import UserError
from generator.files.atomic import write_atomic
from generator.solver.batchsolve import FAST_MAX, line_table
from generator.solver.clues import grid_clues, line_clue
from generator.solver.grid import FILLED, rows_to_text, text_to_rows
from generator.formats.record import Puzzle
from generator.files.userfile import Fields, kind, read_json

FORMAT = "picross8-batch"
VERSION = 1


def puzzle_json(p: Puzzle) -> dict:
    """One puzzle's batch object (the writer's fast path, puzzle_lines, gives the same text)."""
    c = p.clues
    d = {"width": p.width, "height": p.height, "rows": rows_to_text(p.solution),
         "row_clues": [list(r) for r in c.rows], "col_clues": [list(r) for r in c.cols],
         "iterations": p.iterations}
    if p.name is not None:
        d["name"] = p.name
    return d


@dataclass
class Batch:
    puzzles: list[Puzzle]
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "params": self.params,
                "puzzles": [puzzle_json(p) for p in self.puzzles]}


def _masks(cells: np.ndarray) -> list[int]:
    """Bool (..., n) lines -> one int per line, cell i at bit i (numpy for n <= 62)."""
    n = cells.shape[-1]
    flat = cells.reshape(-1, n)
    if n <= 62:
        return (flat.astype(np.int64) @ (np.int64(1) << np.arange(n, dtype=np.int64))).tolist()
    packed = np.packbits(flat, axis=1, bitorder="little")
    return [int.from_bytes(r.tobytes(), "little") for r in packed]


@lru_cache(maxsize=None)
def _text_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """For lines of n <= FAST_MAX cells, indexed by the line's mask: its clue as JSON and its
    cells as a JSON string (object arrays; the batch solver's table already sorts every mask
    by clue, so each clue is written once)."""
    t = line_table(n)
    clue_json = np.empty(len(t.ids), dtype=object)
    for clue, i in t.ids.items():
        clue_json[i] = json.dumps(list(clue))
    u = np.arange(1 << n, dtype=np.int64)
    chars = np.where((u[:, None] >> np.arange(n)) & 1, ord("#"), ord(".")).astype(np.uint8)
    texts = np.array(['"' + r + '"' for r in chars.view(f"S{n}").ravel().astype(str).tolist()],
                     dtype=object)
    return clue_json[t.clue_of], texts


def _line_texts(masks: list[int], n: int) -> tuple[list[str], list[str]]:
    """For each line mask: its clue as JSON ('[2, 1]') and its cells as a JSON string
    ('"##.#"'): from the tables up to FAST_MAX cells, else worked out once per distinct mask."""
    if n <= FAST_MAX:
        clue_json, texts = _text_tables(n)
        idx = np.asarray(masks, dtype=np.int64)
        return clue_json[idx].tolist(), texts[idx].tolist()
    uniq = {m: None for m in masks}
    for m in uniq:
        bits = [(m >> i) & 1 for i in range(n)]
        uniq[m] = (json.dumps(list(line_clue(bits))), '"' + "".join(".#"[b] for b in bits) + '"')
    return [uniq[m][0] for m in masks], [uniq[m][1] for m in masks]


def puzzle_lines(grids: np.ndarray, iterations, names=None) -> list[str]:
    """The JSON line of each puzzle (bool grids (B, h, w) of one size), byte for byte what
    json.dumps(puzzle_json(puzzle), sort_keys=True) gives, but with each distinct row and column
    worked out once and the masks found with numpy: the batch writer's fast path."""
    grids = np.asarray(grids, dtype=bool)
    b, h, w = grids.shape
    if not b:
        return []
    row_clue, row_text = _line_texts(_masks(grids), w)
    col_clue, _ = _line_texts(_masks(grids.transpose(0, 2, 1)), h)
    out = []
    for k in range(b):
        cols = ", ".join(col_clue[k * w:(k + 1) * w])
        rows = ", ".join(row_clue[k * h:(k + 1) * h])
        text = ", ".join(row_text[k * h:(k + 1) * h])
        name = "" if names is None or names[k] is None else f'"name": {json.dumps(names[k])}, '
        out.append(f'{{"col_clues": [{cols}], "height": {h}, "iterations": {int(iterations[k])}, '
                   f'{name}"row_clues": [{rows}], "rows": [{text}], "width": {w}}}')
    return out


def _lines_of(puzzles: list[Puzzle]) -> list[str]:
    """Every puzzle's JSON line: the one the generator made for it (unnamed, as made), else
    made here in groups of one size."""
    for i, p in enumerate(puzzles):
        if p.solution is None:
            named = f" ({p.name})" if p.name else ""
            raise UserError(f"puzzle {i}{named} has clues but no solution: a batch holds solutions")
    out: list[str | None] = [p.text if p.name is None else None for p in puzzles]
    groups: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(puzzles):
        if out[i] is None:
            groups.setdefault(p.solution.shape, []).append(i)
    for idx in groups.values():
        lines = puzzle_lines(np.stack([puzzles[i].solution for i in idx]),
                             [puzzles[i].iterations for i in idx], [puzzles[i].name for i in idx])
        for i, line in zip(idx, lines):
            out[i] = line
    return out


def dumps(batch: Batch) -> str:
    """Stable text: same batch, same bytes. Sorted keys, one puzzle per line (compact and
    diff-friendly, and fast: json's indenting encoder is pure Python)."""
    head = {"format": FORMAT, "version": VERSION, "params": batch.params}
    lines = _lines_of(batch.puzzles)
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
    return Puzzle(c, solution=grid, iterations=f.int("iterations", 0, lo=0), name=f.str("name", None))


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
