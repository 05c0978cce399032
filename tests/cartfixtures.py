"""Helpers for the cart tests: building the cart, line-solvable 15x15 batches, worlds files,
tiny carts."""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator.cartbuild.build import build_to
from generator.formats.batchfile import Batch, write_batch
from generator.formats.record import Puzzle
from generator.pico8 import COLOURS
from generator.playtest.player import renamed_lua
from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, solve

REPO = Path(__file__).resolve().parent.parent
CART = REPO / "cart"
# the start pictures (5x5 and 10x10) each shipped world opens with: its first 15x15 is its
# puzzle no. START, from 0 (tests/cart/test_cart_ramp.py holds the built cart to it)
START = 24
# the lines the play screen prints on left of the board (cart/play.lua's play_draw), by their top
# y: the readouts of the cursor's row and column clues, the clock (or the editor's verdict), the
# line under it (a message; else how to open the menu, the puzzle's number; the editor's turns)
ROW_READOUT_Y, COLUMN_READOUT_Y, CLOCK_Y, STATUS_Y = 1, 9, 39, 45


def printed_at(p, y: int, sep: str = "") -> str:
    """What the last frame printed with its top at y (CLOCK_Y, STATUS_Y, a list's line), the
    texts joined by sep in the order drawn (p: a Player)."""
    return sep.join(r.text for r in p.c.frames[-1].prints if r.y == y)


def question_box_bottom(rgb: np.ndarray) -> int | None:
    """The bottom row of the question's box on the screen (2..125 from row 54 down to a row as
    tall as its lines: its border one colour all round, its inside mostly one other colour), or
    None when there is none."""
    rows = [y for y in range(60, 128) if (rgb[y, 2:126] == rgb[54, 2]).all()]
    if not rows:
        return None
    b = rows[0]
    border = np.concatenate([rgb[54, 2:126], rgb[b, 2:126], rgb[54:b + 1, 2], rgb[54:b + 1, 125]])
    inside = rgb[55:b, 3:125].reshape(-1, 3)
    ok = ((border == border[0]).all() and (inside == inside[0]).all(axis=1).mean() > 0.6
          and not (inside[0] == border[0]).all())
    return b if ok else None


def code_groups(code: str) -> str:
    """A code as the cart shows it (cart/share.lua's code_lines, after its font switch): groups
    of 4 symbols, 4 groups a line."""
    groups = [code[i:i + 4] for i in range(0, len(code), 4)]
    return "\n".join(" ".join(groups[i:i + 4]) for i in range(0, len(groups), 4))


def code_place(k: int) -> tuple[int, int]:
    """Where symbol k of a shown code stands, in characters from its first: (column, line)."""
    return k % 16 + k % 16 // 4, k // 16


def board_cursor_colours(world: dict) -> tuple[tuple, tuple]:
    """The displayed RGB of the board's cursor in a built world (the manifest's): its frame on
    the cell's grid lines, and the ring round it (the roles contrast_gate.cursor_frame picked)."""
    return tuple(tuple(COLOURS[world["pal"][world["ui"][r]]]) for r in world["cursor_frame"])


@dataclass(frozen=True)
class BuiltCart:
    """A built cart, two ways. Tests read the cart's globals by the source's names (cart/*.lua),
    so `path` is the unminified cart; `shipped` is the same cart minified, as players get it
    (tests/compat/test_minified_parity.py holds the two to the same frames and saves)."""
    path: Path          # the .p8 with the source's Lua and names
    manifest: dict      # what build/picross.json holds
    shipped: Path       # the .p8 as `make cart` writes it (minified)

    def name(self, source_name: str) -> str:
        """A global's name in the shipped cart (the manifest's rename map; kept names are
        their own)."""
        return self.manifest["names"].get(source_name, source_name)

    def lua(self, code: str) -> str:
        """A Lua snippet written with the source's names, for the shipped cart."""
        return renamed_lua(code, self.manifest["names"])


SOURCE_NAME, SHIPPED_NAME = "picross-src.p8", "picross.p8"


def shipped_cart(source: Path) -> Path:
    """The shipped (minified) cart that build_cart wrote beside the source-named one."""
    assert source.name == SOURCE_NAME, source
    return source.with_name(SHIPPED_NAME)


def build_cart(out_dir: Path, cart: Path = CART) -> BuiltCart:
    """Build the cart in `cart` (default: the real one) into out_dir, exactly as `make cart`:
    picross.p8 (shipped), picross-src.p8 (source names), and each one's manifest beside it."""
    res = build_to(cart / "worlds.json", cart / "main.lua", out_dir / SHIPPED_NAME,
                   out_dir / "picross.json", out_dir / SOURCE_NAME)
    return BuiltCart(out_dir / SOURCE_NAME, res.manifest, out_dir / SHIPPED_NAME)


def solvable_puzzles(n: int, seed: int, density: float = 0.6) -> list[Puzzle]:
    """n distinct random 15x15 grids that the line solver finishes."""
    rng = np.random.default_rng(seed)
    out, seen = [], set()
    while len(out) < n:
        g = rng.random((15, 15)) < density
        key = g.tobytes()
        if key in seen:
            continue
        r = solve(grid_clues(g))
        if r.status == SOLVED:
            seen.add(key)
            out.append(Puzzle.from_grid(g, iterations=r.iterations))
    return out


def write_solvable_batch(path, n: int, seed: int) -> Path:
    write_batch(path, Batch(solvable_puzzles(n, seed), {"size": 15, "density": 0.6, "seed": seed}))
    return Path(path)


def cart_dir(tmp: Path, counts=(3, 2), seed: int = 7) -> Path:
    """A copy of the real cart/ (art, every Lua file) with a worlds.json over fresh batches."""
    d = tmp / "cart"
    shutil.copytree(CART, d, ignore=shutil.ignore_patterns("*.json"))
    cfg = json.loads((CART / "worlds.json").read_text())
    for i, (w, n) in enumerate(zip(cfg["worlds"], counts)):
        write_solvable_batch(d / f"b{i}.json", n, seed + i)
        w["batches"] = [f"b{i}.json"]
    (d / "worlds.json").write_text(json.dumps(cfg, indent=1))
    return d


def small_cart_inputs(d: Path, main: str, label: np.ndarray) -> Path:
    """A small cart's inputs in folder d (made): the real spritesheet and solver, `label` (a
    128x128 grey image) as its label, `main` as its main.lua, one sound effect, each world's
    one-pattern loop of it, and two tiny batches (2 and 3 puzzles). Returns d."""
    from PIL import Image
    d.mkdir(parents=True)
    shutil.copy(CART / "spritesheet.png", d / "spritesheet.png")
    shutil.copy(CART / "solver.lua", d / "solver.lua")
    Image.fromarray(np.dstack([label] * 3), "RGB").save(d / "label.png")
    (d / "main.lua").write_text(main)
    (d / "sfx.txt").write_text("0 beep speed=8 c2:050 e2:050 g2:050\n")
    (d / "music.txt").write_text("0 spires 0 . . . start end\n16 lookout 0 . . . start end\n")
    cfg = json.loads((CART / "worlds.json").read_text())
    for i, w in enumerate(cfg["worlds"]):
        write_solvable_batch(d / f"b{i}.json", 2 + i, seed=11 + i)
        w["batches"] = [f"b{i}.json"]
    (d / "worlds.json").write_text(json.dumps(cfg, indent=1))
    return d


def revealed(p) -> np.ndarray:
    """The displayed colour at the centre of each cell of the solved board."""
    corner, cz, n = (int(p.g(k)) for k in ("board_corner", "cell_px", "board_size"))
    d = p.c.display()
    return np.array([[d[corner + y * cz + cz // 2, corner + x * cz + cz // 2] for x in range(n)]
                     for y in range(n)])
