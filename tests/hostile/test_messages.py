"""What an error line says: no doubled words, a path that exists is never "not found", only the
options the command has, a short line for a huge input line, cartdata and PICROSS_DATA checked
before the run, one digits rule for every reader; and inputs that must stay cheap (a JSON depth
scan over escaped quotes, a huge all-blank board)."""
from __future__ import annotations

import json
import resource
import os
import subprocess
import sys
import time

import pytest

from generator.console.__main__ import main as console_main
from generator.files import userfile
from hostile_common import assert_refused, assert_unchanged, picross, program, refused, run_cli, snapshot
from test_hostile_build import build_refused, built, good_build, small_cart  # noqa: F401 (fixtures)
from test_hostile_cli import make_seeds


PY = sys.executable


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


def test_the_json_depth_scan_is_linear_on_escaped_quotes(work):
    """4 MB of escaped quotes is read in time linear in its length (a backtracking regex would
    take minutes on a few hundred KB). Measured in CPU seconds of this process, which a loaded
    machine does not stretch."""
    (work / "q.json").write_text('{"format": "picross8-batch", "x": "' + '\\"' * 2_000_000)
    t = time.process_time()
    refused(work, "stats", "{w}/q.json", message="malformed JSON")
    assert time.process_time() - t < 20
    assert userfile.text_depth('["' + '\\"' * 1000 + '[[["]') == 1


def blank_non(n: int) -> str:
    return f"width {n}\nheight {n}\nrows\n" + "0\n" * n + "columns\n" + "0\n" * n


@pytest.mark.slow
def test_a_huge_trivial_board_is_cheap(tmp_path):
    """An all-blank 8000x8000 NON is solved in well under a minute: trivial lines cost little.
    Measured in the CPU seconds the command used (its own and its children's, from the kernel), which a
    loaded machine does not stretch as it does the wall clock."""
    (tmp_path / "blank.non").write_text(blank_non(8000))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    rc, err = program([PY, "-m", "generator", "solve", tmp_path / "blank.non", "--json"],
                      stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert rc == 0 and "line logic iteration 1: 64,000,000 of 64,000,000" in err, err
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    assert cpu < 60, cpu


def test_no_doubled_at_in_jsons_messages(work):
    (work / "ctl.json").write_text('{"width": "a\x01b"}')
    r = refused(work, "solve", "{w}/ctl.json", message="Invalid control character at line 1")
    assert "at at" not in r.stderr


@pytest.mark.parametrize("kind", ["folder", "device"])
def test_a_path_that_is_there_is_never_not_found(built, kind):  # noqa: F811
    d, out = built
    (d / "sfx.txt").unlink()
    if kind == "folder":
        (d / "sfx.txt").mkdir()
        want = "is a folder"
    else:
        os.symlink("/dev/null", d / "sfx.txt")
        want = "is a device or other special file"
    text = build_refused(d, out, message=want)
    assert "not found" not in text


@pytest.mark.parametrize("args", [
    ["explain", "{w}/odd.dat"], ["fix", "{w}/odd.dat"], ["solve", "{w}/odd.dat"], ["show", "{w}/odd.dat"],
    ["export", "{w}/odd.dat", "--format", "non", "-o", "-"], ["render", "{w}/odd.dat", "-o", "{w}/r.png"],
])
def test_a_message_names_only_options_its_command_has(work, args):
    """Every option a refusal names is one of the command's own (never, say, "use --format" from
    a command that has no --format)."""
    import re

    from generator.cli import main
    (work / "odd.dat").write_text("hello world\n")
    r = refused(work, *args)
    own = {opt for p in main.commands[args[0]].params for opt in p.opts}
    assert set(re.findall(r"--[a-z][a-z-]+", r.stderr)) <= own, r.stderr


@pytest.mark.parametrize("name,text", [
    ("long.g", ": rows\n" + "1" * 300_000 + "ab\n: columns\n1\n"),
    ("long.non", "width 2\nheight 1\nrows\n" + "1 " * 150_000 + "x\ncolumns\n1\n1\n"),
    ("long.txt", "1 " * 150_000 + "\n--\n1\n"),
])
def test_a_huge_line_makes_a_short_message(work, name, text):
    (work / name).write_text(text)
    before = snapshot(work)
    r = picross("solve", work / name, "--json")
    assert_unchanged(before)
    if r.code == 0:       # a verdict (no grid fits), whose reason is short too
        assert len(json.loads(r.stdout)["reason"]) < 500
    else:
        assert_refused(r)
        assert len(r.stderr) < 600 and name in r.stderr, len(r.stderr)


def test_the_consoles_cartdata_is_checked_before_the_run(tmp_path, built_cart):
    (tmp_path / "afile").write_text("x")
    before = snapshot(tmp_path)
    t = time.process_time()
    r = run_cli(console_main, [built_cart.path, "--frames", "3000", "--cartdata", tmp_path / "afile" / "cd.json"])
    assert_refused(r)
    assert_unchanged(before)
    assert "frames:" not in r.stdout and "is not a directory" in r.stderr
    assert time.process_time() - t < 5           # CPU seconds: no minute of frames played first


def test_picross_data_naming_a_file_is_refused_before_the_game(work, monkeypatch):
    (work / "afile").write_text("x")
    monkeypatch.setenv("PICROSS_DATA", str(work / "afile"))
    refused(work, "play", "{w}/one.non", message="where picross play keeps its progress")


DIGITS = "٣"     # ARABIC-INDIC DIGIT THREE: int() takes it, a user's reader must not


@pytest.mark.parametrize("name,text", [
    ("d.non", f"width {DIGITS}\nheight 1\nrows\n1\ncolumns\n1\n1\n1\n"),
    ("d2.non", f"width 1\nheight 1\nrows\n{DIGITS}\ncolumns\n1\n"),
    ("d.txt", f"{DIGITS}\n--\n1\n"),
    ("d.xml", f'<puzzle><clues type="rows"><line><count>{DIGITS}</count></line></clues>'
              '<clues type="columns"><line><count>1</count></line></clues></puzzle>'),
    ("d.g", f": rows\n{DIGITS}\n: columns\n1\n"),
    ("d.json", f'{{"width": 1, "height": 1, "row_clues": [[{DIGITS}]], "col_clues": [[1]]}}'),
])
def test_one_digits_rule_for_every_reader(work, name, text):
    (work / name).write_text(text, encoding="utf-8")
    refused(work, "solve", "{w}/" + name)
