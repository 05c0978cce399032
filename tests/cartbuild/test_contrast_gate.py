"""Each world's colour roles held to its texts' contrast when the cart is built
(generator/cartbuild/contrast_gate.py), beside the measure on the screen (tests/cart/test_legibility.py)."""
import json

import pytest

from cartfixtures import CART
from generator import UserError
from generator.cartbuild.build import build
from generator.cartbuild.contrast_gate import (BAND, BANDS, CURSOR, CURSOR_OVER, DIM, MARK, MARKS, PAIRS,
                                              TEXT, check_world)
from generator.cartbuild.palette import PICO8
from generator.cartbuild.worlds import ROLES
from generator.colour.contrast import contrast

from test_worlds import edited


def refusal(tmp_path, role: str, on: str) -> str:
    """The build's message when the first world's `role` is given the slot of role `on`: one
    line naming the world."""
    def change(c):
        c["worlds"][0]["ui"][role] = c["worlds"][0]["ui"][on]
    d = edited(tmp_path, change)
    with pytest.raises(UserError) as e:
        build(d / "worlds.json", d / "main.lua")
    msg = str(e.value)
    assert "(spires)" in msg and "\n" not in msg, msg
    return msg


def test_the_pairs_name_real_roles_and_the_measures_rules():
    assert all(ink in ROLES and bg in ROLES for ink, bg, _ in PAIRS)
    assert {least for *_, least in PAIRS} == {TEXT, DIM} and (TEXT, DIM) == (4.5, 1.5)
    # every text role on both backgrounds texts are drawn on
    assert {(i, b) for i, b, _ in PAIRS} >= {(i, b) for i in ("text", "clue", "dim_clue")
                                               for b in ("backdrop", "clue_highlight")}


@pytest.mark.slow
def test_the_shipped_worlds_pass_with_the_figures_the_screen_shows(tmp_path):
    res = build(CART / "worlds.json", CART / "main.lua")
    for w in res.manifest["worlds"]:
        display = [PICO8[c] for c in w["pal"]]
        check_world(w["name"], display, w["ui"])
        ratios = {(i, b): contrast(display[w["ui"][ROLES.index(i)]], display[w["ui"][ROLES.index(b)]])
                  for i, b, _ in PAIRS}
        # the lowest text pair as test_legibility measures it on the displayed pixels
        assert min(r for (i, _), r in ratios.items() if i != "dim_clue") == pytest.approx(
            {"spires": 5.13, "lookout": 4.94}[w["name"]], abs=0.01)


@pytest.mark.parametrize("role,on,words", [  # role takes the slot of on
    ("text", "backdrop", "ui role 'text' on 'backdrop' is 1.00:1"),
    ("picture_half_lit", "backdrop", "ui role 'picture_half_lit' on 'backdrop' is 1.00:1"),
    ("clue_highlight", "text", "ui role 'text' on 'clue_highlight' is 1.00:1"),
    ("dim_clue", "backdrop", "ui role 'dim_clue' on 'backdrop' is 1.00:1, and the cart prints text so: it needs 1.5:1"),
])
def test_a_world_whose_text_would_not_read_is_refused_in_one_line(tmp_path, role, on, words):
    assert words in refusal(tmp_path, role, on)


@pytest.mark.slow
def test_text_on_the_lookouts_paper_is_refused_at_1_19():
    # the lookout's questions drawn as text (yellow) on paper (peach): 1.19:1
    lookout = json.loads((CART / "worlds.json").read_text())["worlds"][1]["ui"]
    ui = [lookout[r] for r in ROLES]
    res = build(CART / "worlds.json", CART / "main.lua")
    display = [PICO8[c] for c in res.manifest["worlds"][1]["pal"]]
    ui[ROLES.index("clue_highlight")] = ui[ROLES.index("paper")]
    with pytest.raises(UserError, match=r"'text' on 'clue_highlight' is 1\.19:1"):
        check_world("lookout", display, ui)


def test_the_marks_name_real_roles():
    assert MARK == 3.0
    assert all(ink in ROLES and bg in ROLES for ink, bg, _ in MARKS)
    assert all(r in ROLES for r in CURSOR + CURSOR_OVER)


@pytest.mark.parametrize("role,on,words", [  # role takes the slot of on
    ("fill", "paper", "ui role 'fill' on 'paper' is 1.00:1, and the cart draws difficulty pips"),
    ("grid", "fill", "ui role 'fill' on 'grid' is 1.00:1, and the cart draws a tile's fifth pip"),
    # the cursor's two colours the same dark one: 2.21:1 from the guide lines
    ("cursor", "text", "on 'guide' is 2.21:1, and the cart blinks the board's cursor"),
])
def test_a_world_whose_marks_would_not_stand_out_is_refused_in_one_line(tmp_path, role, on, words):
    msg = refusal(tmp_path, role, on)
    assert words in msg and "needs 3.0:1" in msg, msg


def test_the_bands_name_real_roles_apart_by_the_readers_rule():
    assert BAND == 18.0 and all(r in ROLES for r in BANDS) and len(set(BANDS)) == 3


@pytest.mark.parametrize("world,slot,words", [
    # pastel spires' lit line in white (slot 7) beside its peach backdrop, as readers miscounted it
    (0, 7, "(spires): ui roles 'backdrop' and 'clue_highlight' are 13.9 apart (CIEDE2000)"),
    # ember lookout's lit line in its darkest brown (slot 1) beside its plum backdrop
    (1, 1, "(lookout): ui roles 'backdrop' and 'clue_highlight' are 13.8 apart (CIEDE2000)"),
])
def test_a_lit_line_too_near_its_neighbours_is_refused_in_one_line(tmp_path, world, slot, words):
    def change(c):
        c["worlds"][world]["ui"]["clue_highlight"] = slot
    d = edited(tmp_path, change)
    with pytest.raises(UserError) as e:
        build(d / "worlds.json", d / "main.lua")
    msg = str(e.value)
    assert words in msg and "need 18" in msg and "\n" not in msg, msg
