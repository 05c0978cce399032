"""Why a picture needs guessing: where line logic stalls, or two different solutions.

The ASCII view and the PNG here are deliberately minimal (a stall view, not a puzzle renderer:
generator/ascii.py and generator/render.py own the full renderings).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from generator import plural
from generator.solver.clues import Clues, clue_text, grid_clues
from generator.solver.grid import EMPTY, FILLED, UNKNOWN
from generator.solver.verdict import DEFAULT_NODE_LIMIT, MULTIPLE, UNIQUE, verdict

SOLVED_KIND, GUESS_KIND, MULTIPLE_KIND, UNDECIDED_KIND = "solved", "needs guessing", "multiple solutions", "undecided"


@dataclass
class Explanation:
    kind: str                    # solved / needs guessing / multiple solutions / undecided
    clues: Clues
    partial: np.ndarray          # int8 grid where line logic stopped
    iterations: int
    solutions: list[np.ndarray] = field(default_factory=list)  # two when multiple

    @property
    def unresolved(self) -> np.ndarray:
        return self.partial == UNKNOWN

    def summary(self) -> str:
        n = int(self.unresolved.sum())
        if self.kind == SOLVED_KIND:
            return f"line-solvable in {plural(self.iterations, 'iteration')}"
        head = f"line logic stalls after {self.iterations} iterations with {n} unresolved cells"
        if self.kind == MULTIPLE_KIND:
            d = int((self.solutions[0] != self.solutions[1]).sum())
            return f"{head}: the clues have several solutions (two shown, {d} cells differ)"
        if self.kind == GUESS_KIND:
            return f"{head}: the solution is unique but the player must guess"
        return f"{head}: the search limit was hit before uniqueness was decided"


def explain(grid: np.ndarray, node_limit: int = DEFAULT_NODE_LIMIT) -> Explanation:
    return explain_clues(grid_clues(grid), node_limit)


def explain_clues(clues: Clues, node_limit: int = DEFAULT_NODE_LIMIT,
                  known: np.ndarray | None = None) -> Explanation:
    v = verdict(clues, known, node_limit)
    if v.solved:
        return Explanation(SOLVED_KIND, clues, v.partial, v.iterations)
    kind = {UNIQUE: GUESS_KIND, MULTIPLE: MULTIPLE_KIND}.get(v.classification, UNDECIDED_KIND)
    return Explanation(kind, clues, v.partial, v.iterations, v.solutions if kind == MULTIPLE_KIND else [])


# ---- minimal ASCII view ----------------------------------------------------------------

CELL = {FILLED: "#", EMPTY: ".", UNKNOWN: "?"}


def ascii_view(clues: Clues, grid: np.ndarray, mark: np.ndarray | None = None) -> str:
    """Devlog-style: column clues stacked above, row clues to the left, '?' unresolved cells.

    `mark` (bool) draws those cells as '@' (e.g. the cells that differ between two solutions).
    """
    g = np.asarray(grid)
    if g.dtype == bool:
        g = g.astype(np.int8)
    rows = [clue_text(c) for c in clues.rows]
    left = max(map(len, rows))
    cols = [list(c) or [0] for c in clues.cols]
    depth = max(map(len, cols))
    out = []
    for d in range(depth):
        cells = [str(c[d - depth + len(c)]) if d >= depth - len(c) else "" for c in cols]
        out.append(" " * (left + 1) + "".join(f"{s:>2}" for s in cells).rstrip())
    for y, text in enumerate(rows):
        cells = ["@" if mark is not None and mark[y, x] else CELL[int(v)] for x, v in enumerate(g[y])]
        out.append(f"{text:>{left}} " + "".join(f" {c}" for c in cells))
    return "\n".join(out)


def explanation_text(e: Explanation) -> str:
    parts = [e.summary()]
    if e.kind != SOLVED_KIND:
        parts += ["", "where line logic stops ('?' = unresolved):", ascii_view(e.clues, e.partial)]
    if e.kind == MULTIPLE_KIND:
        diff = e.solutions[0] != e.solutions[1]
        for i, s in enumerate(e.solutions, 1):
            parts += ["", f"solution {i} ('@' = filled here, empty in the other):",
                      ascii_view(e.clues, s, diff & s)]
    return "\n".join(parts)


# ---- minimal PNG -----------------------------------------------------------------------

SCALE = 12
INK, PAPER, GRIDLINE = (34, 32, 52), (238, 232, 213), (170, 165, 150)
UNRESOLVED, MARK = (255, 110, 64), (41, 173, 255)
UNRESOLVED_INK, UNRESOLVED_PAPER = (190, 60, 20), (255, 190, 150)


def grid_image(grid: np.ndarray, mark: np.ndarray | None = None, scale: int = SCALE,
               stalled: np.ndarray | None = None):
    """A PIL image of a grid: ink filled, paper empty, orange unresolved, blue outline on `mark`.

    `stalled` (bool) tints those cells of a solution orange (dark if filled): where a picture
    needs guessing, shown on the picture itself.
    """
    from PIL import Image, ImageDraw

    g = np.asarray(grid)
    if g.dtype == bool:
        g = g.astype(np.int8)
    h, w = g.shape
    im = Image.new("RGB", (w * scale + 1, h * scale + 1), GRIDLINE)
    draw = ImageDraw.Draw(im)
    for y in range(h):
        for x in range(w):
            colour = {FILLED: INK, EMPTY: PAPER}.get(int(g[y, x]), UNRESOLVED)
            if stalled is not None and stalled[y, x]:
                colour = UNRESOLVED_INK if g[y, x] == FILLED else UNRESOLVED_PAPER
            box = (x * scale + 1, y * scale + 1, x * scale + scale - 1, y * scale + scale - 1)
            draw.rectangle(box, fill=colour)
            if mark is not None and mark[y, x]:
                draw.rectangle(box, outline=MARK, width=2)
    return im


def side_by_side(images, gap: int = 8):
    from PIL import Image

    w = sum(im.width for im in images) + gap * (len(images) - 1)
    h = max(im.height for im in images)
    out = Image.new("RGB", (w, h), (255, 255, 255))
    x = 0
    for im in images:
        out.paste(im, (x, 0))
        x += im.width + gap
    return out


def png_bytes(image) -> bytes:
    import io

    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def explanation_image(e: Explanation):
    """The stalled grid with unresolved cells highlighted; plus two solutions when several."""
    images = [grid_image(e.partial)]
    if e.kind == MULTIPLE_KIND:
        diff = e.solutions[0] != e.solutions[1]
        images += [grid_image(s, diff) for s in e.solutions]
    return side_by_side(images)


def contact_sheet(pictures, stalls, per_row: int = 6, scale: int = 8):
    """Pictures with their names in a grid; `stalls` (bool masks or None) tint unresolved cells."""
    from PIL import Image, ImageDraw

    label = 12
    tiles = []
    for i, (pic, stall) in enumerate(zip(pictures, stalls), 1):
        im = grid_image(pic.grid, scale=scale, stalled=stall)
        tile = Image.new("RGB", (max(im.width, 6 * len(pic.name) + 20), im.height + label), (255, 255, 255))
        tile.paste(im, (0, label))
        ImageDraw.Draw(tile).text((1, 0), f"{i} {pic.name}", fill=INK)
        tiles.append(tile)
    rows = [side_by_side(tiles[k:k + per_row]) for k in range(0, len(tiles), per_row)]
    out = Image.new("RGB", (max(r.width for r in rows), sum(r.height + 8 for r in rows)), (255, 255, 255))
    y = 0
    for r in rows:
        out.paste(r, (0, y))
        y += r.height + 8
    return out
