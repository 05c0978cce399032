"""The page against the headless console: the same scripted sessions, the same display colours
on every frame, and the canvas showing those colours' RGB."""
from __future__ import annotations

import numpy as np
import pytest

from generator.playtest.player import Player, solution
from generator.pico8 import COLOURS
from generator.web.sessions import Recorder, replay


def check(page, rec: Recorder, c) -> None:
    got = replay(page, rec)
    assert got.get("error") is None, got["error"]
    if got["display"] is not None:
        k = got["frame"]
        page_d = np.array(got["display"]).reshape(128, 128)
        # the console's display at frame k is not kept: say where the frames first differ
        pytest.fail(f"frame {k + 1} of {len(rec.hashes)} differs from the console's "
                    f"({np.count_nonzero(page_d >= 0)} pixels compared)")
    assert got["frame"] == len(rec.hashes)
    # the last frame whole, and the canvas's pixels are its colours' RGB
    d = np.array(page.evaluate("pico8.display()")).reshape(128, 128)
    assert (d == c.display()).all()
    rgba = np.array(page.evaluate("""() => Array.from(document.getElementById('screen')
        .getContext('2d').getImageData(0, 0, 128, 128).data)""")).reshape(128, 128, 4)
    lut = np.zeros((256, 3), dtype=int)
    for colour, rgb in COLOURS.items():
        lut[colour] = rgb
    assert (rgba[:, :, :3] == lut[d]).all() and (rgba[:, :, 3] == 255).all()


def test_title_and_both_worlds(page, built_cart):
    p = Player(built_cart.path)
    rec = Recorder(p.c)
    p.idle(40)
    p.press("o")                      # title -> worlds
    p.idle(10)
    p.press("right")
    p.idle(10)
    p.press("o")                      # the second world's puzzle list
    p.idle(10)
    p.press("x")
    p.idle(5)
    p.press("left")
    p.idle(10)
    check(page, rec, p.c)


def test_a_puzzle_solved_with_a_hint_and_undo(page, built_cart):
    p = Player(built_cart.path)
    rec = Recorder(p.c)
    p.open_puzzle(0, 0)
    sol = solution(built_cart.manifest, int(p.g("puzzle")))
    p.move_to(0, 0)
    p.press("x")
    p.c.choose_menuitem("undo")
    p.idle(2)
    p.hint()
    p.idle(5)
    p.enter(sol)
    p.idle(45)
    check(page, rec, p.c)


def test_endless_with_a_hint_and_the_mouse(page, built_cart):
    p = Player(built_cart.path)
    rec = Recorder(p.c)
    p.idle(2)
    p.press("o")
    for _ in range(len(built_cart.manifest["worlds"])):
        p.press("right")
    p.press("o")
    p.until(lambda: p.on("play_update"), frames=3000)
    p.idle(3)
    sol = p.sol()
    p.enter(sol, rows=range(2))
    p.hint()
    corner, cz = (int(p.g(k)) for k in ("board_corner", "cell_px"))
    for x, y, b in ((corner + cz * 3, corner + cz * 4, 0), (corner + cz * 3, corner + cz * 4, 1),
                    (corner + cz * 3, corner + cz * 4, 0), (corner + cz * 5, corner + cz * 4, 2),
                    (corner + cz * 5, corner + cz * 4, 0), (3, 3, 0)):
        p.c.step([], mouse=(x + 1, y + 1, b))
        p.idle(2)
    p.idle(3)
    check(page, rec, p.c)


def test_the_editor_a_share_code_and_a_pasted_code(page, built_cart):
    p = Player(built_cart.path)
    rec = Recorder(p.c)
    p.idle(2)
    p.press("o")
    for _ in range(len(built_cart.manifest["worlds"]) + 1):   # past the worlds and endless
        p.press("right")
    p.idle(3)
    p.press("o")                                # the editor, 10x10
    p.until(lambda: p.on("play_update") and p.g("mode") == "edit")
    p.idle(3)
    for x, y in ((2, 2), (3, 3)):
        p.move_to(x, y)
        p.press("o")
    p.until(lambda: p.g("verdict_text") == "needs guess", frames=120)
    p.move_to(3, 3)
    p.press("o")
    p.until(lambda: p.g("verdict_text") == "solvable", frames=120)
    p.idle(2)
    p.c.choose_menuitem("share code")
    p.until(lambda: p.g("question"), frames=30)
    p.idle(2)
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.until(lambda: p.on("worlds_update"))
    p.idle(2)
    for _ in range(2):
        p.press("down")
    p.press("o")                                # enter a code
    p.until(lambda: p.on("code_update"))
    for b in ("right",) * 5 + ("o",):
        p.press(b)
    p.idle(2)
    p.c.paste("5azze4wn")                       # damaged
    p.idle(3)
    p.c.paste("5azze4wm")                       # the heart
    p.until(lambda: p.on("play_update"), frames=300)
    p.idle(3)
    check(page, rec, p.c)
