"""Controls that work the same on every PICO-8 player: key repeat counted from btn(), a jump
that needs a quick release-and-tap, the mouse on the cell under the pointer and in the menus."""
import pytest

from generator.playtest.player import Player
from generator.pico8 import COLOURS

from cartfixtures import START, board_cursor_colours


@pytest.fixture(scope="module")
def path(built_cart):
    return built_cart.path


def test_holding_a_direction_repeats_where_btnp_never_does(path):
    p = Player(path, btnp_repeat=False)
    p.open_puzzle(0, START)                    # the first 15x15 board, after the start
    p.move_to(0, 3)
    p.idle(8)
    p.c.hold("right", frames=24)
    # a move at once, then after 8 frames one every 3: frames 1, 9, 12, 15, 18, 21, 24
    assert p.cursor() == (7, 3)
    # the menus too
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.c.hold("right", frames=24)
    assert int(p.g("puzzle_index")) == START + 7
    assert p.c.max_instructions <= p.c.budget


def test_the_quickest_taps_step_until_the_double_tap_is_turned_on(path):
    """Two players tapping about 7 times a second were thrown to the next guide line by the
    double tap: it is an option, off at first. Off, taps as quick as a d-pad sends them (1 frame
    down, 1 up) step a cell each; turned on from the title's on-screen menu (and kept in the
    save's options byte, bit 8), the same taps jump."""
    store: dict = {}
    p = Player(path, store)
    p.open_puzzle(0, START + 1)
    p.idle(8)
    for _ in range(4):
        p.c.press("left", release=1)
    assert p.cursor() == (3, 7)
    again = Player(path, store)
    again.idle(2)
    again.press("x")                       # the title's options, the fourth
    for _ in range(3):
        again.press("down")
    assert "🅾️ double tap: off" in again.c.text() and "jumps to the next group of 5" in again.c.text()
    again.press("o")
    again.idle(1)
    assert "🅾️ double tap: on" in again.c.text()
    assert int(again.g("options")) == 8
    q = Player(path, dict(store))          # a new session reads it back from the save
    q.open_puzzle(0, START + 1)
    q.idle(8)
    q.c.press("left", release=1)
    q.c.press("left", release=1)
    assert q.cursor() == (4, 7)


def test_quick_taps_move_a_cell_each_unless_released_and_tapped_within_6_frames(path):
    p = Player(path)
    p.open_puzzle(0, START + 1)
    p.c.exec("options|=8")                 # (the double tap's option on)
    p.idle(8)                              # (the list's last right is not a first tap)
    for _ in range(3):                     # taps 7 frames after each release: no jump
        p.c.press("right", release=7)
    assert p.cursor() == (10, 7)
    p.c.hold("left", frames=8)             # a long press, then a quick tap: no jump
    p.c.press("left", release=1)
    assert p.cursor() == (8, 7)
    p.idle(8)
    p.c.press("left", release=2)
    p.c.press("left", release=1)           # released 2 frames: a jump past the guide
    assert p.cursor() == (4, 7)
    # painting: each tap paints one cell, never a jump across the row
    p.idle(8)
    p.c.step(["o"])
    for _ in range(3):
        p.c.step(["o", "right"])
        p.c.step(["o"])
    p.c.step([])
    assert p.cursor() == (7, 7)
    assert [int(v) for v in p.board()[7]] == [0] * 4 + [1] * 4 + [0] * 7
    p.idle(8)
    p.c.press("down", frames=3, release=4)  # a 3-frame tap, 4 frames up, a tap: a jump
    p.c.press("down", release=7)
    assert p.cursor() == (7, 10)
    p.c.press("down", frames=3, release=5)  # 5 frames up (two players' quick steps): steps
    p.c.press("down", release=7)
    assert p.cursor() == (7, 12)
    p.c.press("up", frames=3, release=3)    # and any quicker second tap jumps
    p.c.press("up", release=7)
    assert p.cursor() == (7, 9)


@pytest.mark.parametrize("up", [1, 4, 6, 7, 8, 12])
def test_the_list_moves_a_tile_a_tap_however_quick(path, up):
    """The puzzle list has no double tap: two taps of right, `up` frames apart (as "right, wait
    8 frames, right" sends them), move two tiles, never a jump."""
    p = Player(path)
    p.idle(2)
    p.press("o")
    p.press("o")
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == 0
    p.c.press("right", release=up)
    p.c.press("right", release=8)
    assert int(p.g("puzzle_index")) == 2


def test_the_mouse_acts_on_the_cell_under_the_pointer_and_nowhere_else(path):
    p = Player(path)
    p.open_puzzle(0, START + 2)
    p.move_to(1, 1)                        # keyboard cursor far from the pointer

    def click(x, y, b=1):
        p.c.step([], mouse=(x, y, 0))
        p.c.step([], mouse=(x, y, b))
        p.c.step([], mouse=(x, y, 0))

    click(52 + 5 * 12 + 2, 52 + 5 * 13 + 2)
    assert p.board()[13, 12] == 1 and (p.board() != 0).sum() == 1
    click(20, 60)                          # on the row clues: nothing
    click(70, 20, 2)                       # on the column clues: nothing
    click(127, 127)                        # off the board: nothing
    assert (p.board() != 0).sum() == 1
    assert p.cursor() == (12, 13)


def test_the_mouse_works_in_the_menus(path):
    p = Player(path)
    p.idle(2)
    p.c.step([], mouse=(64, 64, 1))        # title: click to start
    p.c.step([], mouse=(64, 64, 0))
    assert p.on("worlds_update")
    p.c.step([], mouse=(118, 24, 1))       # the right arrow: next world
    p.c.step([], mouse=(118, 24, 0))
    assert int(p.g("world_index")) == 2
    p.c.step([], mouse=(6, 24, 1))         # the left arrow: back
    p.c.step([], mouse=(6, 24, 0))
    assert int(p.g("world_index")) == 1
    p.c.step([], mouse=(64, 64, 1))        # the middle: play
    p.c.step([], mouse=(64, 64, 0))
    assert p.on("puzzles_update")
    # tile 9 (second row, third column): the pointer picks it, a click opens it
    p.c.step([], mouse=(1 + 2 * 18 + 8, 12 + 18 + 8, 0))
    assert int(p.g("puzzle_index")) == 9
    p.c.step([], mouse=(120, 120, 1))      # a click off the tiles does nothing
    p.c.step([], mouse=(120, 120, 0))
    assert p.on("puzzles_update")
    p.c.step([], mouse=(1 + 2 * 18 + 8, 12 + 18 + 8, 1))
    p.c.step([], mouse=(1 + 2 * 18 + 8, 12 + 18 + 8, 0))
    assert p.on("play_update") and int(p.g("puzzle")) == 9


def _frame_at(p: Player, x0: int, y0: int, size: int, colours) -> bool:
    """Is the square at x0, y0 of `size` px framed all round in one of `colours` (displayed RGB)?"""
    rgb = p.c.rgb()
    ring = [(x0 + k, y0) for k in range(size + 1)] + [(x0 + k, y0 + size) for k in range(size + 1)] + \
        [(x0, y0 + k) for k in range(size + 1)] + [(x0 + size, y0 + k) for k in range(size + 1)]
    return any(all(tuple(int(v) for v in rgb[y, x]) == c for x, y in ring) for c in colours)


@pytest.mark.parametrize("world", [0, 1])
def test_a_resting_pointer_takes_nothing_over(built_cart, world):
    """The pointer left over tile no. 18 and then over a board cell, never moved: the list opens
    on no. 1 and the board on its centre, as the displayed cursor frames show; moved, it picks."""
    w = built_cart.manifest["worlds"][world]
    cursor = board_cursor_colours(w)[:1]                     # its frame on the cell's lines
    listed = [COLOURS[w["pal"][w["ui"][10]]]]  # the list's frame: text colour, 1 px round the tile

    def on_tile(x, y):
        return _frame_at(p, x - 1, y - 1, 18, listed)

    p = Player(built_cart.path)
    tile18 = (1 + 3 * 18, 12 + 2 * 18)                    # no. 18: row 3, column 4
    p.c.step([], mouse=(tile18[0] + 8, tile18[1] + 8, 0))
    p.idle(2)
    p.press("o")
    for _ in range(world):
        p.press("right")
    p.press("o")
    p.idle(2)
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == int(w["first"])
    assert on_tile(1, 12) and not on_tile(*tile18)
    # no. 1 opens (5x5, 15 px cells) with the pointer at rest over its cell 0,0: the cursor
    # starts in the middle
    p.press("o")
    p.idle(2)
    assert p.on("play_update") and p.size() == 5
    assert p.cursor() == (2, 2) and _frame_at(p, 52 + 30, 52 + 30, 15, cursor)
    assert not _frame_at(p, 52, 52, 15, cursor)
    p.c.step([], mouse=(tile18[0] + 9, tile18[1] + 8, 0))  # moved: it picks that cell
    p.idle(1)
    assert p.cursor() == (0, 0) and _frame_at(p, 52, 52, 15, cursor)
    # back on the list, at rest over no. 18: the list is on no. 1; moved, it picks no. 18
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == int(w["first"])
    assert on_tile(1, 12)
    p.c.step([], mouse=(tile18[0] + 8, tile18[1] + 8, 0))
    p.idle(1)
    assert on_tile(*tile18) and not on_tile(1, 12)


@pytest.mark.parametrize("frames", [32760, -20000])
def test_taps_step_and_double_taps_jump_after_18_minutes(path, frames):
    """The cart's frame count wraps past 32767 (PICO-8's numbers) after 18 minutes at 30 fps: a
    tap after o or x (no release to count from) read the wrapped count as a quick second tap,
    and a player 20 minutes in was thrown to the guide line by single taps. Near the wrap and
    past it, taps step, a tap after a fill steps, and a quick second tap still jumps."""
    p = Player(path)
    p.open_puzzle(0, START + 1)
    p.move_to(0, 7)
    p.idle(8)
    p.c.exec(f"frame_count,options={frames},8")
    for _ in range(3):
        p.c.step(["o"])                      # a fill, then a tap: a step
        p.c.step([])
        p.c.press("right", release=7)
    assert p.cursor() == (3, 7)
    p.c.press("right", release=2)
    p.c.press("right", release=7)          # released 2 frames: a jump past the guide
    assert p.cursor() == (5, 7)
    p.c.exec("frame_count,released_at=32766,{}")  # a double tap across the wrap jumps too
    p.idle(8)
    p.c.press("right", release=2)
    p.c.press("right", release=7)
    assert p.cursor() == (10, 7)
