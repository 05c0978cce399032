"""Matplotlib pictures of grids for notebooks/explore.ipynb (needs the dev or notebook extra).

Partial grids (int8: 1 filled, 0 empty, -1 unknown) and solutions (bool) are drawn as coloured
cells; cells a solving step has just fixed are drawn in their own colours, so a strip of steps
reads like the devlog's before and after. `save` writes a figure for the README only when
PICROSS_FIGURES names a folder (`make figures`), with no timestamp, so reruns are byte-stable.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import to_rgb

from generator.files.atomic import write_atomic
from generator.pico8 import COLOURS
from generator.solver.grid import EMPTY, FILLED, UNKNOWN

# PICO-8 colours: dark blue ink on cream paper, grey for unknown, orange/peach for what is new
def _hex(c: int) -> str:
    return "#%02x%02x%02x" % COLOURS[c]


# PICO-8's dark blue, white and light grey; red and peach for what an iteration just learnt
INK, PAPER, FOG, RULE = _hex(1), _hex(7), _hex(6), _hex(5)
NEW_INK, NEW_PAPER = _hex(8), _hex(15)


def newly_known(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Cells unknown in `before` and known in `after` (what one solving step fixed)."""
    return (np.asarray(before) == UNKNOWN) & (np.asarray(after) != UNKNOWN)


def cell_colours(grid: np.ndarray, mark: np.ndarray | None = None,
                 ink: str = INK, paper: str = PAPER) -> np.ndarray:
    """An RGB image, one pixel per cell; cells in the bool mask `mark` get the highlight colours."""
    g = np.asarray(grid)
    if g.dtype == bool:
        g = g.astype(np.int8)
    img = np.empty(g.shape + (3,))
    img[g == FILLED], img[g == EMPTY], img[g == UNKNOWN] = to_rgb(ink), to_rgb(paper), to_rgb(FOG)
    if mark is not None:
        img[mark & (g == FILLED)], img[mark & (g == EMPTY)] = to_rgb(NEW_INK), to_rgb(NEW_PAPER)
    return img


def draw_grid(ax, grid: np.ndarray, mark: np.ndarray | None = None, title: str | None = None,
              ink: str = INK, paper: str = PAPER, lines: bool = True) -> None:
    """One grid on `ax`, with thin cell lines and a bolder line every five cells."""
    h, w = np.shape(grid)
    ax.imshow(cell_colours(grid, mark, ink, paper), interpolation="nearest")
    if lines:
        for i in range(1, max(h, w)):
            lw = 1.0 if i % 5 == 0 else 0.3
            if i < w:
                ax.axvline(i - 0.5, color=RULE, lw=lw)
            if i < h:
                ax.axhline(i - 0.5, color=RULE, lw=lw)
    ax.set_xticks([])
    ax.set_yticks([])
    if title:
        ax.set_title(title, fontsize=9)


def grid_strip(grids, titles=None, marks=None, cols: int = 6, cell: float = 2.0,
               title: str | None = None, **kw):
    """A figure of grids in rows of at most `cols` panels (`marks`: highlight masks); returns it."""
    grids = list(grids)
    cols = max(1, min(cols, len(grids)))
    rows = -(-len(grids) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(cols * cell, rows * cell * 1.1 + (0.3 if title else 0)),
                             squeeze=False, layout="constrained")
    for i, ax in enumerate(axes.flat):
        if i < len(grids):
            draw_grid(ax, grids[i], marks[i] if marks else None, titles[i] if titles else None, **kw)
        else:
            ax.axis("off")
    if title:
        fig.suptitle(title)
    return fig


def save(fig, name: str) -> Path | None:
    """Write `fig` as PICROSS_FIGURES/name.png when that variable is set (for the README)."""
    folder = os.environ.get("PICROSS_FIGURES")
    if not folder:
        return None
    path = Path(folder) / f"{name}.png"
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    write_atomic(path, buf.getvalue())
    return path


def world_sheet(title: str, backdrop: np.ndarray, sheet, frame: str, text: str, width: float = 10):
    """A world's backdrop art above a contact sheet image (render.contact_sheet), both scaled to
    the same width, on the world's `frame` colour (colours as 0-255 RGB, like the palettes)."""
    frame, text = tuple(c / 255 for c in frame), tuple(c / 255 for c in text)
    sheet = np.asarray(sheet)
    bh = backdrop.shape[0] * sheet.shape[1] / backdrop.shape[1]   # backdrop height at sheet width
    height = width * (bh + sheet.shape[0]) / sheet.shape[1]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(width, height + 0.5), facecolor=frame,
                                      height_ratios=[bh, sheet.shape[0]], layout="constrained")
    top.imshow(backdrop, interpolation="nearest")
    bottom.imshow(sheet, interpolation="nearest")
    for ax in (top, bottom):
        ax.set_axis_off()
    fig.suptitle(title, color=text)
    return fig
