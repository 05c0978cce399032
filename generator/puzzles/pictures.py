"""Hand-drawn pictures: read them (PNG sheets, single images, text), name them, sort them.

Sources
- Text form (any file that is not a PNG): pictures of `#` (filled) and `.` (empty) rows,
  separated by blank lines; a line `; name` just before a picture names it. Lines starting
  with `;;` are comments.
- A PNG sheet: an image whose sides are both multiples of the tile size (15) is cut into
  tiles, read row by row, left to right. Any other image is one picture (as large as the size guard allows).
- Pixel rule, per tile: a transparent pixel (alpha < 128) is empty. If the tile's opaque
  pixels are all dark or all light (luma = 0.299 R + 0.587 G + 0.114 B against THRESHOLD) and
  use more than one colour, the tile has a background colour: the commonest colour of its
  border ring; every other colour is filled. Otherwise a pixel is filled when it is dark.
  So black-on-white, dark-on-transparent and red-on-yellow all read as drawn.
Names: a sidecar text file beside a PNG (same stem, `.txt`, one name per tile in reading
order), the text form's `; name` lines, else the file's stem (with `-N` when it holds several).

A picture is a puzzle record (generator.formats.record.Puzzle) with its solution, name and
source ("file#N"). Each is checked (`check`): line-solvable (kept, with its iterations), unique
but needs guessing, several solutions, or blank.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator import UserError, plural
from generator.formats.batchfile import Batch
from generator.formats.record import Puzzle
from generator.files.userfile import PNG_MAGIC, decode_text, open_png, read_bytes, read_text
from generator.solver.grid import FILLED, check_size, rows_to_text, text_to_rows
from generator.solver.verdict import DEFAULT_NODE_LIMIT, MULTIPLE, UNIQUE, verdict

TILE = 15
THRESHOLD = 128
MAX_PICTURES = 10_000     # pictures (tiles) in one file

# verdicts of check()
LINE_SOLVABLE = "line-solvable"
NEEDS_GUESSING = "needs guessing"
MULTIPLE_SOLUTIONS = "multiple solutions"
UNDECIDED = "needs guessing (search limit hit)"
BLANK = "blank"


@dataclass
class Verdict:
    puzzle: Puzzle            # the picture: its solution, name and source ("file#N", N from 0 as `-i` takes it)
    kind: str                 # one of the verdicts above
    iterations: int = 0

    @property
    def kept(self) -> bool:
        return self.kind == LINE_SOLVABLE

    def line(self) -> str:
        extra = f" in {plural(self.iterations, 'iteration')}" if self.kept else ""
        return f"{self.puzzle.source} {self.puzzle.name}: {self.kind}{extra}"


# ---- text form -------------------------------------------------------------------------

def parse_text(text: str, stem: str, name: str | None = None) -> list[Puzzle]:
    """Pictures of a text file; see the module docstring for the form. Errors name `name` (the
    file), else `stem`."""
    where = name or stem
    blocks: list[tuple[str | None, list[str], int]] = []
    name, rows, first = None, [], 0
    for lineno, raw in enumerate(text.splitlines() + [""], 1):
        line = raw.strip()
        if line.startswith(";;"):
            continue
        if line.startswith(";"):
            if rows:
                raise UserError(f"{where}: line {lineno}: a name must come before its picture")
            name = line[1:].strip() or None
        elif line:
            if not rows:
                first = lineno
            rows.append(line)
        elif rows:
            blocks.append((name, rows, first))
            name, rows = None, []
    if not blocks:
        raise UserError(f"{where}: no pictures found")
    out = []
    for i, (name, rows, first) in enumerate(blocks, 1):
        try:
            grid = text_to_rows(rows) == FILLED
        except UserError as e:
            raise UserError(f"{where}: picture at line {first}: {e}") from None
        default = stem if len(blocks) == 1 else f"{stem}-{i}"
        out.append(Puzzle.from_grid(grid, name=name or default, source=f"{stem}#{i - 1}"))
    return out


def to_text(pictures: list[Puzzle]) -> str:
    """The text form of pictures (what parse_text reads back)."""
    return "\n".join(f"; {p.name}\n" + "\n".join(rows_to_text(p.solution)) + "\n" for p in pictures)


# ---- images ----------------------------------------------------------------------------

def tile_to_grid(rgba: np.ndarray) -> np.ndarray:
    """One tile (h x w x 4 uint8) to a bool grid by the pixel rule in the module docstring."""
    opaque = rgba[..., 3] >= 128
    rgb = rgba[..., :3].astype(np.int32)
    luma = (299 * rgb[..., 0] + 587 * rgb[..., 1] + 114 * rgb[..., 2]) / 1000
    dark = luma < THRESHOLD
    colours = rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2]
    seen = np.unique(colours[opaque])
    one_side = not (dark & opaque).any() or not (~dark & opaque).any()
    if one_side and len(seen) > 1:
        ring = np.ones(opaque.shape, dtype=bool)
        ring[1:-1, 1:-1] = False
        ring &= opaque
        pool = colours[ring] if ring.any() else colours[opaque]
        values, counts = np.unique(pool, return_counts=True)
        background = values[np.argmax(counts)]
        return opaque & (colours != background)
    return opaque & dark


def read_image(path: Path, tile: int = TILE) -> list[np.ndarray]:
    """Grids of a PNG: its tiles when both sides are multiples of `tile`, else one picture."""
    rgba = open_png(path, "picture")
    h, w = rgba.shape[:2]
    if h % tile == 0 and w % tile == 0:
        if (h // tile) * (w // tile) > MAX_PICTURES:
            raise UserError(f"{path}: {(h // tile) * (w // tile)} tiles of {tile}x{tile}; "
                            f"the limit is {MAX_PICTURES} pictures a file")
        return [tile_to_grid(rgba[y:y + tile, x:x + tile])
                for y in range(0, h, tile) for x in range(0, w, tile)]
    check_size(h, w)
    return [tile_to_grid(rgba)]   # any other size: one picture


def sidecar_names(path: Path) -> list[str] | None:
    """Names from `stem.txt` beside an image, one per line (blank lines skipped)."""
    side = path.with_suffix(".txt")
    if not side.is_file():
        return None
    return read_names(side)


def read_names(path: Path) -> list[str]:
    return [ln.strip() for ln in read_text(path, "names file").splitlines() if ln.strip()]


def inputs_of(paths) -> list[Path]:
    """The files reading `paths` may open: each file and a PNG's sidecar names file."""
    out = []
    for p in paths:
        p = Path(p)
        out.append(p)
        if p.suffix.lower() == ".png":
            out.append(p.with_suffix(".txt"))
    return out


def load(path, tile: int = TILE) -> list[Puzzle]:
    """All pictures of one file (PNG by its magic bytes, else the text form)."""
    path = Path(path)
    data = read_bytes(path, "picture file")
    stem = path.stem
    if not data.startswith(PNG_MAGIC):
        if path.suffix.lower() == ".png":
            raise UserError(f"{path}: not a PNG image (bad signature)")
        pictures = parse_text(decode_text(data, str(path), "text picture file"), stem, str(path))
        if len(pictures) > MAX_PICTURES:
            raise UserError(f"{path}: {len(pictures)} pictures; the limit is {MAX_PICTURES} a file")
        return pictures
    grids = read_image(path, tile)
    names = sidecar_names(path) or []
    if len(names) > len(grids):
        raise UserError(f"{path.with_suffix('.txt')}: {len(names)} names for {len(grids)} tiles")
    out = []
    for i, g in enumerate(grids, 1):
        default = stem if len(grids) == 1 else f"{stem}-{i}"
        out.append(Puzzle.from_grid(g, name=names[i - 1] if i <= len(names) else default,
                                    source=f"{path.name}#{i - 1}"))
    if not any(p.solution.any() for p in out):
        raise UserError(f"{path}: empty sheet (no filled pixel in any tile)")
    return out


def load_all(paths, names_file=None, tile: int = TILE) -> list[Puzzle]:
    pictures = [p for path in paths for p in load(path, tile)]
    if names_file is not None:
        names = read_names(names_file)
        if len(names) != len(pictures):
            raise UserError(f"{names_file}: {len(names)} names for {len(pictures)} pictures")
        for p, n in zip(pictures, names):
            p.name = n
    return pictures


# ---- checking --------------------------------------------------------------------------

def check(picture: Puzzle, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    if not picture.solution.any():
        return Verdict(picture, BLANK)
    v = verdict(picture.clues, node_limit=node_limit)
    if v.solved:
        return Verdict(picture, LINE_SOLVABLE, v.iterations)
    return Verdict(picture, {UNIQUE: NEEDS_GUESSING, MULTIPLE: MULTIPLE_SOLUTIONS}.get(v.classification, UNDECIDED))


def to_batch(verdicts: list[Verdict], sources: list[str]) -> Batch:
    """The kept (line-solvable) pictures as a batch, in input order."""
    puzzles = [Puzzle.from_grid(v.puzzle.solution, iterations=v.iterations, name=v.puzzle.name) for v in verdicts if v.kept]
    return Batch(puzzles, {"style": "pictures", "sources": sources})
