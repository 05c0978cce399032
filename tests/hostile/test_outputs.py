"""What a command writes, and what it refuses to write over: an existing output holding deep
JSON, a full stdout, a symlinked or read-only output, an output ending in '/', a damaged PNG
input, a cart without its sources, a console press it does not know. Each refusal: exit 1, one
`picross: error:` line, no traceback, nothing changed or left behind."""
from __future__ import annotations

import os
import stat
import struct
import sys
import zlib

import pytest

from cartfixtures import REPO
from generator.console.__main__ import main as console_main
from hostile_common import assert_refused, one_line, picross, program, refused, run_cli
from test_hostile_build import build_refused, built, good_build, small_cart  # noqa: F401 (fixtures)
from test_hostile_cli import make_seeds


PY = sys.executable


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


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
