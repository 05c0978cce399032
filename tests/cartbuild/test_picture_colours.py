"""Pictures' own colours: snapped to the world's 16, coded into the cart, refused when wrong."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from cartfixtures import CART, cart_dir, solvable_puzzles
from generator import UserError
from generator.cartbuild.build import build, read_sheet
from generator.cartbuild.colours import (check_folder, colour_string, decode_string,
                                         snap_cells)
from generator.cartbuild.palette import PICO8
from generator.cartbuild.worlds import read_worlds
from generator.formats.batchfile import Batch, write_batch
from generator.formats.record import Puzzle
from generator.formats.colourpng import colour_png


def world_palette(name="lookout"):
    """A shipped world's 16 snapped swatches, read as the build reads them."""
    cfg = read_worlds(CART / "worlds.json")
    return read_sheet(cfg).palettes[name]


def test_each_slot_colour_snaps_to_its_slot_and_a_near_colour_to_the_nearest():
    pal = world_palette()
    sol = np.ones((4, 4), dtype=bool)
    rgb = np.array([PICO8[s.pico8] for s in pal], dtype=np.uint8).reshape(4, 4, 3)
    assert (snap_cells(rgb, sol, pal, "t") == np.arange(16).reshape(4, 4)).all()
    near = rgb.astype(int) + 3
    assert (snap_cells(np.clip(near, 0, 255).astype(np.uint8), sol, pal, "t")
            == np.arange(16).reshape(4, 4)).all()


def test_a_colour_far_from_the_world_is_refused_naming_the_cell():
    pal = world_palette()
    sol = np.array([[0, 1]], dtype=bool)
    rgb = np.array([[[0, 0, 0], [0, 255, 0]]], dtype=np.uint8)    # bright green: not in the lookout
    with pytest.raises(UserError, match=r"t: row 1 column 2 is #00ff00, .* from the nearest"):
        snap_cells(rgb, sol, pal, "t")


def test_colour_string_round_trips_and_skips_empty_cells():
    rng = np.random.default_rng(3)
    sol = rng.random((15, 15)) < 0.5
    slots = np.where(sol, rng.integers(0, 16, sol.shape), -1).astype(np.int8)
    s = colour_string(slots, sol)
    assert len(s) == sol.sum() and set(s) <= set("0123456789:;<=>?")
    assert (decode_string(s, sol) == slots).all()
    assert colour_string(None, sol) == ""


def test_folder_checks(tmp_path):
    with pytest.raises(UserError, match="w.json: its colours folder .*nope does not exist"):
        check_folder(tmp_path / "nope", ["a"], tmp_path / "w.json")
    (tmp_path / "old-name.png").write_bytes(b"")
    with pytest.raises(UserError, match="old-name.png: no picture of w.json is named 'old-name' "
                                        r"\(its pictures: a, \.\.\.\); rename or remove the PNG"):
        check_folder(tmp_path, ["a", None], tmp_path / "w.json")
    with pytest.raises(UserError, match="pictures 'a b' and 'a-b' would share the colour file a-b.png"):
        check_folder(tmp_path, ["a b", "a-b"], tmp_path / "w.json")
    with pytest.raises(UserError, match="picture '!!' has no letters or digits"):
        check_folder(tmp_path, ["!!"], tmp_path / "w.json")


def picture_cart(tmp_path, names=("pine", "moon over ridge")):
    """A cart dir whose first world has a picture batch with a colours folder."""
    d = cart_dir(tmp_path, counts=(1, 1))
    pics = [Puzzle.from_grid(p.solution, iterations=p.iterations, name=n) for p, n in zip(solvable_puzzles(len(names), 11), names)]
    write_batch(d / "pics.json", Batch(pics, {"style": "pictures"}))
    (d / "pics").mkdir()
    cfg = json.loads((d / "worlds.json").read_text())
    cfg["worlds"][0]["batches"].insert(0, {"file": "pics.json", "colours": "pics"})
    (d / "worlds.json").write_text(json.dumps(cfg))
    return d, pics


@pytest.mark.slow
def test_the_build_codes_each_pictures_colours_and_shades_the_rest(tmp_path):
    d, pics = picture_cart(tmp_path)
    pal = [PICO8[s.pico8] for s in world_palette("spires")]
    sol = pics[1].solution
    slots = np.where(sol, (np.arange(225).reshape(15, 15) % 16), -1)
    rgb = np.array(pal, dtype=np.uint8)[np.maximum(slots, 0)]
    colour_png(rgb, sol).save(d / "pics" / "moon-over-ridge.png")
    res = build(d / "worlds.json", d / "main.lua")
    got = {p["name"]: p["colours"] for p in res.manifest["puzzles"] if p["name"]}
    assert got["pine"] == "" and got["moon over ridge"] == colour_string(slots, sol)
    assert res.manifest["counts"]["colours"]["pictures"] == 1
    assert res.manifest["counts"]["colours"]["by_rule"] == [str(d / "pics" / "pine.png")]
    assert "1 pictures from their PNGs" in res.summary
    assert "among them 1 picture without a colour PNG (pine.png)" in res.summary
    line = next(ln for ln in res.source_text.splitlines() if ln.startswith("pz_cols="))
    codes = re.match(r'pz_cols=split\("(.*)",",",false\)$', line).group(1).split(",")
    assert codes[[p["name"] for p in res.manifest["puzzles"]].index("moon over ridge")] == got["moon over ridge"]
    assert (d / "pics" / "moon-over-ridge.png") in res.inputs


def test_a_wrong_png_stops_the_build_with_one_line(tmp_path):
    d, pics = picture_cart(tmp_path)
    sol = pics[0].solution.copy()
    sol[0, 0] = not sol[0, 0]
    colour_png(np.full((15, 15, 3), 200, dtype=np.uint8), sol).save(d / "pics" / "pine.png")
    with pytest.raises(UserError, match=r"pine.png: row 1 column 1 is (coloured|transparent)"):
        build(d / "worlds.json", d / "main.lua")


@pytest.mark.parametrize("ref,words", [
    ({"file": "pics.json", "colours": 3}, "'colours' must name a folder"),
    ({"file": "pics.json", "colour": "pics"}, "unknown key 'colour'"),
    ({"file": "pics.json", "colours": "gone"}, "colours folder .*gone does not exist"),
])
def test_bad_colour_references_in_worlds_json(tmp_path, ref, words):
    d, _ = picture_cart(tmp_path)
    cfg = json.loads((d / "worlds.json").read_text())
    cfg["worlds"][0]["batches"][0] = ref
    (d / "worlds.json").write_text(json.dumps(cfg))
    with pytest.raises(UserError, match=words):
        build(d / "worlds.json", d / "main.lua")
