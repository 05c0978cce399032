"""Marks that carry information stand out from what is under them, measured on the displayed
pixels in every world: at least 3:1, WCAG 2's contrast for non-text parts (1.4.11) and for a
focus indicator against the same pixels unfocused (2.4.13).

- a puzzle's difficulty pips, on its tile and in the list's footer: as many marks as it has
  pips, each 3:1 against every pixel beside it (the tile, its border, the footer);
- a board in progress: its tile 3:1 from a tile not in progress; a picture's corner mark 3:1
  against its tile;
- a puzzle's size (5, 10, 15) on every tile not yet solved, in PICO-8's font at its top right,
  read back from the pixels as the manifest's size and 4.5:1 against the tile (it is text);
- the cursors (the list's frame, the board's frame and the ring round it, the code keyboard's
  box): each pixel of the frame 3:1 against that pixel with the cursor elsewhere (the board's
  ring where it lies on a filled cell);
- crosses, on blank cells and in the cursor's row and column: 3:1 against the cell blank;
- filled cells, FILL_APART (CIEDE2000) from the backdrop around the board, so that they read as
  paint on the paper rather than holes through it;
- the worlds' progress bar: the part solved 3:1 against the track.
"""
from __future__ import annotations

import collections

import numpy as np
import pytest

from generator.colour.contrast import contrast
from generator.colour.difference import ciede2000, srgb_to_lab
from generator.playtest.player import Player, saved_progress

MARK = 3.0
FILL_APART = 22.0                  # CIEDE2000: nearer, fresh readers took fills for holes (contrast_gate)
TEXT = 4.5                         # WCAG 2 AA for text (tests/cart/test_legibility.py's)
IN_PROGRESS = (3, 11, 20)          # puzzles of the world (from 0) with a board in progress
SOLVED = (0, 1, 2)


def at(p: Player, x: int, y: int) -> tuple:
    return tuple(int(v) for v in p.c.rgb()[y, x])


def ring(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The pixels of rect(x0, y0, x1, y1)."""
    return sorted({(x, y) for x in range(x0, x1 + 1) for y in (y0, y1)} |
                  {(x, y) for y in range(y0, y1 + 1) for x in (x0, x1)})


@pytest.fixture(scope="module", params=[0, 1], ids=["spires", "lookout"])
def world(request, built_cart):
    """(Player on world w's list, opened on its no. 21 in progress, the world, the manifest)."""
    path, manifest = built_cart.path, built_cart.manifest
    w = request.param
    wd = manifest["worlds"][w]
    first = wd["first"]
    p = Player(path, saved_progress(path, {first + k: 100 for k in SOLVED}))
    for k in IN_PROGRESS:
        p.c.exec(f"play_seconds=0 load_puzzle({first + k}) load_board() cells[0]=1 keep()")
    p.idle(2)
    p.press("o")
    for _ in range(w):
        p.press("right")
    p.press("o")
    p.idle(9)                                       # the solved tiles' pictures drawn
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == first + IN_PROGRESS[-1]
    return p, wd, manifest


def pip_marks(p: Player, x: int, y: int, ground: tuple) -> list[tuple]:
    """The colours of the difficulty marks drawn from x, y (5 places 3 px apart, 2x2 each) that
    stand out from `ground`; the places without one must be the ground itself."""
    marks = []
    for j in range(5):
        block = {at(p, x + 3 * j + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}
        if len(block) == 1 and contrast(next(iter(block)), ground) >= MARK:
            marks.append((j, next(iter(block))))
        else:
            assert block == {ground}, (x, y, j, block, ground)
    return marks


def assert_marks_stand_out(p: Player, x: int, y: int, marks, n: int, where: str) -> None:
    assert [j for j, _ in marks] == list(range(n)), (where, marks, n)
    for j, colour in marks:
        bx = x + 3 * j
        beside = [(bx + dx, y + dy) for dx, dy in ((-1, 0), (-1, 1), (2, 0), (2, 1),
                                                  (0, -1), (1, -1), (0, 2), (1, 2))]
        for q in beside:
            assert contrast(colour, at(p, *q)) >= MARK, (where, j, q, colour, at(p, *q))


def test_tiles_pips_progress_and_picture_marks(world):
    p, wd, manifest = world
    first = wd["first"]
    grounds = {}
    for k in range(35):
        if k in SOLVED:
            continue
        q = manifest["puzzles"][first + k]
        x, y = 1 + k % 7 * 18, 12 + k // 7 * 18
        ground = at(p, x + 15, y + 15)
        grounds.setdefault(k in IN_PROGRESS, set()).add(ground)
        marks = pip_marks(p, x + 2, y + 13, ground)
        assert_marks_stand_out(p, x + 2, y + 13, marks, q["difficulty"]["pips"], f"tile {k + 1}")
        corner = at(p, x + 1, y + 1)
        if q["name"]:
            assert contrast(corner, ground) >= MARK, (k + 1, corner, ground)
        else:
            assert corner == ground, k + 1
    # one ground for boards in progress, another for the rest, apart by 3:1
    assert len(grounds[True]) == 1 and len(grounds[False]) == 1, grounds
    assert contrast(*grounds[True], *grounds[False]) >= MARK, grounds


def font_digits(value: int) -> set[tuple[int, int]]:
    """The pixels (x, y from the text's corner) of `value` printed in PICO-8's font (shrinko's
    copy of it, generator/runtime/font.py), 4 px a character."""
    from generator.runtime.font import default_font
    font, out = default_font(), set()
    for i, ch in enumerate(str(value)):
        rows = font[8 * ord(ch):8 * ord(ch) + 6]
        out |= {(4 * i + c, r) for r in range(6) for c in range(8) if rows[r] >> c & 1}
    return out


def test_tiles_show_their_size(world):
    """Every tile not solved shows its puzzle's size at its top right (x+8..14, y+1..5, in
    PICO-8's font: the clue digits' 15 read as "IS"): the pixels there that differ from the tile
    are exactly one of 5, 10 and 15 as print draws it, ending at x+14, the manifest's size,
    each 4.5:1 against the tile."""
    p, wd, manifest = world
    first = wd["first"]
    shapes = {n: {(a + 4 * (n < 10), b) for a, b in font_digits(n)} for n in (5, 10, 15)}
    assert len({frozenset(v) for v in shapes.values()}) == 3
    sizes = set()
    for k in range(35):
        if k in SOLVED:
            continue
        x, y = 1 + k % 7 * 18, 12 + k // 7 * 18
        ground = at(p, x + 15, y + 15)
        ink = {(dx - 8, dy - 1): at(p, x + dx, y + dy) for dx in range(5, 16) for dy in range(1, 6)
               if at(p, x + dx, y + dy) != ground}
        read = [n for n, shape in shapes.items() if set(ink) == shape]
        size = manifest["puzzles"][first + k]["size"]
        assert read == [size], (k + 1, sorted(ink), size)
        for colour in ink.values():
            assert contrast(colour, ground) >= TEXT, (k + 1, colour, ground)
        sizes.add(size)
    assert sizes == {5, 10, 15}


def test_the_footers_pips(world):
    p, wd, manifest = world
    ps = int(p.g("puzzle_index"))
    ground = at(p, 112, 121)                       # the footer, left of the marks
    marks = pip_marks(p, 113, 121, ground)
    assert_marks_stand_out(p, 113, 121, marks, manifest["puzzles"][ps]["difficulty"]["pips"], "footer")


def test_the_lists_cursor(world):
    """Its frame on no. 21 (in progress) and on no. 19 (not), against the same pixels with the
    cursor two tiles away (neighbouring frames share the 1 px between tiles)."""
    p, wd, _ = world
    y = 12 + 2 * 18
    for k, away in ((20, ("left", "left")), (18, ("right", "right"))):
        x = 1 + k % 7 * 18
        frame = ring(x - 1, y - 1, x + 17, y + 17)
        assert int(p.g("puzzle_index")) == wd["first"] + k
        focused = {q: at(p, *q) for q in frame}
        for d in away:
            p.press(d)
        p.idle(1)
        for q in frame:
            assert contrast(focused[q], at(p, *q)) >= MARK, (k + 1, q, focused[q], at(p, *q))


def first_15x15(path, m: dict, w: int) -> Player:
    """A Player on world w's first 15x15 puzzle, blank."""
    p = Player(path)
    p.open_puzzle(w, next(q["world_index"] for q in m["puzzles"]
                          if q["world"] == m["worlds"][w]["name"] and q["size"] == 15))
    return p


def _cursor_faint(path, m) -> list:
    """Where the board's cursor fails to stand out: a 15x15 board with the cells right of the
    cursor's filled, the cursor on grid lines (cell 7,7) and on the guide lines every 5 cells
    (cell 5,5), over 20 frames. The cursor is steady; each pixel of its frame stands 3:1 from
    that pixel with the cursor elsewhere, and so does each pixel of its ring on a filled
    neighbour, and the ring 3:1 from the frame beside it."""
    faint = []
    for w in (0, 1):
        p = first_15x15(path, m, w)
        cz = 75 // p.size()
        for c in (7, 5):
            p.c.exec(" ".join(f"cells[{y * 15 + c + 1}]=1" for y in range(15)))
            p.move_to(c, c)
            x0, x1 = 52 + c * cz, 52 + (c + 1) * cz
            frame, outside = ring(x0, x0, x1, x1), ring(x0 - 1, x0 - 1, x1 + 1, x1 + 1)
            seen = set()
            for _ in range(20):                     # a blink of 8 frames shows in 20
                p.idle(1)
                seen.add(tuple(at(p, *q) for q in frame + outside))
            if len(seen) > 1:
                faint.append((w, c, "blinks"))
            focused = {q: at(p, *q) for q in frame + outside}
            p.move_to(c + 3, c + 3)
            p.idle(2)
            fill = at(p, x1 + cz // 2, x0 + cz // 2)
            faint += [(w, c, q, "frame") for q in frame if contrast(focused[q], at(p, *q)) < MARK]
            # the right neighbour's inside edge, and a corner of each filled one diagonal to it
            on_fill = [q for q in outside if at(p, *q) == fill]
            assert len(on_fill) == cz - 1 + 2, (w, c, on_fill)
            faint += [(w, c, q, "ring") for q in on_fill if contrast(focused[q], fill) < MARK
                      or x0 <= q[1] <= x1 and contrast(focused[q], focused[q[0] - 1, q[1]]) < MARK]
    return faint


# the board's cursor as drawn before, in the built source: blinking between the 'cursor' and
# 'text' roles (1.46:1 from spires' grid in one, 1.66:1 from lookout's in the other), its frame
# with no ring (lost among filled cells), the frame in the 'cursor' role
# (now the frame, j 0, and the ring round it, j 1, by one loop)
CURSOR_NOW = "for j=0,1 do rect(-j,-j,cell_px+j,cell_px+j,palette.cursor_frame[j]) end"
EARLIER_CURSOR = {
    "blinking": "rect(0,0,cell_px,cell_px,screen_frames\\8%2<1 and 9 or 10)",
    "no ring": "rect(0,0,cell_px,cell_px,palette.cursor_frame[0])",
    "frame in 'cursor'": CURSOR_NOW.replace("palette.cursor_frame[j]", "j<1 and 9 or palette.cursor_frame[j]"),
}


def test_the_boards_cursor_stands_out_on_paper_and_among_fills(built_cart):
    assert _cursor_faint(built_cart.path, built_cart.manifest) == []


@pytest.mark.parametrize("what", list(EARLIER_CURSOR))
def test_the_boards_cursor_as_drawn_before_fails(built_cart, tmp_path, what):
    src = built_cart.path.read_text()
    assert src.count(CURSOR_NOW) == 1
    path = tmp_path / "earlier.p8"
    path.write_text(src.replace(CURSOR_NOW, EARLIER_CURSOR[what]))
    assert _cursor_faint(path, built_cart.manifest) != []


def test_crosses_stand_out_on_blank_cells_and_on_the_cursors_lines(built_cart):
    """Each pixel of a cross, 3:1 from that pixel with the cell blank, on paper and in the
    cursor's row and column (the highlight), in both worlds (ember lookout's stood 2.60:1 on the
    lit lines, and a player found its crosses nearly invisible; pastel spires' 2.28:1)."""
    path, m = built_cart.path, built_cart.manifest
    for w in (0, 1):
        p = first_15x15(path, m, w)
        cz = 75 // p.size()
        cells = [(2, 7), (11, 7), (7, 2), (2, 2), (11, 11)]     # three on the lit lines, two off
        p.move_to(7, 7)
        p.idle(2)
        blank = {c: [[at(p, 52 + c[0] * cz + i, 52 + c[1] * cz + j) for i in range(cz)]
                     for j in range(cz)] for c in cells}
        p.c.exec(" ".join(f"cells[{y * 15 + x}]=2" for x, y in cells) + " redraw=true")
        p.idle(2)
        grounds = set()
        for (x, y) in cells:
            x0, y0 = 52 + x * cz, 52 + y * cz
            ink = [(i, j) for j in range(cz) for i in range(cz)
                   if at(p, x0 + i, y0 + j) != blank[x, y][j][i]]
            assert len(ink) == 5, (w, x, y, ink)                 # an x of 3x3 px
            for i, j in ink:
                grounds.add(blank[x, y][j][i])
                assert contrast(at(p, x0 + i, y0 + j), blank[x, y][j][i]) >= MARK, \
                    (w, (x, y), at(p, x0 + i, y0 + j), blank[x, y][j][i])
        assert len(grounds) == 2                                 # paper and the highlight


def _fills_like_the_backdrop(p: Player) -> list:
    """On a 15x15 board with a diagonal of filled cells: each filled cell's colour (its middle
    pixel, the cursor away) against the backdrop around the board, the colour most of the screen
    outside the board shows; where they stand under FILL_APART, (cell, fill, backdrop, apart)."""
    cz = 75 // p.size()
    cells = [(k, k) for k in range(1, 15, 3)]
    p.c.exec(" ".join(f"cells[{y * 15 + x}]=1" for x, y in cells) + " redraw=true")
    p.move_to(14, 0)
    p.idle(2)
    px = p.c.rgb()
    outside = np.ones(px.shape[:2], bool)
    outside[52:127, 52:127] = False
    backdrop = collections.Counter(map(tuple, px[outside].tolist())).most_common(1)[0][0]
    out = []
    for x, y in cells:
        fill = at(p, 52 + x * cz + cz // 2, 52 + y * cz + cz // 2)
        apart = ciede2000(srgb_to_lab(fill), srgb_to_lab(backdrop))
        if apart < FILL_APART:
            out.append(((x, y), fill, backdrop, round(apart, 1)))
    return out


def test_filled_cells_stand_apart_from_the_backdrop_around_the_board(built_cart):
    path, m = built_cart.path, built_cart.manifest
    for w in (0, 1):
        assert _fills_like_the_backdrop(first_15x15(path, m, w)) == [], m["worlds"][w]["name"]
    # ember lookout's fill as it shipped, in its backdrop's slot (role 4 drawn as role 0):
    # readers took its filled rows for holes
    p = first_15x15(path, m, 1)
    p.c.exec("palette.ui[4]=palette.ui[0] pal(palette.ui)")
    assert len(_fills_like_the_backdrop(p)) == 5


def test_the_worlds_progress_bar(built_cart):
    path, manifest = built_cart.path, built_cart.manifest
    for w, wd in enumerate(manifest["worlds"]):
        solved = {wd["first"] + k: 100 for k in range(wd["count"] // 2)}
        p = Player(path, saved_progress(path, solved))
        p.idle(2)
        p.press("o")
        for _ in range(w):
            p.press("right")
        p.idle(1)
        end = 24 + 80 * len(solved) // wd["count"]
        bar, track = at(p, 30, 85), at(p, 100, 85)
        assert {at(p, x, 85) for x in range(24, end)} == {bar}
        assert {at(p, x, 85) for x in range(end + 1, 105)} == {track}
        assert contrast(bar, track) >= MARK, (w, bar, track)
        assert contrast(bar, at(p, 30, 83)) >= MARK, (w, bar)      # and the backdrop round it


def test_the_code_keyboards_selection(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    p.to_create()
    for _ in range(3):
        p.press("down")
    p.press("o")
    assert p.on("code_update") and int(p.g("key_index")) == 0
    p.idle(1)
    frame = ring(22 - 3, 36 - 3, 22 + 6, 36 + 7)     # the box round symbol 0 (4 px wide: 2 clear each side)
    focused = {q: at(p, *q) for q in frame}
    p.press("right")
    p.idle(1)
    for q in frame:
        assert contrast(focused[q], at(p, *q)) >= MARK, (q, focused[q], at(p, *q))


@pytest.mark.parametrize("world", [0, 1])
def test_the_editors_dots(built_cart, world):
    """A 5x5 design line logic cannot finish (two cells on a diagonal): each cell it cannot reach
    has a dot, 3:1 against the cell (paper on a filled one, fill on a blank one), in the world's
    palette the editor takes (the last world's colours, as the tour sets them)."""
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    p.to_create()
    p.press("up")                                      # 5x5
    p.c.exec(f"palette_world={world + 1}")
    p.press("o")
    assert p.on("play_update") and p.g("mode") == "edit" and p.size() == 5
    for c in (0, 1):
        p.move_to(c, c)
        p.press("o")
    p.move_to(4, 1)                                    # the lit row crosses a dotted cell
    for _ in range(60):
        p.idle(1)
        if p.g("verdict_status") == "stalled":
            break
    p.idle(2)
    assert p.g("verdict_status") == "stalled"
    cz = 15
    dotted = 0
    for y in range(5):
        for x in range(5):
            px, py = 52 + x * cz, 52 + y * cz
            centre, ground = at(p, px + 7, py + 7), at(p, px + 2, py + 2)
            if centre != ground:
                dotted += 1
                assert contrast(centre, ground) >= MARK, (world, x, y, centre, ground)
    assert dotted == 4                                 # the two cells and their two twins
