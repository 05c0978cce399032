"""Every text legible and every clue number apart, measured on the displayed pixels.

A player's tour (generator/playtest/tour.py) plays the built cart through every screen (the editor,
the create page and the code screen too) and every question in every world and in endless in each world's palette, and notes each text and clue
number the cart drew, measured after both palettes (generator/playtest/legibility.py):

- every text and live or lit clue number: WCAG 2 contrast at least 4.5:1 against the background
  under it (the 4.5:1 of WCAG's AA for body text: PICO-8's 3x5 font is as small as text gets);
- a dimmed clue number (a run the player has placed): at least 1.5:1, so that it can still be
  read when checking, and at most half the live number's contrast on the same background, so
  that what is left to do stands out (WCAG's 3:1 for inactive parts does not apply: dimmed
  numbers are meant to recede);
- neighbouring clue numbers of every packed puzzle and 1,000 endless puzzles as the blank play
  screen shows them: side by side on one line at least 2 background pixels apart, and at least
  4 (3 more than the 1 px inside it) beside a two-digit number; on lines one above the other at
  least 1 pixel (PICO-8's own line spacing), see legibility.apart;
- nothing but one plain colour (the backdrop or a highlight) in a clue number's surround: no
  backdrop art beside a row's numbers or behind a column's;
- a 0 (an empty line) is never dimmed: it is drawn as the live numbers are.

The last tests show the checks catch what fresh readers misread or were unsure of on earlier
carts: the cart's own source with the old drawing put back fails them.
"""
from __future__ import annotations

import collections

import numpy as np
import pytest

from generator.cartbuild.palette import contrast
from generator.playtest import legibility, tour

TEXT_MIN = 4.5
DIM_MIN = 1.5
DIM_SHARE = 0.5
ENDLESS = 1000


@pytest.fixture(scope="module")
def seen(cart):
    return [s for s in tour.tour(*cart) if s.item.visible]


def _describe(s) -> str:
    it = s.item
    return f"{s.screen} {s.world} {it.where()} {it.ink_rgb} on {it.bg_rgb}: {it.ratio:.2f}"


@pytest.mark.slow
def test_the_tour_sees_every_screen_in_every_palette(seen, cart):
    worlds = {w["name"] for w in cart[1]["worlds"]}
    got = collections.defaultdict(set)
    for s in seen:
        got[s.world].add(s.screen)
    assert set(got) == worlds
    assert {"title", "endless", "create", "code"} <= set().union(*got.values())
    for w in worlds:
        assert {"worlds", "list", "play", "editor", "dialog", "solved"} <= got[w], (w, got[w])
    texts = {s.item.text for s in seen}
    assert any(t.startswith("clear the whole board") for t in texts)
    assert any(t.startswith("the save keeps") for t in texts)
    assert any(t.endswith(" cells") for t in texts)      # the stroke counter, while painting
    assert any(t.startswith("share code") for t in texts)
    assert {"needs guess", "see dots", "solvable", "pause menu:", "damaged", "1/8"} <= texts
    roles = {(s.world, s.item.role) for s in seen if s.item.kind == "clue"}
    assert {(w, r) for w in worlds for r in (6, 7, 10)} <= roles


@pytest.mark.slow
def test_every_text_and_live_clue_is_readable(seen):
    bad = [s for s in seen if s.item.role != 7 and s.item.ratio < TEXT_MIN]
    assert not bad, f"{len(bad)} below {TEXT_MIN}:1, e.g.\n" + "\n".join(map(_describe, bad[:12]))


@pytest.mark.slow
def test_dimmed_clues_recede_yet_can_be_read(seen):
    live = {(s.world, s.item.bg_rgb): s.item.ink_rgb for s in seen
            if s.item.kind == "clue" and s.item.role == 6}
    ink = {s.world: s.item.ink_rgb for s in seen if s.item.kind == "clue" and s.item.role == 6}
    dim = [s for s in seen if s.item.kind == "clue" and s.item.role == 7]
    assert dim
    for s in dim:
        it = s.item
        assert it.ratio >= DIM_MIN, _describe(s)
        full = contrast(live.get((s.world, it.bg_rgb), ink[s.world]), it.bg_rgb)
        assert it.ratio <= DIM_SHARE * full, (_describe(s), full)


def _not_apart(layouts) -> list:
    return [(a.where(), b.where(), g) for items in layouts for a, b, g in legibility.neighbours(items)]


def _not_plain(layouts) -> list:
    return [it.where() for items in layouts for it in items if it.behind != 1]


def _dim_zeros(layouts) -> list:
    return [it.where() for items in layouts for it in items if it.text == "0" and it.role == 7]


@pytest.fixture(scope="module")
def packed(cart):
    return tour.layouts(cart[0], range(len(cart[1]["puzzles"])))


def test_packed_clue_numbers_are_apart(packed):
    assert sum(len(x) for x in packed) > 10 * len(packed)
    bad = _not_apart(packed)
    assert not bad, f"{len(bad)} pairs, e.g. {bad[:6]}"


def test_packed_clue_numbers_stand_on_plain_colour(packed):
    assert not _not_plain(packed), _not_plain(packed)[:6]


def test_zero_clues_are_never_dimmed(packed):
    zeros = [it for items in packed for it in items if it.text == "0"]
    assert len(zeros) > 20
    assert not _dim_zeros(packed), _dim_zeros(packed)[:6]


@pytest.mark.slow
def test_endless_clue_numbers_are_apart(cart):
    layouts = tour.endless_layouts(cart[0], range(ENDLESS))
    assert len({tuple((it.text, it.x, it.y) for it in x) for x in layouts}) > ENDLESS * 0.95
    assert sum(1 for x in layouts for it in x if int(it.text) > 9) > ENDLESS
    bad = _not_apart(layouts)
    assert not bad, f"{len(bad)} pairs, e.g. {bad[:6]}"
    assert not _not_plain(layouts), _not_plain(layouts)[:6]


# ---- the checks catch what readers got wrong ----------------------------------------------------

def _item(text: str, x: int, y: int, screen: np.ndarray, colour: int) -> legibility.Item:
    m = legibility._measure("clue", text, x, y, colour, screen)
    return legibility.Item("clue", text, x, y, 6, *m)


def _draw(screen, value, x, y, c):
    """A clue number as cart/draw.lua's num draws it: 3x4 digits, 10-15 as a bar, a gap and a
    digit (these are an earlier cart's digits: only their place matters here)."""
    glyphs = [3951, 3731, 3747, 3895, 2541, 1823, 3961, 1191, 3967, 2543]
    if value > 9:
        screen[y:y + 4, x] = c
        x, value = x + 2, value - 10
    for b in range(12):
        if glyphs[value] >> b & 1:
            screen[y + b // 3, x + b % 3] = c


# (values and their x on one line, pairs not apart): "15" 1 px from a "1" (column clues), "1 11 1"
# 3 px apart (an earlier row), 4 px apart (now), single digits 2 px apart (neighbouring columns)
@pytest.mark.parametrize("line, expect", [
    (((15, 51), (1, 57)), 1),
    (((1, 30), (11, 36), (1, 44)), 2),
    (((1, 29), (11, 36), (1, 45)), 0),
    (((8, 52), (3, 57), (1, 62)), 0),
])
def test_numbers_beside_a_two_digit_one_need_more_than_its_own_gap(line, expect):
    screen = np.full((128, 128), 15, dtype=np.int16)
    for v, x in line:
        _draw(screen, v, x, 46, 1)
    items = [_item(str(v), x, 46, screen, 1) for v, x in line]
    assert len(legibility.neighbours(items)) == expect


def test_one_px_between_lines_passes():
    screen = np.full((128, 128), 9, dtype=np.int16)
    _draw(screen, 8, 52, 46, 1)
    _draw(screen, 4, 52, 41, 1)                   # stacked over the 8: 1 px between lines
    items = [_item("8", 52, 46, screen, 1), _item("4", 52, 41, screen, 1)]
    assert legibility.neighbours(items) == []


def test_art_beside_a_row_clue_is_caught():
    screen = np.full((128, 128), 9, dtype=np.int16)
    _draw(screen, 1, 40, 110, 1)
    assert _item("1", 40, 110, screen, 1).behind == 1
    screen[108:116, 36] = 4                       # a fence post 3 px left of the number
    assert _item("1", 40, 110, screen, 1).behind == 2


def test_the_lookout_dialog_of_main_would_fail(cart, tmp_path):
    """Main's cart drew the questions on the paper role (1): in the lookout, yellow on peach."""
    src = cart[0].read_text()
    box = "rectfill(2,54,125,90,15)"
    assert src.count(box) == 1
    old = tmp_path / "main-dialog.p8"
    old.write_text(src.replace(box, "rectfill(2,54,125,90,1)"))
    t = tour.Tourist(old)
    t.open_puzzle(1, 0)
    t.c.choose_menuitem("clear board")
    t.idle(2)
    ratios = [s.item.ratio for s in t.seen.values()
              if s.screen == "dialog" and s.item.text.startswith("clear the whole")]
    assert ratios and max(ratios) < 1.5


# (what an earlier cart drew, as a change to the built source; the check that catches it)
EARLIER = {
    "row numbers 3 px apart": ("x-=#t>7 and 2 or 3", "x-=2", _not_apart),
    "two-digit column numbers not lifted": ("while s+q>=ls and s+q<ls+ln or s+q<n or lw and lw>=s and lw<s+k do s+=1 end", "",
                                            _not_apart),
    "the backdrop behind the row clues": ("  clues()\n  preview()", "  backdrop(wo,104,1)\n  clues()\n  preview()",
                                          _not_plain),
    "zeros dimmed": ("num(v,x,y,d[j] and 7", "num(v,x,y,(rok[i+1] or d[j]) and 7", _dim_zeros),
}


@pytest.mark.parametrize("what", list(EARLIER))
def test_what_readers_misread_is_caught(cart, tmp_path, what):
    new, old, check = EARLIER[what]
    src = cart[0].read_text()
    assert src.count(new) == 1, what
    path = tmp_path / "earlier.p8"
    path.write_text(src.replace(new, old))
    sizes = [q["size"] for q in cart[1]["puzzles"]]
    some = [p for p in range(len(sizes)) if sizes[p] == 15][::6]
    assert check(tour.layouts(cart[0], some)) == []
    assert len(check(tour.layouts(path, some))) > 0, what
