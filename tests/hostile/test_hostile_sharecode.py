"""Hostile share codes to `picross import --code` (and `picross share --endless`): wrong checks,
lengths, kinds the cart lacks, symbols outside the alphabet (control characters, non-ASCII,
non-UTF-8 argv bytes), 1 MB of text, nothing at all, random text and mutated valid codes. Each
run: exit 1 with one `picross: error:` line, no traceback, nothing written; a mutated code that
happens to be valid imports cleanly."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.formats.sharecode import ALPHABET, with_check
from hostile_common import assert_refused, few, picross

VALID = ["5azze4wm", "f0e00z00z0fzyzzzfzy0e00z00z00e00z01zg3zr1zg000cr", "e16js4"]


def import_code(code: str, allow_ok: bool = False):
    with tempfile.TemporaryDirectory() as td:
        out = Path(td) / "out.json"
        r = picross("import", "--code", code, "-o", out)
        assert_refused(r, allow_ok=allow_ok)
        assert out.exists() == (r.code == 0)
        return r


@pytest.mark.parametrize("code, words", [
    ("5azze4wn", "damaged"),                                    # wrong check
    ("5azze4mw", "damaged"),                                    # check symbols swapped
    ("5azze4", "has 8 symbols, this one has 6"),                # too short
    ("5azze4wm" * 2, "this one has 16"),                        # too long
    ("a" + "z" * 20, "a 10x10 code has 23"),
    (with_check("4" + "z" * 4), "unknown kind '4'"),            # sizes the cart lacks, checked
    (with_check("k" + "z" * 80), "unknown kind 'k'"),
    (with_check("6" + "z" * 8), "unknown kind '6'"),
    ("5azzu4wm", "'u'"), ("5azz?4wm", "'?'"), ("5azz_4wm", "'_'"),
    ("5azz\x7f4wm", "U+007F"), ("5azz\x00" "4wm", "U+0000"), ("5azz\x1b[31m", "U+001B"),
    ("5azz\u200b4wm", "U+200B"), ("5azz\U0001f600", "U+1F600"), ("５ａｚｚｅ４ｗｍ", "U+FF15"),
    ("", "none"), ("   ", "none"), ("----", "none"),
    ("500000g3", "empty"),
    ("f" + "0" * (1 << 20), "this one has 1,048,577"),        # 1 MB of symbols
    ("\x01" * (1 << 20), "U+0001"),                             # 1 MB of control characters
])
def test_a_hostile_code_is_one_line_and_exit_1(code, words):
    r = import_code(code)
    assert words in r.stderr, r.stderr
    assert len(r.stderr) < 500


@few(150)
@given(st.text(max_size=60))
def test_random_text(text):
    import_code(text, allow_ok=True)


@few(150)
@given(st.sampled_from(VALID),
       st.lists(st.tuples(st.integers(0, 60), st.integers(0, 2), st.characters()), min_size=1, max_size=3))
def test_mutated_valid_codes(code, edits):
    """Replace, insert or delete characters (any character) of a valid code."""
    chars = list(code)
    for at, op, ch in edits:
        at %= len(chars) + 1
        if op == 0 and at < len(chars):
            chars[at] = ch
        elif op == 1:
            chars.insert(at, ch)
        elif chars:
            del chars[min(at, len(chars) - 1)]
    import_code("".join(chars), allow_ok=True)


@few(60)
@given(st.text(alphabet=ALPHABET, max_size=60))
def test_random_symbols(text):
    import_code(text, allow_ok=True)


@pytest.mark.parametrize("seed", ["32768", "-1", "1e3", "99999999999999999999999"])
def test_an_endless_seed_out_of_range(seed):
    assert_refused(picross("share", "--endless", seed))


@pytest.mark.parametrize("arg", [b"5azz\xff4wm", b"\xc3\x28", b"5a\xed\xa0\x80zz"])
def test_non_utf8_bytes_on_the_command_line(arg, tmp_path):
    """A real process: argv bytes that are no UTF-8 reach Python as surrogates; one line naming
    the byte typed (never the surrogate), exit 1."""
    env = dict(os.environ, PYTHONIOENCODING="")
    r = subprocess.run([sys.executable, "-m", "generator", "import", "--code", arg, "-o",
                        str(tmp_path / "o.json")], capture_output=True, env=env, timeout=600)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 1 and "Traceback" not in err, err
    bad = next(b for b in arg if b >= 0x80)      # the first byte that is not UTF-8 here
    assert len(err.splitlines()) == 1 and err.startswith(f"picross: error: share code: byte 0x{bad:02x}")
    assert "U+DC" not in err, err
    assert not (tmp_path / "o.json").exists()


@few(80)
@given(st.sampled_from([".non", ".txt", ".json", ".xml", ".g"]), st.binary(max_size=300))
def test_share_on_random_files(suffix, data):
    """`picross share` reads as every command does, then refuses what has no code."""
    with tempfile.TemporaryDirectory() as td:
        f = Path(td) / f"input{suffix}"
        f.write_bytes(data)
        r = picross("share", f)
        assert_refused(r, allow_ok=True)
        if r.code == 0:
            assert len(r.stdout.splitlines()) == 1
