"""text.lua on the P8SCII the console's text.py refused: every byte after every control code
prints without failing, memory writes through print happen (PICO-8 manual, Appendix A, "Raw
memory writes"), and the drawing modes draw what the manual describes. Pictures are worked
out here from the font's bytes (generator/runtime/font.py)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.runtime.font import default_font
from textlua import TextLua

FONT = default_font()

# every control code, and every command that takes parameters, cut short at each parameter
PREFIXES = ["", "\x01", "\x013", "\x02", "\x03", "\x04", "\x05", "\x053", "\x06", "\x06-",
            "\x07", "\x0b", "\x0b3", "\x0c", "\x0e", "\x0f", "\x06c", "\x06d", "\x06j",
            "\x06j3", "\x06r", "\x06s", "\x06x", "\x06y", "\x06o", "\x06o8", "\x06o80",
            "\x06.", "\x06.abc", "\x06,", "\x06:", "\x06:0f0f", "\x06;", "\x06w", "\x06-w",
            "\x06p", "\x06=", "\x06i", "\x06b", "\x06#", "\x06u", "\x061", "\x069"]
WRITERS = ["\x06@", "\x06@5e0", "\x06@5e00000", "\x06!", "\x06!5e0", "\x06!5e00"]
SUFFIXES = ["", "a", "\n1\x07ab c"]


@pytest.fixture(scope="module")
def lua():
    return TextLua()


def glyph(ch: str) -> list[list[bool]]:
    """The default font's 6 rows x 8 columns of character ch."""
    rows = FONT[8 * ord(ch):8 * ord(ch) + 6]
    return [[bool(b >> c & 1) for c in range(8)] for b in rows]


def lit(rows, colour=7) -> set[tuple[int, int]]:
    return {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == colour}


def cells(ch: str, x0=0, y0=0, sx=1, sy=1, only_first=False) -> set[tuple[int, int]]:
    """Screen pixels of character ch at x0, y0, each font pixel sx x sy (or its top-left)."""
    out = set()
    for r, row in enumerate(glyph(ch)):
        for c, on in enumerate(row[:4 if ord(ch) < 0x80 else 8]):
            if on:
                for dy in range(1 if only_first else sy):
                    for dx in range(1 if only_first else sx):
                        out.add((x0 + c * sx + dx, y0 + r * sy + dy))
    return out


@pytest.mark.slow
def test_every_byte_after_every_control_code_prints_without_failing(lua):
    strings = [p + chr(b) + s for p in PREFIXES for b in range(256) for s in SUFFIXES]
    writes = [s for s in strings if s.startswith(("\x06@", "\x06!", "\x06-@", "\x06-!"))]
    err, moved = lua.fuzz([s for s in strings if s not in writes])
    assert err is None
    # nothing but the screen, cursor and pen changes without a memory-write command
    assert moved == []
    writes += [p + chr(b) + s for p in WRITERS for b in range(256) for s in SUFFIXES]
    err, _ = lua.fuzz(writes, guard=False)
    assert err is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=12),
                          st.sampled_from([p.encode("latin-1") for p in PREFIXES])),
                max_size=12))
def test_any_bytes_print_without_failing(lua, parts):
    s = b"".join(parts).decode("latin-1")
    err, moved = lua.fuzz([s], guard=True)
    assert err is None
    if "@" not in s and "!" not in s:
        assert moved == []


def test_a_pasted_poke_writes_memory_as_pico8_does(lua):
    # the manual: "\^@addrnnnn[binstr] poke nnnn bytes to address addr"; the bytes are raw,
    # so the four "f" after the count are written (0x66) and the next four are printed
    right, rows, _ = lua.show("\x06@5e000004ffffffff", 0, 0)
    assert lua.eval("peek(0x5e00, 5)") == (0x66, 0x66, 0x66, 0x66, 0)
    assert right == 16 and lit(rows) == cells("f") | cells("f", 4) | cells("f", 8) | cells("f", 12)
    lua.show("\x06@5e000004" + "\xff" * 4 + "\x06@5e040002\x01\x02")
    assert lua.eval("peek(0x5e00, 7)") == (0xff, 0xff, 0xff, 0xff, 1, 2, 0)
    # the manual's example: 4 bytes to video memory, then "hello"
    right, rows, _ = lua.show("\x06@70000004xxxxhello", 0, 0)
    assert right == 20 and rows[64][:8] == [8, 7, 8, 7, 8, 7, 8, 7]   # "x" = 0x78
    # "\^!addr[binstr]": all the remaining characters, none printed
    right, rows, _ = lua.show("a\x06!5e10b\nc\0d", 0, 0)
    assert lua.eval("peek(0x5e10, 6)") == (ord("b"), 10, ord("c"), 0, ord("d"), 0)
    assert right == 4 and lit(rows) == cells("a")
    # a count past the end of the string writes what is there
    lua.show("\x06@5e200010ab")
    assert lua.eval("peek(0x5e20, 3)") == (ord("a"), ord("b"), 0)


def test_commands_without_a_headless_effect_are_parsed_and_skipped(lua):
    want = lua.show("abcde", 0, 0)
    # frame skips, delay, wrap column, underline, and audio up to (and with) its space
    assert lua.show("a\x065b\x06d3c\x06r8\x06ud\x07s4x5c1egc2 e", 0, 0) == want
    assert lua.show("ab\x07123 cde", 0, 0) == want
    right, rows, _ = lua.show("a\x07ce-g", 0, 0)        # the audio command runs to the end
    assert right == 4 and lit(rows) == cells("a")


def test_pinball_and_stripey_draw_one_pixel_of_each_doubled_one(lua):
    _, rows, _ = lua.show("\x06pa", 0, 0)
    assert lit(rows) == cells("a", sx=2, sy=2, only_first=True)
    _, rows, _ = lua.show("\x06w\x06=a\x06-=a", 0, 0)
    assert lit(rows) == cells("a", sx=2, only_first=True) | cells("a", 8, sx=2)


def test_invert_fills_the_rest_of_the_cell(lua):
    _, rows, _ = lua.show("\x06ia\x06-ia", 10, 20, screen=1)
    cell = {(10 + x, 20 + y) for x in range(4) for y in range(6)}
    assert lit(rows) == (cell - cells("a", 10, 20)) | cells("a", 14, 20)
    assert lit(rows, 1) == cells("a", 10, 20) | ({(x, y) for x in range(128)
                                                  for y in range(128)} - cell - cells("a", 14, 20))


def test_solid_background_turns_on_and_off(lua):
    _, rows, _ = lua.show("\x06#a\x06-#a\x023a\x06-#a", 0, 0, screen=1)
    assert lit(rows, 0) == {(x, y) for x in range(4) for y in range(6)} - cells("a")
    assert lit(rows, 3) == {(x, y) for x in range(8, 12) for y in range(6)} - cells("a", 8)
    assert lit(rows) == cells("a") | cells("a", 4) | cells("a", 8) | cells("a", 12)


def around(pixels):
    return {(x + dx, y + dy) for x, y in pixels for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def test_outlines_draw_the_glyph_at_its_neighbours_first(lua):
    a = cells("a", 10, 10)
    _, rows, _ = lua.show("\x06o8ffa", 10, 10)
    assert lit(rows) == a and lit(rows, 8) == around(a) - a
    _, rows, _ = lua.show("\x06o801a", 10, 10)                 # 0x01: up and to the left
    assert lit(rows, 8) == {(x - 1, y - 1) for x, y in a} - a
    _, rows, _ = lua.show("\x0c5\x06o$ffa", 10, 10)            # "$": the foreground colour
    assert lit(rows, 5) == around(a)
    _, rows, _ = lua.show("\x0c5\x06o!ffa", 10, 10, screen=1)  # "!": the inside left alone
    assert lit(rows, 5) == around(a) - a and lit(rows, 1) >= a
    _, rows, _ = lua.show("\x06w\x06oc02a", 10, 10)            # wide: still one pixel away
    wa = cells("a", 10, 10, sx=2)
    assert lit(rows, 12) == {(x, y - 1) for x, y in wa} - wa


def test_decoration_draws_at_the_previous_character(lua):
    # the manual's "\v" example: P0 packs x in its low 2 bits, from (-2, -8)
    right, rows, cur = lua.show("ca\x0bb,e", 10, 20)
    comma = cells(",", 4 + 10 + 11 % 4 - 2, 20 + 11 // 4 - 8)
    assert lit(rows) == cells("c", 10, 20) | cells("a", 14, 20) | comma | cells("e", 18, 20)
    assert right == 22 and cur[:2] == (10, 26)


def test_print_returns_the_right_most_x_and_moves_the_cursor(lua):
    right, _, cur = lua.show("ab\ncdef")                     # at the cursor (0, 0)
    assert right == 16 and cur == (0, 12, 7)
    right, _, cur = lua.show("ab", 5)                        # print(s, col)
    assert right == 8 and cur == (0, 6, 5)
    right, _, cur = lua.show("\x0c9x", 3, 4, 2)              # \f sets the pen
    assert right == 7 and cur == (3, 10, 9)
    right, _, _ = lua.show(12.5, 0, 0)                       # numbers print with tostr
    assert right == 16


def test_backgrounds_are_the_same_through_rt_span_and_rt_put_alone(lua):
    s = "\x02c\x06w\x06tbg\n\x06-w\x06ia\x023\x06#\x06x9\x06yaz"
    with_span = lua.show(s, -3, 2, screen=1)
    span = lua.rt.span
    try:
        lua.rt.span = None
        assert lua.show(s, -3, 2, screen=1) == with_span
    finally:
        lua.rt.span = span
    assert sum(row.count(12) for row in with_span[1]) > 50


def test_a_sound_command_ends_after_32_notes(lua):
    want = lua.show("xyz", 0, 0)
    assert lua.show("\x07" + "c" * 32 + "xyz", 0, 0) == want
    assert lua.show("\x0712s4l01c#3.d-5i3v5x1<>" + "e" * 29 + "xyz", 0, 0) == want
    right, rows, _ = lua.show("\x07" + "c" * 31 + "abc", 0, 0)   # "a" is the 32nd note
    assert right == 8 and lit(rows) == cells("b") | cells("c", 4)


def test_a_print_at_the_cursor_ended_by_0_leaves_the_cursor_after_it(lua):
    # the manual (print): at the cursor "a newline is automatically appended. This can be
    # omitted by ending the string with an explicit termination control character"
    assert lua.show("ab\nc\0")[2][:2] == (4, 6)
    assert lua.show("ab\nc")[2][:2] == (0, 12)
    assert lua.show("ab\nc\0", 20, 30)[2][:2] == (20, 42)     # at x, y: the next line


def test_0x5f36_bit_0x40_turns_the_scrolling_off(lua):
    # the manual (print): "printing text below 122 causes the console to scroll. This can be
    # disabled during runtime with POKE(0x5F36,0x40)"
    for flags, marker_row, cursor_y in ((0, 123, 128), (0x40, 127, 132)):
        lua.tools.reset(0)
        lua.eval(f"poke(0x5f36, {flags})")
        lua.eval("poke(0x6000 + 127 * 64 + 50, 0x11)")     # pixels 100, 101 of the last row
        lua.eval("cursor(0, 126)")
        lua.eval("print('a')")
        assert lua.eval(f"peek(0x6000 + {marker_row} * 64 + 50)") == 0x11
        assert lua.eval("peek(0x5f27)") == cursor_y


def test_a_0_byte_parameter_reads_0(lua):
    # zepto8 (gfx.cpp, get_p8scii_value) and fake-08 (printHelper.cpp, p0CharToNum) read a
    # parameter byte outside 0-9 and a-z as 0, taking it: the \0 byte after a command is its
    # parameter, not the end of the string
    at1 = lua.show("\x06s\0\tb", 1, 0)                  # tab width 0: \t stays put
    assert at1[0] == 5 and lit(at1[1]) == cells("b", 1, 0)
    right, rows, _ = lua.show("\x03\0b", 20, 0)          # \- P: x moves by 0 - 16
    assert right == 20 and lit(rows) == cells("b", 4, 0)
    right, rows, _ = lua.show("\x0c\0b", 0, 0)           # \f P: the pen 0
    assert right == 4 and lit(rows, 0) >= cells("b") and lit(rows) == set()
