"""The build's manifest (build/picross.json) is a puzzle file every command reads: `share`,
`show` and `solve` with `-i N` give the cart's no. N of `--world` (default: the cart's first
world), numbered as the cart numbers them.

The oracle is the built cart itself, not the manifest: its Lua holds the worlds' records (name,
first, count, in the cart's order) and its ROM the puzzles; the cart names ROM puzzle p "no.
p-first+1" of its world (cart/play.lua, pname) and shows the name pz_names[p+1]."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from generator.cartbuild.rom import read_puzzle
from generator.console.cart import read_p8
from generator.formats.sharecode import decode
from hostile_common import assert_refused, picross


@pytest.fixture(scope="module")
def cart(built_cart):
    """(manifest path, {world: (first, count)} in the cart's order, the ROM, pz_count, names)."""
    c = read_p8(built_cart.path)
    records = re.search(r'for r in all\(split\("([^"]*)"', c.lua).group(1).split("/")
    worlds = {}
    for rec in records:
        name, _title, first, count = rec.split(",")[:4]
        worlds[name] = (int(first), int(count))
    pz_count = int(re.search(r"pz_base,pz_count,code_font=0x[0-9a-f]+,([0-9]+)", c.lua).group(1))
    names = re.search(r'pz_names=split\("([^"]*)"', c.lua).group(1).split(",")
    return built_cart.path.with_suffix(".json"), worlds, c.rom, pz_count, names


def cart_grid(cart, world: str, k: int) -> np.ndarray:
    """The cart's no. k of `world` (k from 1; negative from the end), from its ROM."""
    _, worlds, rom, pz_count, _ = cart
    first, count = worlds[world]
    p = first + (k - 1 if k > 0 else count + k)
    return read_puzzle(rom, p, pz_count)


def cases(cart):
    worlds = cart[1]
    return [(w, k) for w, (_, count) in worlds.items() for k in (1, 2, 13, count, -1)]


def test_share_gives_the_carts_number_in_every_world(cart):
    manifest, worlds = cart[0], cart[1]
    assert len(worlds) >= 2
    for world, k in cases(cart):
        r = picross("share", manifest, "-i", k, "--world", world)
        assert r.code == 0, r.stderr
        assert np.array_equal(decode(r.stdout.strip()), cart_grid(cart, world, k)), (world, k)


def test_the_default_world_is_the_carts_first(cart):
    manifest, worlds = cart[0], cart[1]
    first_world = next(iter(worlds))
    assert picross("share", manifest, "-i", 13).stdout == \
        picross("share", manifest, "-i", 13, "--world", first_world).stdout
    # and without -i, the world's no. 1
    assert np.array_equal(decode(picross("share", manifest).stdout.strip()), cart_grid(cart, first_world, 1))


@pytest.mark.slow
def test_show_and_solve_name_the_puzzle_as_the_cart_does(cart):
    manifest, worlds, _, _, names = cart
    for world, k in cases(cart):
        first, count = worlds[world]
        number = k if k > 0 else count + k + 1
        name = names[first + number - 1]
        r = picross("show", manifest, "-i", k, "--world", world, "--ascii")
        assert r.code == 0, r.stderr
        assert r.stdout.startswith(f"-- {world} no. {number}{' ' + name if name else ''}: "), r.stdout[:80]
        s = picross("solve", manifest, "-i", k, "--world", world, "--json")
        assert s.code == 0, s.stderr
        solved = np.array([[c == "#" for c in row] for row in json.loads(s.stdout)["solution"]])
        assert np.array_equal(solved, cart_grid(cart, world, k))


def test_show_lists_a_whole_world_in_the_carts_order(cart):
    manifest, worlds = cart[0], cart[1]
    world, (first, count) = list(worlds.items())[1]
    heads = [ln for ln in picross("show", manifest, "--world", world, "--ascii").stdout.splitlines()
             if ln.startswith("-- ")]
    assert [int(re.match(rf"-- {world} no\. ([0-9]+)", h).group(1)) for h in heads] == list(range(1, count + 1))


@pytest.mark.parametrize("args,message", [
    (["-i", "0"], "no puzzle 0 (world {w} has {n}; numbered from 1, as the cart numbers them: 1..{n}"),
    (["-i", "{n1}"], "no puzzle {n1} (world {w} has {n}"),
    (["--world", "nowhere"], "no world 'nowhere' in this cart (its worlds: {ws})"),
    (["--world", "Spires\u0663"], "no world 'Spires\u0663'"),
])
def test_a_number_or_world_the_cart_lacks_is_one_line(cart, args, message):
    manifest, worlds = cart[0], cart[1]
    w, (_, n) = next(iter(worlds.items()))
    fill = dict(w=w, n=n, n1=n + 1, ws=", ".join(worlds))
    for command in ("share", "show", "solve"):
        r = picross(command, manifest, *[a.format(**fill) for a in args])
        assert_refused(r)
        assert message.format(**fill) in r.stderr, r.stderr


def test_world_is_refused_for_a_file_that_is_no_manifest(tmp_path):
    (tmp_path / "c.txt").write_text("1\n--\n1\n")
    r = picross("share", tmp_path / "c.txt", "--world", "spires")
    assert_refused(r)
    assert "--world names a world of a cart manifest" in r.stderr and "typed clues" in r.stderr


def test_a_damaged_manifest_is_refused(cart, tmp_path):
    data = json.loads(cart[0].read_text())
    data["puzzles"][0]["row_clues"][0] = [99]
    (tmp_path / "m.json").write_text(json.dumps(data))
    r = picross("share", tmp_path / "m.json")
    assert_refused(r)
    assert "puzzle 0: 'row_clues' are not the clues of its 'rows'" in r.stderr, r.stderr
    assert "read as a picross8 cart manifest" in r.stderr
