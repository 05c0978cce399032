"""Each world's colour roles held to its texts' contrast when the cart is built
(generator/cartbuild/contrast_gate.py), beside the measure on the screen (tests/cart/test_legibility.py)."""
import json

import pytest

from cartfixtures import CART
from generator import UserError
from generator.cartbuild.build import build
from generator.cartbuild.contrast_gate import (BAND, BANDS, CURSOR_FRAME_OVER, CURSOR_RING_OVER, DIM,
                                              FILL_APART, MARK, MARKS, PAIRS, TEXT, check_world,
                                              cursor_frame)
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


def lookout_fill_refusal(tmp_path, slot: int) -> str:
    """The build's message when ember lookout's fill takes `slot`: one line."""
    def change(c):
        c["worlds"][1]["ui"]["fill"] = slot
    d = edited(tmp_path, change)
    with pytest.raises(UserError) as e:
        build(d / "worlds.json", d / "main.lua")
    msg = str(e.value)
    assert "\n" not in msg, msg
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


@pytest.mark.parametrize("slot,words", [
    # ember lookout's crimson (slot 12): the list's tile numbers at 4.27:1 on paper, which the
    # build let through while its screen measure refused them
    (12, "(lookout): ui role 'fill' on 'paper' is 4.27:1, and the cart prints text so"),
])
def test_a_fill_too_faint_for_the_tiles_text_is_refused_in_one_line(tmp_path, slot, words):
    msg = lookout_fill_refusal(tmp_path, slot)
    assert words in msg and "needs 4.5:1" in msg, msg


def test_the_marks_name_real_roles():
    assert MARK == 3.0
    assert all(ink in ROLES and bg in ROLES for ink, bg, _ in MARKS)
    assert all(r in ROLES for r in CURSOR_FRAME_OVER + CURSOR_RING_OVER)


@pytest.mark.parametrize("role,on,words", [  # role takes the slot of on
    ("grid", "fill", "ui role 'fill' on 'grid' is 1.00:1, and the cart draws a tile's fifth pip"),
    ("cross", "paper", "ui role 'cross' on 'paper' is 1.00:1, and the cart draws crosses on blank cells"),
    # crosses in the highlight's slot: 1.31:1 on spires' paper, the first pair refused
    ("cross", "highlight", "ui role 'cross' on 'paper' is 1.31:1, and the cart draws crosses on blank"),
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


@pytest.mark.parametrize("slot,words", [
    # ember lookout's fill as it shipped, in its backdrop's slot: readers scored it 1, holes
    (2, "(lookout): ui roles 'fill' and 'backdrop' are 0.0 apart (CIEDE2000)"),
    # black, 20.9 apart: one reader of two scored it 3, neither painted nor holes
    (0, "(lookout): ui roles 'fill' and 'backdrop' are 20.9 apart (CIEDE2000)"),
])
def test_a_fill_that_reads_as_holes_to_the_backdrop_is_refused_in_one_line(tmp_path, slot, words):
    assert FILL_APART == 22.0
    msg = lookout_fill_refusal(tmp_path, slot)
    assert words in msg and "read as holes" in msg and "need 22" in msg, msg


def _ratio(display, ui, a: int, b: str) -> float:
    return contrast(display[ui[a]], display[ui[ROLES.index(b)]])


def test_the_cursors_colours_are_the_roles_standing_furthest_from_what_they_cover():
    """Against a brute force over every role: the frame's least ratio to grid and guide is the
    best any role has, and the ring's to fill and the frame likewise; in the shipped worlds both
    stand 3:1 where the earlier blink's 'cursor' and 'text' did not (1.46:1 on spires' grid)."""
    import random
    rng = random.Random(7)
    worlds = json.loads((CART / "worlds.json").read_text())["worlds"]
    res = build(CART / "worlds.json", CART / "main.lua")
    cases = [([PICO8[c] for c in w["pal"]], w["ui"]) for w in res.manifest["worlds"]]
    cases += [([tuple(rng.randrange(256) for _ in range(3)) for _ in range(16)],
               [rng.randrange(16) for _ in range(16)]) for _ in range(200)]
    picked = 0
    for display, ui in cases:
        best = max(min(_ratio(display, ui, r, b) for b in CURSOR_FRAME_OVER) for r in range(16))
        try:
            frame, ring = cursor_frame("w", display, ui)
        except UserError as e:
            assert "no ui role stands 3.0:1" in str(e) and "\n" not in str(e)
            continue
        picked += 1
        assert min(_ratio(display, ui, frame, b) for b in CURSOR_FRAME_OVER) == best >= MARK
        over = CURSOR_RING_OVER + (ROLES[frame],)
        assert min(_ratio(display, ui, ring, b) for b in over) == max(
            min(_ratio(display, ui, r, b) for b in over) for r in range(16)) >= MARK
    assert picked >= 30
    for w, (display, ui) in zip(worlds, cases):
        frame, ring = cursor_frame(w["name"], display, ui)
        assert min(_ratio(display, ui, frame, b) for b in CURSOR_FRAME_OVER) >= MARK
        # the earlier blink: one of its two colours faint on grid or guide lines
        assert min(_ratio(display, ui, ROLES.index(r), b) for r in ("cursor", "text")
                   for b in CURSOR_FRAME_OVER) < MARK


def test_a_world_with_no_colour_for_the_cursor_is_refused_in_one_line():
    # every role one of two close greys: nothing stands 3:1 from the grid
    display = [(120, 120, 120), (150, 150, 150)] + [(0, 0, 0)] * 14
    ui = [k % 2 for k in range(16)]
    with pytest.raises(UserError) as e:
        cursor_frame("grey", display, ui, "worlds.json")
    msg = str(e.value)
    assert msg.startswith("worlds.json (grey): no ui role stands 3.0:1 from") and "cursor" in msg
    assert "\n" not in msg
