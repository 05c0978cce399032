"""cart/worlds.json: the shipped file reads, and bad ones are refused with the place named."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from cartfixtures import CART, cart_dir
from generator import UserError
from generator.cartbuild.build import build
from generator.cartbuild.worlds import ROLES, BatchRef, read_worlds, taken, taken_indices
from generator.formats.batchfile import read_batch
from generator.puzzles.difficulty import measure


def test_shipped_worlds_file():
    cfg = read_worlds(CART / "worlds.json")
    assert [w.name for w in cfg.worlds] == ["spires", "lookout"]
    assert cfg.ui_palette == "spires"
    assert cfg.spritesheet == CART / "spritesheet.png" and cfg.spritesheet.exists()


def edited(tmp_path, change):
    d = cart_dir(tmp_path, counts=(1, 1))
    cfg = json.loads((d / "worlds.json").read_text())
    change(cfg)
    (d / "worlds.json").write_text(json.dumps(cfg))
    return d


@pytest.mark.parametrize("change,words", [
    (lambda c: c.update(format="x"), "not a worlds file"),
    (lambda c: c.update(version=9), "version 9 is not supported"),
    (lambda c: c.update(worlds=[]), "'worlds' must be a non-empty list"),
    (lambda c: c.update(ui_palette="nope"), "ui_palette 'nope' is not one of the worlds"),
    (lambda c: c["worlds"][1].update(name="spires"), "world names must differ"),
    (lambda c: c["worlds"][0].update(name="Bad Name"), "world 1: name 'Bad Name'"),
    (lambda c: c["worlds"][1].update(title="über"), "world 2 (lookout) title"),
    (lambda c: c["worlds"][1].update(title="1999"), "world 2 (lookout) title: '1999' reads as a number"),
    (lambda c: c["worlds"][0].update(title="-0.5"), "world 1 (spires) title: '-0.5' reads as a number"),
    (lambda c: c["worlds"][0].update(title="0b101"), "world 1 (spires) title: '0b101' reads as a number"),
    (lambda c: c["worlds"][0].update(batches=[]), "'batches' must be a non-empty list"),
    (lambda c: c["worlds"][0]["backdrop"].update(w=-1), "'w' must be a whole number >= 1"),
    (lambda c: c["worlds"][0].update(batches=["missing.json"]), "missing.json: no such batch file"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "start": 1}]), "has 1 puzzles; start 1"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "min_pips": 0}]), "'min_pips' must be a whole number >= 1"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "min_pips": "2"}]), "'min_pips' must be a whole number"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "min_pips": True}]), "'min_pips' must be a whole number"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "min_pips": 6}]), "'min_pips' must be 1-5"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "min_pips": 2, "colour": "x"}]),
     "unknown key 'colour' (a batch has file, start, count, min_pips, colours)"),
    (lambda c: c["worlds"][0]["backdrop"].update(y=60), "'backdrop' x 0, y 60, 128x24 is outside the art (rows 0-63"),
    (lambda c: c["worlds"][0].pop("ui"), "'ui' must name the screen slot 0..15 of each colour role: backdrop, paper"),
    (lambda c: c["worlds"][0].update(ui="9,7"), "'ui' must name the screen slot 0..15 of each colour role"),
    (lambda c: c["worlds"][0]["ui"].update(papr=7), "'ui': unknown colour role 'papr' (the roles: backdrop, paper,"),
    (lambda c: c["worlds"][0]["ui"].pop("cursor"), "world 1 (spires): 'ui': no slot for the colour role 'cursor'"),
    (lambda c: [c["worlds"][0]["ui"].pop(r) for r in ("text", "fill")], "no slot for the colour role 'fill' (nor 1 more: text)"),
    (lambda c: c["worlds"][0]["ui"].update(grid=16), "'ui': 'grid' must be a screen slot 0..15, not 16"),
    (lambda c: c["worlds"][1]["ui"].update(clue=True), "world 2 (lookout): 'ui': 'clue' must be a screen slot 0..15, not True"),
    (lambda c: c["worlds"][0]["ui"].update(fill="2"), "'ui': 'fill' must be a screen slot 0..15, not '2'"),
    (lambda c: c["worlds"][1].update(ui=[0] * 15), "world 2 (lookout): 'ui' must be 16"),
    (lambda c: c["worlds"][0].update(ui=[16] + [0] * 15), "'ui' must be 16 screen slots"),
    (lambda c: c["worlds"][0].update(ui=[True] * 16), "'ui' must be 16 screen slots"),
])
def test_bad_worlds_refused(tmp_path, change, words):
    d = edited(tmp_path, change)
    with pytest.raises(UserError, match=None) as e:
        build(d / "worlds.json", d / "main.lua")
    assert words in str(e.value)


def test_ui_roles_are_read_by_name_in_the_carts_order():
    """The shipped file names the sixteen roles; each lands at its index in the cart's ui table
    (cart/draw.lua: 0 backdrop ... 4 fill ... 15 highlight behind the clues)."""
    raw = json.loads((CART / "worlds.json").read_text())
    cfg = read_worlds(CART / "worlds.json")
    assert ROLES[0] == "backdrop" and ROLES[4] == "fill" and ROLES[9] == "cursor" and ROLES[15] == "clue_highlight"
    assert len(ROLES) == len(set(ROLES)) == 16
    for w, d in zip(cfg.worlds, raw["worlds"]):
        assert isinstance(d["ui"], dict) and set(d["ui"]) == set(ROLES)
        assert w.ui == tuple(d["ui"][r] for r in ROLES)


@pytest.mark.slow
def test_the_list_form_reads_as_the_same_world(tmp_path):
    """A worlds.json whose "ui" is sixteen bare slots in role order builds the same cart."""
    d = cart_dir(tmp_path, counts=(1, 1))
    named = (d / "worlds.json").read_text()
    cfg = json.loads(named)
    for w in cfg["worlds"]:
        w["ui"] = [w["ui"][r] for r in ROLES]
    (d / "list.json").write_text(json.dumps(cfg))
    a, b = read_worlds(d / "worlds.json"), read_worlds(d / "list.json")
    assert [w.ui for w in a.worlds] == [w.ui for w in b.worlds]
    assert build(d / "worlds.json", d / "main.lua").text == build(d / "list.json", d / "main.lua").text


def test_malformed_json(tmp_path):
    p = tmp_path / "w.json"
    p.write_text("{")
    with pytest.raises(UserError, match="malformed JSON"):
        read_worlds(p)


@pytest.mark.slow
def test_min_pips_takes_count_puzzles_of_enough_pips_from_start_on(tmp_path):
    d = cart_dir(tmp_path, counts=(12, 1), seed=3)
    pips = [measure(p.clues).pips for p in read_batch(d / "b0.json").puzzles]
    level = 4
    enough = [i for i, n in enumerate(pips) if n >= level]
    assert 3 <= len(enough) < len(pips) - 1        # the batch mixes fewer pips and more

    def with_batch(ref):
        cfg = json.loads((d / "worlds.json").read_text())
        cfg["worlds"][0]["batches"] = [ref]
        (d / "worlds.json").write_text(json.dumps(cfg))
        return build(d / "worlds.json", d / "main.lua").manifest

    def taken(m):
        return sorted(int(p["source"].split("#")[1]) for p in m["puzzles"] if p["world"] == "spires")
    start = enough[0] + 1                           # "start" is an index, before the filter
    m = with_batch({"file": "b0.json", "start": start, "count": 2, "min_pips": level})
    assert taken(m) == [i for i in enough if i >= start][:2]
    assert all(p["difficulty"]["pips"] >= level for p in m["puzzles"] if p["world"] == "spires")
    m = with_batch({"file": "b0.json", "min_pips": level})            # no count: all from start
    assert taken(m) == enough
    more = len(enough) + 1
    with pytest.raises(UserError) as e:
        with_batch({"file": "b0.json", "count": more, "min_pips": level})
    assert f"has {len(enough)} puzzles of at least {level} pips from 0 on; count {more} is more" in str(e.value)


_SMALL = read_batch(CART / "puzzles.json").puzzles[:40]     # of 1 to 5 pips
_SMALL_PIPS = [measure(p.clues).pips for p in _SMALL]


@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, len(_SMALL) + 1), count=st.none() | st.integers(0, len(_SMALL) + 1),
       min_pips=st.integers(1, 5), n=st.integers(0, len(_SMALL)))
def test_taken_indices_is_the_slice_then_the_pips_filter(start, count, min_pips, n):
    """The one rule of a world's slice of a batch, against the plain reading of worlds.json's
    words: from start on, puzzles of at least min_pips pips, the first count of them."""
    ref = BatchRef(CART / "x.json", start, count, None, min_pips)
    want = [i for i in range(start, n) if _SMALL_PIPS[i] >= min_pips]
    want = want if count is None else want[:count]
    assert taken_indices(ref, n, _SMALL) == want
    assert [(i, d.pips) for i, d in taken(ref, _SMALL[:n])] == [(i, _SMALL_PIPS[i]) for i in want]
    if min_pips == 1:       # the batch is not needed to slice it
        assert taken_indices(ref, n) == want
    else:                   # measured, none past the batch is taken
        assert taken_indices(ref, len(_SMALL) + 5, _SMALL[:n]) == want
