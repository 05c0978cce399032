"""Boards are never lost silently: every board kept for the session, the 4 most recent across a
restart, a question before one would leave the save; undo/redo; the pause menu per screen."""
import numpy as np
import pytest

from generator.console.player import Player


@pytest.fixture(scope="module")
def cart(built_cart):
    return built_cart.path, built_cart.manifest


def within_budget(p: Player):
    assert p.c.max_instructions <= p.c.budget, f"a frame took {p.c.max_instructions} instructions"


def some_marks(p: Player, k: int) -> np.ndarray:
    """Fill and cross a few cells (a different pattern for each k), return the board (on a
    15x15 board rows 2, 9-12; on the 5x5 and 10x10 start boards the same within their size)."""
    n = p.size()
    p.move_to(k % n, 2)
    p.press("o")
    p.move_to((k + 3) % n, min(9, n - 2))
    p.c.step(["x"])
    p.move_to((k + 3) % n, n - 3, paint="x")
    return p.board()


def leave(p: Player):
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)


def test_two_boards_and_endless_come_back_after_a_restart(cart):
    path, _ = cart
    store = {}
    p = Player(path, store)
    p.open_puzzle(0, 2)
    a = some_marks(p, 1)
    leave(p)
    p.press("x")
    p.press("x")                           # back to the title
    p.open_puzzle(1, 4)
    b = some_marks(p, 2)
    leave(p)
    within_budget(p)

    again = Player(path, store)
    again.open_puzzle(0, 2)
    assert (again.board() == a).all()
    leave(again)
    again.press("x")
    again.press("x")
    again.open_puzzle(1, 4)
    assert (again.board() == b).all()
    within_budget(again)


def test_a_fifth_board_asks_before_it_pushes_the_oldest_out_of_the_save(cart):
    path, manifest = cart
    store = {}
    p = Player(path, store)
    boards = {}
    p.idle(2)
    p.press("o")
    p.press("o")                           # spires' puzzle list
    for k in range(5):
        if k:
            p.press("right")
        p.press("o")
        if k == 4:
            # the save is full: the game says which board would go, and back keeps it
            assert "this one pushes out\nspires no. 1" in p.recent_text()
            p.press("x")
            assert p.on("pupd")
            again = Player(path, {"picross8_v1": list(store["picross8_v1"])})
            assert [int(again.g("rb")[i]) for i in range(1, 5)] == [4, 3, 2, 1]
            p.press("o")
            p.press("o")                   # play anyway
        assert p.on("plupd")
        boards[k] = some_marks(p, k)
        leave(p)
    # the session still has all five
    p.press("left", "left")
    for k in (0,):
        p.c.exec(f"ps={k}")
        p.press("o")
        if p.g("aq"):
            p.press("o")
        assert (p.board() == boards[k]).all()
        leave(p)
    within_budget(p)
    # after a restart, the four most recent
    again = Player(path, store)
    rb = again.g("rb")
    assert [int(rb[i]) for i in range(1, len(rb) + 1)] == [1, 5, 4, 3]
    again.idle(2)
    again.press("o")
    again.press("o")
    again.c.exec("ps=4")
    again.press("o")
    assert (again.board() == boards[4]).all()


def test_undo_and_redo_many_steps_per_puzzle_for_the_session(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, 7)                    # a 15x15 board (after the 5x5 and 10x10 start)
    states = [p.board()]
    for k in range(6):
        p.move_to(k, k)
        p.press("o" if k % 2 else "x")
        states.append(p.board())
    p.move_to(0, 10)
    p.c.step(["o"])
    p.move_to(5, 10, paint="o")            # one stroke: one step
    states.append(p.board())
    for s in reversed(states[:-1]):
        p.c.choose_menuitem("undo")
        p.idle(1)
        assert (p.board() == s).all()
    p.c.choose_menuitem("undo")            # nothing left: no change
    p.idle(1)
    assert not p.board().any()
    for s in states[1:4]:
        p.c.choose_menuitem("redo")
        p.idle(1)
        assert (p.board() == s).all()
    # leave and come back: the steps are still there
    leave(p)
    p.press("o")
    for s in states[4:]:
        p.c.choose_menuitem("redo")
        p.idle(1)
        assert (p.board() == s).all()
    # a new mark ends what could be redone
    p.c.choose_menuitem("undo")
    p.idle(1)
    p.move_to(14, 14)
    p.press("o")
    before = p.board()
    p.c.choose_menuitem("redo")
    p.idle(1)
    assert (p.board() == before).all()
    within_budget(p)


def test_the_pause_menu_is_the_play_screens_only(cart):
    # (the other screens have only the music toggle: tests/cart/test_cart_music.py)
    path, _ = cart
    music = {1: "music: on"}
    p = Player(path)
    p.idle(2)
    assert p.c.menu_items() == music
    p.press("o")
    assert p.c.menu_items() == music
    p.press("o")
    p.press("o")
    assert list(p.c.menu_items().values()) == ["hint", "undo", "redo", "clear board", "leave puzzle"]
    leave(p)
    assert p.on("pupd") and p.c.menu_items() == music
