"""Regression cases of issue 22 (trust, round 3), one derandomized case per class of failure:
crashes and hangs, data lost or damaged, messages, and published files as they come. Each
refusal: exit 1, one `picross: error:` line, no traceback, nothing changed or left behind, no
process left running, in the time a user waits (the bounds here are generous: a shared CI
machine; the failures they guard against took tens of seconds to minutes)."""
from __future__ import annotations

import json
import os
import signal
import stat
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import pytest

from cartfixtures import REPO
from generator.console.__main__ import main as console_main
from generator.formats import userfile
from generator.formats.puzzlefile import detect_format, dumps, dumps_non
from generator.formats.record import Puzzle
from generator.solver import classify
from generator.solver.clues import grid_clues
from hostile_common import assert_refused, assert_unchanged, picross, run_cli, snapshot
from test_hostile_build import build_refused, built, good_build, small_cart  # noqa: F401 (fixtures)
from test_hostile_cli import make_seeds

PY = sys.executable
SCRIPT = Path(PY).parent / "picross"          # the console script pip made for `picross`


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


def refused(work, *args, message: str = "", input=None):
    before = snapshot(work)
    r = picross(*[str(a).format(w=work) for a in args], input=input)
    assert_refused(r)
    assert_unchanged(before)
    assert not set(snapshot(work)) - set(before), "a refusal left a file behind"
    assert message in r.stderr, r.stderr
    return r


def program(args, *, env=None, stdout=subprocess.PIPE, timeout=60, cwd=REPO):
    """Run a command as a user's shell does, in its own process group; returns (returncode,
    stderr) once it and every process it started have ended."""
    p = subprocess.Popen([str(a) for a in args], stdout=stdout, stderr=subprocess.PIPE, cwd=cwd,
                         env={**os.environ, **(env or {})}, start_new_session=True)
    try:
        _, err = p.communicate(timeout=timeout)
    finally:
        _kill_group(p.pid)
    return p.returncode, err.decode("utf-8", "replace")


def _group_alive(pgid: int) -> list[int]:
    """The processes of group pgid still running: a zombie (exited, not yet reaped by whoever
    adopted it) runs nothing and counts as gone."""
    r = subprocess.run(["ps", "-o", "pid=,stat=", "-g", str(pgid)], capture_output=True, text=True)
    return [int(pid) for pid, stat in (line.split() for line in r.stdout.splitlines())
            if not stat.startswith("Z")]


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def one_line(err: str, prefix: str = "picross: error:") -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err, err
    return lines[0]


# ==== crashes and hangs ===========================================================================

DEEP = "[" * 100_000


@pytest.mark.parametrize("args", [
    ["generate", "-n", "1", "--size", "3", "-o", "{w}/deep.json"],
    ["import", "{w}/pics.txt", "-o", "{w}/deep.json"],
    ["export", "{w}/one.non", "--format", "tk-json", "-o", "{w}/deep.json"],
    ["export", "{w}/one.non", "--format", "non", "-o", "{w}/deep.json"],
])
def test_an_output_holding_deep_json_is_refused_not_a_recursion_error(work, args):
    """The "is it a file of my kind?" sniff of an existing output reads JSON by the one reader."""
    (work / "deep.json").write_text(DEEP)
    refused(work, *args, message="exists and is not")


def test_the_builds_manifest_sniff_too(built):  # noqa: F811
    d, out = built
    (out / "deep.json").write_text(DEEP)
    build_refused(d, out, "--out", out / "picross.p8", "--manifest", out / "deep.json",
                  message="is not a picross8 cart manifest")


def _fake_numpy(tmp_path: Path) -> dict:
    """An environment whose `import numpy` raises KeyboardInterrupt: Ctrl-C during the imports
    every command starts with, at the same moment every run."""
    fake = tmp_path / "fake"
    (fake / "numpy").mkdir(parents=True)
    (fake / "numpy" / "__init__.py").write_text("raise KeyboardInterrupt\n")
    return {"PYTHONPATH": str(fake)}


@pytest.mark.parametrize("args,prog", [
    ([SCRIPT, "solve", "{w}/one.non"], "picross"),
    ([PY, "-m", "generator", "solve", "{w}/one.non"], "picross"),
    ([PY, REPO / "build.py", "--out", "{w}/c.p8"], "build.py"),
    ([PY, "-m", "generator.console", "{w}/c.p8"], "python -m generator.console"),
])
def test_ctrl_c_during_the_imports_is_one_line(work, args, prog):
    rc, err = program([str(a).format(w=work) for a in args], env=_fake_numpy(work))
    assert one_line(err, f"{prog}: interrupted") and rc in (-signal.SIGINT, 130), (rc, err)


@pytest.mark.parametrize("delay", [0.15, 0.3, 0.6])
def test_ctrl_c_at_any_moment_of_a_command(work, delay):
    """A real SIGINT early in a run (interpreter start-up itself, before any project code, is
    the one moment left to Python): one line, or none when the run was already ending."""
    p = subprocess.Popen([PY, "-m", "generator", "solve", work / "one.non"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, cwd=REPO, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    err = p.communicate(timeout=60)[1].decode()
    if p.returncode != 0:      # else it had finished; silent when it was ending (Python's own exit)
        assert p.returncode in (-signal.SIGINT, 130) and "Traceback" not in err, err
        if err.strip():
            assert one_line(err, "picross: interrupted")


def test_the_json_depth_scan_is_linear_on_escaped_quotes(work):
    """120 KB of escaped quotes took 48 s (a backtracking regex); 4 MB is read at once now."""
    (work / "q.json").write_text('{"format": "picross8-batch", "x": "' + '\\"' * 2_000_000)
    t = time.perf_counter()
    refused(work, "stats", "{w}/q.json", message="malformed JSON")
    assert time.perf_counter() - t < 20
    assert userfile.text_depth('["' + '\\"' * 1000 + '[[["]') == 1


def test_sigterm_stops_generate_and_its_workers(tmp_path):
    p = subprocess.Popen([PY, "-m", "generator", "generate", "-n", "1000000", "--size", "25",
                          "--jobs", "2", "-o", tmp_path / "g.json"], cwd=REPO, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        end = time.monotonic() + 60
        while len(_group_alive(p.pid)) < 3 and time.monotonic() < end:   # the parent, 2 workers
            time.sleep(0.1)
        assert len(_group_alive(p.pid)) >= 3
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=30)        # returns when every holder of stdout has gone
        time.sleep(0.2)
        assert not _group_alive(p.pid), "workers left running"
    finally:
        _kill_group(p.pid)
    assert p.returncode == 130 and "g.json not written" in err.decode(), err
    assert not list(tmp_path.iterdir()), list(tmp_path.iterdir())


def blank_non(n: int) -> str:
    return f"width {n}\nheight {n}\nrows\n" + "0\n" * n + "columns\n" + "0\n" * n


def test_a_huge_trivial_board_is_cheap(tmp_path):
    """An all-blank 8000x8000 NON took 140 s and 676 MB: trivial lines cost little now."""
    (tmp_path / "blank.non").write_text(blank_non(8000))
    t = time.perf_counter()
    rc, err = program([PY, "-m", "generator", "solve", tmp_path / "blank.non", "--json"],
                      stdout=subprocess.DEVNULL, timeout=120)
    assert rc == 0 and "line logic iteration 1: 64,000,000 of 64,000,000" in err, err
    assert time.perf_counter() - t < 60


def hard_puzzle(path: Path) -> Path:
    """A 99x59 puzzle line logic learns nothing of and SAT takes minutes over (a smooth picture
    of density 0.35, as the generator draws it: deterministic)."""
    from generator.puzzles.generate import Params, draw
    p = Params(height=59, width=99, density=0.35, seed=1, style="smooth").check()
    path.write_text(dumps_non(Puzzle(grid_clues(draw(p, 0)[0]))))
    return path


@pytest.mark.parametrize("extra", [[], ["--time-limit", "600"]])
def test_ctrl_c_stops_a_long_classification(tmp_path, extra):
    """The SAT step runs in C: Ctrl-C raised pysat's own error (a traceback), or under
    --time-limit was ignored until the limit."""
    hard = hard_puzzle(tmp_path / "hard.non")
    p = subprocess.Popen([PY, "-m", "generator", "solve", hard, "--json", *extra], cwd=REPO,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(4)                             # well into the SAT step
        assert p.poll() is None
        t = time.monotonic()
        p.send_signal(signal.SIGINT)
        err = p.communicate(timeout=30)[1].decode()
        assert time.monotonic() - t < 10
    finally:
        _kill_group(p.pid)
    assert p.returncode == 130 and one_line(err, "picross: interrupted"), (p.returncode, err)


def test_a_long_classification_says_it_is_still_at_work(tmp_path, monkeypatch):
    monkeypatch.setattr(classify, "HEARTBEAT", 0.5)
    r = picross("solve", hard_puzzle(tmp_path / "hard.non"), "--json", "--time-limit", "3")
    assert r.code == 0 and "still classifying after" in r.stderr and "SAT" in r.stderr, r.stderr
    assert json.loads(r.stdout)["classification"] == "unknown"


# ==== data lost or damaged ========================================================================

@pytest.mark.parametrize("args", [
    ["generate", "-n", "2", "--size", "4", "-o", "-"],
    ["export", "{w}/one.non", "--format", "non", "-o", "-"],
    ["solve", "{w}/one.non"],
    ["show", "{w}/batch.json"],
])
def test_a_full_stdout_is_an_error(work, args):
    with open("/dev/full", "wb") as full:
        rc, err = program([PY, "-m", "generator", *[a.format(w=work) for a in args]], stdout=full)
    assert rc == 1 and "<stdout>" in one_line(err) and "No space left" in err, err
    assert not (REPO / "-").exists() and not (work / "-").exists()


@pytest.mark.parametrize("args", [
    ["generate", "-n", "1", "--size", "3", "-o", "{w}/link"],
    ["export", "{w}/one.non", "--format", "non", "-o", "{w}/link"],
    ["render", "{w}/one.non", "-o", "{w}/link"],
])
def test_a_symlinked_output_replaces_its_target(work, args):
    target = work / "sub" / "target"
    target.parent.mkdir()
    os.symlink(target, work / "link")
    r = picross(*[a.format(w=work) for a in args])
    assert r.code == 0, r.stderr
    assert (work / "link").is_symlink() and target.is_file() and target.stat().st_size > 0


def test_a_read_only_output_is_refused_and_a_replaced_one_keeps_its_mode(work):
    ro = work / "ro.non"
    ro.write_text((work / "one.non").read_text())
    ro.chmod(0o444)
    refused(work, "export", "{w}/batch.json", "--format", "non", "-i", "1", "-o", ro, message="is read-only")
    assert stat.S_IMODE(ro.stat().st_mode) == 0o444
    own = work / "own.non"
    own.write_text((work / "one.non").read_text())
    own.chmod(0o600)
    assert picross("export", work / "batch.json", "--format", "non", "-i", "1", "-o", own).code == 0
    assert stat.S_IMODE(own.stat().st_mode) == 0o600 and own.read_text() != (work / "one.non").read_text()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(ihdr: tuple, pixels: bytes, plte: bytes | None = None) -> bytes:
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", *ihdr))
    if plte is not None:
        out += _chunk(b"PLTE", plte)
    return out + _chunk(b"IDAT", zlib.compress(pixels)) + _chunk(b"IEND", b"")


PLUS = [[x == 7 and 3 <= y < 12 or y == 7 and 3 <= x < 12 for x in range(15)] for y in range(15)]


@pytest.mark.parametrize("case,message", [
    ("truncated pixel data", "truncated pixel data"),
    ("palette without PLTE", "without its PLTE"),
    ("palette index past PLTE", "names palette entry"),
    ("bad checksum", "fails its checksum"),
    ("no IEND", "truncated"),
])
def test_a_damaged_png_is_refused_not_read_as_a_picture(work, case, message):
    rows = b"".join(b"\0" + bytes(1 if v else 0 for v in row) for row in PLUS)
    grey = b"".join(b"\0" + bytes(0 if v else 255 for v in row) for row in PLUS)
    data = {"truncated pixel data": lambda: _png((15, 15, 8, 0, 0, 0, 0), grey[:len(grey) // 3]),
            "palette without PLTE": lambda: _png((15, 15, 8, 3, 0, 0, 0), rows),
            "palette index past PLTE": lambda: _png((15, 15, 8, 3, 0, 0, 0), rows, b"\xff\xff\xff"),
            "bad checksum": lambda: _png((15, 15, 8, 0, 0, 0, 0), grey)[:-20] + b"\0" * 8
            + _png((15, 15, 8, 0, 0, 0, 0), grey)[-12:],
            "no IEND": lambda: _png((15, 15, 8, 0, 0, 0, 0), grey)[:-12]}[case]()
    (work / "bad.png").write_bytes(data)
    (work / "bad.txt").write_text("plus\n")
    r = refused(work, "import", "{w}/bad.png", "-o", "{w}/o.json", message=message)
    assert "object at 0x" not in r.stderr and "bad.png" in r.stderr


@pytest.mark.parametrize("args", [
    ["generate", "-n", "1", "--size", "3", "-o", "{w}/nofolder/"],
    ["export", "{w}/one.non", "--format", "non", "-o", "{w}/nofolder/"],
    ["render", "{w}/one.non", "-o", "{w}/nofolder/"],
    ["import", "{w}/pics.txt", "-o", "{w}/nofolder/"],
    ["explain", "{w}/pics.txt", "--png", "{w}/nofolder/"],
])
def test_an_output_ending_in_a_slash_names_a_folder(work, args):
    refused(work, *args, message="names a folder")
    assert not (work / "nofolder").exists()


@pytest.mark.parametrize("case,message", [
    ("no music.txt", "music.txt: no such music file"),
    ("no sfx.txt", "sfx.txt: no such sound effects file"),
    ("music.txt a folder", "music.txt: is a folder, not a music file"),
    ("empty main.lua", "main.lua: holds no code"),
    ("comments only main.lua", "main.lua: holds no code"),
    ("an included file a folder", "board.lua: is a folder, not a Lua file"),
])
def test_the_build_refuses_a_cart_without_its_sources(built, case, message):  # noqa: F811
    d, out = built
    if case == "no music.txt":
        (d / "music.txt").unlink()
    elif case == "no sfx.txt":
        (d / "sfx.txt").unlink()
    elif case == "music.txt a folder":
        (d / "music.txt").unlink()
        (d / "music.txt").mkdir()
    elif case == "empty main.lua":
        (d / "main.lua").write_text("")
    elif case == "comments only main.lua":
        (d / "main.lua").write_text("-- nothing here\n\n-- nor here\n")
    else:
        (d / "board.lua").unlink()
        (d / "board.lua").mkdir()
    build_refused(d, out, message=message)


@pytest.mark.parametrize("press,message", [
    ("", "name a button"), ("o:", "no frame count"), ("o++x", "name a button"), ("+", "name a button"),
    ("o:0", "at least 1"), ("o:x", "not a whole number"), ("o:٣", "not a whole number"),
    ("hop", "unknown button"), ("9", "unknown button"),
])
def test_the_console_refuses_a_bad_press(tmp_path, built_cart, press, message):
    r = run_cli(console_main, [built_cart.path, "--press", press, "--out", tmp_path / "s.png"])
    assert_refused(r)
    assert message in r.stderr and not list(tmp_path.iterdir()), r.stderr


# ==== messages ====================================================================================

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
    """explain said "use --format" (it had none, then); now every option named is the command's."""
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
    t = time.perf_counter()
    r = run_cli(console_main, [built_cart.path, "--frames", "3000", "--cartdata", tmp_path / "afile" / "cd.json"])
    assert_refused(r)
    assert_unchanged(before)
    assert "frames:" not in r.stdout and "is not a directory" in r.stderr
    assert time.perf_counter() - t < 5           # no minute of frames played first


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


# ==== published files as they come ================================================================

def _every_format(work) -> dict[str, str]:
    p = Puzzle(grid_clues(np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)), name="t")
    texts = {fmt: dumps(p, fmt) for fmt in ("non", "tk-json", "webpbn", "g")}
    texts["batch"] = (work / "batch.json").read_text()
    texts["text"] = "2\n1\n--\n1\n1\n1 1\n"
    return texts


@pytest.mark.parametrize("ext", [".txt", ".non.txt", ".dat", "", ".json", ".xml", ".g", ".non"])
def test_every_format_is_detected_from_its_content(work, ext):
    for fmt, text in _every_format(work).items():
        assert detect_format(f"x{ext}", text) == fmt, (fmt, ext)
        (work / f"p-{fmt}{ext}").write_text(text)
        r = picross("solve", work / f"p-{fmt}{ext}", "--json")
        assert r.code == 0, (fmt, ext, r.stderr)


def test_a_failed_read_names_the_format_it_assumed(work):
    (work / "bad.non.txt").write_text("width 3\nheight 1\nrows\n1\ncolumns\nx\n")
    refused(work, "solve", "{w}/bad.non.txt", message="(read as NON, by its content)")
    (work / "empty.non").write_text("\n")
    refused(work, "solve", "{w}/empty.non", message="read as NON, by its .non extension")


@pytest.mark.parametrize("text,reason", [
    ("1\n--\n1\n1\n", "the row clues fill 1 cell but the column clues fill 2"),
    ("3\n--\n1\n1\n", "row 1 clue [3] needs 3 cells but the line has 2"),
])
def test_clues_no_grid_fits_are_a_verdict(work, text, reason):
    (work / "no.txt").write_text(text)
    r = picross("solve", work / "no.txt", "--json")
    out = json.loads(r.stdout)
    assert r.code == 0 and out["classification"] == "none" and out["reason"] == reason, r.stdout
    r = picross("solve", work / "no.txt")
    assert r.code == 0 and r.stdout.strip().endswith(f"no solution: {reason}")
    refused(work, "play", "{w}/no.txt", message=f"no grid fits these clues ({reason})")
    refused(work, "fix", "{w}/no.txt", message=reason)


def test_play_says_a_puzzle_is_not_unique_and_names_the_players_own_solution(tmp_path):
    """Two solutions, the file's goal the first: the game says so at load, and solved the other
    way it shows the player's board as the player's own, not under the goal picture's name."""
    sys.path.insert(0, str(REPO / "tests" / "play"))
    from test_terminal import Pty
    (tmp_path / "two.non").write_text('title "diagonal"\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n'
                                      'goal "1001"\n')
    t = Pty([tmp_path / "two.non", "-i", "0"], 24, 80, tmp_path / "data")
    try:
        assert "severalsolutions" in t.read_until("severalsolutions")
        t.send("l jh ")                       # fill (0, 1) and (1, 0): the other diagonal
        screen = t.read_until("SOLVED!")
        screen = t.read_until("yourownsolution")
        assert "yourownsolution,notdiagonal" in screen
        t.send("q")
        t.read_until("quit")
        t.send("q")
        assert t.wait() == 0
    finally:
        t.close()
