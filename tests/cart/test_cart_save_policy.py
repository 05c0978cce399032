"""The save never asks needlessly and never loses a board silently, held over random play.

A hypothesis state machine plays the built cart with buttons: open a puzzle or endless, mark and
unmark cells, undo from the pause menu (and leave in the same pause), leave, solve, answer the
save's question either way, restart the cart on its cartdata. Beside it runs the policy as a
model (what a player is promised), and after every step the cart must agree with it:

- a board takes a slot in the save only while it has marks and is unsolved; the save holds the
  4 most recent such boards (a board solved or cleared gives its slot back to the next);
- the question comes only when a change leaves a board with marks that is not in a full save
  (never on opening a board, solved or not, nor for a blank one), at most once a visit, and names
  the board that would go; 🅾️ keeps the board (the named one goes; asked no more that visit,
  even when undo empties the board and a mark brings it back), ❎ leaves without the change;
- the saved boards' cells are the cells the player left on them;
- independently of the model: a board with marks leaves the save only when the player said so
  (🅾️ on the question that named it), or when it was solved or cleared;
- after a restart the list opens on the world's most recent board in progress;
- a design drawn in the editor (a 5x5 heart, or cleared) is in the save once it has a fill and at
  most 3 boards are saved, and then takes a board's place (3 boards, not 4, until it is cleared);
  with 4 boards saved it is not saved and no board goes for it; a saved design comes back after a
  restart.
"""
from __future__ import annotations

import numpy as np
import pytest
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition, rule,
                                 run_state_machine_as_test)

from generator.playtest.player import CARTDATA_ID, Player

NB = 4
HEART = np.array([[c == "#" for c in r] for r in [".#.#.", "#####", "#####", ".###.", "..#.."]])
SEEN: Counter = Counter()   # what the runs did (the test asserts that they did it all)


def event(what: str) -> None:
    SEEN[what] += 1
ENDLESS = 255


def saved_design(store: dict) -> np.ndarray | None:
    """The design in a cartdata store (an entry id 255, w with bits 15 and 14: its size, then 15
    rows as words), as its size x size cells, or None."""
    raw = b"".join((int(v) & 0xFFFFFFFF).to_bytes(4, "little") for v in store.get(CARTDATA_ID, [0] * 64))
    a = 40
    while a < 253 and raw[a]:
        w = int.from_bytes(raw[a + 1:a + 3], "little")
        if raw[a] == 255 and w & 0xC000 == 0xC000:
            n = w & 15
            rows = [int.from_bytes(raw[a + 3 + 2 * y:a + 5 + 2 * y], "little") for y in range(n)]
            return np.array([[r >> x & 1 for x in range(n)] for r in rows], dtype=bool)
        a += 3 if w & 0x8000 else 48
    return None


def saved_boards(store: dict) -> list[tuple[int, np.ndarray]]:
    """(id, 15x15 cells) of the boards in a cartdata store, in the save's order."""
    raw = b"".join((int(v) & 0xFFFFFFFF).to_bytes(4, "little") for v in store.get(CARTDATA_ID, [0] * 64))
    out, a = [], 40
    while a < 253 and raw[a]:
        w = int.from_bytes(raw[a + 1:a + 3], "little", signed=True)
        if w < 0:
            a += 33 if raw[a] == 255 and w & 0x4000 else 3     # the design, or a best time
            continue
        b = raw[a + 3:a + 48]
        cells = np.array([b[i // 5] // 3 ** (i % 5) % 3 for i in range(225)]).reshape(15, 15)
        out.append((raw[a], cells))
        a += 48
    return out


def board_name(manifest: dict, id: int) -> str:
    for w in manifest["worlds"]:
        k = id - w["first"]
        if 0 < k <= w["count"]:
            return f"{w['name']} no. {k}"
    return "endless"


class SavePolicy(RuleBasedStateMachine):
    """Screens: 'menu' (the worlds screen), 'play', 'ask' (the save's question on the play screen)."""

    path = manifest = None

    @initialize(n=st.integers(0, 6))
    def boot(self, n):
        self.store: dict = {}
        self.p = Player(self.path, self.store)
        self.p.idle(2)
        self.p.press("o")                  # the worlds
        self.screen = "menu"
        self.R: list[int] = []             # the session's boards with marks, most recent first
        self.list_at: dict[int, int] = {}  # where each world's list was left this session
        self.cells: dict[int, np.ndarray] = {}   # their cells as left (15x15)
        self.cur = None
        self.asked_from_leave = False
        self.asked_this_visit = 0
        self.last_saved = []
        self.design, self.ds = None, False   # the session's design; is it in the save?
        # a start with n boards left half done (the save is full from 4 on), played as below
        for i in range(n):
            self.open_puzzle(i % 2, 6 + i)
            self.mark(i, 3)
            if self.screen == "ask":
                self.answer(True)
            self.leave()

    # -- what the model expects
    @property
    def nb(self) -> int:
        """Boards the save holds: a saved design takes one's place."""
        return NB - 1 if self.ds else NB

    def _sol(self) -> np.ndarray:
        return self.p.sol()

    def _live(self) -> np.ndarray:
        g = self.p.g("cells")
        return np.array([[int(g[y * 15 + x]) for x in range(15)] for y in range(15)])

    def _changed(self):
        """The current board changed (a mark, an undo): what the policy does, and the check."""
        live = self._live()
        x, n = self.cur, self.p.size()
        sol = self._sol()
        solved = bool(((live[:n, :n] == 1) == sol).all())
        if solved:
            return "solved"
        if not live.any():
            if x in self.R:
                self.R.remove(x)
            self.cells.pop(x, None)
            return None
        if x in self.R[:self.nb] or len(self.R) < self.nb or self.kept_this_visit:
            if x in self.R:
                self.R.remove(x)
            self.R.insert(0, x)
            self.cells[x] = live
            return None
        return board_name(self.manifest, self.R[self.nb - 1])

    def _expect_question(self, name):
        aq = self.p.g("question")
        if name is None:
            assert not aq, f"asked needlessly: {aq!r}"
        else:
            assert aq and f"the marks on {name}\n" in aq, (aq, name)
            self.asked_this_visit += 1
            assert self.asked_this_visit <= 1, "asked twice on one visit"
            self.screen = "ask"
            self.drops = self.R[self.nb - 1]
            event("asked")

    def _to_menu(self):
        """From the list (or the title after a restart) to the worlds screen."""
        if self.p.on("puzzles_update"):
            self.list_at[int(self.p.g("world_index"))] = int(self.p.g("puzzle_index"))
            self.p.press("x")
        assert self.p.on("worlds_update")
        self.screen = "menu"
        self.cur = None

    # -- rules
    # (rules are picked alike: puzzles are opened more often than endless, whose puzzles take
    # a while to make)
    @precondition(lambda self: self.screen == "menu")
    @rule(world=st.integers(0, 1), k=st.sampled_from([0, 1, 2, 3, 4, 6, 40]))
    def open_a_puzzle(self, world, k):
        self.open_puzzle(world, k)

    @precondition(lambda self: self.screen == "menu")
    @rule(world=st.integers(0, 1), k=st.sampled_from([0, 1, 2, 3, 4, 6, 40]))
    def open_puzzle(self, world, k):
        p = self.p
        while int(p.g("world_index")) != world + 1:
            p.press("right")
        p.press("o")
        first = int(p.g("worlds")[world + 1]["first"])
        count = int(p.g("worlds")[world + 1]["count"])
        # the list opens on the world's most recent board in progress, else where it was left
        # this session, else on its first, and from there on the first unsolved
        mine = [i for i in self.R if 0 < i - first <= count]
        want = mine[0] - 1 if mine else self.list_at.get(world + 1, first)
        if not mine:
            want = int(float(p.c.exec(f"local i={want} while best[i] do i+=1 end return i")))
        assert int(p.g("puzzle_index")) == want
        at = int(p.g("puzzle_index")) - first
        for _ in range(abs(k - at)):
            p.press("right" if k > at else "left")
        p.press("o")
        p.idle(1)
        assert p.on("play_update")
        self.cur = first + k + 1
        self._enter()

    @precondition(lambda self: self.screen == "menu")
    @rule()
    def open_endless(self):
        p = self.p
        while int(p.g("world_index")) != len(p.g("worlds")) + 1:
            p.press("right")
        p.press("o")
        while not p.on("play_update"):
            p.idle(1)
        self.cur = ENDLESS
        self._enter()

    def _enter(self):
        # opening asks nothing, and shows the board as left; a board in the save is now its most
        # recent
        assert not self.p.g("question"), "asked on opening a board"
        if self.cur in self.R[:self.nb]:
            self.R.remove(self.cur)
            self.R.insert(0, self.cur)
        want = self.cells.get(self.cur)
        live = self._live()
        assert (live == (want if want is not None else 0)).all()
        self.screen = "play"
        self.asked_this_visit, self.kept_this_visit, self.kept_over = 0, False, None

    @precondition(lambda self: self.screen == "play")
    @rule(i=st.integers(0, 14), j=st.integers(0, 14))
    def mark_again(self, i, j):
        # (a second rule for marks: play is mostly marking)
        self.mark(i, j)

    @precondition(lambda self: self.screen == "play")
    @rule(i=st.integers(0, 14), j=st.integers(0, 14))
    def mark(self, i, j):
        p, n = self.p, self.p.size()
        x, y = i % n, j % n
        p.move_to(x, y)
        # only right marks (fills on the picture, crosses off it): solving stays a matter of
        # filling the rest; pressing again clears
        p.press("o" if self._sol()[y, x] else "x")
        p.idle(1)
        r = self._changed()
        if r == "solved":
            self._solved()
        else:
            self._expect_question(r)
            self.asked_from_leave = False

    @precondition(lambda self: self.screen == "play")
    @rule(then_leave=st.booleans())
    def undo(self, then_leave):
        p = self.p
        before = self._live()
        p.c.choose_menuitem("undo")
        if then_leave:
            # chosen in the same pause: the board changed and leaving must not skip the question
            p.c.choose_menuitem("leave puzzle")
        p.idle(2)
        if (self._live() == before).all():
            if then_leave:
                assert not p.g("question")
                self._to_menu()
            else:
                assert "no undo" in p.recent_text(3)
            return
        r = self._changed()
        assert r != "solved"            # undo goes back to boards that were not solved
        self._expect_question(r)
        if r is not None:
            self.asked_from_leave = then_leave
        elif then_leave:
            self._to_menu()

    @precondition(lambda self: self.screen == "play")
    @rule()
    def leave(self):
        self.p.c.choose_menuitem("leave puzzle")
        self.p.idle(2)
        assert not self.p.g("question")
        self._to_menu()

    @precondition(lambda self: self.screen == "ask")
    @rule()
    def answer_keep(self):
        self.answer(True)

    @precondition(lambda self: self.screen == "ask")
    @rule()
    def answer_leave(self):
        self.answer(False)

    def answer(self, keep):
        p, x = self.p, self.cur
        p.press("o" if keep else "x")
        p.idle(1)
        event(f"answered {'keep' if keep else 'leave'}{' (from leave)' if self.asked_from_leave else ''}")
        if keep:
            # (the board named may go again this visit: after undo empties this one, a mark
            # brings it back without asking)
            self.kept_this_visit, self.kept_over = True, self.drops
            if x in self.R:
                self.R.remove(x)
            self.R.insert(0, x)
            self.cells[x] = self._live()
            self.lost_ok = self.drops
            if self.asked_from_leave:
                self._to_menu()
            else:
                assert p.on("play_update") and not p.g("question")
                self.screen = "play"
        else:
            # leaves without the change (to the list; from endless to the worlds): the board
            # stays as it was left before
            assert p.on("worlds_update" if x == ENDLESS else "puzzles_update")
            self._to_menu()

    # (the small boards only: a 15x15 takes long to fill; endless solved: test_cart_boards.py)
    @precondition(lambda self: self.screen == "play" and self.p.size() < 15)
    @rule()
    def solve_it(self):
        self.solve()

    @precondition(lambda self: self.screen == "play" and self.p.size() < 15)
    @rule()
    def solve(self):
        p, sol = self.p, self._sol()
        # one cell first: on a new board in a full save it asks, even on the way to solving
        y, x = map(int, np.argwhere(sol & (p.board() == 0))[0])
        p.move_to(x, y)
        p.press("o")
        p.idle(1)
        r = self._changed()
        if r == "solved":
            return self._solved()
        self._expect_question(r)
        if r is not None:
            self.asked_from_leave = False
            return
        p.enter(sol)
        assert not p.g("question") and self._changed() == "solved"
        self._solved()

    def _solved(self):
        p, x = self.p, self.cur
        event(f"solved {'endless' if x == ENDLESS else 'a puzzle'}")
        assert p.on("solved_update")
        if x in self.R:
            self.R.remove(x)
        self.cells.pop(x, None)
        p.idle(42)
        p.press("o")
        if x == ENDLESS:
            while not p.on("play_update"):
                p.idle(1)
            self._enter()
        else:
            self._to_menu()

    @precondition(lambda self: self.screen == "menu")
    @rule(fill=st.booleans())
    def draw_design(self, fill):
        """The create page's 5x5: draw the heart (fill) or clear the design, then leave."""
        p = self.p
        while not int(p.g("world_index")) > len(p.g("worlds")) + 1:
            p.press("right")
        for _ in range(3):
            p.press("up")
        p.press("o")
        assert p.on("play_update") and p.g("mode") == "edit" and p.size() == 5
        # the editor opens on the design as left (kept for the session, or from the save)
        assert (p.board()[:5, :5] == 1).tolist() == (self.design if self.design is not None
                                                      else np.zeros((5, 5), bool)).tolist()
        # (opening it saves it if it has a fill and there is room)
        self.ds = self.design is not None and (self.ds or len(self.R) < NB)
        if fill:
            p.enter(HEART)
        else:
            for y, x in np.argwhere(p.board()[:5, :5] == 1):
                p.move_to(int(x), int(y))
                p.press("o")
        p.idle(2)
        self.design = HEART if fill else None
        self.ds = fill and (self.ds or len(self.R) < NB)
        event(f"design {'saved' if self.ds else 'kept for the session' if fill else 'cleared'}")
        if fill:                          # (the note takes turns with the verdict's 2nd line)
            p.idle(360)
            assert ("not saved" in p.recent_text(360)) == (not self.ds)
        p.c.choose_menuitem("leave puzzle")
        p.idle(2)
        assert not p.g("question")
        self._to_menu()

    @precondition(lambda self: self.screen != "menu")
    @rule()
    def restart(self):
        event("restart")
        self.p.c.save_cartdata()
        self.store = {CARTDATA_ID: list(self.store.get(CARTDATA_ID, [0] * 64))}
        self.p = Player(self.path, self.store)
        self.list_at = {}                  # (a new session)
        saved = saved_boards(self.store)
        self.R = [i for i, _ in saved]
        self.cells = {i: c for i, c in saved}
        self.design = self.design if self.ds else None
        rb = self.p.g("recent_boards")
        assert [int(rb[k]) for k in range(1, len(rb) + 1)] == self.R
        self.p.idle(2)
        self.p.press("o")
        self.screen, self.cur = "menu", None

    # -- after every step
    @invariant()
    def the_save_is_the_model(self):
        if not hasattr(self, "p"):
            return
        saved = saved_boards(self.store)
        assert [i for i, _ in saved] == self.R[:self.nb]
        for i, c in saved:
            assert (c == self.cells[i]).all(), f"board {i} saved with other cells"
        # never lost silently: a saved board with marks leaves only when the player said so
        # (the question that named it) or once solved or cleared
        now, bd = {i for i, _ in saved}, self.p.g("board_cells")
        for i in set(self.last_saved) - now:
            marked = bd[i] is not None and any(int(bd[i][k]) for k in range(1, 46))
            assert i in (getattr(self, "lost_ok", None), getattr(self, "kept_over", None)) or \
                (i not in self.R and not marked), i
        self.last_saved, self.lost_ok = [i for i, _ in saved], None
        # the design is in the save as the model says, with its cells
        d = saved_design(self.store)
        assert (d is not None) == self.ds, (d, self.ds)
        if d is not None:
            assert (d == self.design).all()
        assert self.p.c.max_instructions <= self.p.c.budget


@pytest.mark.slow
def test_the_save_policy_over_random_play(cart):
    SavePolicy.path, SavePolicy.manifest = cart
    # 30 runs: a design is saved only when the save has room as it is drawn, and with 15 runs
    # the merged cart's sequences (shorter strokes, a solved board leaving the save at once)
    # never drew one there
    run_state_machine_as_test(SavePolicy, settings=settings(
        max_examples=30, stateful_step_count=30, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    # (derandomized: the same sequences every run, so this holds) the runs did it all
    print(dict(SEEN))
    assert {"asked", "answered keep", "answered leave", "restart", "solved a puzzle", "design saved",
            "design cleared"} <= set(SEEN), SEEN
