"""The .p8 writer against shrinko's reader for every ROM section, and #include inlining."""
import random

import numpy as np
import pytest

import shrinko.shrinko8  # noqa: F401
import pico_cart  # noqa: E402

from generator import UserError
from generator.cartbuild.p8file import cart_text
from generator.cartbuild.lua import constants_chunk, inline_includes
from generator.cartbuild.tokens import count_text
from lupaz8 import luaz8
from generator.cartbuild.rom import ROM_SIZE


def read_back(tmp_path, text):
    p = tmp_path / "c.p8"
    p.write_text(text)
    return pico_cart.read_cart(str(p))


def test_every_rom_byte_round_trips_through_shrinkos_reader(tmp_path):
    rnd = random.Random(5)
    rom = bytearray(rnd.randrange(256) for _ in range(ROM_SIZE))
    label = np.array([[rnd.randrange(32) for _ in range(128)] for _ in range(128)], dtype=np.uint8)
    cart = read_back(tmp_path, cart_text("print(1)\n", rom, label))
    assert bytes(cart.rom[0:ROM_SIZE]) == bytes(rom)
    assert [[cart.label[x, y] for x in range(128)] for y in range(128)] == label.tolist()
    assert cart.code.strip() == "print(1)"


def test_zero_sections_are_left_out(tmp_path):
    rom = bytearray(ROM_SIZE)
    rom[0x3200 + 65] = 3            # sfx 0's speed
    text = cart_text("x=1", rom, None)
    assert "__gfx__" not in text and "__map__" not in text and "__label__" not in text
    assert "__sfx__" in text and "__music__" not in text
    assert read_back(tmp_path, text).rom[0x3200 + 65] == 3


def test_lua_line_that_looks_like_a_section_is_refused():
    with pytest.raises(UserError, match="line 2"):
        cart_text("x=1\n__gfx__\n", bytearray(ROM_SIZE), None)


def test_includes_inline_recursively_in_order(tmp_path):
    (tmp_path / "main.lua").write_text("-- main\n#include a.lua\nm=1\n#include sub/b.lua\n")
    (tmp_path / "a.lua").write_text("a=1\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.lua").write_text("#include c.lua\nb=2\n")
    (tmp_path / "sub" / "c.lua").write_text("c=3\n")
    code, pieces = inline_includes(tmp_path / "main.lua")
    assert code == "-- main\na=1\nm=1\nc=3\nb=2\n"
    assert [p.name for p in pieces] == ["main.lua", "a.lua", "sub/b.lua", "sub/c.lua"]
    assert pieces[2].text == "b=2\n"


def test_include_cycles_repeats_and_missing_files_refused(tmp_path):
    (tmp_path / "m.lua").write_text("#include n.lua\n")
    (tmp_path / "n.lua").write_text("#include m.lua\n")
    with pytest.raises(UserError, match="cycle"):
        inline_includes(tmp_path / "m.lua")
    (tmp_path / "r.lua").write_text("#include a.lua\n#include a.lua\n")
    (tmp_path / "a.lua").write_text("a=1\n")
    with pytest.raises(UserError, match="included twice"):
        inline_includes(tmp_path / "r.lua")
    (tmp_path / "x.lua").write_text("#include nothere.lua\n")
    with pytest.raises(UserError, match="nothere.lua: no such Lua file"):
        inline_includes(tmp_path / "x.lua")


def test_constants_chunk_shape():
    w = dict(name="a", title="t 1", first=0, count=2, bx=0, by=16, bw=128, bh=24,
             pal=[0, *range(129, 144)], ui=list(range(15, -1, -1)))
    text = constants_chunk(0x1000, [None, "crow"], [w, dict(w, name="b", first=2, count=0)],
                           code_font=0x2fe0)
    assert text.startswith("-- picross8\n")
    assert "pz_base,pz_count,code_font=0x1000,2,0x2fe0\n" in text
    assert 'pz_names=split(",crow",",",false)\n' in text
    # the worlds, read back by lupaz8 as the cart reads them: tables indexed from 0
    rt = luaz8.LuaRuntime()
    rt.execute(text)
    rt.execute("""
      s=""
      for w in all(worlds) do
        s..=w.name.."|"..w.title.."|"..w.first.."|"..w.count.."|"..w.bx.."|"..w.by.."|"..w.bw.."|"..w.bh
        for k in all(split"pal,ui,dim") do
          s..="|"
          for i=0,15 do s..=w[k][i].."," end
        end
        s..="\\n"
      end
    """)
    pal = "0," + "".join(f"{c}," for c in range(129, 144))
    ui = "".join(f"{c}," for c in range(15, -1, -1))
    one = f"|0|2|0|16|128|24|{pal}|{ui}|{'0,' * 16}"
    assert rt.eval("s") == f"a|t 1{one}\nb|t 1{one.replace('|0|2|', '|2|0|', 1)}\n"
    # a world costs a record in one string: the chunk's tokens do not grow with the worlds
    assert count_text(text).tokens == count_text(constants_chunk(0x1000, [None, "crow"], [w])).tokens


from hypothesis import given, settings, strategies as st  # noqa: E402

from generator.cartbuild.rom import PZ_BASE, pack_puzzles  # noqa: E402


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.lists(st.booleans(), min_size=15, max_size=15), min_size=15, max_size=15),
                min_size=1, max_size=6),
       st.binary(min_size=64, max_size=64))
def test_puzzles_and_sfx_round_trip(tmp_path_factory, grids, sfx):
    """Random solutions and sfx bytes -> .p8 -> shrinko's reader: peek2 semantics hold."""
    rom = bytearray(ROM_SIZE)
    pack_puzzles(rom, [np.array(g) for g in grids])
    rom[0x3200:0x3240] = sfx
    cart = read_back(tmp_path_factory.mktemp("h"), cart_text("x=1\n", rom, None))
    assert bytes(cart.rom[0x3200:0x3240]) == sfx
    for p, g in enumerate(grids):
        for r, row in enumerate(g):
            a = PZ_BASE + len(grids) + p * 30 + r * 2
            word = cart.rom[a] | cart.rom[a + 1] << 8
            assert [bool((word >> x) & 1) for x in range(16)] == row + [False]


def test_comment_lines_stay_out_of_the_cart_but_in_the_counts(tmp_path):
    """The assembled code drops comment-only lines (not --lint: directives, not code with a
    trailing comment); the pieces keep them, and origins still name the right source lines."""
    (tmp_path / "a.lua").write_text("-- about a\nx=1 -- one\n--lint: x\n  -- indented\ny=2\n")
    (tmp_path / "main.lua").write_text("-- main\n#include a.lua\nz=3\n")
    origins = []
    code, pieces = inline_includes(tmp_path / "main.lua", origins=origins, drop_comments=True)
    assert code.splitlines() == ["x=1 -- one", "--lint: x", "y=2", "z=3"]
    assert origins == [("a.lua", 2), ("a.lua", 3), ("a.lua", 5), ("main.lua", 3)]
    assert "-- about a" in next(p for p in pieces if p.name == "a.lua").text
    kept, _ = inline_includes(tmp_path / "main.lua")
    assert "-- about a" in kept and "  -- indented" in kept
