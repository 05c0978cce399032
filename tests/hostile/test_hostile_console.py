"""Hostile input to the console's readers (.p8 carts, cartdata JSON) and to `picross
screenshots` (a cart with a Lua error, a corrupt or retyped manifest): one line, exit 1, no
traceback, nothing changed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator import UserError
from generator.cli.screenshots import read_manifest
from generator.console.__main__ import main as console_main
from generator.console.cart import read_cartdata, read_p8
from hostile_common import (RETYPES, refused_or_ok, assert_refused, assert_unchanged, few, key_paths, mutate, picross,
                            retyped_text, run_cli, snapshot)


@pytest.fixture(scope="module")
def p8_text(built_cart) -> bytes:
    return built_cart.path.read_bytes()


@few(25)
@given(st.one_of(st.binary(max_size=200).map(lambda b: (0, b)),
                 st.floats(0, 1, exclude_max=True).map(lambda f: (1, f)),
                 st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), st.integers(0, 255)),
                          min_size=1, max_size=4).map(lambda e: (2, e))))
def test_p8_reader(tmp_path_factory, p8_text, case):
    kind, v = case
    data = v if kind == 0 else p8_text[:int(len(p8_text) * v)] if kind == 1 else mutate(p8_text, v)
    f = tmp_path_factory.mktemp("p8") / "c.p8"
    f.write_bytes(data)
    refused_or_ok(read_p8, f)


def test_cartdata_retyped_at_every_key(tmp_path):
    value = {"picross8_v1": [0, 1, 2, 3], "other": [5]}
    for path in key_paths(value):
        for new in RETYPES:
            f = tmp_path / "cd.json"
            f.write_text(retyped_text(value, path, new))
            refused_or_ok(read_cartdata, f)
    for text in ("[]", "5", '{"a": [1, 2, 3' + ", 0" * 70 + "]}", '{"a": [4294967296]}', "\xff", ""):
        (tmp_path / "cd.json").write_text(text, encoding="latin-1")
        with pytest.raises(UserError):
            read_cartdata(tmp_path / "cd.json")


def test_console_cli_with_bad_cartdata(tmp_path, built_cart):
    (tmp_path / "cd.json").write_text('{"picross8_v1": "zzz"}')
    before = snapshot(tmp_path)
    r = run_cli(console_main, [built_cart.path, "--cartdata", tmp_path / "cd.json"])
    assert_refused(r)
    assert_unchanged(before)
    assert "'picross8_v1' must be a list" in r.stderr


@pytest.fixture
def cart_copy(tmp_path, built_cart) -> Path:
    shutil.copy(built_cart.path, tmp_path / "c.p8")
    shutil.copy(built_cart.path.with_suffix(".json"), tmp_path / "c.json")
    return tmp_path / "c.p8"


def shots_refused(cart: Path, *extra, message: str = "") -> None:
    before = snapshot(cart.parent)
    r = picross("screenshots", cart, "--out", cart.parent / "shots", *extra)
    assert_refused(r)
    assert_unchanged(before)
    assert message in r.stderr, r.stderr


@pytest.mark.parametrize("case,message", [
    ("lua runtime error", "the cart failed while playing it"),
    ("lua syntax error", "syntax error"),
    ("manifest not json", "malformed JSON"),
    ("manifest not utf-8", "not UTF-8"),
    ("manifest empty", "malformed JSON"),
    ("manifest retyped", "'worlds' must be a list"),
    ("manifest one world", "the screenshots show two worlds"),
    ("manifest path world name", "it names files"),
    ("manifest short rows", "'rows' must be 5, 10 or 15 rows"),
    ("no manifest", "no manifest beside the cart"),
    ("label is the cart", "also an input"),
])
def test_screenshots_refuse_broken_carts(cart_copy, case, message):
    m = cart_copy.with_suffix(".json")
    extra = []
    if case == "lua runtime error":
        cart_copy.write_text(cart_copy.read_text().replace("__lua__\n", "__lua__\nerror('boom')\n", 1))
    elif case == "lua syntax error":
        cart_copy.write_text(cart_copy.read_text().replace("__lua__\n", "__lua__\nfunction (\n", 1))
    elif case == "manifest not json":
        m.write_text("{")
    elif case == "manifest not utf-8":
        m.write_bytes(b"\xff\xfe")
    elif case == "manifest empty":
        m.write_text("")
    else:
        data = json.loads(m.read_text())
        if case == "manifest retyped":
            data["worlds"] = 5
        elif case == "manifest one world":
            data["worlds"] = data["worlds"][:1]
        elif case == "manifest path world name":
            data["worlds"][0]["name"] = "../../escape"
        elif case == "manifest short rows":
            data["puzzles"][data["worlds"][0]["first"]]["rows"] = ["#"]
        elif case == "no manifest":
            m.unlink()
        elif case == "label is the cart":
            extra = ["--label", cart_copy]
        if m.exists():
            m.write_text(json.dumps(data))
    shots_refused(cart_copy, *extra, message=message)


@pytest.mark.slow
def test_manifest_retyped_at_every_key(built_cart, tmp_path):
    """A small manifest of the real one's shape (two worlds of four puzzles), every key retyped."""
    m = built_cart.manifest
    worlds = [dict(w, first=4 * i, count=4) for i, w in enumerate(m["worlds"][:2])]
    for w in worlds:
        w["pal"] = w["pal"][:2]
    puzzles = [m["puzzles"][0] for _ in range(8)]
    value = {"format": m["format"], "version": m["version"], "worlds": worlds, "puzzles": puzzles}
    f = tmp_path / "m.json"
    f.write_text(json.dumps(value))
    read_manifest(f)
    n = 0
    for path in key_paths(value):
        if path[0] == "puzzles" and len(path) > 1 and path[1] > 0:
            continue
        for new in RETYPES:
            f.write_text(retyped_text(value, path, new))
            refused_or_ok(read_manifest, f)
            n += 1
    assert n > 300


# ---- from the fuzz campaign: the console's own limits ----------------------------------------

LUA_CART = "pico-8 cartridge // http://www.pico-8.com\nversion 41\n__lua__\n{}\n"


@pytest.mark.parametrize("lua,args,message", [
    ('s="x" for i=1,40 do s=s..s end', [], "not enough memory (the cart used the console's"),
    ("function _init() while true do end end", [], "instruction limit"),
    ("", ["--frames", "-5"], "--frames: -5 is out of range (0..3600)"),
    ("", ["--frames", "100000000"], "--frames: 100000000 is out of range (0..3600)"),
    ("", ["--press", "x:999999999"], "at most 3600 frames"),
    ("", ["--scale", "100000", "--out", "{d}/s.png"], "--scale: 100000 is out of range (1..16)"),
    ("", ["--out", "{d}/c.p8"], "also an input"),
    ("", ["--frames", "abc"], "--frames: 'abc' is not a whole number (ASCII digits 0-9)"),
])
def test_console_limits(tmp_path, lua, args, message):
    from generator.console.__main__ import run_command
    (tmp_path / "c.p8").write_text(LUA_CART.format(lua))
    before = snapshot(tmp_path)
    r = run_cli(lambda argv: run_command(console_main, "console", argv),
                [tmp_path / "c.p8", *[a.format(d=tmp_path) for a in args]])
    assert_refused(r)
    assert_unchanged(before)
    assert message in r.stderr, r.stderr
