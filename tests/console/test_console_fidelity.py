"""Console fidelity that open-source carts need: long comments holding [[ ]], the
custom font (P8SCII \\014), tostring. Sources are in docs/console.md (known differences).
"""
from __future__ import annotations

import numpy as np
import pytest

from consolecarts import make  # noqa: F401  (fixture)
from generator.runtime.font import cells as font
from generator.console import CartError
from generator.console.cart import nested_comment_reading


# ---------------------------------------------------------------- long comments holding [[ ]]
def test_a_cart_valid_as_current_pico8_reads_it_keeps_that_meaning(make, capsys):
    # current PICO-8 (and Lua 5.2) end the comment at its first ]]: x=1 runs, --]] is a comment
    c = make("x=0 --[[ [[ ]] x=1 --]]")
    assert c.global_("x") == 1
    assert c.warnings == [] and capsys.readouterr().err == ""


def test_nested_comment_that_only_the_legacy_reading_parses(make, capsys):
    # shrinko8's own test of the nesting it had from 2022-12-15 to 2023-02-18 (commit cbacf39):
    # every bracket pair inside the comment nests, so only a+=16 runs
    c = make("a=0--[[[[a+=1]][[a+=2]][[]]--[[--[[a+=4]]]]a+=8]]a+=16")
    assert c.global_("a") == 16
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("warning: ")
    assert "line(s) 4 " in err and "PICO-8 <= 0.2.5d" in err   # .p8 line 4 is Lua line 1
    assert c.warnings == [err.strip()]


def test_block_of_nested_comments_keeps_the_line_of_a_later_error(make):
    # picotool issue 55's example: --[[ ... --[[ ... --]] ... --]] nests; plain Lua ends it at
    # the first --]] and then meets `break` outside a loop
    lua = ("--[[\nwill\n--[[\nthis\n--]]\nbreak\n--[[\neverything\n--]]\n????\n--]]\n"
           "x=1\nfunction _update() local t=nil t.k=1 end")
    c = make(lua)
    assert c.global_("x") == 1 and len(c.warnings) == 1
    assert "line(s) 4 " in c.warnings[0]
    line = 3 + lua.split("\n").index("function _update() local t=nil t.k=1 end") + 1
    with pytest.raises(CartError, match=rf"\.p8:{line}: attempt to index local 't'"):
        c.step()


def test_the_legacy_reading_routes_the_peek_operators_too(make):
    c = make("--[[ doc: s=[[text]] ]]\npoke(0x8000, 7) v=@0x8000")
    assert c.global_("v") == 7 and len(c.warnings) == 1


def test_a_cart_neither_reading_parses_reports_the_current_readings_error(make, capsys):
    # the plain reading stops at the stray ]] on line 4; the nested one would at line 6
    with pytest.raises(CartError, match=r"syntax error: g\d+\.p8:4: unexpected symbol near '\]'"):
        make("--[[ [[ ]] ]]\nx=1\nx=")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("lua", [
    's="--[[ [[" t=[[ --[[ ]] u=1',            # in strings and long strings nothing nests
    "--[=[ [[ ]=] x=1",                          # a level-1 comment nests only [=[
    "-- --[[ [[ ]]\n x=1",                        # a short comment
    "// --[[ [[ ]]\n x=1",                        # lupaz8's // short comment
    "--[[ never closed [[ ]]",                   # unclosed in the nested reading: left alone
    '-- [[ a short comment\nx="]]" --[[ y ]]',   # `-- [[` (a space) is a short comment
])
def test_comments_the_legacy_reading_does_not_change(lua):
    assert nested_comment_reading(lua) == (lua, [])


def test_the_legacy_reading_blanks_text_and_keeps_every_line_and_column():
    lua = 'x="]]" --[==[ a [==[\r\nb ]==] c\n]==] y=1 --[[ [[ ]] ]]'
    out, lines = nested_comment_reading(lua)
    blank = " " * len(" a [==[") + "\r\n" + " " * len("b ]==] c") + "\n"
    assert out == 'x="]]" --[==[' + blank + ']==] y=1 --[[' + " " * len(" [[ ]] ") + "]]"
    assert lines == [1, 3] and len(out) == len(lua)


def test_a_dash_dash_space_bracket_comment_is_short(make):
    # `-- [[` is a short comment, so the nested comment on the next line is still found and
    # read the legacy way (taken for a long comment, it swallowed that one and the cart
    # failed to parse: seen in an open-source cart)
    c = make("-- [[ a short comment\n--[[ a [[ b ]] c ]]\nx=1")
    assert c.global_("x") == 1
    assert nested_comment_reading("-- [[ short\n--[[ [[ ]] ]]")[1] == [2]


# ---------------------------------------------------------------- tostring
def test_tostring_is_luas_and_tonumber_is_absent(make):
    # the values fake-08's runner prints for the same expressions (docs/console.md)
    c = make('mt=setmetatable({},{__tostring=function() return "mt" end})\n'
             'r={type(tostring), type(tonumber), tostring(1/3), tostring(nil), tostring(true),'
             ' tostring(-2.5), tostring("ab"), sub(tostring({}),1,6), tostring(mt), tostr(nil)}')
    assert list(c.global_("r").values()) == [
        "function", "nil", "0.3333", "nil", "true", "-2.5", "ab", "table:", "mt", "[nil]"]


# ---------------------------------------------------------------- the custom font (\014)
# Hand-made glyphs, a row a string from the top: '#' is a set pixel. In memory each row is a
# byte with bit 0x1 the left pixel (manual 0.2.6b, Appendix A, "Custom Font").
ONE = [".#..", "##..", ".#..", ".#..", "###.", "....", "####", "####"]   # rows 5-7 not drawn
TWO = ["###.", "..#.", "###.", "#...", "###."]
WIDE = ["#......#", ".#....#.", "..####.."]                            # for a char >= 0x80
I_ = ["#", "#", "#", "#", "#"]
M_ = ["#...#", "##.##", "#.#.#", "#...#", "#...#"]


def font_cell(ch):
    """The default font's pixels of character ch (a 4x6 cell), at 8 columns."""
    return np.pad(font()[ord(ch)][:, :4], ((0, 0), (0, 4)))


def rows_to_bytes(rows):
    out = [sum(1 << k for k, p in enumerate(r) if p == "#") for r in rows]
    return out + [0] * (8 - len(out))


def bitmap(rows, h=None, scale=(1, 1)):
    """The pixels a glyph's rows set (its first h rows), as a bool array, scaled (sy, sx)."""
    rows = rows[:h or len(rows)]
    a = np.array([[p == "#" for p in r.ljust(8, ".")] for r in rows], dtype=bool)
    return a.repeat(scale[0], axis=0).repeat(scale[1], axis=1)


def canvas(*placed):
    """128x128 bool: glyph bitmaps placed at (x, y): canvas((x, y, bitmap), ...)."""
    out = np.zeros((128, 128), dtype=bool)
    for x, y, b in placed:
        out[y:y + b.shape[0], x:x + b.shape[1]] |= b
    return out


def font_lua(header, glyphs, adjust=None):
    """Lua poking a custom font: the 8 header bytes, {char code: rows}, {char code: nibble}
    (the per-character adjustments at 0x5608..)."""
    lines = ["poke(0x5600," + ",".join(map(str, header)) + ")"]
    for ch, rows in glyphs.items():
        lines.append(f"poke(0x5600+8*{ch}," + ",".join(map(str, rows_to_bytes(rows))) + ")")
    for ch, nibble in (adjust or {}).items():
        a = 0x5600 + ch // 2
        shift = 4 if ch & 1 else 0
        lines.append(f"poke({a}, @{a} & ~(15<<{shift}) | {nibble}<<{shift})")
    return "\n".join(lines) + "\n"


DIGITS = {0x31: ONE, 0x32: TWO, 0x80: WIDE}


def drawn(make, header, text, glyphs=DIGITS, adjust=None, at=(10, 20)):
    """(screen == 7, print's result, console) after printing `text` (Lua string syntax)."""
    c = make(font_lua(header, glyphs, adjust) +
             f'function _draw() cls() w=print("{text}", {at[0]}, {at[1]}, 7) end')
    c.step()
    return c.screen() == 7, c.global_("w"), c


def test_custom_font_glyphs_width_and_height(make):
    # width 4, width 9 for chars >= 128, height 5: rows 5-7 of a glyph are not drawn
    s, w, _ = drawn(make, [4, 9, 5, 0, 0, 0, 0, 0], "\\01412\\128")
    assert np.array_equal(s, canvas((10, 20, bitmap(ONE, 5)), (14, 20, bitmap(TWO)),
                                    (18, 20, bitmap(WIDE))))
    assert w == 10 + 4 + 4 + 9                       # print returns the right-most x


def test_custom_font_wide_glyph_columns_beyond_the_width_are_drawn(make):
    # width 3: each glyph's 8 columns are drawn (fake-08), the next one starts 3 px on
    s, w, _ = drawn(make, [3, 8, 5, 0, 0, 0, 0, 0], "\\01411")
    assert np.array_equal(s, canvas((10, 20, bitmap(ONE, 5)), (13, 20, bitmap(ONE, 5))))
    assert w == 16


def test_custom_font_height_sets_the_line_height(make):
    # height 7: the next line is 7 px down, as is the cursor after a print without x, y
    c = make(font_lua([4, 8, 7, 0, 0, 0, 0, 0], DIGITS) +
             'function _draw() cls() print("\\0141\\n2", 10, 20, 7) cursor(0, 90)'
             ' print("\\0141") y=@0x5f27 end')
    c.step()
    assert np.array_equal(c.screen() == 7, canvas(
        (10, 20, bitmap(ONE, 7)), (10, 27, bitmap(TWO)), (0, 90, bitmap(ONE, 7))))
    assert c.global_("y") == 97


def test_line_height_is_the_tallest_character_drawn_on_the_line(make):
    # height 4: a custom-font line is 4 px and one that also holds a default-font character
    # 6 px (fake-08 and zepto8 agree); an empty line is the font's height (zepto8; fake-08: 6)
    s, _, _ = drawn(make, [4, 8, 4, 0, 0, 0, 0, 0], "\\0141\\n2\\015a\\n\\0141\\n\\n2")
    a = font_cell("a")
    assert np.array_equal(s, canvas(
        (10, 20, bitmap(ONE, 4)), (10, 24, bitmap(TWO, 4)), (14, 24, a),
        (10, 30, bitmap(ONE, 4)), (10, 38, bitmap(TWO, 4))))


def test_custom_font_draw_offsets_move_the_glyph_not_the_cursor(make):
    s, w, _ = drawn(make, [4, 8, 5, 2, 3, 0, 0, 0], "\\01412")
    assert np.array_equal(s, canvas((12, 23, bitmap(ONE, 5)), (16, 23, bitmap(TWO))))
    assert w == 18


def test_variable_width_adjusts_each_character(make):
    # flags 0x1: nibble bits 0x7 add 0,1,2,3,-4,-3,-2,-1 to the width; bit 0x8 raises it 1 px
    glyphs = {0x69: I_, 0x6d: M_, 0x31: ONE}
    adjust = {0x69: 0b110, 0x6d: 0b010, 0x31: 0b1000}        # i: -2, m: +2, 1: up 1 px
    header = [4, 8, 5, 0, 0, 1, 0, 0]
    s, w, _ = drawn(make, header, "\\014imi1", glyphs, adjust)
    assert np.array_equal(s, canvas((10, 20, bitmap(I_)), (12, 20, bitmap(M_)),
                                    (18, 20, bitmap(I_)), (20, 19, bitmap(ONE, 5))))
    assert w == 10 + 2 + 6 + 2 + 4
    # without the flag the adjustments are not applied
    s, w, _ = drawn(make, header[:5] + [0, 0, 0], "\\014imi1", glyphs, adjust)
    assert np.array_equal(s, canvas((10, 20, bitmap(I_)), (14, 20, bitmap(M_)),
                                    (18, 20, bitmap(I_)), (22, 20, bitmap(ONE, 5))))
    assert w == 26


def test_code_15_and_the_end_of_print_switch_back_to_the_default_font(make):
    c = make(font_lua([5, 8, 5, 0, 0, 0, 0, 0], DIGITS) +
             'function _draw() cls() print("\\0141\\0151", 10, 20, 7)'
             ' print("1", 10, 40, 7) end')
    c.step()
    one = font_cell("1")
    assert np.array_equal(c.screen() == 7, canvas(
        (10, 20, bitmap(ONE, 5)), (15, 20, one), (10, 40, one)))


def test_custom_font_with_wide_tall_and_background(make):
    c = make(font_lua([4, 8, 5, 0, 0, 0, 0, 0], DIGITS) +
             'function _draw() cls() w=print("\\014\\^p1", 10, 20, 7)'
             ' print("\\014\\#c2", 10, 50, 7) end')
    c.step()
    s = c.screen()
    # \^p is the manual's pinball mode: wide, tall and stripey (the top-left pixel of each 2x2)
    big = bitmap(ONE, 5, (2, 2))
    pinball = big & np.outer(np.arange(big.shape[0]) % 2 == 0, np.arange(big.shape[1]) % 2 == 0)
    assert np.array_equal(s == 7, canvas((10, 20, pinball), (10, 50, bitmap(TWO))))
    assert c.global_("w") == 18
    cell = s[50:55, 10:14]
    assert (cell[~bitmap(TWO)[:, :4]] == 12).all() and (s[50:55, 14] == 0).all()


def test_custom_font_tab_width_and_tabs_from_home(make):
    # 0x5606: the tab width with the custom font; flag 0x2: tab stops counted from the home x
    s, _, _ = drawn(make, [4, 8, 5, 0, 0, 0, 10, 0], "\\014\\t1", at=(3, 20))
    assert np.array_equal(s, canvas((10, 20, bitmap(ONE, 5))))
    s, _, _ = drawn(make, [4, 8, 5, 0, 0, 2, 10, 0], "\\014\\t1", at=(3, 20))
    assert np.array_equal(s, canvas((13, 20, bitmap(ONE, 5))))


CAT = ["..#...#.", "..#####.", ".##.##.#", "..#####.", ".#####..", "#######.", "#.......",
       ".##....."]


def test_one_off_characters_draw_8x8_and_advance_8(make):
    # manual: "\^:" + 16 hex digits or "\^." + 8 raw bytes, the custom-font format;
    # the manual's cat is ?"\^:447cb67c3e7f0106". Advance and line height 8 (fake-08, zepto8)
    c = make('function _draw() cls() w=print("\\^:447cb67c3e7f0106a", 10, 20, 7)'
             ' print("\\^.\\1\\2\\4\\8\\16\\32\\64\\128\\nb", 10, 40, 7) end')
    c.step()
    diagonal = np.eye(8, dtype=bool)
    assert np.array_equal(c.screen() == 7, canvas(
        (10, 20, bitmap(CAT)), (18, 20, font_cell("a")), (10, 40, diagonal),
        (10, 48, font_cell("b"))))
    assert c.global_("w") == 22


def test_one_off_characters_ignore_the_custom_fonts_offsets(make):
    s, w, _ = drawn(make, [4, 8, 5, 3, 3, 0, 0, 0], "\\014\\^:447cb67c3e7f01061")
    assert np.array_equal(s, canvas((10, 20, bitmap(CAT)), (21, 23, bitmap(ONE, 5))))
    assert w == 22


@pytest.mark.parametrize("text", ["\\^:447c", "\\^:447cb67c3e7f", "\\^.abc"])
def test_a_truncated_one_off_character_ends_the_printing(make, text):
    # as PICO-8 reads P8SCII, a parameter missing at the end of the string ends the printing
    # (generator/runtime/text.lua): nothing drawn, no error
    c = make(f'function _draw() cls() print("{text}", 10, 20, 7) end')
    c.step()
    assert not (c.screen() == 7).any()
