"""Corners of the PICO-8 API that other people's carts rely on (glyphs, numeric strings, flip,
cstore, draw targets, peek operators, stat, ...), one test each.

Expected values come from the PICO-8 manual (0.2.6b) unless a comment names another source.
"""
from __future__ import annotations

import numpy as np
import pytest

from consolecarts import make  # noqa: F401  (fixture)
from generator.console import CartError


# ---------------------------------------------------------------- glyph globals
def test_button_glyphs_name_buttons_0_to_5(make):
    # manual, BTN: "Instead of using a number for B, it is also possible to use a button glyph"
    c = make("v={⬅️,➡️,⬆️,⬇️,🅾️,❎}\n"
             "function _update() l,r,x,o=btn(⬅️),btn(➡️),btn(❎),btn(🅾️) end")
    assert list(c.lua.eval("v").values()) == [0, 1, 2, 3, 4, 5]
    c.step(buttons={"left", "x"})
    assert [c.global_(k) for k in "lrxo"] == [True, False, True, False]


def test_fill_pattern_glyphs_carry_the_pattern_and_transparency(make):
    # values: PICO-8 wiki, Fillp, "Predefined pattern values" (also zepto8's and fake-08's)
    c = make("ok = ▒==0x5a5a.8 and ░==0x7d7d.8 and ▥==0x5555.8 and ★==0xb15f.8 and █==0\n"
             "function _draw() cls(1) fillp(▒) rectfill(0,0,3,3,8) fillp() end")
    assert c.global_("ok") is True
    c.step()
    # 0x5a5a: rows 0101 1010 0101 1010 (bit 15 = top left); set bits are transparent (.5)
    expected = np.array([[8, 1, 8, 1], [1, 8, 1, 8]] * 2)
    assert np.array_equal(c.screen()[0:4, 0:4], expected)


# ---------------------------------------------------------------- numeric strings
def test_numeric_strings_are_numbers_where_a_number_is_expected(make):
    c = make('function _draw() cls() sfx"01" r=rnd"666" circfill("64","64","2","8")'
             ' pset("0x10","2",7) b=btn"1" end')
    c.step(buttons={"right"})
    assert c.sfx_calls[-1][1] == 1
    assert isinstance(c.global_("r"), (int, float)) and 0 <= c.global_("r") < 666
    s = c.screen()
    assert s[64, 64] == 8 and s[64, 66] == 8 and s[64, 67] == 0
    assert s[2, 16] == 7
    assert c.global_("b") is True


def test_a_string_that_is_not_a_number_is_a_loud_error(make):
    c = make('function _draw() circfill("middle",64,3,8) end')
    with pytest.raises(CartError, match=r"circfill\(\): expected a number, got a string"):
        c.step()


# ---------------------------------------------------------------- foreach
def test_foreach_survives_the_table_shrinking(make):
    # manual, DEL: the loop `for item in all(a)` deleting items < 10 leaves 10,11,12;
    # FOREACH visits items the same way
    c = make("a={1,10,2,11,3,12} seen=0\n"
             "foreach(a, function(v) seen+=1 if v<10 then del(a,v) end end)\n"
             "r=a[1]..','..a[2]..','..a[3]..','..#a")
    assert c.global_("r") == "10,11,12,3"
    assert c.global_("seen") == 6


# ---------------------------------------------------------------- missing functions
def test_stat0_is_memory_use_in_kib(make):
    c = make("m=stat(0)")
    assert 0 < c.global_("m") <= 2048     # manual, STAT: "0 Memory usage (0..2048)"


def test_extra_arguments_to_api_functions_are_ignored(make):
    c = make("function _draw() cls(0, 99) v=mget(1,0,0) pset(1,1,7,99,99) w=peek(0x2001,1,2)"
             " end", map="0005")
    c.step()
    assert c.global_("v") == 5 and c.global_("w") == 5
    assert c.screen()[1, 1] == 7


def test_reset_restores_the_draw_state(make):
    # manual, RESET: 0x5f00..0x5f7f back to defaults: palette, camera, clipping, fill pattern
    c = make("camera(5,6) pal(1,2) clip(0,0,4,4) fillp(1) color(9) poke(0x5f55,0) reset()"
             " cam=peek2(0x5f28) p=peek(0x5f01) cl=peek(0x5f22) f=peek(0x5f31) pen=peek(0x5f25)"
             " target=peek(0x5f55)")
    assert [c.global_(k) for k in ("cam", "p", "cl", "f", "pen", "target")] == \
        [0, 1, 128, 0, 6, 0x60]


def test_flip_ends_the_frame_of_a_custom_main_loop(make):
    # manual, FLIP: a custom main loop calls flip() to show each frame
    c = make("n=0 while true do n+=1 cls(n) flip() end")
    assert c.global_("n") == 1                      # boot ran up to the first flip
    c.step()
    assert c.global_("n") == 2 and (c.screen() == 2).all()
    c.run_frames(3)
    assert c.global_("n") == 5 and c.frame_index == 4


def test_flip_inside_draw_resumes_in_the_next_frame(make):
    c = make("function _draw() a=1 flip() a=2 end")
    c.step()
    assert c.global_("a") == 1
    c.step()
    assert c.global_("a") == 2
    c.step()
    assert c.global_("a") == 1


def test_flip_inside_a_coroutine_of_the_cart_is_a_loud_error(make):
    c = make("co=cocreate(function() flip() end) function _update() coresume(co) end")
    with pytest.raises(CartError, match="flip\\(\\) inside a coroutine"):
        c.step()


def test_cstore_writes_the_consoles_rom_copy_that_reload_reads(make, tmp_path):
    # manual, CSTORE: "Same as memcpy, but copies from base ram to cart rom"
    c = make("poke(0x10,0xab) cstore(0x10,0x10,1) poke(0x10,0) a=peek(0x10)"
             " reload(0x10,0x10,1) b=peek(0x10)")
    assert (c.global_("a"), c.global_("b")) == (0, 0xAB)
    assert all("__gfx__" not in p.read_text() for p in tmp_path.glob("*.p8"))  # disk untouched


def test_other_carts_and_the_host_stay_loud_errors(make):
    for lua, api in (('cstore(0,0,1,"save.p8")', "cstore"), ('reload(0,0,1,"x.p8")', "reload"),
                     ('load("next.p8")', "load"), ("run()", "run")):
        with pytest.raises(CartError, match=f"unimplemented PICO-8 API: {api}.*headless"):
            make(lua)


# ---------------------------------------------------------------- frame rate
def test_update60_defined_in_init_gives_60fps_and_its_budget(make):
    c = make("n=0 function _init() _update60=function() n+=1 tt=t() end end")
    c.run_frames(3)
    assert c.fps == 60 and c.budget == 66_666
    assert c.global_("n") == 3 and c.global_("tt") == pytest.approx(3 / 60, abs=1e-4)
    assert make("function _update() end").fps == 30


# ---------------------------------------------------------------- decisions (see README)
def test_trig_rounds_to_the_nearest_16_16_and_atan2_of_zero(make):
    # sin(1/8) = -0.70710678...: the nearest 16.16 value is -0xb505/0x10000
    # atan2(0,0) is 0.25: the PICO-8 wiki's Atan2 page ("special case: dx=0, dy=0")
    c = make("s=sin(0.125) k=cos(0.125) z=atan2(0,0)")
    assert c.global_("s") == -0xB505 / 65536 and c.global_("k") == 0xB505 / 65536
    assert c.global_("z") == 0.25


def test_oval_fills_its_box_symmetrically(make):
    # manual, OVAL: "symmetrical in x and y (an ellipse), with the given bounding rectangle"
    c = make("function _draw() cls() ovalfill(10,20,30,28,7) end")
    c.step()
    ys, xs = np.nonzero(c.screen() == 7)
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == (10, 30, 20, 28)
    box = c.screen()[20:29, 10:31] == 7
    assert np.array_equal(box, box[::-1, :]) and np.array_equal(box, box[:, ::-1])


def test_wide_glyphs_advance_8_pixels(make):
    # PICO-8 wiki, P8SCII: "characters 128-255 are eight pixels wide"; 32-127 four
    c = make("function _draw() cls() w1=print('⬅️',0,0,7) w2=print('a',0,10,7) end")
    c.step()
    assert (c.global_("w1"), c.global_("w2")) == (8, 4)


# ---------------------------------------------------------------- sspr flips, memory remaps
GFX_RAMP = "01234567"    # sprite sheet row 0: colours 0..7 left to right


def test_sspr_negative_destination_size_flips(make):
    c = make("function _draw() cls() palt(0,false) sspr(0,0,8,1,20,0,-8,1)"
             " sspr(0,0,8,1,40,5,8,-1) sspr(0,0,-8,1,60,0) end", gfx=GFX_RAMP)
    c.step()
    s = c.screen()
    assert list(s[0, 12:20]) == [7, 6, 5, 4, 3, 2, 1, 0]   # dx=20 is the right edge
    assert list(s[4, 40:48]) == list(range(8))              # dy=5 is the bottom edge
    assert not s[:, 50:].any()                              # negative source size: nothing


def test_draw_target_0x5f55_sends_drawing_to_the_sprite_sheet(make):
    # manual: "0X5F55 SCREEN: can be 0x60 (default) or 0x00 (use the spritesheet as screen)"
    c = make("function _draw() cls() poke(0x5f55,0) rectfill(0,0,1,0,9) a=pget(1,0)"
             " poke(0x5f55,0x60) spr(0,8,8) b=sget(0,0) end")
    c.step()
    assert c.peek(0, 1) == bytes([0x99]) and c.global_("a") == 9 and c.global_("b") == 9
    s = c.screen()
    assert list(s[8, 8:11]) == [9, 9, 0] and s[0, 0] == 0   # drawn via the sheet only


def test_sprite_source_0x5f54_reads_sprites_from_the_screen(make):
    # manual: "0X5F54 GFX: can be 0x00 (default) or 0x60 (use the screen memory as the
    # spritesheet)"
    c = make("function _draw() cls() pset(0,0,12) pset(1,1,11) poke(0x5f54,0x60)"
             " spr(0,64,64) v=sget(1,1) sset(2,2,10) poke(0x5f54,0) end", gfx="3333")
    c.step()
    s = c.screen()
    assert (s[64, 64], s[65, 65], c.global_("v")) == (12, 11, 11)
    assert s[2, 2] == 10 and c.peek(0, 1) == bytes([0x33])   # sset wrote to the screen


def test_map_remap_0x5f56_0x5f57(make):
    # manual: 0X5F56 map address (in 256-byte steps), 0X5F57 map width
    c = make("poke(0x8000, 1, 2, 3, 4) poke(0x5f56, 0x80) poke(0x5f57, 2)"
             " a=mget(1,0) b=mget(0,1) d=mget(2,0) mset(1,1,9) e=peek(0x8003)"
             " poke(0x5f56, 0x20) poke(0x5f57, 128) f=mget(1,0)")
    assert [c.global_(k) for k in "abdef"] == [2, 3, 0, 9, 0]


def test_lua_values_kept_by_python_survive_garbage_collection(make):
    # the cart's code runs in coroutines (for flip); lupaz8's wrappers of Lua values made
    # there crash if their coroutine is collected, so the console keeps its coroutines
    import gc
    c = make('function _init() menuitem(1, "again", function(b) hits=b end) end'
             ' function _update() pal({[1]=2}) end')
    c.run_frames(50)
    c._collect("collect")
    gc.collect()
    c.choose_menuitem("again", 1)
    assert c.global_("hits") == 1


def test_peek_operators_read_the_consoles_memory(make):
    # manual, PEEK: "@ADDR -- PEEK(ADDR)  %ADDR -- PEEK2(ADDR)  $ADDR -- PEEK4(ADDR)"
    c = make("poke4(0x4300, 0x1234.5678) a, b, d = @0x4300, %0x4300, $0x4300")
    assert [c.global_(k) for k in "abd"] == [0x78, 0x5678, 0x1234 + 0x5678 / 65536]


def test_peek_operators_keep_precedence_strings_modulo_and_lines(make):
    # unary precedence: @a+1 is peek(a)+1; ^ binds tighter (@b^1 is peek(b^1)); % between two
    # operands stays modulo; "@" in strings and comments is text; errors keep their line
    c = make('poke(0x4300, 7, 9) a=0x4300 t={a=0x4301}\n'
             'x=@a+1 y=@t.a z=%a w=7%4 s="@a %a" -- @a\n'
             'function f() local _ENV={} return @0x4301 end')
    assert [c.global_(k) for k in "xyzws"] == [8, 9, 0x0907, 3, "@a %a"]
    assert c.call("f") == 9
    with pytest.raises(CartError, match=r"\.p8:5:"):
        make("a=@0x4300\nb=@a+nil")


def test_peek_operators_right_after_a_keyword_or_a_name(make):
    # minified carts drop the space before a unary operator: "and@e", "or%a", "return$a"
    c = make('poke4(0x4300, 0x1234.5678) e=0x4300 a=e\n'
             'x=true and@e y=false or%a function f() return$a end')
    assert [c.global_(k) for k in "xy"] == [0x78, 0x5678]
    assert c.call("f") == 0x1234 + 0x5678 / 65536


def test_stat_never_fails(make):
    # a cart printing stat(0..9) (a test cart of another PICO-8 implementation) must run: PICO-8
    # answers every stat number (the host/hardware ones: "nothing there")
    c = make("s3=stat(3) s10=stat(10) s5=stat(5)")
    assert c.global_("s3") == 0 and c.global_("s10") == 0
    assert c.global_("s5") == 42     # 0.2.6b's version number, as in the .p8 header
    c = make("for i=0,130 do v=stat(i) end k=stat(28,4) f=stat(110)")
    assert c.global_("k") is False and c.global_("f") is False


def test_a_menu_item_set_inside_a_coroutine_survives_it(make):
    # a callback made in a coroutine that is then collected: lupaz8's Python wrapper of it
    # would crash once its coroutine is, when the menu is replaced later (picross8's code
    # screen plays a code from its check's coroutine), so callbacks stay on the Lua side
    # (prelude.lua); this small cart holds that they still run there and go when removed
    c = make('co=cocreate(function() menuitem(1,"a",function(b) hit=b end) '
             'menuitem(2,"b",function() end) end) coresume(co) co=nil '
             'function _update() end function _draw() end')
    c._collect("collect")
    c.run_frames(2)
    c.choose_menuitem("a", 16)
    assert c.global_("hit") == 16
    c.exec("menuitem(2)")            # replaced and removed ones go too
    c._collect("collect")
    assert c.menu_items() == {1: "a"}
