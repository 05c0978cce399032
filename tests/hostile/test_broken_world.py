"""A third world added as docs/new-world.md says, then broken in each way a designer can break
it: `make cart` (build.py) refuses in one line naming the file and the field, exits non-zero,
and leaves the cart and manifest of the last good build as they were.

The world is the guide's own (tests/docs/test_new_world.py follows the guide; here its steps
run up to, not including, `make cart`). A picture without a colour PNG is not a break: the
cart colours it by the shading rule, and the build says so (docs/pictures.md)."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from cartfixtures import REPO
from hostile_common import assert_refused, build_cli, snapshot, assert_unchanged

# each case builds a whole three-world cart (seconds): `make test` runs them, `make test-fast` not
pytestmark = pytest.mark.slow


def _guide():
    spec = importlib.util.spec_from_file_location("new_world_guide", REPO / "tests/docs/test_new_world.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def three_worlds(tmp_path_factory):
    """A repository copy with the guide's meadow added (not built), and a good build of it."""
    guide = _guide()
    if shutil.which("make") is None or not (guide.VENV / "bin" / "picross").exists():
        pytest.skip("needs make, and a virtual environment with picross (make cart makes .venv)")
    text = guide.GUIDE.read_text()
    steps = [(kind, path, [c for c in body if c != "make cart"] if kind == "run" else body)
             for kind, path, body in guide.guide_steps(text)]
    root = guide.repo_copy(tmp_path_factory.mktemp("meadow"))
    guide.follow(root, steps, guide.swatches(text))
    good = root / "good"
    r = build_cli("--worlds", root / "cart/worlds.json", "--main", root / "cart/main.lua",
                  "--out", good / "picross.p8")
    assert r.code == 0, r.stderr
    assert "meadow 3" in r.stdout
    return root, good


def edit_world(key, value):
    def edit(cart: Path):
        cfg = json.loads((cart / "worlds.json").read_text())
        world = cfg["worlds"][2]
        if value is None:
            (world[key[0]] if isinstance(key, tuple) else world).pop(key[1] if isinstance(key, tuple) else key)
        elif isinstance(key, tuple):
            world[key[0]][key[1]] = value
        else:
            world[key] = value
        (cart / "worlds.json").write_text(json.dumps(cfg, indent=1))
    return edit


def add_batch(batch):
    def edit(cart: Path):
        cfg = json.loads((cart / "worlds.json").read_text())
        cfg["worlds"][2]["batches"].append(batch)
        (cart / "worlds.json").write_text(json.dumps(cfg, indent=1))
    return edit


def replace_bytes(rel, old: bytes, new: bytes):
    def edit(cart: Path):
        data = (cart / rel).read_bytes()
        assert old in data
        (cart / rel).write_bytes(data.replace(old, new))
    return edit


def remove(rel):
    def edit(cart: Path):
        p = cart / rel
        shutil.rmtree(p) if p.is_dir() else p.unlink()
    return edit


def resized_png(rel, size):
    def edit(cart: Path):
        Image.open(cart / rel).convert("RGBA").resize(size).save(cart / rel)
    return edit


def write_bytes(rel, data: bytes):
    def edit(cart: Path):
        (cart / rel).write_bytes(data)
    return edit


# (case, the break, what the line must name: the file, then the field)
BREAKS = [
    ("colour PNG of the wrong size", resized_png("pictures/meadow/snail.png", (6, 5)),
     ["pictures/meadow/snail.png", "is 6x5 pixels; its picture is 5x5"]),
    ("colour PNG that is no PNG", write_bytes("pictures/meadow/snail.png", b"GIF89a"),
     ["pictures/meadow/snail.png", "not a PNG"]),
    ("colour folder missing", remove("pictures/meadow"),
     ["pictures/meadow.json", "colours folder", "does not exist"]),
    ("spritesheet missing", remove("spritesheet.png"),
     ["spritesheet.png", "'spritesheet'"]),
    ("spritesheet of the wrong size", resized_png("spritesheet.png", (64, 64)),
     ["spritesheet.png", "64x64", "128x128"]),
    ("batch missing", remove("pictures/meadow.json"), ["meadow.json", "no such batch file"]),
    ("a colour role missing", edit_world(("ui", "cursor"), None),
     ["worlds.json", "world 3 (meadow)", "'ui'", "'cursor'"]),
    ("a colour role past slot 15", edit_world(("ui", "cursor"), 16),
     ["worlds.json", "world 3 (meadow)", "'cursor'", "0..15"]),
    ("an unknown colour role", edit_world(("ui", "shadow"), 3),
     ["worlds.json", "world 3 (meadow)", "unknown colour role 'shadow'"]),
    ("text too faint on its backdrop", edit_world(("ui", "text"), 5),
     ["worlds.json", "meadow", "ui role 'text' on 'backdrop'", "4.5:1"]),
    ("a backdrop outside the art", edit_world("backdrop", {"x": 0, "y": 60, "w": 128, "h": 8}),
     ["spritesheet.png", "world meadow", "'backdrop'", "outside the art"]),
    ("more puzzles than the save holds", add_batch({"file": "puzzles.json", "start": 211, "count": 10}),
     ["worlds.json", "world 3 (meadow)", "'batches'", "save data keeps progress for 254", "drop 10"]),
    ("more puzzles than the ROM holds", add_batch({"file": "puzzles.json", "start": 100, "count": 80}),
     ["worlds.json", "world 3 (meadow)", "'batches'", "bytes of ROM", "only", "are free"]),
    ("a batch slice past its end", add_batch({"file": "puzzles.json", "start": 290, "count": 30}),
     ["world meadow", "puzzles.json", "beyond its end"]),
    ("a name that is not UTF-8", replace_bytes("pictures/meadow.json", b"snail", b"sn\xffail"),
     ["pictures/meadow.json", "line", "not UTF-8 text (byte 0xff)"]),
    ("a name the cart cannot print", replace_bytes("pictures/meadow.json", b"snail", "snäil".encode()),
     ["pictures/meadow.json", "puzzle 2 name", "'snäil'", "a-z 0-9"]),
    ("worlds.json that is not UTF-8", replace_bytes("worlds.json", b"green meadow", b"green m\xe9adow"),
     ["worlds.json", "not UTF-8 text (byte 0xe9)"]),
    ("a title the cart cannot print", edit_world("title", "grüne wiese"),
     ["worlds.json", "world 3 (meadow) title", "'grüne wiese'"]),
    ("a world name twice", edit_world("name", "spires"), ["worlds.json", "world names must differ"]),
    ("its music loop missing", None, ["music.txt", "'meadow'", "pattern 32"]),
]


@pytest.mark.parametrize("case,breaks,names", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_third_world_is_one_line_and_no_cart(three_worlds, tmp_path, case, breaks, names):
    root, good = three_worlds
    cart = tmp_path / "cart"
    shutil.copytree(root / "cart", cart)
    out = tmp_path / "build"
    shutil.copytree(good, out)
    if breaks is None:        # the music loop: a line of music.txt
        text = (cart / "music.txt").read_text()
        (cart / "music.txt").write_text("".join(ln for ln in text.splitlines(True) if " meadow " not in ln))
    else:
        breaks(cart)
    before = snapshot(out)
    r = build_cli("--worlds", cart / "worlds.json", "--main", cart / "main.lua", "--out", out / "picross.p8")
    assert_refused(r)
    assert_unchanged(before)
    assert sorted(p.name for p in out.iterdir()) == ["picross.json", "picross.p8"]
    for word in names:
        assert word in r.stderr, (word, r.stderr)


def test_make_cart_fails_and_keeps_the_last_good_cart(three_worlds, tmp_path):
    """The same through `make cart`, as a designer runs it: exit non-zero, one error line."""
    root, good = three_worlds
    repo = tmp_path / "repo"
    shutil.copytree(root, repo, symlinks=True, ignore=shutil.ignore_patterns("good"))
    (repo / "build").mkdir()
    for f in good.iterdir():
        shutil.copy2(f, repo / "build" / f.name)
    os.utime(repo / "pyproject.toml", (0, 0))
    edit_world(("ui", "cursor"), 16)(repo / "cart")
    before = snapshot(repo / "build")
    env = {k: v for k, v in os.environ.items() if k != "MAKEFLAGS"}
    r = subprocess.run(["make", "-s", "cart"], cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode != 0, r.stdout
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("picross: error:")]
    assert len(errors) == 1 and "world 3 (meadow)" in errors[0] and "'cursor'" in errors[0], r.stderr
    assert "Traceback" not in r.stderr
    assert_unchanged(before)
