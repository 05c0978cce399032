"""Hostile input to the cart build: its readers (worlds.json, batches, the spritesheet and label,
sfx.txt, the Lua files) fuzzed directly, and build.py on broken copies of cart/: exit 1 with one
`picross: error:` line, no traceback, the previous cart and every source byte-identical."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from cartfixtures import CART, cart_dir
from generator import UserError
from generator.cartbuild.artmap import load_rgba
from generator.cartbuild.lua import check_piece, inline_includes
from generator.cartbuild.sfx import parse_sfx
from generator.cartbuild.worlds import read_worlds
from generator.formats.batchfile import read_batch
from hostile_common import (RETYPES, refused_or_ok, assert_refused, assert_unchanged, build_cli, few, key_paths, mutate,
                            retyped_text, snapshot)

EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), st.integers(0, 255)), min_size=1, max_size=4)


# ---- the readers, fuzzed directly -----------------------------------------------------------

@pytest.fixture(scope="module")
def small_cart(tmp_path_factory) -> Path:
    return cart_dir(tmp_path_factory.mktemp("hostile_cart"))


def test_worlds_retyped_at_every_key(small_cart, tmp_path):
    value = json.loads((small_cart / "worlds.json").read_text())
    n = 0
    for path in key_paths(value):
        for new in RETYPES:
            f = small_cart / "w.json"
            f.write_text(retyped_text(value, path, new))
            refused_or_ok(read_worlds, f)
            n += 1
    assert n > 200


@pytest.mark.parametrize("source,reader", [("worlds.json", read_worlds), ("b0.json", read_batch)])
@few(40)
@given(edits=EDITS)
def test_config_and_batches_mutated(small_cart, source, reader, edits):
    f = small_cart / f"mutated-{source}"
    f.write_bytes(mutate((small_cart / source).read_bytes(), edits))
    refused_or_ok(reader, f)


@few(60)
@given(st.one_of(st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
                 st.lists(st.sampled_from(["0", "63", "64", "99999999999999999999", "x", "speed=1",
                                           "speed=0", "speed=²", "c4:050", "d#5:777", "h1:000", "²",
                                           ".", "#", "\n", " "]), max_size=12).map(" ".join)))
def test_sfx_text(text):
    refused_or_ok(parse_sfx, text, "sfx.txt")


@few(40)
@given(EDITS)
def test_lua_mutated(tmp_path_factory, edits):
    d = tmp_path_factory.mktemp("lua")
    src = (CART / "board.lua").read_bytes()
    (d / "m.lua").write_bytes(mutate(src, edits))

    def read_and_check(path):
        _, pieces = inline_includes(path)
        for pc in pieces:
            check_piece(pc)
    refused_or_ok(read_and_check, d / "m.lua")


@pytest.mark.parametrize("mode", ["L", "P", "RGB", "I;16", "JPEG", "LA"])
def test_spritesheet_in_the_wrong_mode_says_so(tmp_path, mode):
    rgba = np.asarray(Image.open(CART / "spritesheet.png").convert("RGBA"))
    f = tmp_path / "s.png"
    if mode == "JPEG":
        Image.fromarray(rgba[..., :3]).save(f, format="JPEG")
        want = "not a PNG (it is a JPEG)"
    elif mode == "I;16":
        Image.fromarray((rgba[..., 0].astype(np.uint16) * 257)).save(f)
        want = "16-bit greyscale PNG; it must be an 8-bit RGBA PNG"
    else:
        Image.fromarray(rgba).convert(mode).save(f)
        want = {"L": "8-bit greyscale", "P": "palette", "RGB": "RGB (no alpha)",
                "LA": "greyscale with alpha"}[mode]
    with pytest.raises(UserError) as e:
        load_rgba(f, "spritesheet")
    assert want in str(e.value) and "must be an 8-bit RGBA PNG" in str(e.value), str(e.value)


# ---- build.py on broken copies of the cart --------------------------------------------------

@pytest.fixture(scope="module")
def good_build(small_cart, tmp_path_factory) -> Path:
    """One good build of the small cart (building takes seconds: done once)."""
    out = tmp_path_factory.mktemp("good_build")
    r = build_cli("--worlds", small_cart / "worlds.json", "--main", small_cart / "main.lua",
                  "--out", out / "picross.p8")
    assert r.code == 0, r.stderr
    return out


@pytest.fixture
def built(tmp_path, small_cart, good_build):
    """A copy of the small cart and of its good build; returns (cart dir, build dir)."""
    d, out = tmp_path / "c", tmp_path / "out"
    shutil.copytree(small_cart, d)
    shutil.copytree(good_build, out)
    return d, out


def build_refused(d: Path, out: Path, *extra, message: str = "") -> str:
    before = snapshot(d, out)
    args = ["--worlds", d / "worlds.json", "--main", d / "main.lua"]
    r = build_cli(*args, *(extra or ["--out", out / "picross.p8"]))
    assert_refused(r)
    assert_unchanged(before)
    assert message in r.stderr, r.stderr
    return r.stderr


@pytest.mark.parametrize("case,message", [
    ("lua syntax", "board.lua:"),
    ("pico-8 syntax", "<eol> expected"),
    ("lua not utf-8", "not UTF-8"),
    ("sfx not utf-8", "sfx.txt: line 1: not UTF-8"),
    ("sfx huge number", "the limit is 19 digits"),
    ("spritesheet L", "8-bit greyscale PNG"),
    ("label 16-bit", "16-bit"),
    ("batch retyped", "'iterations' must be a whole number"),
    ("worlds deep", "nested deeper than"),
    ("worlds BOM and bad key", "'x' must be a whole number"),
])
def test_a_broken_source_leaves_the_old_cart(built, case, message):
    d, out = built
    if case == "lua syntax":
        (d / "board.lua").write_text((d / "board.lua").read_text() + "\nfunction broken( end\n")
    elif case == "pico-8 syntax":    # `?` takes the rest of its line: z8lua (PICO-8's Lua) refuses it
        (d / "board.lua").write_text((d / "board.lua").read_text() + '\nif x then\n?"hi" end\n')
    elif case == "lua not utf-8":
        (d / "board.lua").write_bytes((d / "board.lua").read_bytes() + b"\n-- \xff\xfe\n")
    elif case == "sfx not utf-8":
        (d / "sfx.txt").write_bytes(b"\xff" + (d / "sfx.txt").read_bytes())
    elif case == "sfx huge number":
        (d / "sfx.txt").write_text((d / "sfx.txt").read_text() + "\n" + "9" * 40 + " x speed=1 c1:050\n")
    elif case == "spritesheet L":
        Image.open(d / "spritesheet.png").convert("L").save(d / "spritesheet.png")
    elif case == "label 16-bit":
        Image.fromarray(np.zeros((128, 128), dtype=np.uint16)).save(d / "label.png")
    elif case == "batch retyped":
        data = json.loads((d / "b0.json").read_text())
        data["puzzles"][0]["iterations"] = "abc"
        (d / "b0.json").write_text(json.dumps(data))
    elif case == "worlds deep":
        (d / "worlds.json").write_text("[" * 50_000)
    elif case == "worlds BOM and bad key":
        cfg = json.loads((d / "worlds.json").read_text())
        cfg["worlds"][0]["swatches"]["x"] = "a"
        (d / "worlds.json").write_text("\ufeff" + json.dumps(cfg))
    build_refused(d, out, message=message)


@pytest.mark.parametrize("extra,message", [
    (["--out", "{out}/x.json"], "same file as another output"),
    (["--out", "{out}/picross.p8", "--manifest", "{out}/picross.p8"], "same file as another output"),
    (["--out", "{d}/main.lua"], "also an input"),
    (["--out", "{d}/board.lua", "--manifest", "{out}/m.json"], "also an input"),
    (["--out", "{out}/picross.p8", "--manifest", "{d}/b0.json"], "also an input"),
    (["--out", "{d}/spritesheet.png", "--manifest", "{out}/m.json"], "also an input"),
    (["--out", "{d}/notes.p8", "--manifest", "{out}/m.json"], "is not a .p8 cart"),
    (["--out", "{out}/picross.p8", "--manifest", "{d}/other.json"], "is not a picross8 cart manifest"),
    (["--out", "{out}"], "is a directory"),
])
def test_build_outputs_never_replace_sources(built, extra, message):
    d, out = built
    (d / "notes.p8").write_text("my notes\n")
    (d / "other.json").write_text('{"mine": 1}\n')
    build_refused(d, out, *[a.format(d=d, out=out) for a in extra], message=message)


@pytest.mark.slow
def test_a_bom_in_worlds_json_is_accepted(built):
    d, out = built
    (d / "worlds.json").write_bytes(b"\xef\xbb\xbf" + (d / "worlds.json").read_bytes())
    r = build_cli("--worlds", d / "worlds.json", "--main", d / "main.lua", "--out", out / "again.p8")
    assert r.code == 0, r.stderr


@pytest.mark.parametrize("target", ["web-pico8", "run"])
def test_make_web_pico8_and_run_without_pico8_fail(target):
    """Without PICO-8 the targets that need it (its own HTML export, running it) say why and exit
    non-zero (`-o cart`: the cart is not rebuilt); `make web` builds the page without it."""
    import subprocess

    from cartfixtures import REPO
    if shutil.which("make") is None:
        pytest.skip("no make")
    r = subprocess.run(["make", "-s", "-o", "cart", target, "PICO8="], cwd=REPO, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode != 0 and "PICO-8" in r.stderr and "not on PATH" in r.stderr, r.stderr
