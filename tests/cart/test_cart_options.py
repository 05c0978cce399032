"""The options, from the pause menu of every screen but play: auto-check (a wrong fill is crossed
and said at once, as Picross S's normal mode) and auto-cross (a line that matches its clue has
its blank cells crossed), both off at first and kept in the save; a best time says which of them
it was made with, on the list and after a restart; saves written before the options read the
same."""
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.playtest.player import CARTDATA_ID, Player, saved_progress, solution

from cartfixtures import START, STATUS_Y, printed_at

OFF = {1: "music: on", 2: "auto-check: off", 3: "auto-cross: off", 4: "double tap: off"}


def raw(store: dict) -> bytes:
    return b"".join((int(v) & 0xFFFFFFFF).to_bytes(4, "little") for v in store[CARTDATA_ID])


def words(data: bytes) -> dict:
    return {CARTDATA_ID: [int.from_bytes(data[i:i + 4], "little") for i in range(0, 256, 4)]}


def options_on(path, store: dict, *labels) -> Player:
    """A player that turned `labels` on from the worlds screen's pause menu, on the worlds."""
    p = Player(path, store)
    p.idle(2)
    p.press("o")
    for s in labels:
        assert p.c.choose_menuitem(f"{s}: off") is True     # the menu stays open
        assert f"{s}: on" in p.c.menu_items().values()
    p.idle(1)
    return p


def play_with(path, label: str, k: int = START) -> Player:
    """A player with option `label` on, on spires' puzzle k (from 0; the first 15x15 unless
    given)."""
    p = options_on(path, {}, label)
    p.press("o")
    for _ in range(k):
        p.press("right")
    p.press("o")
    return p


def row_text(p: Player, y: int) -> str:
    return printed_at(p, y, " | ")


def test_the_options_are_off_at_first_and_the_save_keeps_them(cart):
    path, _ = cart
    store = {}
    p = Player(path, store)
    p.idle(2)
    assert p.c.menu_items() == OFF
    p.press("o")
    assert p.c.menu_items() == OFF
    # o toggles, and so do left and right (as the music toggle)
    p.c.choose_menuitem("auto-check: off")
    p.c.choose_menuitem("auto-cross: off", b=2)
    assert p.c.menu_items() == {**OFF, 2: "auto-check: on", 3: "auto-cross: on"}
    assert raw(store)[255] == 6
    p.press("o")
    p.press("o")                           # the play screen's menu is its own
    assert list(p.c.menu_items().values())[0] == "undo"
    again = Player(path, store)
    again.idle(2)
    assert again.c.menu_items() == {**OFF, 2: "auto-check: on", 3: "auto-cross: on"}
    again.c.choose_menuitem("auto-check: on")
    assert raw(store)[255] == 4
    # any other bits in the options byte are dropped when read
    data = bytearray(raw(store))
    data[255] = 0xF1
    p = Player(path, words(bytes(data)))
    assert int(p.g("options")) == 0 and p.c.menu_items() == OFF


def a_wrong_fill_is_crossed(p: Player, sol: np.ndarray) -> tuple[int, int]:
    """With auto-check on: o on a cell off the picture crosses it and says "mistake!"; the
    cell's (y, x)."""
    wy, wx = map(int, np.argwhere(~sol)[3])
    p.move_to(wx, wy)
    p.press("o")
    p.idle(1)
    assert p.board()[wy, wx] == 2 and row_text(p, STATUS_Y) == "mistake!"
    return wy, wx


def test_auto_check_crosses_a_wrong_fill_and_says_so(cart):
    path, manifest = cart
    p = play_with(path, "auto-check")
    sol = solution(manifest, START)
    wy, wx = a_wrong_fill_is_crossed(p, sol)
    # a fill stroke along a row: the right cells filled, the wrong ones crossed
    y = int(np.argwhere(sol.any(axis=1) & ~sol.all(axis=1))[0][0])
    p.move_to(0, y)
    p.c.step(["o"])
    p.move_to(14, y, paint="o")
    want = [1 if sol[y, x] else 2 for x in range(15)]
    if y == wy:
        want[wx] = 2
    assert list(p.board()[y]) == want
    # only fills are checked: a cross on the picture stays a cross
    cy, cx = map(int, np.argwhere(sol)[-1])
    p.move_to(cx, cy)
    p.press("x")
    p.idle(1)
    assert p.board()[cy, cx] == 2 and row_text(p, STATUS_Y) != "mistake!"
    assert p.c.max_instructions <= p.c.budget


def test_the_options_change_from_inside_a_puzzle_by_its_on_screen_menu(cart):
    """In a puzzle the pause menu is full (undo, redo, hint, clear board, leave puzzle), so the
    on-screen menu (o and x together) lists the four toggles after them: a player turns
    auto-check on there without leaving the board, the menu stays open on the toggle with its
    label changed, the next wrong fill is crossed, and the save keeps the option."""
    path, manifest = cart
    store: dict = {}
    p = Player(path, store)
    p.open_puzzle(0, START)
    pause = p.c.menu_items()
    assert list(pause.values()) == ["undo", "redo", "hint", "clear board", "leave puzzle"]
    p.press("o", "x")
    p.idle(2)
    said = p.recent_text(1)
    for label in ("undo", "leave puzzle", "music: on", "auto-check: off", "auto-cross: off",
                  "double tap: off"):
        assert label in said, (label, said)
    for _ in range(6):                             # down to auto-check, the 7th item
        p.press("down")
    p.press("o")
    p.idle(2)
    said = p.recent_text(1)
    assert "🅾️ auto-check: on" in said, said          # o still by it, its label changed
    assert int(p.g("options")) & 2
    p.press("x")                                   # closes the menu
    p.idle(2)
    assert not p.g("question")
    a_wrong_fill_is_crossed(p, solution(manifest, START))
    assert p.c.menu_items() == pause               # the pause menu is the puzzle's still
    p.c.save_cartdata()
    assert raw(store)[255] == 2


def test_auto_cross_crosses_the_rest_of_a_line_that_matches_and_undo_takes_it_back(cart):
    path, manifest = cart
    p = play_with(path, "auto-cross")
    sol = solution(manifest, START)
    y = next(y for y in range(15) if 0 < sol[y].sum() < 15)
    p.enter(sol, rows=[y])
    b = p.board()
    assert list(b[y]) == [1 if v else 2 for v in sol[y]]
    # the crosses show: an x of 3x3 pixels inside each crossed cell (the cursor, whose ring
    # lies on its neighbours' edges, moved off the row)
    cx, _ = p.cursor()
    p.move_to(cx, (y + 7) % 15)
    p.idle(1)
    shot = p.c.palette_indices()
    x_shape = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]], bool)
    for x in np.flatnonzero(~sol[y]):
        cell = shot[52 + 5 * y + 1:52 + 5 * y + 4, 52 + 5 * x + 1:52 + 5 * x + 4]
        assert len(set(cell[x_shape])) == 1 and not set(cell[x_shape]) & set(cell[~x_shape])
    # undo takes back the last stroke with the crosses it brought: the row is open again
    filled = [x for x in range(15) if sol[y, x]]
    last = max(filled) if y % 2 == 0 else min(filled)   # Player.enter goes back along odd rows
    p.c.choose_menuitem("undo")
    p.idle(1)
    after = p.board()
    assert (after[y] != 2).all() and after[y, last] == 0
    assert p.c.max_instructions <= p.c.budget


def _shifted(line: np.ndarray) -> np.ndarray | None:
    """The line's fills one cell along (the same clue, another line), if they fit."""
    for k in (1, -1):
        moved = np.roll(line, k)
        if not line[0 if k < 0 else -1] and (moved != line).any():
            return moved
    return None


def test_auto_cross_leaves_a_line_that_fits_its_clue_but_not_the_picture(cart):
    """Fills that fit a line's clue numbers but stand elsewhere than the solution's: no crosses
    (some blanks there are fills of the picture). A column filled as the solution is crossed."""
    path, manifest = cart

    def lines(sol):
        """A row y to fill one cell off, a column x to fill as the solution, a column x2 to fill
        one cell off, apart from each other (None if the puzzle has none such)."""
        for y in range(15):
            row = _shifted(sol[y])
            if row is None or not 0 < sol[y].sum() < 15:
                continue
            xs = [x for x in range(15) if not row[x] and 0 < sol[:, x].sum() < 15]
            x = next((x for x in xs if not sol[y, x]), None)
            x2 = next((x2 for x2 in xs if x2 != x and _shifted(sol[:, x2]) is not None
                       and not _shifted(sol[:, x2])[y]), None)
            if x is not None and x2 is not None:
                return y, x, x2
        return None

    k = next(k for k in range(START, 60) if lines(solution(manifest, k)))
    sol = solution(manifest, k)
    y, x, x2 = lines(sol)
    p = play_with(path, "auto-cross", k)
    wrong = np.zeros_like(sol)
    wrong[y] = _shifted(sol[y])
    p.enter(wrong, rows=[y])
    assert (p.board()[y] == wrong[y]).all(), p.board()[y]    # the fills, and no cross beside them
    # a column: its solution's fills, one by one, then its blanks crossed
    for yy in np.flatnonzero(sol[:, x]):
        p.move_to(x, int(yy))
        p.press("o")
    assert list(p.board()[:, x]) == [1 if v else 2 for v in sol[:, x]]
    # another column filled one cell off the solution: no crosses
    for yy in np.flatnonzero(_shifted(sol[:, x2])):
        p.move_to(x2, int(yy))
        p.press("o")
    assert list(p.board()[:, x2]) == [int(v) for v in _shifted(sol[:, x2])]


def test_a_best_time_says_which_options_it_was_made_with(cart):
    path, manifest = cart
    store = {}
    p = options_on(path, store, "auto-check")
    p.press("o")
    p.press("o")                           # spires no. 1, 5x5
    p.idle(300)                            # a slow solve: 10 s and more
    p.enter(solution(manifest, 0))
    assert p.on("solved_update")
    p.idle(45)
    p.press("o")
    p.press("left")                        # the list, back on no. 1
    p.idle(1)
    assert "aids: check" in row_text(p, 112) and "best 0:1" in row_text(p, 120)
    # after a restart too
    again = Player(path, {CARTDATA_ID: list(store[CARTDATA_ID])})
    again.idle(2)
    again.press("o")
    again.press("o")                       # the list, on no. 2 (the first unsolved)
    again.press("left")
    again.idle(1)
    assert int(again.g("best_options")[0]) == 2 and "aids: check" in row_text(again, 112)
    # a faster solve without options is the new best, and says nothing more
    again.c.choose_menuitem("auto-check: on")
    again.press("o")
    again.enter(solution(manifest, 0))
    again.idle(45)
    again.press("o")
    again.press("left")
    again.idle(1)
    assert "aids: check" not in row_text(again, 112) and "5x5 「 picture" in row_text(again, 112)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 253), st.integers(1, 32767), st.sampled_from([0, 2, 4, 6])),
                min_size=1, max_size=90), st.integers(0, 4))
def test_best_times_come_back_with_their_options_or_not_at_all(cart, solves, boards):
    """Solves in any order with any options, beside 0-4 boards: after a restart each best time
    shown is the session's, with the options it was made with (never another's); the most
    recent solves are the ones kept, at least 7."""
    path, _ = cart
    store = {}
    c = Player(path, store).c
    for k in range(boards):
        c.exec(f"board_id={k + 201} solution={{}} board_size=5 cells={{}} for i=0,224 do cells[i]=0 end cells[7]=1 play_seconds=3 keep()")
    for p, t, o in solves:
        c.exec(f"options={o} won({p},{t})")
    c.save_cartdata()
    again = Player(path, store)
    best, bo = c.global_("best"), c.global_("best_options")
    best2, bo2 = again.g("best"), again.g("best_options")
    kept = [p for p in range(254) if best2[p] is not None and int(best2[p]) > 0]
    for p in kept:
        assert int(best2[p]) == int(best[p]) and int(bo2[p]) == int(bo[p])
    # solved flags are all kept, times of the most recent solves
    assert {p for p in range(254) if best2[p] is not None} == {p for p, _, _ in solves}
    # the most recent are kept: 7 beside 4 boards if made alike, 3 if every one changes the
    # options (a change costs an entry's room)
    recent = list(dict.fromkeys(p for p, _, _ in reversed(solves)))
    alike = len({o for _, _, o in solves} | {0}) == 1
    assert set(recent[:7 if alike else 3]) <= set(kept)
    assert len(again.g("recent_boards")) == boards


def test_a_save_from_before_the_options_reads_the_same(cart):
    """Layout 2 as the cart wrote it before the options (no options byte, no option marks): a
    board, best times, music off; read with the options off and every record as it was."""
    path, manifest = cart
    data = bytearray(256)
    data[0:4] = (manifest["pz_hash"] ^ (2 << 16)).to_bytes(4, "little")
    data[4:6] = (1234).to_bytes(2, "little")
    data[6:8] = (5).to_bytes(2, "little")
    for p in (0, 3, 130):
        data[8 + p // 8] |= 1 << p % 8
    data[39] |= 0x80                       # music off
    a = 40
    data[a] = 8                            # board of puzzle 7, clock 99 s
    data[a + 1:a + 3] = (99).to_bytes(2, "little")
    data[a + 3] = 1                        # cell 0 filled
    a += 48
    for p, t in ((3, 640), (130, 75)):
        data[a] = p + 1
        data[a + 1:a + 3] = (0x8000 | t).to_bytes(2, "little")
        a += 3
    p = Player(path, words(bytes(data)))
    assert int(p.g("options")) == 1             # music off, no options
    assert p.best(3) == 640 and p.best(130) == 75 and p.best(0) == 0
    assert int(p.g("best_options")[3]) == 0 and int(p.g("best_options")[130]) == 0
    assert [int(p.g("recent_boards")[1])] == [8] and float(p.g("board_clocks")[8]) == 99
    # written back byte for byte (nothing new to say)
    assert raw(p.c.cartdata_store) == bytes(data)
    p.idle(2)
    p.press("o")
    p.press("right")
    p.press("o")
    for _ in range(3):
        p.press("right")
    p.idle(1)
    assert "best 1:15" in row_text(p, 120) and "+" not in row_text(p, 112)


def test_the_cart_boots_on_random_options_bytes(cart):
    path, _ = cart
    good = raw(saved_progress(path, {0: 75, 5: 300}))
    rng = random.Random(5)
    for _ in range(12):
        data = bytearray(good)
        data[255] = rng.randrange(256)
        data[40 + 3 * rng.randrange(3)] = 255     # an option mark where an entry was
        data[41 + 3 * rng.randrange(3)] = rng.randrange(256)
        p = Player(path, words(bytes(data)))
        assert 0 <= int(p.g("options")) <= 15
        bo = p.g("best_options")
        assert all(int(bo[q]) in (0, 2, 4, 6) for q in range(254) if bo[q] is not None)
        p.idle(2)
        p.press("o")
        p.press("o")
        assert p.on("puzzles_update")
