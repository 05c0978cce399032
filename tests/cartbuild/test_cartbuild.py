"""The built cart, read back with shrinko's reader (independent of our writer) and lupaz8."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
import pico_cart  # noqa: E402
from lupaz8 import luaz8

from cartfixtures import REPO, cart_dir, solvable_puzzles, write_solvable_batch
from generator import UserError
from generator.cartbuild import rom as romdata
from generator.formats.batchfile import Batch, write_batch
from generator.formats.record import Puzzle
from generator.cartbuild.build import build_to
from generator.cartbuild.tokens import count_text


def sections(text):
    """{name: [lines]} of a .p8 file, by plain text parsing."""
    out, cur = {}, None
    for line in text.split("\n"):
        if line.startswith("__") and line.endswith("__"):
            cur = line.strip("_")
            out[cur] = []
        elif cur:
            out[cur].append(line)
    for v in out.values():
        while v and v[-1] == "":
            v.pop()
    return out


def do_build(d, out_name="picross.p8"):
    """Build as `make cart` does: the cart as shipped (minified) at `out`, the same with the
    source's names beside it (source_of(out)), the manifest."""
    out = d.parent / "build" / out_name
    res = build_to(d / "worlds.json", d / "main.lua", out, out.with_suffix(".json"), source_of(out))
    return res, out


def source_of(out):
    """The unminified cart do_build writes beside `out` (the generated constants by name)."""
    return out.with_name(out.stem + "-src.p8")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    d = cart_dir(tmp_path_factory.mktemp("small"), counts=(3, 2))
    res, out = do_build(d)
    return d, res, out


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """As many puzzles as the save data tracks (254, of the 263 15x15 the ROM holds), with the art."""
    d = cart_dir(tmp_path_factory.mktemp("full"), counts=(150, romdata.SAVE_RECORDS - 150))
    res, out = do_build(d)
    return d, res, out


def test_small_cart_sections_and_sizes(small):
    _, res, out = small
    text = out.read_text()
    assert text.startswith("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n")
    s = sections(text)
    # map and gff: the code font at the puzzle area's end (5 puzzles leave the rest 0); sfx and
    # music from cart/
    assert list(s) == ["lua", "gfx", "label", "gff", "map", "sfx", "music"]
    assert len(s["gfx"]) == 128 and all(len(x) == 128 for x in s["gfx"])
    assert len(s["label"]) == 128 and all(len(x) == 128 for x in s["label"])
    cart = pico_cart.read_cart(str(out))
    assert cart.version_id == 42
    assert cart.label is not None


def test_full_cart_fits_254_puzzles_with_the_art(full):
    d, res, out = full
    s = sections(out.read_text())
    assert list(s) == ["lua", "gfx", "label", "gff", "map", "sfx", "music"]
    assert len(s["map"]) == 32 and all(len(x) == 256 for x in s["map"])
    rom = res.manifest["counts"]["rom"]
    assert rom["puzzles"] == romdata.SAVE_RECORDS == 254 <= romdata.PZ_CAPACITY == 263
    # the puzzle area less the code font's 288 bytes at its end; a table byte and 30 bytes each
    assert rom["free_bytes"] == 8448 - 288 - 254 * 31


def test_the_code_font_is_at_the_end_of_the_puzzle_area(full):
    """codefont.py's glyphs in the built cart's ROM at FONT_BASE (its last bytes, after every
    puzzle), the address the cart's constants name."""
    from generator.cartbuild import codefont
    d, res, out = full
    rom = pico_cart.read_cart(str(out)).rom
    assert romdata.FONT_BASE + codefont.FONT_BYTES == romdata.GFF + romdata.GFF_SIZE
    assert bytes(rom[romdata.FONT_BASE:romdata.FONT_BASE + codefont.FONT_BYTES]) == codefont.font_bytes()
    used = res.manifest["counts"]["rom"]["puzzle_bytes"]
    assert romdata.PZ_BASE + used <= romdata.FONT_BASE


def test_puzzle_bits_read_back_from_cart_memory(full):
    d, res, out = full
    cart = pico_cart.read_cart(str(out))
    want = (json.loads((d / "b0.json").read_text())["puzzles"]
            + json.loads((d / "b1.json").read_text())["puzzles"])
    assert len(want) == 254
    placed = res.manifest["puzzles"]
    # the build orders each world by difficulty: the same puzzles, each world's in a new order
    assert sorted(map(tuple, (p["rows"] for p in placed[:150]))) == sorted(tuple(p["rows"]) for p in want[:150])
    assert sorted(map(tuple, (p["rows"] for p in placed[150:]))) == sorted(tuple(p["rows"]) for p in want[150:])
    for p, pz in enumerate(placed):
        assert cart.rom[0x1000 + p] & 15 == 3                    # the table: 15x15
        a = 0x1000 + 254 + p * 30
        assert pz["address"] == a
        for r, row in enumerate(pz["rows"]):
            word = cart.rom[a + 2 * r] | (cart.rom[a + 2 * r + 1] << 8)
            assert "".join("#" if (word >> x) & 1 else "." for x in range(16)) == row + "."
    assert res.manifest["puzzles"][253]["address"] == 0x1000 + 254 + 253 * 30
    # the art is in place: the swatch strips (rows 8-15, 4x4 cells) read back as slots 0..15,
    # left pixel of a byte in its low nibble
    for y in range(8, 16):
        pix = [(cart.rom[y * 64 + x // 2] >> (4 * (x % 2))) & 15 for x in range(64)]
        assert pix == [x // 4 for x in range(64)]


def test_lua_reads_puzzles_worlds_and_names_like_the_game_will(full):
    """Run the cart's own Lua in lupaz8 over the cart's ROM: peek2 per the contract."""
    d, res, out = full
    cart = pico_cart.read_cart(str(source_of(out)))
    rt = luaz8.LuaRuntime()
    rom = bytes(cart.rom[0:0x4300])
    for a in range(0, len(rom), 64):
        rt.execute("poke(%d,%s)" % (a, ",".join(str(b) for b in rom[a:a + 64])))
    # only the generated constants (the game's own code may call what lupaz8 lacks)
    start = cart.code.index("pz_base,")
    rt.execute(cart.code[start:cart.code.index("\nend\n", cart.code.index("worlds={}")) + 5])
    rt.execute("""
      out={}
      local a=pz_base+pz_count
      for w in all(worlds) do
        for p=w.first,w.first+w.count-1 do
          local s,n="",peek(pz_base+p)%16*5
          for r=0,n-1 do
            local v=peek2(a+r*(n\\8+1))&(1<<n)-1
            for x=0,n-1 do s..=(v>>x)&1==1 and "#" or "." end
          end
          a+=n*(n\\8+1)
          add(out,s)
        end
      end
      got=""
      for s in all(out) do got..=s.."\\n" end
      nw=#worlds n=pz_count nn=#pz_names
    """)
    rows = rt.eval("got").split("\n")[:-1]
    assert rt.eval("nw") == 2 and rt.eval("n") == 254 and rt.eval("nn") == 254
    assert rows == ["".join(p["rows"]) for p in res.manifest["puzzles"]]


def test_token_count_matches_shrinko_reading_the_cart(small):
    _, res, out = small
    cart = pico_cart.read_cart(str(out))
    assert count_text(cart.code).tokens == res.manifest["counts"]["tokens"]["total"] == res.total.tokens
    assert sum(res.manifest["counts"]["tokens"]["files"].values()) == res.total.tokens
    assert {"(generated constants)", "main.lua", "solver.lua"} <= set(res.manifest["counts"]["tokens"]["files"])


def test_palettes_in_lua_and_manifest(small):
    _, res, out = small
    cart = pico_cart.read_cart(str(source_of(out)))
    # the worlds table as the cart's Lua reads it (lupaz8), against the manifest
    rt = luaz8.LuaRuntime()
    start = cart.code.index("worlds={}")
    rt.execute(cart.code[start:cart.code.index("\nend\n", start) + 5])
    rt.execute('s="" for w in all(worlds) do for i=0,15 do s..=w.pal[i].."," end s..="/" end')
    lua_pals = [[int(c) for c in t.split(",")[:-1]] for t in rt.eval("s").split("/")[:-1]]
    assert lua_pals == [w["pal"] for w in res.manifest["worlds"]]
    for w in res.manifest["worlds"]:
        assert len(w["pal"]) == 16
        assert all(0 <= c < 16 or 128 <= c < 144 for c in w["pal"])
    assert all(e["delta_e"] < 10 for pal in res.manifest["palettes"].values() for e in pal)


def test_two_builds_are_byte_identical(tmp_path, small):
    d, res, out = small
    res2, out2 = do_build(d, "again.p8")
    assert out2.read_bytes() == out.read_bytes()
    assert source_of(out2).read_bytes() == source_of(out).read_bytes()
    assert out2.with_suffix(".json").read_bytes() == out.with_suffix(".json").read_bytes()
    assert source_of(out2).with_suffix(".json").read_bytes() == source_of(out).with_suffix(".json").read_bytes()


def test_the_source_carts_manifest_is_the_shipped_one_without_its_rename_map(small):
    _, _, out = small
    shipped = json.loads(out.with_suffix(".json").read_text())
    source = json.loads(source_of(out).with_suffix(".json").read_text())
    assert shipped["names"] and "names" not in source
    assert source == {k: v for k, v in shipped.items() if k != "names"}


def test_failed_build_leaves_the_previous_cart(tmp_path):
    d = cart_dir(tmp_path, counts=(2, 2))
    res, out = do_build(d)
    before, before_m = out.read_bytes(), out.with_suffix(".json").read_bytes()
    stall = np.zeros((15, 15), dtype=bool)
    stall[0, 0] = stall[1, 1] = True        # two solutions: line logic stalls
    write_batch(d / "b1.json", Batch([Puzzle.from_grid(stall)]))
    with pytest.raises(UserError, match=r"world lookout: .*b1.json puzzle 0: not line-solvable \(stalled"):
        do_build(d)
    assert out.read_bytes() == before and out.with_suffix(".json").read_bytes() == before_m
    assert sorted(p.name for p in out.parent.iterdir()) == [
        "picross-src.json", "picross-src.p8", "picross.json", "picross.p8"]


def test_clue_mismatch_and_size_refused(tmp_path):
    d = cart_dir(tmp_path, counts=(2, 2))
    data = json.loads((d / "b0.json").read_text())
    data["puzzles"][1]["row_clues"][0] = [15]
    (d / "b0.json").write_text(json.dumps(data))
    with pytest.raises(UserError, match=r"world spires: .*b0.json: puzzle 1: row_clues do not match"):
        do_build(d)
    write_batch(d / "b0.json", Batch([Puzzle.from_grid(np.ones((7, 7), dtype=bool))]))
    with pytest.raises(UserError, match=r"b0.json puzzle 0: is 7x7; the cart holds 5x5, 10x10 and 15x15"):
        do_build(d)


def test_oversize_batch_refused_with_byte_counts(tmp_path):
    d = cart_dir(tmp_path, counts=(1, 1))
    write_solvable_batch(d / "b0.json", romdata.PZ_CAPACITY, 3)
    with pytest.raises(UserError) as e:
        do_build(d)
    msg = str(e.value)
    assert "264 puzzles need 8184 bytes" in msg and "8160 bytes are free" in msg and "drop 24 bytes" in msg
    assert "the code font takes 0x2fe0-0x30ff" in msg and "\n" not in msg


def test_more_puzzles_than_the_save_data_tracks_refused(tmp_path):
    d = cart_dir(tmp_path, counts=(1, 1))
    write_solvable_batch(d / "b0.json", romdata.SAVE_RECORDS, 3)
    with pytest.raises(UserError, match=r"255 puzzles fit in ROM, but the cart's save data keeps "
                                        r"progress for 254 .*drop 1 puzzles"):
        do_build(d)


@pytest.mark.slow
def test_over_budget_names_the_files(tmp_path):
    d = cart_dir(tmp_path, counts=(1, 1))
    (d / "solver.lua").write_text("x=" + "+".join(["1"] * 250) + "\n")     # 2 + 499 tokens
    with pytest.raises(UserError) as e:
        do_build(d)
    msg = str(e.value)
    assert "solver.lua has 501 tokens (budget 330)" in msg
    assert "main.lua" in msg and "(generated constants)" in msg
    (d / "solver.lua").write_text("-- fine\n")
    (d / "main.lua").write_text("#include solver.lua\n" + "y=" + "+".join(["1"] * 4200) + "\n")
    with pytest.raises(UserError, match=r"the cart has \d+ tokens \(limit 8192\).*main.lua 8401 tokens"):
        do_build(d)
    assert not (d.parent / "build" / "picross.p8").exists()


@pytest.mark.slow
def test_long_names_cost_the_shipped_cart_no_compressed_bytes(tmp_path):
    """Descriptive names are the sources' to choose: a cart whose Lua, as written, compresses
    past the 15,360 bytes a .p8.png holds builds when its shipped (minified) cart fits; one
    whose shipped cart would not fit is refused, naming the limit."""
    import random
    rng = random.Random(7)
    names = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz_") for _ in range(48)) for _ in range(700)]
    d = cart_dir(tmp_path, counts=(1, 1))
    (d / "main.lua").write_text("#include solver.lua\n" + "".join(f"v{n}=1\n" for n in names))
    res, _ = do_build(d)
    assert res.manifest["counts"]["compressed"]["total"] < 15360
    text = "".join(f"v{n}=1\n" for n in names)
    assert count_text(text).compressed > 15360        # as written: over the .p8.png's budget
    (d / "main.lua").write_text("#include solver.lua\n" + "".join(f's{i}="{n}"\n' for i, n in enumerate(names[:600])))
    with pytest.raises(UserError, match=r"the cart has \d+ compressed bytes \(limit 15360\)"):
        do_build(d)


@pytest.mark.slow
def test_names_are_lowercased_and_checked(tmp_path):
    d = cart_dir(tmp_path, counts=(2, 1))
    pz = solvable_puzzles(2, 11)
    pz[1].name = "Crow"
    write_batch(d / "b0.json", Batch(pz))
    res, out = do_build(d)
    # the ramp puts a world's pictures before its random puzzles
    assert 'pz_names=split("crow,,",",",false)' in source_of(out).read_text()
    assert res.manifest["puzzles"][0]["name"] == "crow" and res.manifest["puzzles"][0]["source"] == "b0.json#1"
    pz[1].name = "a,b"
    write_batch(d / "b0.json", Batch(pz))
    with pytest.raises(UserError, match="b0.json puzzle 1 name"):
        do_build(d)


@pytest.mark.slow
def test_cli_one_line_error_and_counts(tmp_path, small):
    d, _, _ = small
    r = subprocess.run([sys.executable, str(REPO / "build.py"), "--worlds", str(tmp_path / "none.json")],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and "none.json" in r.stderr
    out = tmp_path / "c.p8"
    r = subprocess.run([sys.executable, str(REPO / "build.py"), "--worlds", str(d / "worlds.json"),
                        "--main", str(d / "main.lua"), "--out", str(out), "--palettes"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "cart total" in r.stdout and "solver.lua" in r.stdout and "rom: 5 puzzles" in r.stdout
    assert "palette lookout" in r.stdout
    assert out.exists() and out.with_suffix(".json").exists()
    assert os.path.getsize(out) > 0
