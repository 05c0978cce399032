"""cart/worlds.json: the shipped file reads, and bad ones are refused with the place named."""
import json

import pytest

from cartfixtures import CART, cart_dir
from generator import UserError
from generator.cartbuild.build import build
from generator.cartbuild.worlds import read_worlds


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
    (lambda c: c["worlds"][0].update(batches=[]), "'batches' must be a non-empty list"),
    (lambda c: c["worlds"][0]["backdrop"].update(w=-1), "'w' must be a whole number >= 1"),
    (lambda c: c["worlds"][0].update(batches=["missing.json"]), "missing.json: no such batch file"),
    (lambda c: c["worlds"][0].update(batches=[{"file": "b0.json", "start": 1}]), "has 1 puzzles; start 1"),
    (lambda c: c["worlds"][0]["backdrop"].update(y=60), "outside the art rows 0-63"),
    (lambda c: c["worlds"][0].pop("ui"), "'ui' must be 16 screen slots 0..15"),
    (lambda c: c["worlds"][1].update(ui=[0] * 15), "world 2 (lookout): 'ui' must be 16"),
    (lambda c: c["worlds"][0].update(ui=[16] + [0] * 15), "'ui' must be 16 screen slots"),
    (lambda c: c["worlds"][0].update(ui=[True] * 16), "'ui' must be 16 screen slots"),
])
def test_bad_worlds_refused(tmp_path, change, words):
    d = edited(tmp_path, change)
    with pytest.raises(UserError, match=None) as e:
        build(d / "worlds.json", d / "main.lua")
    assert words in str(e.value)


def test_malformed_json(tmp_path):
    p = tmp_path / "w.json"
    p.write_text("{")
    with pytest.raises(UserError, match="malformed JSON"):
        read_worlds(p)
