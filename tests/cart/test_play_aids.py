"""What a Picross S player reaches for while playing, played in the console with buttons (and
the mouse) only, and read on the displayed pixels:

- a stroke being painted shows its length (the cells from its first to the cursor) by the
  cursor, as Picross S does (by the clock a player counted presses instead): on the board, off
  the stroke's row and column, readable (4.5:1, as every text); and keeps to its first cell's
  row or column, with the d-pad and with the mouse (as in Picross S);
- the cursor comes back where it was left on a board in progress (for the session);
- left and right pressed together undo the last step, as the pause menu's undo (Picross S has
  undo on a button), again for each step before, and say "no undo" when none is left; up and
  down together ask to clear the board, and undo brings it back;
- the first puzzle's controls (which tell of those chords) stand on plain backdrop whatever the
  cursor's column: its lit strip stops below them;
- on every puzzle (endless too) the line under the clock says, in turns with the puzzle's
  number, which button opens the pause menu (undo, hint and leave are only there): readable,
  clear of the clue numbers, and there within a few seconds of opening the puzzle.
"""
from __future__ import annotations

import numpy as np

from generator.playtest import measured_text
from generator.playtest.player import Player

from cartfixtures import START, STATUS_Y

TEXT_MIN = 4.5
CLEAR_OF_CLUES = 2      # background pixels at least between the menu's line and any clue number


COUNTER_ROLE = 10       # the stroke counter's colour (the questions' text), in the clue digits


def _counters(items) -> list[measured_text.Item]:
    """The stroke counter: a number in the clue digits drawn in the text colour."""
    return [it for it in items if it.kind == "clue" and it.role == COUNTER_ROLE]


def _counter_by_the_cursor(p: Player, items, want: int) -> None:
    """The counter reads `want`, readable, on the board beside the cursor's cell (its ink within
    a cell and a half of it), and off the cursor's row and column (never over the stroke)."""
    shown = _counters(items)
    assert [it.text for it in shown] == [str(want)], [it.text for it in shown]
    it = shown[0]
    assert it.visible and it.ratio >= TEXT_MIN, it
    cell = 75 // p.size()
    cx, cy = p.cursor()
    x0, y0 = 52 + cx * cell, 52 + cy * cell              # the cursor's cell, x0..x0+cell-1
    ys, xs = it.ink[:, 0], it.ink[:, 1]
    assert xs.min() >= 52 and ys.min() >= 52 and xs.max() < 127 and ys.max() < 127, it.where()
    assert not ((xs >= x0) & (xs < x0 + cell)).any(), it.where()      # off its column
    assert not ((ys >= y0) & (ys < y0 + cell)).any(), it.where()      # off its row
    near = cell * 3 // 2 + 2
    assert xs.min() >= x0 - near and xs.max() < x0 + cell + near, it.where()
    assert ys.min() >= y0 - near and ys.max() < y0 + cell + near, it.where()


def test_a_stroke_keeps_to_its_first_cells_row_or_column(cart):
    """A player's stroke along a row turned down a column and marked cells they did not mean:
    while o or x is held, the d-pad moves the cursor along the stroke's row only on that row and
    along its column only on that column (a press off both sounds the dull "no change", sfx
    19: the player's L-shaped stroke had lost cells with no sign why), and the mouse's
    pointer off both leaves the cursor where it was; let go, the cursor moves as ever."""
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(3, 4)
    p.c.step(["o"])
    dull = []
    for key in ("right", "right", "down", "down", "right", "left", "left", "left", "down"):
        before = len(p.c.sfx_calls)
        p.c.step(["o", key])
        dull.append(19 in [s for _, s, *_ in p.c.sfx_calls[before:]])
        p.c.step(["o"])
    assert dull == [False, False, True, True, False, False, False, False, False]
    b = p.board()
    assert p.cursor() == (3, 5)                   # back on its first cell, down its column
    assert [(int(y), int(x)) for y, x in np.argwhere(b)] == [(4, 3), (4, 4), (4, 5), (4, 6), (5, 3)]
    p.idle(10)                                    # (no tap just before: a single step)
    p.press("down")
    assert p.cursor() == (3, 6)                   # no stroke: the d-pad as ever

    def at(x, y, button=0):
        p.c.step([], mouse=(52 + 5 * x + 2, 52 + 5 * y + 2, button))

    at(8, 8)
    at(8, 8, 2)                                   # a cross stroke from (8, 8)
    for x, y in ((9, 8), (10, 9), (10, 10), (10, 8)):
        at(x, y, 2)
    assert p.cursor() == (10, 8)                  # the pointer off the row: the cursor stayed
    crossed = [(int(y), int(x)) for y, x in np.argwhere(p.board() == 2)]
    assert crossed == [(8, 8), (8, 9), (8, 10)], crossed
    at(10, 8)
    at(12, 12)
    assert p.cursor() == (12, 12)                 # let go: the cursor follows the pointer


def test_a_stroke_shows_its_length_by_the_cursor(cart):
    p = Player(cart[0])
    measured_text.instrument(p.c)
    p.open_puzzle(0, START + 2)                  # a 15x15 board: the most clue numbers
    p.move_to(3, 4)
    p.c.step(["o"])
    measured_text.seen(p.c)
    assert not _counters(measured_text.seen(p.c))  # one cell: nothing to count yet
    for want in range(2, 9):
        while p.cursor()[0] < 3 + want - 1:
            p.c.step(["o", "right"])
            items = measured_text.seen(p.c)         # the last frame's
        _counter_by_the_cursor(p, items, want)
    assert (p.board()[4, 3:11] == 1).all()
    assert ":" in "".join(r.text for r in p.c.frames[-1].prints)   # the clock stays
    p.c.step([])                                  # let go: no counter
    p.c.step([])
    assert not _counters(measured_text.seen(p.c))
    # down a column with x, on the board's left edge and along its top, and on the second row
    # and column (up and left of them the plate stood over the clues): the counter stays on
    # the board, off the stroke
    _strokes_by_the_edges(p, ((12, 2, "down", 5), (0, 3, "down", 6), (4, 0, "right", 7),
                              (14, 0, "left", 4), (5, 1, "right", 4), (1, 6, "down", 4)))
    # with the mouse: the same count
    for x in range(2, 6):                        # the left button held from cell 2,10 to 5,10
        p.c.step([], mouse=(52 + 5 * x + 2, 52 + 5 * 10 + 2, 1))
        items = measured_text.seen(p.c)
    assert p.cursor() == (5, 10)
    _counter_by_the_cursor(p, items, 4)
    # a 10x10 board (7 px cells: the plate's 9 px reach past the first row and column too)
    ten = next(q["world_index"] for q in cart[1]["puzzles"] if q["size"] == 10 and q["world"] == "spires")
    p = Player(cart[0])
    measured_text.instrument(p.c)
    p.open_puzzle(0, ten)
    _strokes_by_the_edges(p, ((3, 1, "right", 3), (1, 3, "down", 3), (5, 5, "left", 3)))


def _strokes_by_the_edges(p: Player, strokes) -> None:
    """Cross strokes (x, y, direction, cells): the counter by the cursor at each one's end."""
    for (x, y, key, n) in strokes:
        p.move_to(x, y)
        p.c.step(["x"])
        for _ in range(40):
            if p.cursor() == (x + (n - 1) * {"right": 1, "left": -1}.get(key, 0),
                              y + (n - 1) * (key == "down")):
                break
            p.c.step(["x", key])
            items = measured_text.seen(p.c)
        _counter_by_the_cursor(p, items, n)
        p.c.step([])
        p.idle(2)


def test_the_cursor_comes_back_where_it_was_left(cart):
    p = Player(cart[0], {})
    p.open_puzzle(0, START + 2)
    p.move_to(3, 11)
    p.press("o")
    p.move_to(2, 12)
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("right")
    p.press("o")                                 # another board: its own cursor, the middle
    assert p.on("play_update") and p.cursor() == (7, 7)
    p.move_to(9, 1)
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("left")
    p.press("o")
    assert p.on("play_update") and p.cursor() == (2, 12)
    assert p.board()[11, 3] == 1


def test_left_and_right_together_undo_the_last_step(cart):
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.idle(3)
    music, options = p.c.music_calls[-1], int(p.g("options"))
    p.move_to(2, 2)
    p.press("o")
    p.move_to(4, 2)
    p.press("x")
    first = p.board()
    p.move_to(6, 3)
    p.c.step(["o"])
    p.move_to(6, 5, paint="o")                     # a stroke of 3: one step
    p.idle(3)
    assert p.board()[3:6, 6].all()
    at = p.cursor()
    p.c.step(["left"])
    p.c.step(["left", "right"])
    p.idle(2)
    assert (p.board() == first).all() and "undo" in p.recent_text(3)    # said: never unseen
    assert p.on("play_update") and p.cursor() == at     # (left, then right: back where it was)
    for _ in range(2):
        p.idle(3)
        p.c.step(["right"])
        p.c.step(["right", "left"])
    p.idle(2)
    assert not p.board().any()
    p.idle(3)
    p.c.step(["left"])
    p.c.step(["left", "right"])
    p.idle(2)
    assert "no undo" in p.recent_text(3)
    assert int(p.g("options")) == options and p.c.music_calls[-1] == music   # the music as it was
    p.c.choose_menuitem("redo")
    p.idle(1)
    assert p.board()[2, 2] == 1 and not p.board()[2, 4] and "redo" in p.recent_text(2)


def test_up_and_down_together_ask_to_clear_the_board(cart):
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(2, 2)
    p.press("o")
    p.press("right")
    p.press("x")
    before = p.board()
    p.c.step(["up"])
    p.c.step(["up", "down"])
    p.idle(1)
    assert p.g("question") and "clear the whole board?" in p.recent_text(2)
    p.press("x")                                  # keep
    assert (p.board() == before).all()
    p.c.step(["down"])
    p.c.step(["down", "up"])
    p.idle(1)
    p.press("o")                                  # clear
    assert not p.board().any()
    p.c.choose_menuitem("undo")
    p.idle(1)
    assert (p.board() == before).all()


def _marked_then_at(cart, mark, at) -> Player:
    """A 15x15 board with one fill at `mark` (a step to undo, a mark to clear), the cursor then
    moved to `at` and the d-pad let go long enough that the next press is fresh."""
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(*mark)
    p.press("o")
    p.move_to(*at)
    p.idle(8)
    return p


def test_a_dpad_chord_is_two_presses_within_5_frames(cart):
    """A player holding left who then presses right (or up, then down) asked for neither: a chord
    counts only when both go down within 5 frames of each other, and a press of a direction's
    opposite while it is held moves nothing."""
    p = _marked_then_at(cart, (2, 2), (7, 7))
    p.c.run_frames(10, ["left"])                  # held, stepping left
    at = p.cursor()
    p.c.run_frames(4, ["left", "right"])          # right, long after: no undo, no step
    p.idle(3)
    assert p.board()[2, 2] == 1 and "undo" not in p.recent_text(4)
    assert p.cursor() == at
    p.c.step(["up"])
    p.c.run_frames(4, ["up"])
    p.c.step(["up", "down"])                      # down 5 frames after up: no question
    p.idle(3)
    assert not p.g("question")
    p.c.step(["down"])
    p.c.run_frames(3, ["down"])
    p.c.step(["down", "up"])                      # up 4 frames after down: the clear question
    p.idle(1)
    assert p.g("question") and "clear the whole board?" in p.recent_text(2)


def test_a_dpad_chord_takes_back_the_first_directions_steps(cart):
    """The cursor is where it was before the chord's first direction went down: at the board's
    edge too (left there moves nothing, so the right that follows must not step)."""
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(1, 5)
    p.press("o")                                  # (a mark: up and down ask to clear it)
    p.move_to(0, 5)
    p.press("o")
    p.idle(8)
    p.c.step(["left"])
    p.c.step(["left", "right"])
    p.idle(3)
    assert p.cursor() == (0, 5) and p.board()[5, 1] == 1 and p.board()[5, 0] == 0
    p.move_to(14, 5)
    p.idle(8)
    p.c.step(["down"])
    p.c.step(["down"])
    p.c.step(["down", "up"])
    p.idle(1)
    assert p.g("question") and p.cursor() == (14, 5)
    p.press("x")
    p.c.exec("options|=8")                        # (the double tap's option on)
    p.idle(8)
    p.c.step(["left"])                            # a step, then a second tap's jump to the
    p.c.step([])                                  # guide line and right with it: the jump
    p.c.step(["left"])                            # is taken back, the first step stays
    assert p.cursor() == (9, 5)
    p.c.step(["left", "right"])
    p.idle(3)
    assert p.cursor() == (13, 5) and not p.board().any()


def test_a_dpad_chord_spends_its_directions_until_they_are_let_go(cart):
    """Left and right held together past the d-pad's repeat (8 frames), then let go one at a
    time: the one still held moves nothing (it repeated from where the chord had put the cursor
    back, and a player's undo moved the cursor on); up and down alike, whose question an answer
    closes first; a direction pressed afresh after steps again."""
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(7, 7)
    p.press("o")
    p.idle(8)
    for first, second in (("left", "right"), ("right", "left")):
        p.press("o")                              # (a step to undo)
        p.idle(8)
        p.c.step([first])
        p.c.step([first, second])
        p.c.run_frames(12, [first, second])
        p.c.run_frames(12, [first])               # the second let go first, the first held on
        p.idle(3)
        assert p.cursor() == (7, 7), (first, p.cursor())
    p.c.step(["up"])
    p.c.step(["up", "down"])
    p.c.run_frames(12, ["up", "down"])
    p.c.run_frames(12, ["down"])
    p.idle(1)
    assert p.g("question") and p.cursor() == (7, 7)
    p.press("x")
    p.idle(8)
    assert p.cursor() == (7, 7)
    p.press("left")
    assert p.cursor() == (6, 7)


def test_a_dpad_chord_on_one_frame_leaves_the_cursor_where_it_is(cart):
    """Both directions down on the same frame (a keyboard often lands two keys within 33 ms):
    the cursor stays where it is, after steps, at the board's edge and after the mouse moved it
    (never back to where an older press had left it)."""
    p = _marked_then_at(cart, (7, 7), (9, 7))
    p.c.step(["left", "right"])
    p.idle(3)
    assert p.cursor() == (9, 7) and "undo" in p.recent_text(4)
    p.move_to(11, 9)
    p.press("o")                                  # (a mark: up and down ask to clear it)
    p.idle(8)
    p.c.step(["up", "down"])
    p.idle(1)
    assert p.cursor() == (11, 9) and p.g("question")
    p.press("x")
    p.move_to(0, 5)
    p.idle(8)
    p.c.step(["left", "right"])
    p.idle(3)
    assert p.cursor() == (0, 5)
    p.c.step([], mouse=(52 + 5 * 12 + 2, 52 + 5 * 12 + 2, 0))
    p.c.step([], mouse=(52 + 5 * 12 + 2, 52 + 5 * 12 + 2, 0))
    assert p.cursor() == (12, 12)
    p.idle(8)
    p.c.step(["left", "right"])
    p.idle(3)
    assert p.cursor() == (12, 12)


def test_a_dpad_chord_never_fires_while_painting(cart):
    """Up and down while 🅾️ paints a stroke: no clear question, the stroke stays."""
    p = Player(cart[0])
    p.open_puzzle(0, START + 2)
    p.move_to(3, 3)
    p.idle(8)
    p.c.step(["o"])
    p.c.run_frames(3, ["o", "down"])
    p.c.step(["o", "down", "up"])
    p.idle(2)
    assert not p.g("question") and p.board()[3:5, 3].all()


def test_a_chord_in_a_boards_first_frames_keeps_the_cursor_on_the_board(cart):
    """Right held on the list as 🅾️ opens a puzzle, then left: the chord takes the cursor back to
    where the board opened it, never off the board nor to nothing."""
    p = Player(cart[0])
    p.idle(2)
    p.press("o")
    p.press("o")                                  # the list
    p.c.step(["right"])
    p.c.step(["right", "o"])                      # the puzzle opens
    assert p.on("play_update")
    opened = p.cursor()
    p.c.step(["right", "left"])
    p.idle(3)
    assert "no undo" in p.recent_text(4) and p.cursor() == opened


def test_the_first_puzzles_controls_stand_on_plain_backdrop(cart):
    p = Player(cart[0])
    p.open_puzzle(0, 0)
    n = p.size()
    told = set()
    for x in range(n):
        p.move_to(x, n // 2)
        p.idle(1)
        told |= {r.text for f in p.c.frames[-3:] for r in f.prints}
        d = p.c.display()[0:30, 51:128]                     # (the readouts stand left of it)
        assert len(np.unique(d)) == 2, (x, np.unique(d))     # the backdrop and the text
    said = "\n".join(told)
    assert "left+right: undo" in said and "up+down: clear all" in said


def _under_the_clock(p: Player, frames: int) -> dict[str, list]:
    """The texts on the line under the clock (STATUS_Y) over the next frames, each with the frames'
    clue numbers (every frame drawn whole: the clues are otherwise kept in upper memory)."""
    got: dict[str, list] = {}
    for _ in range(frames):
        p.c.exec("redraw=true")
        p.c.step([])
        items = measured_text.seen(p.c)
        clues = [c for c in items if c.kind == "clue"]
        for it in items:
            if it.kind == "text" and it.y == STATUS_Y:
                got.setdefault(it.text, []).append((it, clues))
    return got


MENU = "\x8e+\x97 menu"          # 🅾️+❎ menu: how to open the menu, on the screen or not


def test_every_puzzle_says_how_to_open_the_pause_menu(cart):
    p = Player(cart[0])
    measured_text.instrument(p.c)
    p.open_puzzle(0, START + 2)                  # a 15x15 after the first: no controls shown
    p.move_to(0, 0)                              # the cursor's row and column by the text
    for where in ("puzzle", "endless"):
        got = _under_the_clock(p, 130)
        assert MENU in got, (where, list(got))
        assert ("no.27" if where == "puzzle" else "endless") in got, (where, list(got))
        for it, clues in got[MENU]:
            assert it.visible and it.ratio >= TEXT_MIN, it
            assert clues and min(measured_text.gap(it, c) for c in clues) >= CLEAR_OF_CLUES
        # shown for a second or more at a time, not a flicker
        assert len(got[MENU]) >= 30
        if where == "puzzle":
            p.c.choose_menuitem("leave puzzle")
            p.idle(2)
            p.press("x")                         # the worlds
            p.press("right")
            p.press("right")                     # endless
            p.press("o")
            while not p.on("play_update"):
                p.idle(1)
