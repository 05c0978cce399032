"""Boards are never lost silently: every board kept for the session, the 4 most recent across a
restart, a question at the first mark that would push one out of the save (never on opening a
board, and never for a blank or solved one); undo/redo; the pause menu per screen. The policy
over random play: test_cart_save_policy.py."""
import numpy as np
import pytest

from generator.playtest.player import Player, solution

from cartfixtures import START


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


def saved_ids(store: dict) -> list[int]:
    """The ids of the boards the cartdata holds, in its order."""
    raw = b"".join((int(v) & 0xFFFFFFFF).to_bytes(4, "little") for v in store["picross8_v1"])
    out, a = [], 40
    while a < 253 and raw[a]:
        w = int.from_bytes(raw[a + 1:a + 3], "little", signed=True)
        if w >= 0:
            out.append(raw[a])
        a += 48 if w >= 0 else 3
    return out


def four_boards(path, store: dict) -> Player:
    """A player whose save holds spires no. 1-4 in progress (no. 4 the most recent), on the list."""
    p = Player(path, store)
    p.idle(2)
    p.press("o")
    p.press("o")                           # spires' puzzle list
    for k in range(4):
        if k:
            p.press("right")
        p.press("o")
        some_marks(p, k)
        assert not p.g("question")
        leave(p)
    assert saved_ids(store) == [4, 3, 2, 1]
    return p


def keep_a_fifth(p: Player, store: dict) -> None:
    """From the list of four_boards: open spires no. 5, mark it, and keep it when asked."""
    p.press("right")
    p.press("o")
    p.move_to(1, 1)
    p.press("o")
    assert "the marks on spires no. 1\n" in p.recent_text()
    p.press("o")                           # keep it: spires no. 1 leaves the save
    assert p.on("play_update") and not p.g("question") and saved_ids(store) == [5, 4, 3, 2]


def test_a_fifth_board_asks_at_its_first_mark_and_x_leaves_without_it(cart):
    path, _ = cart
    store = {}
    p = four_boards(path, store)
    p.press("right")
    p.press("o")                           # a fifth board: opening it asks nothing
    assert p.on("play_update") and not p.g("question")
    p.idle(40)                             # (the clock ticks over a second: still nothing)
    assert not p.g("question")
    p.move_to(1, 1)
    p.press("o")                           # its first mark: the save would have to drop one
    assert "the save keeps 4 boards:\nkeeping this one forgets\nthe marks on spires no. 1\n" in p.recent_text()
    assert "leave unsaved" in p.recent_text()
    assert p.board()[1, 1] == 1 and saved_ids(store) == [4, 3, 2, 1]
    p.press("x")                           # leave: to the list, without the mark
    assert p.on("puzzles_update") and saved_ids(store) == [4, 3, 2, 1]
    p.press("o")
    assert not p.board().any() and not p.g("question")
    # undo has nothing to take back there (the mark went with the answer)
    p.c.choose_menuitem("undo")
    p.idle(1)
    assert not p.board().any()
    within_budget(p)


def test_o_keeps_the_fifth_board_and_the_save_never_asks_again_for_it(cart):
    path, _ = cart
    store = {}
    p = four_boards(path, store)
    keep_a_fifth(p, store)
    p.c.choose_menuitem("undo")            # blank again: spires no. 1 is back in the save...
    p.idle(2)
    assert not p.board().any() and saved_ids(store) == [4, 3, 2, 1]
    p.press("o")                           # ...and a mark takes the slot again, asking nothing
    assert not p.g("question") and saved_ids(store) == [5, 4, 3, 2]
    p.move_to(3, 3)
    p.press("x")                           # more marks ask nothing
    leave(p)
    assert p.on("puzzles_update") and saved_ids(store) == [5, 4, 3, 2]
    p.press("o")                           # nor a second visit
    p.move_to(4, 4)
    p.press("o")
    assert not p.g("question")
    leave(p)
    # the board that left the save is still in the session: marking it asks, naming the
    # least recent board in the save
    p.c.exec("puzzle_index=0")
    p.press("o")
    assert p.board().any() and not p.g("question")
    p.move_to(4, 4)
    p.press("o")
    assert "the marks on spires no. 2\n" in p.recent_text()
    within_budget(p)


def test_blank_solved_and_replayed_boards_take_no_slot_and_never_ask(cart):
    path, manifest = cart
    store = {}
    p = four_boards(path, store)
    p.press("x")
    p.press("right")                       # lookout
    p.press("o")
    p.press("o")                           # its first puzzle, opened and left blank
    p.idle(40)
    leave(p)
    assert saved_ids(store) == [4, 3, 2, 1]
    # a puzzle solved: until then it is a board with marks, so its first mark asks; once
    # solved it gives the slot back
    p.press("o")
    sol = solution(manifest, int(p.g("puzzle")))
    y, x = map(int, np.argwhere(~sol)[0])
    p.move_to(x, y)
    p.press("x")
    assert "the marks on spires no. 1\n" in p.recent_text()
    p.press("o")
    assert saved_ids(store)[0] == 128
    p.enter(sol)
    assert p.on("solved_update")
    assert saved_ids(store) == [4, 3, 2, 1]  # spires no. 1 is back in the save
    p.idle(45)
    p.press("o")                           # the list, on the next puzzle
    p.press("left")
    p.press("o")                           # the solved puzzle again: a blank board
    assert not p.board().any() and not p.g("question")
    leave(p)
    assert saved_ids(store) == [4, 3, 2, 1]
    # endless: a new puzzle and its clock ask nothing until a mark
    p.press("x")
    p.press("right")
    p.press("o")
    while not p.on("play_update"):
        p.idle(1)
    p.idle(40)
    assert not p.g("question")
    leave(p)
    assert p.on("worlds_update") and saved_ids(store) == [4, 3, 2, 1]
    within_budget(p)


def test_an_endless_board_solved_gives_its_slot_back(cart):
    path, _ = cart
    store = {}
    p = four_boards(path, store)
    p.press("x")
    p.press("right")
    p.press("right")                       # endless
    p.press("o")
    while not p.on("play_update"):
        p.idle(1)
    sol = p.sol()
    y, x = map(int, np.argwhere(~sol)[0])
    p.move_to(x, y)
    p.press("x")
    assert "the marks on spires no. 1\n" in p.recent_text()
    p.press("o")
    assert saved_ids(store) == [255, 4, 3, 2]
    p.enter(sol)
    assert p.on("solved_update") and saved_ids(store) == [4, 3, 2, 1]
    within_budget(p)


def test_leaving_after_an_undo_in_the_same_pause_still_asks(cart):
    path, _ = cart
    store = {}
    p = four_boards(path, store)
    keep_a_fifth(p, store)
    leave(p)
    p.c.exec("puzzle_index=0")
    p.press("o")                           # spires no. 1, out of the save, in the session
    before = p.board()
    p.c.choose_menuitem("undo")            # its last step undone...
    p.c.choose_menuitem("leave puzzle")    # ...and left, in one pause
    p.idle(2)
    assert p.on("play_update") and "the marks on spires no. 2\n" in p.recent_text()
    p.press("x")                           # leave without the change
    assert p.on("puzzles_update") and saved_ids(store) == [5, 4, 3, 2]
    p.press("o")
    assert (p.board() == before).all()


def test_after_a_restart_the_list_opens_on_the_board_in_progress(cart):
    path, _ = cart
    store = {}
    p = Player(path, store)
    p.open_puzzle(1, 9)
    some_marks(p, 3)
    leave(p)
    again = Player(path, store)
    again.idle(2)
    again.press("o")
    again.press("right")
    assert "no. 10 in progress" in again.recent_text()
    again.press("o")                       # the list: the chosen puzzle is no. 10
    assert "no. 10\n" in again.recent_text() + "\n" and int(again.g("puzzle_index")) == 127 + 9
    again.press("o")
    assert int(again.g("puzzle")) == 127 + 9 and again.board().any()


def test_with_no_board_in_progress_the_list_opens_on_the_first_unsolved(cart):
    """Puzzles solved from the start of a world: the list opens past them (in a world of 127,
    no. 1 every time was a long way back); every one solved: on the last."""
    path, manifest = cart
    p = Player(path)
    p.idle(2)
    p.press("o")                                   # the worlds: spires
    p.c.exec("best[0],best[1],best[2],best[4]=60,60,60,60")
    p.press("o")
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == 3
    p.press("x")
    count = manifest["worlds"][0]["count"]
    p.c.exec(f"for q=0,{count + 3} do best[q]=60 end")
    p.press("o")
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == count - 1


def test_undo_and_redo_many_steps_per_puzzle_for_the_session(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START + 1)                    # a 15x15 board (after the 5x5 and 10x10 start)
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
    # (the other screens have the music and option toggles: tests/cart/test_cart_music.py,
    # tests/cart/test_cart_options.py)
    path, _ = cart
    music = {1: "music: on", 2: "auto-check: off", 3: "auto-cross: off", 4: "double tap: off"}
    p = Player(path)
    p.idle(2)
    assert p.c.menu_items() == music
    p.press("o")
    assert p.c.menu_items() == music
    p.press("o")
    p.press("o")
    assert list(p.c.menu_items().values()) == ["undo", "redo", "hint", "clear board", "leave puzzle"]
    leave(p)
    # the list adds the share code of the puzzle under the cursor
    assert p.on("puzzles_update") and p.c.menu_items() == music | {5: "share code"}
