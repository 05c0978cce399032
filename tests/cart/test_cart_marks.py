"""What a mark does, as a player sees it: a stroke's first cell decides what it changes (a fill
never covers a cross, a cross never wipes a fill); a press that changes nothing, and undo or redo
with nothing to do, answer with a dull sound (and undo/redo with a word); a message, under the
clock, goes as soon as the board changes."""
import re

import numpy as np
import pytest

from generator.playtest.player import Player, solution

from cartfixtures import CLOCK_Y, START, STATUS_Y, printed_at

NOTHING = 19      # cart/sfx.txt's "nothing" effect


def sounds(p: Player, since: int) -> list[int]:
    return [n for _, n, *_ in p.c.sfx_calls[since:]]


def cells_seen(p: Player) -> np.ndarray:
    """The drawn insides of row 2's cells 0-7 on a 15x15 board (5 px cells from 52,52)."""
    return p.c.palette_indices()[63:66, 53:92]


def clock_text(p: Player) -> str:
    """What is printed where the clock stands (left of the board, CLOCK_Y)."""
    return printed_at(p, CLOCK_Y)


def said(p: Player) -> str:
    """What is printed on the line under the clock (STATUS_Y), where the game's messages stand;
    the clock above them still shows the time (a message over the clock was taken for a time
    penalty)."""
    assert re.fullmatch(r"\d+:\d\d", clock_text(p)), clock_text(p)
    return printed_at(p, STATUS_Y)


def test_a_fill_stroke_leaves_crosses_and_a_cross_stroke_leaves_fills(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START)                    # a 15x15 board
    for x in (3, 6):
        p.move_to(x, 4)
        p.press("x")
    p.move_to(0, 4)
    p.c.step(["o"])
    p.move_to(9, 4, paint="o")             # a fill stroke from a blank cell across the crosses
    assert list(p.board()[4, :10]) == [1, 1, 1, 2, 1, 1, 2, 1, 1, 1]
    p.move_to(0, 6)
    for x in (2, 5):
        p.move_to(x, 6)
        p.press("o")
    p.move_to(0, 6)
    p.c.step(["x"])
    p.move_to(7, 6, paint="x")             # a cross stroke across the fills
    assert list(p.board()[6, :8]) == [2, 2, 1, 2, 2, 1, 2, 2]
    # from its own mark a stroke clears that mark only
    p.move_to(0, 4)
    p.c.step(["o"])
    p.move_to(9, 4, paint="o")
    assert list(p.board()[4, :10]) == [0, 0, 0, 2, 0, 0, 2, 0, 0, 0]
    assert p.c.max_instructions <= p.c.budget


def test_o_on_a_cross_and_x_on_a_fill_change_nothing_and_say_so_with_a_sound(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START)
    p.move_to(2, 2)
    p.press("x")
    for x in (4, 5):
        p.move_to(x, 2)
        p.press("o")
    p.move_to(10, 10)
    before, n, shot = p.board(), len(p.c.sfx_calls), cells_seen(p)
    p.move_to(2, 2)
    p.press("o")                           # o on the cross
    p.move_to(4, 2)
    p.press("x")                           # x on the fill
    assert (p.board() == before).all()
    assert sounds(p, n).count(NOTHING) == 2
    # a fill stroke from the cross (over blanks and fills), a cross stroke from a fill (over
    # fills and blanks) change nothing either
    p.move_to(2, 2)
    p.c.step(["o"])
    p.move_to(6, 2, paint="o")
    assert (p.board() == before).all()
    p.move_to(4, 2)
    p.c.step(["x"])
    p.move_to(7, 2, paint="x")
    assert (p.board() == before).all()
    p.move_to(10, 10)
    assert (cells_seen(p) == shot).all()


def test_undo_and_redo_with_nothing_to_do_answer(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START)
    n = len(p.c.sfx_calls)
    p.c.choose_menuitem("undo")
    p.idle(1)
    assert said(p) == "no undo" and sounds(p, n) == [NOTHING]
    p.idle(65)                             # two seconds, then the clock again
    assert said(p) != "no undo"
    p.press("o")
    n = len(p.c.sfx_calls)
    p.c.choose_menuitem("redo")
    p.idle(1)
    assert said(p) == "no redo" and sounds(p, n) == [NOTHING]
    p.c.choose_menuitem("undo")            # a step to take back: taken, and said
    p.idle(1)
    assert not p.board().any() and said(p) == "undo"
    p.idle(65)
    assert said(p) != "undo"


def test_the_mistake_label_goes_when_the_board_changes(cart):
    path, manifest = cart
    p = Player(path)
    p.open_puzzle(0, START + 3)
    sol = solution(manifest, START + 3)
    wy, wx = map(int, np.argwhere(~sol)[5])
    p.move_to(wx, wy)
    p.press("o")                           # a wrong fill
    p.hint()
    p.idle(1)
    assert said(p) == "mistake!"
    p.c.choose_menuitem("undo")            # the mistake undone: its label goes at once
    p.idle(1)
    assert said(p) == "undo" and not p.board().any()
    # and a hint's own label stays over the marks it makes (on the blank board, the roulette's)
    p.hint()
    p.idle(1)
    assert said(p) == "roulette" and p.board().any()
    p.press("right")
    p.press("x")                           # the next change clears it
    p.idle(1)
    assert said(p) != "roulette"
