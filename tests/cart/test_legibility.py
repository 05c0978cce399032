"""Every text legible and every clue number apart, measured on the displayed pixels.

A player's tour (generator/console/tour.py) plays the built cart through every screen (the editor,
the create page and the code screen too) and every question in every world and in endless in each world's palette, and notes each text and clue
number the cart drew, measured after both palettes (generator/console/legibility.py):

- every text and live or lit clue number: WCAG 2 contrast at least 4.5:1 against the background
  under it (the 4.5:1 of WCAG's AA for body text: PICO-8's 3x5 font is as small as text gets);
- a dimmed clue number (a run the player has placed): at least 1.5:1, so that it can still be
  read when checking, and at most half the live number's contrast on the same background, so
  that what is left to do stands out (WCAG's 3:1 for inactive parts does not apply: dimmed
  numbers are meant to recede);
- neighbouring clue numbers of every packed puzzle and 1,000 endless puzzles as the blank play
  screen shows them: side by side on one line at least 2 background pixels apart, or 1 pixel on
  different backgrounds (the bands under every other column of a 15x15 board); on lines one
  above the other at least 1 pixel (PICO-8's own line spacing), see legibility.apart.

The last tests show the checks catch two faults an earlier cart had: the lookout's dialog
yellow on peach, and "15" beside "1" one pixel apart on one background.
"""
from __future__ import annotations

import collections

import numpy as np
import pytest

from generator.cartbuild.palette import contrast
from generator.console import legibility, tour

TEXT_MIN = 4.5
DIM_MIN = 1.5
DIM_SHARE = 0.5
ENDLESS = 1000


@pytest.fixture(scope="module")
def cart(built_cart):
    return built_cart.path, built_cart.manifest


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
    assert any(t.startswith("the save holds") for t in texts)
    assert any(t.startswith("share code") for t in texts)
    assert {"needs a guess", "see the dots", "line-solvable", "damaged", "wrong length"} <= texts
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


def test_packed_clue_numbers_are_apart(cart):
    layouts = tour.layouts(cart[0], range(len(cart[1]["puzzles"])))
    assert sum(len(x) for x in layouts) > 10 * len(layouts)
    bad = _not_apart(layouts)
    assert not bad, f"{len(bad)} pairs, e.g. {bad[:6]}"


@pytest.mark.slow
def test_endless_clue_numbers_are_apart(cart):
    layouts = tour.endless_layouts(cart[0], range(ENDLESS))
    assert len({tuple((it.text, it.x, it.y) for it in x) for x in layouts}) > ENDLESS * 0.95
    assert sum(1 for x in layouts for it in x if int(it.text) > 9) > ENDLESS
    bad = _not_apart(layouts)
    assert not bad, f"{len(bad)} pairs, e.g. {bad[:6]}"


# ---- the checks would have caught an earlier cart's faults ---------------------------------------

def _item(text: str, x: int, y: int, screen: np.ndarray, colour: int) -> legibility.Item:
    m = legibility._measure("clue", text, x, y, colour, screen)
    return legibility.Item("clue", text, x, y, 6, *m)


def _draw(screen, value, x, y, c):
    """A clue number as main's cart drew it: 3x4 digits, 10-15 as a bar, a gap and a digit."""
    glyphs = [3951, 3731, 3747, 3895, 2541, 1823, 3961, 1191, 3967, 2543]
    if value > 9:
        screen[y:y + 4, x] = c
        x, value = x + 2, value - 10
    for b in range(12):
        if glyphs[value] >> b & 1:
            screen[y + b // 3, x + b % 3] = c


# a band in paper white (7) under the "1" tells it apart on peach (15); a band in the darker blue
# (129) on dark blue (1) is too like it (CIEDE2000 6.7)
@pytest.mark.parametrize("base, band, ink, expect", [(15, None, 1, 1), (15, 7, 1, 0), (1, 129, 7, 1)])
def test_fifteen_beside_one_is_caught_unless_on_a_band(base, band, ink, expect):
    screen = np.full((128, 128), base, dtype=np.int16)
    if band is not None:
        screen[:51, 56:61] = band                 # the second column's band
    _draw(screen, 15, 51, 46, ink)                # "15" at x 51-55, "1" at 57-59: 1 px apart
    _draw(screen, 1, 57, 46, ink)
    a, b = _item("15", 51, 46, screen, ink), _item("1", 57, 46, screen, ink)
    assert legibility.gap(a, b) == 1
    assert len(legibility.neighbours([a, b])) == expect


def test_two_px_apart_side_by_side_and_one_px_between_lines_pass():
    screen = np.full((128, 128), 9, dtype=np.int16)
    _draw(screen, 8, 52, 46, 1)
    _draw(screen, 3, 57, 46, 1)                   # single digits in 5 px columns: 2 px apart
    _draw(screen, 4, 52, 41, 1)                   # stacked over the 8: 1 px between lines
    items = [_item("8", 52, 46, screen, 1), _item("3", 57, 46, screen, 1), _item("4", 52, 41, screen, 1)]
    assert legibility.neighbours(items) == []


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


def test_the_15x15_clues_of_main_would_fail(cart, tmp_path):
    """Without the bands (drawn in the backdrop's colour, as if absent), the packed 15x15 boards
    show numbers side by side 1 px apart on one background: "15" beside "1" reads "151"."""
    src = cart[0].read_text()
    band = "rectfill(x-1,0,x+3,by-2,15)"
    assert src.count(band) == 1
    old = tmp_path / "main-clues.p8"
    old.write_text(src.replace(band, "rectfill(x-1,0,x+3,by-2,0)"))
    bad = _not_apart(tour.layouts(old, range(len(cart[1]["puzzles"]))))
    assert len(bad) > 100
    assert any({a.split("'")[1], b.split("'")[1]} == {"15", "1"} and g == 1 for a, b, g in bad)
