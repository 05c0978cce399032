"""The build's portability check (generator/cartbuild/portable.py): every form some PICO-8 player
reads otherwise is refused in one line naming file, line and column; every form the cart may use
passes it and compiles under lupaz8. tests/compat/test_fake08_dialect.py plays both lists in
fake-08 itself when a runner is given."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cartfixtures import cart_dir
from generator import UserError
from generator.cartbuild.lua import Piece, check_piece

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "hostile"))
from hostile_common import assert_refused, assert_unchanged, build_cli, snapshot  # noqa: E402


def _findings(src: str):
    import shrinko.shrinko8  # noqa: F401
    import pico_parse
    import pico_process
    import pico_tokenize
    from generator.cartbuild.portable import findings
    s = pico_process.Source("t", src)
    tokens, errors = pico_tokenize.tokenize(s)
    root, errors2 = pico_parse.parse(s, tokens) if not errors else (None, errors)
    assert not errors2, errors2
    return findings(tokens, root, src)


# (source, line, col, what the message names); each is read otherwise by some player (the
# module's table says who). Lines and columns are 1-based in the file.
REFUSED = {
    "binary ~": ("x=1\nsid=h~2\n", 2, 6, "binary `~` (xor)"),
    "binary ~ spaced": ("y=a ~ b", 1, 5, "binary `~` (xor)"),
    "binary ~ in compound": ("x=a+(b~c)*2", 1, 7, "binary `~` (xor)"),
    "? after code": ("x=1 ?\"hi\"", 1, 5, "`?` after other code"),
    "? in short if": ("if (x) ?\"yes\"", 1, 8, "`?` after other code"),
    "[[ in long comment": ("--[[ a [[ b ]]\nx=1", 1, 8, "`[[` inside a long comment"),
    "[[ in levelled comment": ("--[=[ a [[ b ]=]\nx=1", 1, 9, "`[[` inside a long comment"),
    "[[ in long string": ("x=[=[ a [[ b ]=]", 1, 9, "`[[` inside a long string"),
    "// comment": ("x=1 // note", 1, 5, "`//` comment"),
    "poke2 several": ("poke2(0x8000,4,11)", 1, 1, "poke2() with several values"),
    "poke4 several": ("x=1 poke4(0x8000,1,2,3)", 1, 5, "poke4() with several values"),
    "btnp": ("if btnp(4) then x=1 end", 1, 4, "btnp()"),
    "% 0": ("x=y%0", 1, 5, "`% 0`"),
    "time()": ("x=time()*4", 1, 3, "time()"),
    "t()": ("if t()>1 then x=1 end", 1, 4, "t()"),
    "%= 0x0": ("x%=0x0", 1, 4, "`% 0`"),
}
# forms only shrinko reads (lupaz8 refuses them at once, with a syntax error naming the line)
SHRINKO_ONLY = {
    "\\q escape": ('x="a\\qb"', 1, 5, "unknown string escape `\\q`"),
    "short if split": ("if (x)\ny=1", 2, 1, "one-line `if (c)`/`while (c)` whose statement is on a later line"),
    "short while split": ("while (x)\nx-=1", 2, 1, "one-line `if (c)`/`while (c)` whose statement is on a later line"),
    "\\u escape": ('x="\\u{41}"', 1, 4, "`\\u` string escape"),
}

# every dialect form the cart may use: all five readers agree on it
ALLOWED = {
    "unary ~": "x=~5 y=~x&3",
    "^^ and ^^=": "x=5^^3 x^^=1",
    "~= and !=": "x=1~=2 y=1!=2",
    "\\ and \\=": "x=7\\2 x\\=2",
    ">>> <<> >>< and their =": "x=1>>>2 x>>>=1 y=1<<>3 y<<>=1 z=1>><3 z>><=1",
    "<< >> & |": "x=1<<2>>1&3|4 x<<=1 x>>=1 x&=7 x|=8",
    "@ % $ peek operators": "x=@0x8000+%0x8002+$0x8004 y=5%2",
    "compound assignments": 'x=1 x+=1 x-=1 x*=2 x/=2 x%=3 x^=2 s="a" s..="b"',
    "compound on an index": "t={1} t[1]+=1 t.n=1 t.n-=1",
    "? first on its line": '?"hi",1,2,7\n ?"again"\nif x then\n ?"in a block"\nend',
    "one-line if/else/while": "if (x) y=1\nif (x) y=1 else y=2\nwhile (y>0) y-=1\nif(x)y=3",
    "number literals": "a=12 b=1.5 c=.5 d=1. e=0x1f f=0x1f.8 g=0x.8 h=0X1F i=0b101 j=0b1.1 k=32768",
    "long strings and comments": "--[[ a ] b ]]\n--[==[ x ]] y ]==]\ns=[[ab]] t=[=[c ] d]=]",
    "goto and labels": "for i=1,2 do goto c ::c:: end",
    "P8SCII escapes": 's="\\* \\# \\- \\| \\+ \\^w \\x41 \\65 \\0 \\n \\t \\\\ \\" \\\' \\a \\b \\f \\r \\v"\nt="a\\z  b"',
    "glyphs in strings": 's="\u2b05\ufe0f\u27a1\ufe0f \U0001f17e\ufe0f \u274e"',
    "% of a non-zero": "x=y%1 x%=0.5",
    "poke with several bytes, poke2 with one": "poke(0x8000,1,2,3) poke2(0x8000,4) poke4(0x8000,5)",
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_forms_are_named_at_their_line_and_column(name):
    src, line, col, what = REFUSED[name]
    found = _findings(src)
    assert found, name
    assert (found[0].line, found[0].col, found[0].what[:len(what)]) == (line, col, what)
    with pytest.raises(UserError) as e:
        check_piece(Piece("t.lua", src, None, src))
    msg = str(e.value)
    assert msg.startswith(f"t.lua:{line}:{col}: {what}") and "\n" not in msg and "nothing written" in msg


@pytest.mark.parametrize("name", sorted(SHRINKO_ONLY))
def test_forms_only_shrinko_reads_are_refused(name):
    src, line, col, what = SHRINKO_ONLY[name]
    found = _findings(src)
    assert (found[0].line, found[0].col, found[0].what) == (line, col, what)
    with pytest.raises(UserError) as e:     # lupaz8's compile error comes first, naming the line
        check_piece(Piece("t.lua", src, None, src))
    assert str(e.value).startswith("t.lua:") and "\n" not in str(e.value)


def test_a_number_running_into_a_name_is_named_not_just_a_syntax_error():
    for src, col, text in [("x=1 y=2e3 z=1", 7, "2e3"), ("x=0x1p4", 3, "0x1p4")]:
        with pytest.raises(UserError) as e:
            check_piece(Piece("t.lua", src, None, src))
        assert str(e.value).startswith(f"t.lua:1:{col}: a number running into a name ({text})")


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_allowed_forms_pass_the_check_and_compile(name):
    src = ALLOWED[name]
    assert _findings(src) == []
    check_piece(Piece("t.lua", src, None, src))


def test_several_findings_are_counted_in_the_one_line():
    src = "a=b~c\nd=e~f\nx=1 ?\"z\"\n"
    with pytest.raises(UserError) as e:
        check_piece(Piece("t.lua", src, None, src))
    assert str(e.value).startswith("t.lua:1:4: binary `~`") and "(2 more)" in str(e.value)


def test_strings_and_comments_never_count_as_code():
    src = 's="a~b // c ?d poke2(1,2,3) btnp(0) %0"\n-- x=a~b // btnp(1) [[\nt=[[ ~ ? // ]]'
    assert _findings(src) == []


def test_the_save_line_that_locked_out_fake08_is_refused():
    src = "-- the save's id\nsid,nb,bd=pz_hash~2,4,{}\n"
    with pytest.raises(UserError, match=r"^save\.lua:2:18: binary `~` \(xor\): .*write `\^\^`"):
        check_piece(Piece("save.lua", src, None, src))


def test_every_cart_file_keeps_to_the_portable_forms(repo):
    for f in sorted((repo / "cart").glob("*.lua")):
        text = f.read_text()
        src = "\n".join("" if line.lstrip().startswith("#include") else line for line in text.splitlines())
        assert _findings(src) == [], f.name


def test_the_build_refuses_a_non_portable_file_and_writes_nothing(tmp_path):
    d = cart_dir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "picross.p8").write_text("pico-8 cartridge // http://www.pico-8.com\nversion 42\n")
    lua = d / "hint.lua"
    lua.write_text(lua.read_text() + "\nhx=1~2\n")
    line = lua.read_text().count("\n")
    before = snapshot(d, out)
    r = build_cli("--worlds", d / "worlds.json", "--main", d / "main.lua", "--out", out / "picross.p8")
    assert_refused(r)
    assert f"hint.lua:{line}:5: binary `~`" in r.stderr
    assert_unchanged(before)
