"""The editor and the code screen of the cart as shipped (minified) played in fake-08 (the
handhelds' PICO-8) and in the console:
every frame's screen the same palette indices, the same save, no frame over the budget in
fake-08's own count. fake-08 has no clipboard (stat(4) is always ""; printh(s, "@clip") prints
s on stdout): there a code is typed on the on-screen keyboard, and a shared code shows on stdout.
Skips, saying why, unless FAKE08_RUNNER names a runner (`make compat` builds one)."""
from __future__ import annotations

import pytest

from cartfixtures import shipped_cart
from fake08 import compare, differing, needs_fake08, record
from generator.playtest.player import Player
from generator.pico8 import frame_budget
from editor_session import HEART, share_play_and_come_back, to_create
from sharecoderef import encode, grid_of, type_symbol

# each a whole session replayed in fake-08 and in the console, frame by frame (seconds each)
pytestmark = [needs_fake08, pytest.mark.slow]

def same(cart_path, rec, out):
    a, b = compare(shipped_cart(cart_path), rec, out)
    assert differing(a, b) == {}
    assert a.cartdata == b.cartdata
    assert b.max_instructions < frame_budget(30)
    return a, b


def test_the_editor_in_fake08(cart_path, tmp_path):
    p = Player(cart_path)
    rec = record(p)
    to_create(p, 0)                        # 5x5
    p.enter(grid_of(["#....", ".#...", ".....", ".....", "....."]))
    p.idle(10)                             # needs a guess: four cells dotted
    assert p.g("verdict_status") == "stalled"
    p.move_to(0, 0)
    p.press("o")                           # cleared again (1,1 is the heart's)
    p.enter(HEART)
    p.idle(10)
    assert p.g("verdict_status") == "solved"
    share_play_and_come_back(p)
    assert p.on("play_update") and p.g("mode") == "edit"
    _, b = same(cart_path, rec, tmp_path)
    assert b.stdout.count(encode(HEART)) == 2     # fake-08's printh ignores "@clip"


def test_the_code_screen_in_fake08(cart_path, tmp_path):
    p = Player(cart_path)
    rec = record(p)
    to_create(p, 3)                        # enter a code
    assert p.on("code_update")
    typed = "5azze4wn"                     # damaged, then mended
    for ch in typed + "\bm":
        if ch == "\b":
            p.press("x")
            continue
        type_symbol(p, ch)
        if len(p.g("typed")) == len(typed) and ch == "n":
            p.idle(2)
            assert "damaged" in p.recent_text(1)
    p.idle(10)
    assert p.on("play_update")
    same(cart_path, rec, tmp_path)
