"""The headless console against hand-written carts: pixels, text, input, persistence, counting."""
from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest
from PIL import Image
from click.testing import CliRunner

from generator.console import CartError, Console
from generator.console.__main__ import main as console_cli
from generator.console.picture import PALETTE

from consolecarts import make, p8_text  # noqa: F401  (make: a fixture)


def drawn(lua_draw: str, make, **kw) -> np.ndarray:
    """The screen after one frame whose _draw is cls() then `lua_draw`."""
    c = make(f"function _draw() cls() {lua_draw} end", **kw)
    c.step()
    return c.screen()


def ys_xs(mask: np.ndarray) -> set:
    return {(int(y), int(x)) for y, x in zip(*np.nonzero(mask))}


# ---------------------------------------------------------------- cart data and memory
def test_rom_sections_land_at_their_addresses_with_pico8_nibble_order(make):
    c = make("", gfx="01234567\n89abcdef", gff="0102", map="0a0b")
    assert c.peek(0x0000, 4) == bytes([0x10, 0x32, 0x54, 0x76])   # left pixel = low nibble
    assert c.peek(0x0040, 4) == bytes([0x98, 0xBA, 0xDC, 0xFE])   # second gfx row
    assert c.peek(0x3000, 2) == bytes([0x01, 0x02])                 # flags of sprites 0, 1
    assert c.peek(0x2000, 2) == bytes([0x0A, 0x0B])                 # map row 0


def test_sfx_and_music_sections_land_at_0x3200_and_0x3100(make):
    # sfx 0: editor mode 0, speed 12, loops 0/0; note 0 = pitch 0x18, wave 1, volume 5, fx 0
    c = make("", sfx="000c0000" + "18150" + "0" * 155, music="01 41424344")
    note = 0x18 | 1 << 6 | 5 << 9
    assert c.peek(0x3200, 2) == note.to_bytes(2, "little")
    assert c.peek(0x3200 + 64, 4) == bytes([0, 12, 0, 0])
    assert c.peek(0x3100, 4) == bytes([0x41 | 0x80, 0x42, 0x43, 0x44])  # flag bit 0 -> ch 0


def test_screen_memory_and_pset_agree(make):
    c = make("""function _draw()
 cls() pset(0,0,7) pset(1,0,8)
 a=peek(0x6000)
 poke(0x6001, 0x21) b=pget(2,0) d=pget(3,0)
 memcpy(0x8000, 0x6000, 0x2000) cls() memcpy(0x6000, 0x8000, 0x2000)
 e=pget(1,0)
end""")
    c.step()
    assert c.global_("a") == 0x87
    assert (c.global_("b"), c.global_("d")) == (1, 2)
    assert c.global_("e") == 8
    assert c.screen()[0, :4].tolist() == [7, 8, 1, 2]


# ---------------------------------------------------------------- primitives
def test_rect_outline_includes_both_corners(make):
    s = drawn("rect(10,3,2,8,7)", make)   # corners given in reverse order
    want = {(y, x) for y in range(3, 9) for x in range(2, 11)
            if y in (3, 8) or x in (2, 10)}
    assert ys_xs(s == 7) == want


def test_rectfill_and_line_endpoints(make):
    s = drawn("rectfill(5,5,7,6,9) line(20,20,30,25,11) line(40,0,40,0,12)", make)
    assert ys_xs(s == 9) == {(y, x) for y in (5, 6) for x in (5, 6, 7)}
    line = ys_xs(s == 11)
    assert (20, 20) in line and (25, 30) in line and len(line) == 11
    assert sorted(x for _, x in line) == list(range(20, 31))   # one pixel per column
    assert ys_xs(s == 12) == {(0, 40)}


@pytest.mark.parametrize("r", [0, 1, 3, 7, 20])
def test_circfill_has_the_radius_and_circ_is_its_rim(make, r):
    s = drawn(f"circfill(64,64,{r},8)", make)
    ys, xs = np.nonzero(s == 8)
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == (64 - r, 64 + r, 64 - r, 64 + r)
    box = (s == 8)[64 - r:65 + r, 64 - r:65 + r]
    assert np.array_equal(box, box.T) and np.array_equal(box, box[::-1, ::-1])  # symmetric
    assert np.array_equal(box, box[:, ::-1])
    filled = s == 8
    rim = drawn(f"circ(64,64,{r},8)", make) == 8
    assert ys_xs(rim) <= ys_xs(filled)
    assert {(64, 64 - r), (64, 64 + r), (64 - r, 64), (64 + r, 64)} <= ys_xs(rim)


def test_ovalfill_fills_its_box_edges(make):
    s = drawn("ovalfill(10,20,40,30,14)", make) == 14
    ys, xs = np.nonzero(s)
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == (10, 40, 20, 30)


def test_camera_and_clip(make):
    s = drawn("camera(10,20) pset(15,25,7) camera() clip(0,0,4,4) rectfill(0,0,9,9,8)", make)
    assert s[5, 5] == 7
    assert ys_xs(s == 8) == {(y, x) for y in range(4) for x in range(4)}


def test_fillp_checkerboard_uses_the_high_nibble_and_transparency_bit(make):
    s = drawn("fillp(0b1010010110100101) rectfill(0,0,3,3,0x9e)"
              " fillp() rectfill(8,0,11,3,5) fillp(0b1010010110100101.1) rectfill(8,0,11,3,12)", make)
    # pattern bit 15 is the top-left pixel; set bits take the high nibble (9), clear the low (e)
    want = np.array([[9, 14, 9, 14], [14, 9, 14, 9], [9, 14, 9, 14], [14, 9, 14, 9]])
    assert np.array_equal(s[0:4, 0:4], want)
    # with the transparency bit, set bits leave what was there (5)
    assert np.array_equal(s[0:4, 8:12], np.where(want == 9, 5, 12))


# ---------------------------------------------------------------- sprites and map
SHEET = "0123\n4567"   # sprite 0: row 0 = 0 1 2 3, row 1 = 4 5 6 7


def test_spr_with_pal_palt_and_flip(make):
    s = drawn("spr(0,10,10) pal(1,9) spr(0,10,20) pal() palt(0,false) spr(0,10,30,1,1,true)",
              make, gfx=SHEET)
    assert s[10, 10:14].tolist() == [0, 1, 2, 3]        # colour 0 transparent (cls = 0 anyway)
    assert s[11, 10:14].tolist() == [4, 5, 6, 7]
    assert s[20, 10:14].tolist() == [0, 9, 2, 3]        # pal(1,9)
    assert s[30, 14:18].tolist() == [3, 2, 1, 0]        # flipped: sprite is 8 wide
    s2 = drawn("rectfill(0,0,20,20,8) spr(0,0,0) palt(0,false) spr(0,10,0)", make, gfx=SHEET)
    assert s2[0, 0] == 8 and s2[0, 10] == 0             # transparent, then opaque black


def test_sspr_scales_by_nearest_neighbour(make):
    s = drawn("sspr(0,0,4,2,20,20,8,4) sspr(0,0,4,2,40,20,4,2,true)", make, gfx=SHEET)
    assert s[20, 20:28].tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert s[21, 20:28].tolist() == s[20, 20:28].tolist()
    assert s[22, 20:28].tolist() == [4, 4, 5, 5, 6, 6, 7, 7]
    assert s[20, 40:44].tolist() == [3, 2, 1, 0]


def test_map_mget_mset_fget(make):
    c = make("""function _draw()
 cls() mset(1,0,1) map(0,0,0,0,2,1) a=mget(1,0) b=fget(1,0) d=fget(1)
 map(0,0,0,8,2,1,2)
end""", gfx="0000000012340000", gff="0003", map="0000")
    c.step()
    s = c.screen()
    assert s[0, 8:12].tolist() == [1, 2, 3, 4]       # tile 1 at cell (1,0)
    assert (c.global_("a"), c.global_("b"), c.global_("d")) == (1, True, 3)
    assert s[8, 8:12].tolist() == [1, 2, 3, 4]       # flags 3 include layer bit 2


# ---------------------------------------------------------------- text
def font_glyph(ch: str) -> np.ndarray:
    """The glyph straight from shrinko's font.png (an oracle independent of text.py)."""
    import shrinko.shrinko8  # noqa: F401
    with (resources.files("shrinko") / "font.png").open("rb") as f:
        a = np.asarray(Image.open(f).convert("RGBA"))[:, :, 3] > 0
    code = ord(ch)
    return a[code // 16 * 6:code // 16 * 6 + 6, code % 16 * 8:code % 16 * 8 + 4]


def test_print_draws_font_glyphs_returns_width_and_records(make):
    c = make("""function _draw()
 cls() w=print("hello",10,20,7) w2=print("ab\\ncde",0,40) print("\\f8x\\fcy",0,60)
end""")
    c.step()
    s = c.screen()
    assert c.global_("w") == 10 + 5 * 4
    assert c.global_("w2") == 12
    assert np.array_equal(s[20:26, 10:14] == 7, font_glyph("h"))
    assert np.array_equal(s[46:52, 0:4] == 7, font_glyph("c"))   # second line, 6 px down
    assert np.array_equal(s[60:66, 0:4] == 8, font_glyph("x"))
    assert np.array_equal(s[60:66, 4:8] == 12, font_glyph("y"))
    assert [(p.text, p.x, p.y, p.colour) for p in c.prints][:2] == [
        ("hello", 10, 20, 7), ("ab\ncde", 0, 40, 7)]
    assert "hello" in c.text()
    assert c.find_print("cde").y == 40 and c.find_print("nowhere") is None


def test_print_wide_glyph_and_cursor(make):
    c = make("""function _draw()
 cls() cursor(4,4,9) print("⬅️") print("a") w=print("⬅️", 0, 100)
end""")
    c.step()
    assert c.global_("w") == 8
    assert [(p.text, p.x, p.y, p.colour) for p in c.prints] == [
        ("⬅️", 4, 4, 9), ("a", 4, 10, 9), ("⬅️", 0, 100, 9)]


def test_every_p8scii_control_code_is_read_and_none_fails(make):
    # the runtime reads every code as PICO-8 does (generator/runtime/text.lua): \^i inverts
    # the character cell, \a's audio command is skipped (a headless console plays nothing)
    c = make('function _draw() cls() print("i",0,0,7) print("\\^ii",0,10,7)'
             ' print("\\aspeak",0,20,7) end')
    c.step()
    s = c.screen() == 7
    assert s[0:6, 0:4].any() and np.array_equal(s[10:16, 0:4], ~s[0:6, 0:4])
    assert not s[20:26].any()


def test_print_wide_tall_and_jump(make):
    c = make('function _draw() cls() w=print("\\^wa\\^-wb",0,0,7) print("\\^tc\\nd",0,20,7)'
             ' print("\\^j45e",0,0,7) end')
    c.step()
    s = c.screen()
    assert c.global_("w") == 8 + 4
    assert np.array_equal(s[0:6, 0:8] == 7, font_glyph("a").repeat(2, axis=1))
    assert np.array_equal(s[0:6, 8:12] == 7, font_glyph("b"))
    assert np.array_equal(s[20:32, 0:4] == 7, font_glyph("c").repeat(2, axis=0))
    assert np.array_equal(s[32:44, 0:4] == 7, font_glyph("d").repeat(2, axis=0))  # still tall
    assert np.array_equal(s[20:26, 16:20] == 7, font_glyph("e"))  # jump to (4*4, 5*4)


# ---------------------------------------------------------------- palettes and pictures
def test_display_palette_reaches_the_png(make, tmp_path):
    c = make("function _draw() cls(1) pset(0,0,2) pal(1,140,1) end")
    c.step()
    assert c.display()[5, 5] == 140 and c.display()[0, 0] == 2
    assert c.palette_indices()[5, 5] == 28 and c.screen()[5, 5] == 1
    path = c.screenshot(tmp_path / "a.png")
    img = np.asarray(Image.open(path).convert("RGB"))
    assert img.shape == (128, 128, 3)
    assert tuple(img[5, 5]) == (0x06, 0x5A, 0xB5) == tuple(PALETTE[16 + 12])
    assert tuple(img[0, 0]) == (0x7E, 0x25, 0x53)
    big = np.asarray(Image.open(c.screenshot(tmp_path / "b.png", scale=4)).convert("RGB"))
    assert big.shape == (512, 512, 3) and (big[::4, ::4] == img).all()
    assert c.png(4) == (tmp_path / "b.png").read_bytes() == c.png(4)   # deterministic bytes


def test_pal_reset_and_table_forms(make):
    c = make("function _draw() cls() pal({[0]=8,9},0) pset(0,0,0) pset(1,0,1) pal() pset(2,0,1)"
             " pal({[1]=129},1) end")
    c.step()
    assert c.screen()[0, :3].tolist() == [8, 9, 1]
    assert c.display()[0, 2] == 129


# ---------------------------------------------------------------- input
def btnp_frames(make, update="_update", frames=40):
    c = make(f"hits={{}} function {update}() if btnp(1) then add(hits, t()) end end")
    c.hold("right", frames=frames)
    return [round(h * c.fps) - 1 for h in c.lua.eval("hits").values()]


def test_btnp_repeats_after_15_frames_then_every_4(make):
    assert btnp_frames(make) == [0, 15, 19, 23, 27, 31, 35, 39]


def test_btnp_timing_doubles_at_60fps(make):
    assert btnp_frames(make, "_update60", frames=50) == [0, 30, 38, 46]


def test_btn_and_press(make):
    c = make("n=0 function _update() if btnp(5) then n+=1 end held=btn() end")
    c.press("x")
    c.press("x", frames=2)
    c.step(buttons={"left", 4})
    assert c.global_("n") == 2
    assert c.global_("held") == 0b10001
    c.step(buttons="left")
    assert c.global_("held") == 0b1


# ---------------------------------------------------------------- persistence and records
def test_cartdata_persists_across_consoles(make, tmp_path):
    lua = """function _init() had=cartdata("picross8_test") end
function _update() if btnp(5) then dset(3, dget(3)+1.5) end end"""
    store = {}
    a = make(lua, cartdata=store)
    a.press("x")
    assert a.global_("had") is False
    b = make(lua, cartdata=store)
    assert b.global_("had") is True
    b.press("x")
    assert b.global_("dget")(3) == 3.0
    path = tmp_path / "save.json"
    make(lua, cartdata=str(path)).press("x")
    c = make(lua, cartdata=path)
    assert c.global_("had") is True and c.global_("dget")(3) == 1.5
    assert "picross8_test" in json.loads(path.read_text())


def test_sfx_music_menuitem_extcmd_are_recorded(make):
    c = make("""function _init() menuitem(1, "hint", function(b) hinted=b return true end) end
function _update() sfx(3) music(0) extcmd("pause") end""")
    c.step()
    assert [s[1] for s in c.sfx_calls] == [3] and [m[1] for m in c.music_calls] == [0]
    assert c.extcmds == [(1, "pause")]
    assert c.menu_items() == {1: "hint"}
    assert c.choose_menuitem("hint") is True
    assert c.global_("hinted") == 32


def test_rnd_is_deterministic_and_srand_resets_it(make):
    lua = "srand(7) a={} for i=1,5 do add(a, rnd(10)) end b=rnd({4,5,6}) srand(7) c1=rnd(10)"
    one, two = make(lua), make(lua)
    va = list(one.lua.eval("a").values())
    assert va == list(two.lua.eval("a").values())
    assert all(0 <= v < 10 for v in va) and len(set(va)) == 5
    assert one.global_("c1") == va[0]
    assert one.global_("b") in (4, 5, 6)


def test_pico8_trig_conventions(make):
    c = make("a,b,d,e,f=sin(0.25),cos(0),sin(0.75),cos(0.5),atan2(0,1)")
    assert [c.global_(k) for k in "abdef"] == [-1, 1, 1, -1, 0.75]


# ---------------------------------------------------------------- errors
def test_unimplemented_api_is_a_loud_error_with_the_line(make):
    c = make("function _update()\n x=1\n load('other.p8')\nend")
    with pytest.raises(CartError, match=r"g\d+\.p8:6: unimplemented PICO-8 API: load"):
        c.step()


def test_lua_runtime_error_has_message_and_line(make):
    c = make("function _draw()\n local t\n return t.x\nend")
    with pytest.raises(CartError, match=r"\.p8:6: attempt to index local 't'"):
        c.step()


def test_non_pico8_lua_libraries_are_absent(make):
    c = make("s = string  m = math  o = os")
    assert [c.global_(k) for k in "smo"] == [None, None, None]
    c2 = make("x = undefined_global_is_nil")
    assert c2.global_("x") is None


def test_coroutine_error_is_raised_not_swallowed(make):
    c = make("co=cocreate(function() yield() local a=nil a+=1 end)"
             " function _update() coresume(co) end")
    c.step()
    with pytest.raises(CartError, match="in coroutine: .*attempt to perform arithmetic"):
        c.step()
    lenient = make("function _update() ok,msg=coresume(cocreate(function() error_here() end))"
                   " end", strict_coroutines=False)
    lenient.step()
    assert lenient.global_("ok") is False


def test_resuming_a_dead_coroutine_returns_false_even_when_strict(make):
    # manual, COROUTINES: coresume of a finished coroutine returns false (and a message); carts
    # resume a finished animation every frame without checking costatus, so strict mode (which
    # raises errors inside a coroutine) lets this one through
    c = make("co=cocreate(function() end) function _update() ok,msg=coresume(co) end")
    c.step(), c.step()
    assert c.global_("ok") is False and "dead" in c.global_("msg")


# ---------------------------------------------------------------- instruction counting
def loop_cart(n: int) -> str:
    return f"function _update() local s=0 for i=1,{n} do s+=i end end"


def test_instruction_count_is_deterministic_and_linear(make):
    counts = [make(loop_cart(n), hook_every=1).step().instructions for n in (100, 200, 300)]
    again = make(loop_cart(200), hook_every=1).step().instructions
    assert again == counts[1]
    step = counts[1] - counts[0]
    assert step > 100 and counts[2] - counts[1] == step   # a fixed cost per iteration
    c = make(loop_cart(300))                              # default: counted in steps
    assert c.count_step > 50
    # the first hook call comes after hook_every instructions, the others every count_step
    assert counts[2] - c.hook_every < c.step().instructions <= counts[2]


def test_budget_and_over_budget_frames_are_visible(make):
    c = make("function _update() local s=0 for i=1,30000 do s+=1 end for i=1,30000 do s+=1 end"
             " end")
    c.run_frames(2)
    assert c.budget == 133_333
    assert c.max_instructions > c.budget and len(c.instructions) == 2


def test_endless_loop_is_stopped(make):
    c = make("function _update() while true do end end", max_frame_instructions=200_000)
    with pytest.raises(CartError, match="instruction limit"):
        c.step()


def test_coroutine_runs_across_frames_and_is_counted(make):
    c = make("""function _init()
 n=0
 co=cocreate(function() for k=1,3 do local s=0 for i=1,2000 do s+=i end n+=1 yield() end end)
end
function _update() if costatus(co)!="dead" then coresume(co) end end""")
    frames = c.run_frames(5)
    assert c.global_("n") == 3
    busy, idle = [f.instructions for f in frames[:3]], [f.instructions for f in frames[4:]]
    assert min(busy) > 5000 and max(idle) < 100   # the loop is ~3 instructions an iteration


def test_stat1_inside_a_coroutine_is_the_frames_cpu_so_far(make):
    c = make("""function _init()
 co=cocreate(function() while true do for i=1,6000 do end v=stat(1) yield() end end)
end
function _update() coresume(co) end""")
    frame = c.run_frames(2)[-1]
    used = c.global_("v") * c.budget
    assert 6000 - c.hook_every <= used <= frame.instructions + c.count_step   # rounded down


# ---------------------------------------------------------------- CLI
def test_cli_runs_presses_and_writes_a_png(tmp_path):
    cart = tmp_path / "c.p8"
    cart.write_text(p8_text("x=0 function _update() if btnp(1) then x+=10 end end\n"
                              "function _draw() cls() print(x,0,0,7) end"))
    out = tmp_path / "shot.png"
    r = CliRunner().invoke(console_cli, [str(cart), "--press", "right", "--press", "right:2",
                                         "--frames", "3", "--out", str(out), "--scale", "2"])
    assert r.exit_code == 0, r.output
    assert "print 0,0 c7: 20" in r.output
    assert Image.open(out).size == (256, 256)
    bad = CliRunner().invoke(console_cli, [str(tmp_path / "missing.p8")])
    assert bad.exit_code == 1 and "no such cart" in bad.output


def test_time_stat_and_call(make):
    c = make("""function _update60() tt=t() end
function _draw() local s=0 for i=1,20000 do s+=i end cpu=stat(1) end
function twice(x) return 2*x end
function broken() return nil+1 end""")
    c.run_frames(3)
    assert c.fps == 60 and c.budget == 66_666
    assert c.global_("tt") == pytest.approx(3 / 60, abs=1e-4)
    assert c.global_("cpu") == pytest.approx(c.frames[-1].instructions / c.budget, abs=0.02)
    assert c.global_("cpu") > 0.5
    assert c.call("twice", 21) == 42
    with pytest.raises(CartError, match="attempt to perform arithmetic"):
        c.call("broken")


def test_every_write_of_the_draw_state_reaches_the_drawing(make):
    """The drawing keeps the draw state in locals: a memset reaching 0x5f00-0x5f7f from below
    it, a memcpy, poke2 and poke4 into it, and the host's own write all take effect at once."""
    c = make("function dot() pset(5,5,2) end\n"
             "function _draw() cls() memset(0x5e00, 7, 0x101) pset(0,0,0)"
             " memcpy(0x5f01, 0x4300, 1) pset(1,0,1) poke2(0x5f28, -2) pset(0,1,5)"
             " poke4(0x5f28, 0) pset(3,3,6) end")
    c.mem.write(0x4300, bytes([9]))
    c.step()
    s = c.screen()
    assert (s[0, 0], s[0, 1], s[1, 2], s[3, 3]) == (7, 9, 5, 6)
    c.mem.write(0x5F02, bytes([12]))
    c.call("dot")
    assert c.screen()[5, 5] == 12


def test_print_control_codes_repeat_move_and_background(make):
    c = make('function _draw() cls() w=print("\\*3a",0,0,7) print("\\#8b\\-jc",0,10,7)'
             ' print("x\\by",0,20,7) end')
    c.step()
    s = c.screen()
    assert c.global_("w") == 12
    for k in range(3):
        assert np.array_equal(s[0:6, 4 * k:4 * k + 4] == 7, font_glyph("a"))
    assert (s[10:16, 0:4][~font_glyph("b")] == 8).all()            # background cell
    assert np.array_equal(s[10:16, 7:11] == 7, font_glyph("c"))    # "\-j": x += 19-16
    assert np.array_equal(s[20:26, 0:4] == 7, font_glyph("x") | font_glyph("y"))


def test_draw_state_is_memory_mapped(make):
    c = make("function _draw() cls() poke(0x5f01, 9) pset(0,0,1) poke(0x5f11, 140)"
             " camera(-5,0) cam=peek2(0x5f28) end")
    c.step()
    assert c.screen()[0, 0] == 9 and c.global_("cam") == -5
    assert c.display()[0, 0] == 9 and (c.display() == 0).sum() == 128 * 128 - 1


def test_btnp_delays_poked_by_the_cart(make):
    c = make("hits=0 poke(0x5f5c, 255) function _update() if btnp(1) then hits+=1 end end")
    c.hold("right", frames=40)
    assert c.global_("hits") == 1
    d = make("hits=0 poke(0x5f5c, 5) poke(0x5f5d, 1) function _update()"
             " if btnp(1) then hits+=1 end end")
    d.hold("right", frames=10)
    assert d.global_("hits") == 1 + 5    # frame 0, then frames 5-9


def test_printing_at_the_cursor_scrolls_at_the_bottom(make):
    c = make("function _draw() cls() for i=1,22 do print(i, 7) end end")
    c.step()
    ys = [p.y for p in c.prints]
    assert ys[:3] == [0, 6, 12] and ys[-1] == 122   # the screen scrolled up to fit it
    s = c.screen()
    assert np.array_equal(s[122:128, 0:4] == 7, font_glyph("2"))
    assert np.array_equal(s[116:122, 0:4] == 7, font_glyph("2"))   # "21": 120, scrolled up 4


def _pico8_sequence(seed_bits: int, n: int, limit_bits: int = 1 << 16) -> list[int]:
    """PICO-8's generator written as its srand/rnd machine code does it (rol, add; the state as
    r, s), independently of the runtime's random.lua: the raw 16.16 bits of n calls rnd(limit)."""
    rol = lambda v: ((v << 16) | (v >> 16)) & 0xFFFFFFFF    # noqa: E731
    s = seed_bits & 0x7FFFFFFF or 0xDEADBEEF
    r = s ^ 0xBEAD29BA
    for _ in range(32):
        r = (rol(r) + s) & 0xFFFFFFFF
        s = (s + r) & 0xFFFFFFFF
    out = []
    for _ in range(n):
        r = (rol(r) + s) & 0xFFFFFFFF
        s = (s + r) & 0xFFFFFFFF
        out.append(r % limit_bits)
    return out


@pytest.mark.parametrize("seed", [0, 1, 7.5, 12345, -3, 32767, -32768])
def test_rnd_is_pico8s_generator(make, seed):
    from generator.console.fixed import to_raw
    c = make(f"srand({seed}) r={{}} for i=1,20 do r[i]=rnd(10) end")
    got = [to_raw(c.global_("r")[i]) for i in range(1, 21)]
    assert got == _pico8_sequence(to_raw(seed), 20, 10 << 16)
    assert all(0 <= g < 10 << 16 for g in got)


def test_srand_ignores_the_sign_bit_and_zero_is_its_own_seed(make):
    c = make("function seq(x) srand(x) local t={} for i=1,5 do t[i]=rnd() end return t end"
             " a,b,c=seq(-32768),seq(0),seq(1)")
    a, b, one = (c.global_(k) for k in "abc")
    assert [a[i] for i in range(1, 6)] == [b[i] for i in range(1, 6)]
    assert one[1] != b[1]


