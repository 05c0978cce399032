"""Console fidelity found on open-source carts (issue 19): long comments holding [[ ]], the
custom font (P8SCII \\014), tostring. Sources are in the package docstring of generator.console.
"""
from __future__ import annotations

import numpy as np
import pytest

from consolecarts import make  # noqa: F401  (fixture)
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
])
def test_comments_the_legacy_reading_does_not_change(lua):
    assert nested_comment_reading(lua) == (lua, [])


def test_the_legacy_reading_blanks_text_and_keeps_every_line_and_column():
    lua = 'x="]]" --[==[ a [==[\r\nb ]==] c\n]==] y=1 --[[ [[ ]] ]]'
    out, lines = nested_comment_reading(lua)
    blank = " " * len(" a [==[") + "\r\n" + " " * len("b ]==] c") + "\n"
    assert out == 'x="]]" --[==[' + blank + ']==] y=1 --[[' + " " * len(" [[ ]] ") + "]]"
    assert lines == [1, 3] and len(out) == len(lua)


# ---------------------------------------------------------------- tostring
def test_tostring_is_luas_and_tonumber_is_absent(make):
    # the values fake-08's runner prints for the same expressions (see the package docstring)
    c = make('mt=setmetatable({},{__tostring=function() return "mt" end})\n'
             'r={type(tostring), type(tonumber), tostring(1/3), tostring(nil), tostring(true),'
             ' tostring(-2.5), tostring("ab"), sub(tostring({}),1,6), tostring(mt), tostr(nil)}')
    assert list(c.global_("r").values()) == [
        "function", "nil", "0.3333", "nil", "true", "-2.5", "ab", "table:", "mt", "[nil]"]
