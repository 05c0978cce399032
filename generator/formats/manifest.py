"""The build's manifest (build/picross.json, `"format": "picross8-cart-manifest"`) read as a
puzzle file: the puzzles of one world of the built cart, numbered as the cart numbers them.

The cart names a puzzle by its world and its number in that world from 1 ("spires no. 13", the
grid's "#13"); the manifest lists every puzzle with its "world" and "world_index" (from 0), so the
cart's no. N is the world's puzzle with world_index N - 1. A command reading a manifest takes
`--world NAME` (default: the cart's first world, as its menu opens) and `-i N` as that number.

Each puzzle's solution is its "rows" ('#' filled, '.' empty); its "row_clues" and "col_clues"
must be that grid's clues, or the manifest is refused as damaged. Only what a puzzle needs is
read (counts, palettes and addresses are the build's report, not a puzzle's).
"""
from __future__ import annotations

import numpy as np

from generator import UserError, shown
from generator.formats.record import Puzzle
from generator.files.userfile import Fields
from generator.solver.clues import grid_clues
from generator.solver.grid import check_size

FORMAT = "picross8-cart-manifest"


def is_manifest(data) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def world_names(data, name: str) -> list[str]:
    """The cart's worlds, in its order."""
    f = Fields(data, name, "a cart manifest object")
    worlds = f.list("worlds", of=dict)
    if not worlds:
        raise UserError(f"{name}: the manifest lists no worlds")
    return [Fields(w, f"{name}: world {i}").str("name") for i, w in enumerate(worlds)]


def _grid(rows: list[str], where: str) -> np.ndarray:
    n = len(rows)
    width = len(rows[0]) if rows else 0
    try:
        check_size(n, width)
    except UserError as e:
        raise UserError(f"{where}: {e}") from None
    if any(len(r) != width or set(r) - set("#.") for r in rows):
        raise UserError(f"{where}: 'rows' must be {n} rows of {width} '#' or '.'")
    return np.array([[c == "#" for c in r] for r in rows], dtype=bool)


def world_puzzles(data, name: str, world: str | None = None) -> tuple[str, list[Puzzle]]:
    """(the world's name, its puzzles in the cart's order); `world` None is the first world.
    A world the manifest does not list is a UserError naming those it does."""
    names = world_names(data, name)
    world = names[0] if world is None else world
    if world not in names:
        raise UserError(f"{name}: no world {shown(world)} in this cart (its worlds: {', '.join(names)})")
    f = Fields(data, name, "a cart manifest object")
    found: dict[int, Puzzle] = {}
    for i, entry in enumerate(f.list("puzzles", of=dict)):
        where = f"{name}: puzzle {i}"
        pf = Fields(entry, where)
        if pf.str("world") != world:
            continue
        k = pf.int("world_index", lo=0)
        if k in found:
            raise UserError(f"{where}: world_index {k} of {world} is listed twice")
        grid = _grid(pf.list("rows", of=str), where)
        clues = grid_clues(grid)
        for key, lines in (("row_clues", clues.rows), ("col_clues", clues.cols)):
            given = pf.list(key, of=list)
            if [tuple(c) for c in given] != [tuple(c) for c in lines]:
                raise UserError(f"{where}: '{key}' are not the clues of its 'rows' (a damaged manifest)")
        title = entry.get("name")          # null: a generated puzzle, which has no name
        if title is not None and not isinstance(title, str):
            raise UserError(f"{where}: 'name' must be a string or null, not {shown(str(title))}")
        found[k] = Puzzle(clues, solution=grid, name=title,
                          iterations=pf.int("iterations", 0, lo=0), source=f"{world} no. {k + 1}")
    if sorted(found) != list(range(len(found))):
        missing = min(set(range(len(found) + 1)) - set(found))
        raise UserError(f"{name}: world {world} has no puzzle no. {missing + 1} but has later ones")
    if not found:
        raise UserError(f"{name}: world {world} has no puzzles")
    return world, [found[k] for k in range(len(found))]
