"""PNG pictures of puzzles (Pillow), the one place boards become images: a puzzle with its
clues (`puzzle_image`), a bare grid with marks (`grid_image`, for explain and fix), grids side
by side, a contact sheet of many grids (numbered or named), a sheet of coloured pictures as the
cart reveals them (`colour_sheet`), and the PNG bytes of any of them.

A palette is a list of RGB tuples, by role (missing entries take the default's):
  0 background, 1 ink (clue digits, grid lines), 2 filled cells, 3 crosses on known-empty
  cells, 4 highlight of unknown cells, 5 a tinted filled cell, 6 a tinted empty cell (tints
  show where line logic stalls on a picture), 7 the outline of a marked cell.
The default is PICO-8's white, dark blue, dark blue, light grey, orange, then rust, peach and
blue, so other code can render in a world's colours by passing its own. Digits are drawn from a built-in 3x5 pixel
font (PICO-8 style), so the bytes depend only on the inputs and Pillow's PNG writer: same
inputs, same file.
"""
from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image, ImageDraw

from generator import UserError
from generator.pico8 import COLOURS
from generator.solver.clues import Clues
from generator.solver.grid import EMPTY, FILLED, UNKNOWN

DEFAULT_PALETTE = [COLOURS[7], COLOURS[1], COLOURS[1], COLOURS[6], COLOURS[9],
                   (190, 60, 20), (255, 190, 150), COLOURS[12]]
BG, INK, FILL, CROSS, HIGHLIGHT, TINT_FILL, TINT_EMPTY, MARK = range(8)

# 3x5 digits, one string of 15 cells per digit, row by row ('#' = ink)
_DIGITS = {
    "0": "####.##.##.####", "1": ".#.##..#..#.###", "2": "###..#####..###",
    "3": "###..####..####", "4": "#.##.####..#..#", "5": "####..###..####",
    "6": "####..####.####", "7": "###..#..#..#..#", "8": "####.#####.####",
    "9": "####.####..####",
}


MAX_PIXELS = 1 << 26     # the largest image drawn (64 Mpx, 192 MB of RGB): checked before allocating


def canvas(width: int, height: int, colour) -> Image.Image:
    """A new RGB image, refused (a user error, before any memory is taken) past MAX_PIXELS: a
    huge board at a large --cell, or thousands of pictures on a sheet, would exhaust memory."""
    if width * height > MAX_PIXELS:
        raise UserError(f"the image would be {width}x{height} pixels, more than the {MAX_PIXELS:,} "
                        "drawn at most; use a smaller --cell or fewer puzzles")
    return Image.new("RGB", (width, height), colour)


def _palette(palette) -> list[tuple[int, int, int]]:
    pal = [tuple(int(v) for v in c) for c in (palette or [])]
    if any(len(c) != 3 or not all(0 <= v <= 255 for v in c) for c in pal):
        raise ValueError("palette entries must be (r, g, b) with values 0..255")
    return pal + DEFAULT_PALETTE[len(pal):]


def text_size(text: str, scale: int) -> tuple[int, int]:
    return (4 * len(text) - 1) * scale, 5 * scale


def draw_text(d: ImageDraw.ImageDraw, x: int, y: int, text: str, scale: int, colour) -> None:
    """Digits at (x, y), top-left, each font pixel a scale x scale square."""
    for ch in text:
        bits = _DIGITS[ch]
        for i, b in enumerate(bits):
            if b == "#":
                px, py = x + (i % 3) * scale, y + (i // 3) * scale
                d.rectangle([px, py, px + scale - 1, py + scale - 1], fill=colour)
        x += 4 * scale


def _row_clue_width(clue, scale: int, gap: int) -> int:
    return sum(text_size(str(n), scale)[0] for n in clue) + gap * (len(clue) - 1)


def _as_partial(grid, h: int, w: int) -> np.ndarray:
    if grid is None:
        return np.full((h, w), UNKNOWN, dtype=np.int8)
    return np.asarray(grid).astype(np.int8)


def _cells(d, g: np.ndarray, x0: int, y0: int, cell: int, pal, show_unknown: bool,
           tint=None) -> None:
    """Fill the cells of a partial grid whose top-left cell starts at (x0, y0); cells in the
    bool mask `tint` take the tint colours."""
    inset = 1 if cell >= 6 else 0
    for (y, x), v in np.ndenumerate(g):
        left, top = x0 + x * cell, y0 + y * cell
        box = [left + inset, top + inset, left + cell - 1 - inset, top + cell - 1 - inset]
        if tint is not None and tint[y, x]:
            d.rectangle(box, fill=pal[TINT_FILL if v == FILLED else TINT_EMPTY])
        elif v == FILLED:
            d.rectangle(box, fill=pal[FILL])
        elif v == UNKNOWN and show_unknown:
            d.rectangle(box, fill=pal[HIGHLIGHT])
        elif v == EMPTY and cell >= 8:
            m = cell // 3
            d.line([left + m, top + m, left + cell - 1 - m, top + cell - 1 - m], fill=pal[CROSS])
            d.line([left + m, top + cell - 1 - m, left + cell - 1 - m, top + m], fill=pal[CROSS])


def puzzle_image(clues: Clues, grid=None, cell: int = 16, palette=None,
                 highlight_unknown: bool = True) -> Image.Image:
    """The clues (rows on the left, columns on top) and the grid: a bool solution, an int8
    partial grid (unknown cells highlighted) or None for a blank puzzle."""
    pal = _palette(palette)
    h, w = clues.height, clues.width
    g = _as_partial(grid, h, w)
    show_unknown = highlight_unknown and grid is not None
    scale = max(1, cell // 8)
    gap = 5 * scale                                   # between numbers of a row clue
    row_w = max(_row_clue_width(c or (0,), scale, gap) for c in clues.rows)
    col_n = max(max(len(c) for c in clues.cols), 1)
    margin = cell // 2
    x0, y0 = margin + row_w + cell // 3, margin + col_n * cell
    img = canvas(x0 + w * cell + margin + 1, y0 + h * cell + margin + 1, pal[BG])
    d = ImageDraw.Draw(img)

    def number(cx: int, cy: int, n: int) -> None:   # centred in the cell at (cx, cy)
        tw, th = text_size(str(n), scale)
        draw_text(d, cx + (cell - tw + 1) // 2, cy + (cell - th + 1) // 2, str(n), scale, pal[INK])

    # row clues: right-aligned text, so two-digit numbers keep a clear gap from their neighbours
    for y, clue in enumerate(clues.rows):
        right = x0 - cell // 3
        for n in reversed(clue or (0,)):
            tw, th = text_size(str(n), scale)
            right -= tw
            draw_text(d, right, y0 + y * cell + (cell - th + 1) // 2, str(n), scale, pal[INK])
            right -= gap
    for x, clue in enumerate(clues.cols):
        for j, n in enumerate(clue or (0,)):
            number(x0 + x * cell, y0 - (len(clue or (0,)) - j) * cell, n)
    _cells(d, g, x0, y0, cell, pal, show_unknown)
    # grid lines, every fifth one doubled like printed nonograms
    for x in range(w + 1):
        d.line([x0 + x * cell, y0, x0 + x * cell, y0 + h * cell], fill=pal[INK],
               width=2 if x % 5 == 0 or x == w else 1)
    for y in range(h + 1):
        d.line([x0, y0 + y * cell, x0 + w * cell, y0 + y * cell], fill=pal[INK],
               width=2 if y % 5 == 0 or y == h else 1)
    return img


def grid_image(grid, mark=None, cell: int = 12, tint=None, palette=None) -> Image.Image:
    """A bare grid (bool or int8 partial), no clues: cells on grid lines, unknown cells
    highlighted, `tint` cells (bool mask) tinted, `mark` cells (bool mask) outlined."""
    pal = _palette(palette)
    g = np.asarray(grid).astype(np.int8)
    h, w = g.shape
    img = canvas(w * cell + 1, h * cell + 1, pal[CROSS])
    d = ImageDraw.Draw(img)
    for (y, x), v in np.ndenumerate(g):
        box = [x * cell + 1, y * cell + 1, x * cell + cell - 1, y * cell + cell - 1]
        if tint is not None and tint[y, x]:
            colour = pal[TINT_FILL if v == FILLED else TINT_EMPTY]
        else:
            colour = {FILLED: pal[FILL], EMPTY: pal[BG]}.get(int(v), pal[HIGHLIGHT])
        d.rectangle(box, fill=colour)
        if mark is not None and mark[y, x]:
            d.rectangle(box, outline=pal[MARK], width=2)
    return img


def side_by_side(images, gap: int = 8, background=(255, 255, 255)) -> Image.Image:
    """Images in a row, top-aligned, `gap` pixels apart."""
    w = sum(im.width for im in images) + gap * (len(images) - 1)
    out = canvas(w, max(im.height for im in images), background)
    x = 0
    for im in images:
        out.paste(im, (x, 0))
        x += im.width + gap
    return out


def contact_sheet(grids: list, cell: int = 4, columns: int | None = None, palette=None,
                  first_index: int = 0, names: list[str] | None = None,
                  tints: list | None = None) -> Image.Image:
    """Thumbnails of many grids (bool or int8 partial), each labelled with its index, or with
    its number (from 1) and name when `names` are given; `tints` (a bool mask or None per grid)
    tint cells, e.g. where line logic stalls on a picture."""
    if not grids:
        raise ValueError("no grids to put on a contact sheet")
    pal = _palette(palette)
    gs = [np.asarray(g).astype(np.int8) for g in grids]
    mh, mw = max(g.shape[0] for g in gs), max(g.shape[1] for g in gs)
    columns = columns or min(len(gs), max(1, math.ceil(math.sqrt(len(gs)))))
    rows = math.ceil(len(gs) / columns)
    labels = ([f"{i} {n}" for i, n in enumerate(names, 1)] if names is not None
              else [str(first_index + i) for i in range(len(gs))])
    pad = 6
    if names is not None:     # Pillow's built-in font: about 6 px a character, 11 px high
        label_w, label_h = max(6 * len(s) for s in labels), 12
    else:
        label_w, label_h = text_size(labels[-1], 1)[0], 5 + 4
    slot_w = max(mw * cell + 2, label_w) + pad
    slot_h = mh * cell + 2 + label_h + pad
    img = canvas(pad + columns * slot_w, pad + rows * slot_h, pal[BG])
    d = ImageDraw.Draw(img)
    for i, g in enumerate(gs):
        sx, sy = pad + (i % columns) * slot_w, pad + (i // columns) * slot_h
        gh, gw = g.shape
        d.rectangle([sx, sy, sx + gw * cell + 1, sy + gh * cell + 1], outline=pal[INK])
        _cells(d, g, sx + 1, sy + 1, cell, pal, True, tints[i] if tints else None)
        if names is not None:
            d.text((sx, sy + gh * cell + 3), labels[i], fill=pal[INK])
        else:
            draw_text(d, sx, sy + gh * cell + 2 + 3, labels[i], 1, pal[INK])
    return img


def png_bytes(img: Image.Image) -> bytes:
    """The image as PNG, without metadata that could vary between runs."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def colour_sheet(pictures: list, names: list[str], background, ink, cell: int = 8,
                 columns: int = 6) -> Image.Image:
    """Pictures as the cart reveals them: each an RGB array (h x w x 3) with a mask of its
    filled cells, `cell` px a cell on `background`, named below in `ink`."""
    if not pictures:
        raise ValueError("no pictures to put on a sheet")
    mh = max(rgb.shape[0] for rgb, _ in pictures)
    mw = max(rgb.shape[1] for rgb, _ in pictures)
    pad, label_h = 8, 12
    slot_w = max(mw * cell, max(6 * len(n) for n in names)) + pad
    slot_h = mh * cell + label_h + pad
    rows = math.ceil(len(pictures) / columns)
    img = canvas(pad + columns * slot_w, pad + rows * slot_h, tuple(background))
    d = ImageDraw.Draw(img)
    for i, ((rgb, mask), name) in enumerate(zip(pictures, names)):
        sx, sy = pad + (i % columns) * slot_w, pad + (i // columns) * slot_h
        h, w = mask.shape
        ox, oy = sx + (mw - w) * cell // 2, sy + (mh - h) * cell // 2
        for y, x in zip(*np.nonzero(mask)):
            d.rectangle([ox + x * cell, oy + y * cell, ox + x * cell + cell - 1,
                         oy + y * cell + cell - 1], fill=tuple(int(v) for v in rgb[y, x]))
        d.text((sx, sy + mh * cell + 2), name, fill=tuple(ink))
    return img
