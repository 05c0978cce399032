"""A message that echoes what the user typed (an argument, a file name) names the bytes typed.

Bytes of argv that are not UTF-8 reach Python as surrogates (U+DC80..U+DCFF, "surrogateescape");
printed raw they are an encoding error or `\\udcff`, which is not what the user typed. Every
error line goes through generator.printable, so such a byte shows as `\\xff`, and the share code
reader names it as `byte 0xff`."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from generator import printable, shown
from hostile_common import assert_refused, picross

FF = os.fsdecode(b"\xff")            # what argv holds for the byte 0xff
FE = os.fsdecode(b"\xfe")


def test_import_code_names_the_byte_typed_in_a_real_process(tmp_path):
    r = subprocess.run([sys.executable, "-m", "generator", "import", "--code", b"5azz\xff\xfee4wm",
                        "-o", tmp_path / "o.json"], capture_output=True, timeout=300)
    err = r.stderr.decode("utf-8")        # the line itself is UTF-8 text
    assert r.returncode == 1 and len(err.splitlines()) == 1, err
    assert err.startswith("picross: error: share code: byte 0xff (not UTF-8 text) (character 5 "), err
    assert "U+DC" not in err and "\\udc" not in err, err
    assert not (tmp_path / "o.json").exists()


@pytest.mark.parametrize("args,want", [
    (["solve", "{d}/" + FF + "x.non"], "\\xffx.non"),                       # a path
    (["generate", "-n", FF, "-o", "{d}/g.json"], "'\\xff' is not a whole number"),   # an option
    (["solve", "{d}/c.txt", "--time-limit", "1" + FE], "'1\\xfe' is not a number"),
    (["share", "--endless", FF + FE], "'\\xff\\xfe'"),
    (["show", "{d}/c.txt", "--format", FF], "\\xff"),                         # a choice
    (["stats", "{d}/" + FE + FF], "\\xfe\\xff"),
    (["import", "--code", "5a" + FF], "byte 0xff"),
])
def test_every_message_names_bytes_as_typed(tmp_path, args, want):
    (tmp_path / "c.txt").write_text("1\n--\n1\n")
    r = picross(*[a.format(d=tmp_path) for a in args], *(["-o", tmp_path / "o.json"]
                                                       if args[0] == "import" else []))
    assert_refused(r)
    assert want in r.stderr, r.stderr
    assert not any("\udc80" <= c <= "\udcff" for c in r.stderr) and "\\udc" not in r.stderr, r.stderr


def test_printable_leaves_other_text_alone():
    assert printable("caf\u00e9 \\udcff? no: " + "\\" + "\\udcff") == "caf\u00e9 \\xff? no: \\\\udcff"
    assert printable(FF + "a" + FE) == "\\xffa\\xfe"
    assert shown(FF * 100, limit=3) == "'\\xff\\xff\\xff'"
    assert printable("U+DCFF is a name, not a byte") == "U+DCFF is a name, not a byte"
