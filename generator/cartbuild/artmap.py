"""The spritesheet PNG -> 16-slot sprite pixels and each world's display palette.

`cart/spritesheet.png` is drawn in true colour (the PNG is the source of truth). Each world has a
strip of 16 swatches in it: swatch i is the colour of screen slot i in that world. The build

1. reads each world's swatches and snaps them to PICO-8's 32 colours (generator.cartbuild.palette), which
   gives the world's display palette, `pal(tbl, 1)` in the cart;
2. maps every art pixel to the slot whose swatch has exactly its colour: pixels inside a world's
   backdrop (and swatch strip) use that world's swatches, all other art pixels (the UI sprites)
   use the swatches of the `ui_palette` world.

Refused, with a message naming the place: an image that is not 128x128; a transparent pixel in
the art rows, or any visible pixel below them (rows `art_rows`..127 hold puzzle data in the cart
and must be left fully transparent); a swatch cell that is not one colour; two swatches of one
world with the same colour; a swatch farther than palette.MAX_DELTA_E from every PICO-8 colour;
more than 16 distinct colours in the sprite pixels one palette maps (swatch strips
aside); a pixel whose colour is not one of its
palette's swatches (x, y and colour).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator import UserError
from generator.files.userfile import open_png
from generator.cartbuild.palette import MAX_DELTA_E, PICO8, Snap, rgb_hex, snap
from generator.cartbuild.worlds import SLOTS, Rect, WorldArt  # noqa: F401

SHEET_SIZE = 128


@dataclass
class SheetResult:
    slots: np.ndarray               # uint8 art_rows x 128, slot 0-15 per pixel
    palettes: dict[str, list[Snap]]  # world name -> its 16 snapped swatches


def load_rgba(path, what: str) -> np.ndarray:
    """The image as RGBA; the spritesheet must be an 8-bit RGBA PNG (its alpha says which rows
    are art), any other mode is refused with a message naming it (generator.files.userfile)."""
    return open_png(path, what, rgba8_only=what == "spritesheet")


def _pack(rgb: np.ndarray) -> np.ndarray:
    rgb = rgb.astype(np.int64)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def _unpack(v: int) -> tuple[int, int, int]:
    return (v >> 16) & 255, (v >> 8) & 255, v & 255


def read_swatches(rgba: np.ndarray, w: WorldArt, source: str) -> list[Snap]:
    """The world's 16 swatch colours, snapped; refuses mixed cells, repeats and far colours."""
    colours = []
    for i in range(SLOTS):
        x, y, c = w.swatch_x + i * w.swatch_cell, w.swatch_y, w.swatch_cell
        cell = _pack(rgba[y:y + c, x:x + c, :3])
        if cell.shape != (c, c):
            raise UserError(f"{source}: world {w.name}: swatch {i} at ({x},{y}) lies outside the image")
        if (cell != cell[0, 0]).any():
            raise UserError(f"{source}: world {w.name}: swatch {i} at ({x},{y}) is not one colour")
        v = int(cell[0, 0])
        if v in colours:
            j = colours.index(v)
            raise UserError(f"{source}: world {w.name}: swatches {j} and {i} are both "
                            f"{rgb_hex(_unpack(v))}; each slot needs its own colour")
        colours.append(v)
    snaps = [snap(_unpack(v)) for v in colours]
    for i, s in enumerate(snaps):
        if s.delta_e > MAX_DELTA_E:
            raise UserError(f"{source}: world {w.name}: swatch {i} {rgb_hex(s.rgb)} is {s.delta_e:.1f} "
                            f"(CIEDE2000) from the nearest PICO-8 colour {s.pico8} "
                            f"{rgb_hex(PICO8[s.pico8])}; the limit is {MAX_DELTA_E:g}")
    return snaps


def map_sheet(rgba: np.ndarray, worlds: list[WorldArt], ui_world: str, art_rows: int,
              source: str = "spritesheet") -> SheetResult:
    """Map the art rows of a 128x128 RGBA image to slots (see the module docstring)."""
    h, w = rgba.shape[:2]
    if (w, h) != (SHEET_SIZE, SHEET_SIZE):
        raise UserError(f"{source}: image is {w}x{h}, must be {SHEET_SIZE}x{SHEET_SIZE}")
    alpha = rgba[..., 3]
    bad = np.argwhere(alpha[:art_rows] != 255)
    if len(bad):
        y, x = bad[0]
        raise UserError(f"{source}: pixel ({x},{y}) is transparent; the art rows 0-{art_rows - 1} "
                        "must be opaque (draw slot 0's colour where sprites are see-through)")
    bad = np.argwhere(alpha[art_rows:] != 0)
    if len(bad):
        y, x = bad[0]
        raise UserError(f"{source}: pixel ({x},{y + art_rows}) is drawn, but rows "
                        f"{art_rows}-127 hold puzzle data and must stay fully transparent")

    palettes = {wa.name: read_swatches(rgba, wa, source) for wa in worlds}
    if ui_world not in palettes:
        raise UserError(f"{source}: ui_palette {ui_world!r} is not one of the worlds")
    # which world's palette maps each art pixel
    owner = np.full((art_rows, SHEET_SIZE), ui_world, dtype=object)
    strips = np.zeros((art_rows, SHEET_SIZE), dtype=bool)
    for wa in worlds:
        for field, r in (("swatches", wa.swatch_rect), ("backdrop", wa.backdrop)):
            if r.x < 0 or r.y < 0 or r.x + r.w > SHEET_SIZE or r.y + r.h > art_rows:
                raise UserError(f"{source}: world {wa.name}: '{field}' x {r.x}, y {r.y}, {r.w}x{r.h} "
                                f"is outside the art (rows 0-{art_rows - 1}, {SHEET_SIZE} wide)")
            owner[r.cells()] = wa.name
        strips[wa.swatch_rect.cells()] = True

    packed = _pack(rgba[:art_rows, :, :3])
    slots = np.zeros((art_rows, SHEET_SIZE), dtype=np.uint8)
    for name, snaps in palettes.items():
        mask = owner == name
        if not mask.any():
            continue
        distinct = np.unique(packed[mask & ~strips])
        if len(distinct) > SLOTS:
            raise UserError(f"{source}: {len(distinct)} distinct colours in the sprite pixels drawn with "
                            f"world {name}'s palette; at most {SLOTS}")
        swatch = np.array([_pack(np.array(s.rgb)) for s in snaps])
        hit = packed[..., None] == swatch
        stray = mask & ~hit.any(axis=-1)
        if stray.any():
            y, x = np.argwhere(stray)[0]
            raise UserError(f"{source}: pixel ({x},{y}) colour {rgb_hex(_unpack(int(packed[y, x])))} "
                            f"is not one of world {name}'s 16 swatches")
        slots[mask] = hit.argmax(axis=-1)[mask]
    return SheetResult(slots, palettes)


def label_pixels(path: Path) -> np.ndarray:
    """A 128x128 label picture -> PICO-8 colour numbers 0-31 (128+k written as 16+k) by snapping."""
    rgba = load_rgba(path, "label")
    h, w = rgba.shape[:2]
    if (w, h) != (SHEET_SIZE, SHEET_SIZE):
        raise UserError(f"{path}: label is {w}x{h}, must be {SHEET_SIZE}x{SHEET_SIZE}")
    packed = _pack(rgba[..., :3])
    out = np.zeros(packed.shape, dtype=np.uint8)
    for v in np.unique(packed):
        c = snap(_unpack(int(v))).pico8
        out[packed == v] = c if c < 16 else c - 128 + 16
    return out
