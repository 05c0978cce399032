"""cart/worlds.json: the cart's worlds, in order, with their batches and their art.

    {
      "format": "picross8-worlds", "version": 1,
      "spritesheet": "spritesheet.png",   # paths are relative to this file
      "label": "label.png",               # 128x128 label picture (snapped to PICO-8 colours)
      "ui_palette": "spires",             # the world whose swatches map the UI sprites
      "worlds": [
        {"name": "spires",                # [a-z0-9_]: a Lua-friendly id
         "title": "pastel spires",        # shown in the cart: a-z 0-9 space ' ! . - only, not a number
         "batches": ["puzzles.json",      # a whole batch file, or a slice of one:
                     {"file": "more.json", "start": 0, "count": 50},
                     # the first 50 from 0 that measure at least 2 pips (the ramp's join):
                     {"file": "more.json", "start": 0, "count": 50, "min_pips": 2},
                     {"file": "pictures/valley.json", "colours": "pictures/valley"}],
         "swatches": {"x": 0, "y": 8, "cell": 4},   # 16 cells of cell x cell px, left to right
         "backdrop": {"x": 0, "y": 16, "w": 64, "h": 32},
         "ui": {"backdrop": 9, "paper": 7, ...}}   # the slot each ui colour role is drawn in
      ]
    }

"ui" names the screen slot (0-15, the world's swatch) of each of the sixteen colour roles the
cart draws with (cart/draw.lua's top comment; ROLES below, in the cart's order): backdrop, paper,
grid, guide (the line every 5 cells), fill, cross, clue, dim_clue (a placed run's number),
highlight (the cursor's row and column), cursor, text, the four picture roles of the shading rule
picture_lit, picture_body, picture_half_lit, picture_shadow, and clue_highlight (behind the
cursor's clues). Every role must be named, once; a list of sixteen slots in that order is read
too.

A batch's "colours" names a folder of colour PNGs for its pictures (generator.formats.colourpng,
generator.cartbuild.colours); its pictures without one are coloured by the cart's shading rule.
A batch's "min_pips" (1-5, default 1: every puzzle) skips the puzzles that measure fewer pips
(generator.puzzles.difficulty); "count" then counts the puzzles taken, from "start" on.

The puzzles of all worlds are numbered in this order (world 1's first, ...), and that number is
the puzzle's place in the cart's ROM (generator.cartbuild.rom).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator import UserError
from generator.files.userfile import read_json
from generator.puzzles.difficulty import Difficulty, measure

FORMAT = "picross8-worlds"
SLOTS = 16          # screen colour slots: a world's swatches, its ui roles
# the ui colour roles, in the cart's order (role i is ui[i] in the cart; cart/draw.lua)
ROLES = ("backdrop", "paper", "grid", "guide", "fill", "cross", "clue", "dim_clue", "highlight",
         "cursor", "text", "picture_lit", "picture_body", "picture_half_lit", "picture_shadow",
         "clue_highlight")
VERSION = 1
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
_TEXT = re.compile(r"^[a-z0-9 '!.\-]{1,24}$")
# a text Lua (and so split()) reads as a number: a decimal (with an exponent), 0x hex or 0b
# binary one, signed, spaced
_NUMBER = re.compile(r"^\s*[-+]?\s*(0x[0-9a-f.]*|0b[01.]*|[0-9.]+(e[-+]?[0-9]+)?)\s*$", re.IGNORECASE)


def reads_as_number(text: str) -> bool:
    """Whether the cart's split() would turn `text` into a number (a world's title must not)."""
    return bool(_NUMBER.match(text))


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    def cells(self):
        return slice(self.y, self.y + self.h), slice(self.x, self.x + self.w)


@dataclass(frozen=True)
class WorldArt:
    name: str
    swatch_x: int          # swatch strip: 16 square cells left to right from (x, y)
    swatch_y: int
    swatch_cell: int
    backdrop: Rect

    @property
    def swatch_rect(self) -> Rect:
        return Rect(self.swatch_x, self.swatch_y, self.swatch_cell * SLOTS, self.swatch_cell)


@dataclass(frozen=True)
class BatchRef:
    path: Path
    start: int = 0
    count: int | None = None       # None: to the end of the file
    colours: Path | None = None    # the folder of its pictures' colour PNGs
    min_pips: int = 1              # take only puzzles of at least this many pips


def taken_indices(ref: BatchRef, n: int, puzzles=(), measured: dict | None = None) -> list[int]:
    """The places of the puzzles a world takes through `ref` from the first `n` of a batch: from
    `start` on, those of at least `min_pips` pips, until `count` of them (to `n` without a count;
    fewer if the batch runs out, which the caller judges). Every puzzle measures at least one pip,
    so the batch's `puzzles` are read and measured only when `min_pips` is above 1 (and then
    none past them is taken); `measured`, if given, keeps each difficulty measured so (place ->
    Difficulty)."""
    out = []
    for i in range(ref.start, n if ref.min_pips == 1 else min(n, len(puzzles))):
        if len(out) == ref.count:
            break
        if ref.min_pips > 1:
            d = measure(puzzles[i].clues)
            if measured is not None:
                measured[i] = d
            if d.pips < ref.min_pips:
                continue
        out.append(i)
    return out


def taken(ref: BatchRef, puzzles) -> list[tuple[int, Difficulty]]:
    """The puzzles a world takes from a batch through `ref` (taken_indices), as (place,
    difficulty)."""
    measured: dict[int, Difficulty] = {}
    places = taken_indices(ref, len(puzzles), puzzles, measured)
    return [(i, measured[i] if i in measured else measure(puzzles[i].clues)) for i in places]


@dataclass(frozen=True)
class World:
    name: str
    title: str
    batches: tuple[BatchRef, ...]
    art: WorldArt
    ui: tuple[int, ...]            # the screen slot of each ui colour role 0..15


@dataclass(frozen=True)
class WorldsConfig:
    path: Path
    spritesheet: Path
    label: Path
    ui_palette: str
    worlds: tuple[World, ...]


def check_text(text, where: str) -> str:
    """Text shown in the cart: lowercase letters (PICO-8's normal font), digits, a few marks."""
    if not isinstance(text, str) or not _TEXT.match(text.lower()):
        raise UserError(f"{where}: {text!r} must be 1-24 characters of a-z 0-9 space ' ! . -")
    return text.lower()


def _int(d: dict, key: str, where: str, minimum: int = 0) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise UserError(f"{where}: '{key}' must be a whole number >= {minimum}")
    return v


def _batch_ref(b, base: Path, where: str) -> BatchRef:
    if isinstance(b, str):
        return BatchRef(base / b)
    if not isinstance(b, dict) or not isinstance(b.get("file"), str):
        raise UserError(f"{where}: a batch is a file name or {{\"file\": ..., \"start\": ..., "
                        f"\"count\": ..., \"min_pips\": ..., \"colours\": ...}}")
    unknown = sorted(set(b) - {"file", "start", "count", "min_pips", "colours"})
    if unknown:
        raise UserError(f"{where}: batch {b['file']!r}: unknown key {unknown[0]!r} "
                        f"(a batch has file, start, count, min_pips, colours)")
    count = _int(b, "count", where, 1) if "count" in b else None
    min_pips = _int(b, "min_pips", where, 1) if "min_pips" in b else 1
    if min_pips > 5:
        raise UserError(f"{where}: batch {b['file']!r}: 'min_pips' must be 1-5 (puzzles have 1-5 pips)")
    colours = b.get("colours")
    if colours is not None and (not isinstance(colours, str) or not colours):
        raise UserError(f"{where}: batch {b['file']!r}: 'colours' must name a folder of colour PNGs")
    return BatchRef(base / b["file"], _int(b, "start", where) if "start" in b else 0, count,
                    base / colours if colours else None, min_pips)


def _world(d, base: Path, where: str) -> World:
    if not isinstance(d, dict):
        raise UserError(f"{where}: a world must be an object")
    name = d.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise UserError(f"{where}: name {name!r} must be 1-16 characters of a-z 0-9 _ starting with a letter")
    where = f"{where} ({name})"
    batches = d.get("batches")
    if not isinstance(batches, list) or not batches:
        raise UserError(f"{where}: 'batches' must be a non-empty list")
    sw, bd = d.get("swatches"), d.get("backdrop")
    if not isinstance(sw, dict) or not isinstance(bd, dict):
        raise UserError(f"{where}: needs 'swatches' {{x, y, cell}} and 'backdrop' {{x, y, w, h}}")
    art = WorldArt(name, _int(sw, "x", where), _int(sw, "y", where), _int(sw, "cell", where, 1),
                   Rect(_int(bd, "x", where), _int(bd, "y", where), _int(bd, "w", where, 1), _int(bd, "h", where, 1)))
    title = check_text(d.get("title"), f"{where} title")
    if reads_as_number(title):
        raise UserError(f"{where} title: {title!r} reads as a number (the cart's split() would "
                        "turn it into one): give it a letter")
    return World(name, title,
                 tuple(_batch_ref(b, base, where) for b in batches), art, _ui(d.get("ui"), where))


def _slot(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SLOTS


def _ui(ui, where: str) -> tuple[int, ...]:
    """The screen slot of each colour role, in ROLES order, from {"role": slot, ...} (or a list of
    sixteen slots in that order)."""
    if isinstance(ui, list):
        if len(ui) != SLOTS or not all(_slot(v) for v in ui):
            raise UserError(f"{where}: 'ui' must be {SLOTS} screen slots 0..{SLOTS - 1}, one per ui colour role")
        return tuple(ui)
    if not isinstance(ui, dict):
        raise UserError(f"{where}: 'ui' must name the screen slot 0..{SLOTS - 1} of each colour role: "
                        + ", ".join(ROLES))
    unknown = [k for k in ui if k not in ROLES]
    if unknown:
        raise UserError(f"{where}: 'ui': unknown colour role {unknown[0]!r} (the roles: {', '.join(ROLES)})")
    missing = [r for r in ROLES if r not in ui]
    if missing:
        raise UserError(f"{where}: 'ui': no slot for the colour role {missing[0]!r}"
                        + (f" (nor {len(missing) - 1} more: {', '.join(missing[1:])})" if len(missing) > 1 else ""))
    bad = next((r for r in ROLES if not _slot(ui[r])), None)
    if bad:
        raise UserError(f"{where}: 'ui': {bad!r} must be a screen slot 0..{SLOTS - 1}, not {ui[bad]!r}")
    return tuple(ui[r] for r in ROLES)


def read_worlds(path) -> WorldsConfig:
    path = Path(path)
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{path}: not a worlds file (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise UserError(f"{path}: worlds version {data.get('version')} is not supported (want {VERSION})")
    base = path.parent
    worlds = data.get("worlds")
    if not isinstance(worlds, list) or not worlds:
        raise UserError(f"{path}: 'worlds' must be a non-empty list")
    ws = tuple(_world(w, base, f"{path}: world {i + 1}") for i, w in enumerate(worlds))
    names = [w.name for w in ws]
    if len(set(names)) != len(names):
        raise UserError(f"{path}: world names must differ ({', '.join(names)})")
    for key in ("spritesheet", "label"):
        if not isinstance(data.get(key), str):
            raise UserError(f"{path}: '{key}' must name a PNG file")
    ui = data.get("ui_palette", names[0])
    if ui not in names:
        raise UserError(f"{path}: ui_palette {ui!r} is not one of the worlds ({', '.join(names)})")
    return WorldsConfig(path, base / data["spritesheet"], base / data["label"], ui, ws)
