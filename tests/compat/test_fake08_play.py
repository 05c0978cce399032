"""The built cart as shipped (minified) played in fake-08 (the handhelds' PICO-8) and in the
console, as a player would: every frame's screen the same palette indices, 0 pixels apart, and
the same save (the sessions are played by the source-named cart, whose globals Player reads).
Skips, saying why, unless FAKE08_RUNNER names a runner (`make compat` builds one)."""
from __future__ import annotations

import numpy as np
import pytest

from cartfixtures import shipped_cart
from fake08 import compare, differing, needs_fake08, record
from generator.playtest.player import Player, saved_progress, solution
from generator.pico8 import frame_budget

# each a whole session replayed in fake-08 and in the console, frame by frame (seconds each)
pytestmark = [needs_fake08, pytest.mark.slow]


def same(cart_path, rec, out, cartdata=None, frames=None):
    a, b = compare(shipped_cart(cart_path), rec, out, frames=frames, cartdata=cartdata)
    assert differing(a, b) == {}
    assert a.cartdata == b.cartdata
    assert b.max_instructions < frame_budget(30)    # counted by fake-08's Lua too
    return a, b


def test_boot_title_and_worlds(cart, tmp_path):
    p = Player(cart[0])
    rec = record(p)
    p.idle(70)                       # the title's logo draws itself in
    p.press("o")                     # the worlds
    p.press("right")
    p.idle(20)
    p.press("left")
    p.idle(10)
    a, _ = same(cart[0], rec, tmp_path)
    assert len(a.screens) > 100


def test_a_whole_puzzle_solved_in_each_world(cart, tmp_path):
    path, manifest = cart
    for w in range(2):
        p = Player(path)
        rec = record(p)
        p.open_puzzle(w, 3)          # a 10x10 start picture
        first = manifest["puzzles"].index(next(q for q in manifest["puzzles"]
                                               if q["world_index"] == 3 and q["world"] == manifest["worlds"][w]["name"]))
        p.enter(solution(manifest, first))
        assert p.on("solved_update")
        p.idle(60)                   # the reveal, the time, the best
        same(path, rec, tmp_path / f"w{w}")


def test_held_dpad_painting_and_double_tap_on_15x15(cart, tmp_path):
    path, manifest = cart
    p = Player(path)
    rec = record(p)
    first = next(q["world_index"] for q in manifest["puzzles"]
                 if q["world"] == manifest["worlds"][0]["name"] and q["size"] == 15)
    p.open_puzzle(0, first)          # the first 15x15
    assert p.size() == 15
    p.move_to(14, 0)                 # held right: the cart's own repeat
    p.move_to(0, 0, paint="x")       # a crossing stroke back
    p.move_to(0, 14, paint="o")      # a filling stroke down
    p.double_tap("right")            # on past the guide line
    p.double_tap("right")
    p.press("o")
    p.idle(5)
    same(path, rec, tmp_path)


def test_hint_undo_redo_from_fake08s_menu(cart, tmp_path):
    path, _ = cart
    p = Player(path)
    rec = record(p)
    p.open_puzzle(0, 1)
    p.press("o")                     # a mark, right or wrong
    p.press("right")
    p.press("x")
    p.hint()
    p.idle(10)
    p.c.choose_menuitem("undo")      # the menu stays open for more: closed with pause
    p.idle(5)
    p.c.choose_menuitem("redo")
    p.idle(5)
    p.c.choose_menuitem("clear board")
    p.idle(5)
    p.press("x")                     # keep it
    p.idle(5)
    a, b = same(path, rec, tmp_path)
    assert len(rec.picks) == 4


def test_leave_and_resume_in_a_session_and_from_the_save(cart, tmp_path):
    path, _ = cart
    store = {}
    p = Player(path, store)
    rec = record(p)
    p.open_puzzle(1, 0)
    p.press("o")
    p.press("down")
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(10)                       # the list, with the board in progress
    p.press("o")                     # the same puzzle again
    p.idle(10)
    p.press("x")
    p.c.choose_menuitem("leave puzzle")
    p.idle(10)
    same(path, rec, tmp_path / "session")

    # the console's save, loaded by fake-08: the title, then the world with its board in progress
    again = Player(path, dict(store))
    rec2 = record(again)
    again.idle(3)
    again.press("o")
    again.press("right")
    again.press("o")
    again.idle(10)
    again.press("o")
    again.idle(10)
    same(path, rec2, tmp_path / "resumed", cartdata=store)


def test_the_list_with_solved_thumbnails(cart, tmp_path):
    path, _ = cart
    store = saved_progress(path, {p: 60 + p for p in range(0, 14)} | {127 + p: 90 for p in range(0, 9)})
    for w in range(2):
        p = Player(path, dict(store))
        rec = record(p)
        p.idle(2)
        p.press("o")
        for _ in range(w):
            p.press("right")
        p.press("o")                 # the list: thumbnails drawn seven a frame
        p.idle(12)
        for _ in range(8):
            p.press("right")         # along the page and onto the next
        p.press("down")
        p.idle(12)
        same(path, rec, tmp_path / f"w{w}", cartdata=store)


def test_endless_with_the_same_random_numbers(cart, tmp_path):
    path, _ = cart
    p = Player(path)
    rec = record(p, srand=2026)
    p.open_endless()                       # the cart makes and checks a sprite with its own solver
    p.move_to(3, 4)
    p.press("o")
    p.hint()
    p.idle(10)
    same(path, rec, tmp_path)


def test_options_from_fake08s_menu_a_full_save_and_the_answers(cart, tmp_path):
    """The options toggled from fake-08's own pause menu on the worlds screen; a fifth board in a
    save of four: opening it asks nothing, its first mark (a wrong fill, crossed by auto-check)
    asks, 🅾️ keeps it; auto-cross on a finished row; undo and redo down to "no redo"."""
    path, manifest = cart
    store = {}
    p = Player(path, store)
    p.idle(2)
    p.press("o")
    p.press("o")
    for k in range(4):                  # spires no. 1-4 left with a mark each
        if k:
            p.press("right")
        p.press("o")
        p.press("o")
        p.c.choose_menuitem("leave puzzle")
        p.idle(2)
    p.c.save_cartdata()

    q = Player(path, dict(store))
    rec = record(q)
    q.idle(3)
    q.press("o")                        # the worlds
    q.c.choose_menuitem("auto-check: off")
    q.idle(2)
    q.c.choose_menuitem("auto-cross: off")
    q.idle(3)
    q.press("o")                        # the list, on no. 4 (in progress)
    q.press("right")
    q.press("o")                        # no. 5, a 10x10: no question on opening
    q.idle(5)
    assert q.on("play_update") and not q.g("question")
    sol = solution(manifest, 4)
    wy, wx = map(int, np.argwhere(~sol)[0])
    q.move_to(wx, wy)
    q.press("o")                        # a wrong fill: crossed, and the save asks
    q.idle(5)
    assert q.board()[wy, wx] == 2 and "the marks on spires no. 1\n" in q.g("question")
    q.press("o")                        # keep
    y = next(y for y in range(10) if 0 < sol[y].sum() < 10 and y != wy)
    q.enter(sol, rows=[y])              # the row matches: its blanks crossed
    q.idle(5)
    assert list(q.board()[y]) == [1 if v else 2 for v in sol[y]]
    q.c.choose_menuitem("undo")
    q.idle(3)
    q.c.choose_menuitem("redo")
    q.idle(3)
    q.c.choose_menuitem("redo")         # nothing to redo: a word and a sound
    q.idle(5)
    assert "no redo" in q.recent_text(3)
    q.c.choose_menuitem("leave puzzle")
    q.idle(5)
    a, b = same(path, rec, tmp_path, cartdata=store)
    assert len(rec.picks) == 6
    assert a.cartdata[63] >> 24 == 6    # the options byte (0x5eff): auto-check and auto-cross


def test_chords_a_stroke_count_and_the_cursor_kept(cart, tmp_path):
    """Left and right together (the stroke undone), up and down together (the clear question,
    kept), a stroke's length while painting, and the cursor back where it was left: the same
    frames and save in fake-08."""
    path, _ = cart
    p = Player(path, {})
    rec = record(p)
    p.open_puzzle(0, 0)
    p.move_to(1, 1)
    p.c.step(["o"])
    p.move_to(3, 1, paint="o")
    p.c.step(["left"])
    p.c.step(["left", "right"])
    p.idle(5)
    assert not p.board()[1, 1:4].any()
    p.move_to(2, 2)
    p.press("o")                      # (a mark for the clear question to keep)
    p.c.step(["up"])
    p.c.step(["up", "down"])
    p.idle(3)
    assert p.g("question")
    p.press("x")
    p.c.choose_menuitem("leave puzzle")
    p.idle(5)
    p.press("o")
    p.idle(5)
    assert p.cursor() == (2, 2)
    same(path, rec, tmp_path / "chords")
