"""The shipped cart (minified by shrinko8: generator/cartbuild/minify.py) plays exactly as the
source's: one scripted session over every screen (title, worlds, list, a puzzle painted and
solved, the solved screen, the editor, a share code, the code screen) recorded once, then
replayed in a fresh console on the unminified cart and on the minified one: every frame the
same pixels, the same save at the end. Tests read the cart by the source's names
(BuiltCart.path); this is what lets them stand for the cart that players get."""
from __future__ import annotations

import pytest

from fake08 import differing, record, replay_console
from generator.cartbuild.tokens import count_file
from generator.playtest.player import Player, solution
from editor_session import HEART, share_play_and_come_back, to_create
from sharecoderef import grid_of, type_symbol

pytestmark = pytest.mark.slow     # two whole sessions replayed twice (seconds each)

def assert_same_play(built_cart, rec, saves=True):
    frames = range(1, len(rec.masks) + 1)
    source = replay_console(built_cart.path, rec, frames)
    shipped = replay_console(built_cart.shipped, rec, frames)
    assert len(source.screens) == len(rec.masks) > 100
    assert differing(source, shipped) == {}
    assert source.cartdata == shipped.cartdata
    assert any(source.cartdata) or not saves, "the session saved something"


def test_a_puzzle_painted_and_solved_plays_the_same_minified(built_cart):
    manifest = built_cart.manifest
    p = Player(built_cart.path)
    rec = record(p)
    p.idle(70)                       # the title's logo draws itself in
    p.press("o")                     # the worlds
    p.press("right")
    p.idle(10)
    p.press("left")
    p.press("o")                     # the list
    p.press("right")
    p.press("down")
    p.press("up")
    p.press("left")
    p.press("o")                     # puzzle no. 1
    p.idle(5)
    assert p.on("play_update")
    n = p.size()
    p.move_to(n - 1, 0, paint="x")   # a crossing stroke, then undone
    p.c.choose_menuitem("undo")
    p.idle(3)
    p.enter(solution(manifest, int(p.g("puzzle"))))
    assert p.on("solved_update")
    p.idle(60)                       # the reveal, the time, the best
    p.press("o")
    p.idle(10)
    assert_same_play(built_cart, rec)


def test_the_editor_and_a_share_code_play_the_same_minified(built_cart):
    p = Player(built_cart.path)
    rec = record(p)
    to_create(p, 0)                  # a 5x5 board in the editor
    p.enter(grid_of(["#....", ".#...", ".....", ".....", "....."]))
    p.idle(10)                       # needs a guess: cells dotted
    p.move_to(0, 0)
    p.press("o")
    p.enter(HEART)
    p.idle(10)
    share_play_and_come_back(p)
    assert p.on("play_update") and p.g("mode") == "edit"
    assert_same_play(built_cart, rec)


def test_the_code_screen_plays_the_same_minified(built_cart):
    p = Player(built_cart.path)
    rec = record(p)
    to_create(p, 3)                  # enter a code
    assert p.on("code_update")
    for ch in "5azze4wn\bm":         # damaged, then mended
        if ch == "\b":
            p.press("x")
        else:
            type_symbol(p, ch)
    p.idle(10)
    assert p.on("play_update")
    assert_same_play(built_cart, rec, saves=False)


def test_the_shipped_cart_counts_the_sources_tokens(built_cart):
    source = count_file(built_cart.path)
    shipped = count_file(built_cart.shipped)
    assert shipped.tokens == source.tokens == built_cart.manifest["counts"]["tokens"]["total"]
    assert shipped.compressed < source.compressed * 0.95
    assert built_cart.manifest["counts"]["compressed"]["total"] == shipped.compressed
