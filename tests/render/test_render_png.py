"""PNG rendering: cell colours where the grid says, the palette honoured, sizes, determinism."""
import numpy as np

from generator.solver.clues import grid_clues
from generator.render.png import DEFAULT_PALETTE, contact_sheet, png_bytes, puzzle_image

G = np.array([[1, 0, 1], [0, 1, 1]], dtype=bool)


def cell_centre(img, clues, x, y, cell=16):
    # the grid's bottom-right corner sits `margin` (cell // 2) + 1 pixels inside the image
    x1, y1 = img.width - 1 - cell // 2, img.height - 1 - cell // 2
    x0, y0 = x1 - clues.width * cell, y1 - clues.height * cell
    return img.getpixel((x0 + x * cell + cell // 2, y0 + y * cell + cell // 2))


def test_cells_take_the_palette_colours():
    clues = grid_clues(G)
    partial = np.where(G, 1, 0).astype(np.int8)
    partial[1, 0] = -1
    pal = [(1, 2, 3), (4, 5, 6), (200, 10, 10), (7, 8, 9), (10, 200, 10)]
    img = puzzle_image(clues, partial, palette=pal)
    assert cell_centre(img, clues, 0, 0) == (200, 10, 10)       # filled
    assert cell_centre(img, clues, 1, 0) in {(1, 2, 3), (7, 8, 9)}  # crossed
    assert cell_centre(img, clues, 0, 1) == (10, 200, 10)       # unknown, highlighted
    default = puzzle_image(clues, partial)
    assert cell_centre(default, clues, 0, 0) == DEFAULT_PALETTE[2]


def test_blank_puzzle_has_no_filled_cells_and_same_size():
    clues = grid_clues(G)
    blank, full = puzzle_image(clues, None), puzzle_image(clues, G)
    assert blank.size == full.size
    assert cell_centre(blank, clues, 0, 0) == DEFAULT_PALETTE[0]


def test_same_input_same_bytes_and_sheet_layout():
    grids = [np.random.default_rng(i).random((5, 7)) < 0.5 for i in range(10)]
    a, b = png_bytes(contact_sheet(grids)), png_bytes(contact_sheet(grids))
    assert a == b
    sheet = contact_sheet(grids, columns=5)
    assert sheet.width > 5 * 7 * 4 and sheet.height > 2 * 5 * 4
    assert png_bytes(puzzle_image(grid_clues(G), G)) == png_bytes(puzzle_image(grid_clues(G), G))
