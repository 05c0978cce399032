"""Hostile input to every `picross` command: random bytes, truncated and mutated valid files,
retyped JSON at every key, huge numbers, deep nesting, oversized and non-UTF-8 files, outputs
pointed at inputs, bad arguments. Each run: exit 1 with one `picross: error:` line (or a clean
exit 0 when a mutation left the file valid), no traceback, no existing file changed."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from generator.files import userfile
from hostile_common import (RETYPES, assert_refused, assert_unchanged, few, key_paths, mutate, picross,
                            retyped_text, snapshot)

CROSS = ".#.\n###\n.#.\n"
PICTURES = "; cross\n" + CROSS + "\n; bar\n#..\n#..\n###\n"
CLUES = "1\n3\n1\n--\n1\n3\n1\n"


def make_seeds(d: Path) -> dict[str, Path]:
    """One valid file of every kind the CLI reads."""
    files = {}
    r = picross("generate", "-n", 2, "--size", 4, "--seed", 3, "-o", d / "batch.json")
    assert r.code == 0, r.stderr
    files["batch"] = d / "batch.json"
    for fmt, name in (("non", "one.non"), ("tk-json", "tk.json")):
        assert picross("export", files["batch"], "--format", fmt, "-o", d / name).code == 0
        files[fmt] = d / name
    (d / "clues.txt").write_text(CLUES)
    files["text"] = d / "clues.txt"
    (d / "pics.txt").write_text(PICTURES)
    files["pictures"] = d / "pics.txt"
    sheet = np.full((15, 30, 4), 255, dtype=np.uint8)   # two 15x15 tiles: a plus, a bar
    sheet[3:12, 7, :3] = 0
    sheet[7, 3:12, :3] = 0
    sheet[3:12, 22, :3] = 0
    Image.fromarray(sheet, "RGBA").save(d / "sheet.png")
    (d / "sheet.txt").write_text("plus\nline\n")
    files["png"] = d / "sheet.png"
    return files


@pytest.fixture(scope="module")
def seeds(tmp_path_factory) -> dict[str, bytes]:
    d = tmp_path_factory.mktemp("seeds")
    return {k: p.read_bytes() for k, p in make_seeds(d).items()}


# (command template, the seed kind it reads, the file suffix)
COMMANDS = [
    (["solve", "{f}", "--node-limit", "50"], "batch", ".json"),
    (["solve", "{f}", "--node-limit", "50"], "tk-json", ".json"),
    (["solve", "{f}", "--node-limit", "50"], "non", ".non"),
    (["solve", "{f}", "--node-limit", "50"], "text", ".txt"),
    (["show", "{f}"], "batch", ".json"),
    (["render", "{f}", "-o", "{o}.png"], "non", ".non"),
    (["export", "{f}", "--format", "tk-json", "-o", "{o}.json"], "tk-json", ".json"),
    (["check", "{f}"], "batch", ".json"),
    (["stats", "{f}"], "batch", ".json"),
    (["import", "{f}", "-o", "{o}.json"], "pictures", ".txt"),
    (["import", "{f}", "-o", "{o}.json"], "png", ".png"),
    (["explain", "{f}"], "pictures", ".txt"),
    (["fix", "{f}", "--max-flips", "1"], "png", ".png"),
]


def run_on(content: bytes, command, allow_ok: bool) -> None:
    args, _, suffix = command
    with tempfile.TemporaryDirectory() as td:
        d = Path(td)
        f = d / f"input{suffix}"
        f.write_bytes(content)
        if suffix == ".png":
            (d / "input.txt").write_text("plus\nline\n")
        before = snapshot(d)
        r = picross(*[a.format(f=f, o=d / "out") for a in args])
        assert_refused(r, allow_ok=allow_ok)
        assert_unchanged(before)


def test_every_seed_is_valid(seeds):
    """The hostile files below start from these: each must work as it is."""
    for command in COMMANDS:
        with tempfile.TemporaryDirectory() as td:
            f = Path(td) / f"input{command[2]}"
            f.write_bytes(seeds[command[1]])
            if command[2] == ".png":
                (Path(td) / "input.txt").write_text("plus\nline\n")
            r = picross(*[a.format(f=f, o=Path(td) / "out") for a in command[0]])
            assert r.code == 0 and r.crash is None, (command, r.stderr)


@few(60)
@given(st.sampled_from(COMMANDS), st.binary(max_size=200))
def test_random_bytes(command, data):
    run_on(data, command, allow_ok=True)


@few(60)
@given(st.sampled_from(COMMANDS), st.floats(0, 1, exclude_max=True))
def test_truncated_valid_files(seeds, command, frac):
    data = seeds[command[1]]
    run_on(data[:int(len(data) * frac)], command, allow_ok=True)


@few(80)
@given(st.sampled_from(COMMANDS),
       st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), st.integers(0, 255)), min_size=1, max_size=4))
def test_mutated_valid_files(seeds, command, edits):
    run_on(mutate(seeds[command[1]], edits), command, allow_ok=True)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["batch", "tk-json"])
def test_retyped_json_at_every_key(seeds, kind):
    """Every key of a valid batch / Tk file replaced by every wrong JSON type."""
    value = json.loads(seeds[kind])
    n = 0
    for path in key_paths(value):
        for new in RETYPES:
            text = retyped_text(value, path, new)
            for command in (COMMANDS[0] if kind == "batch" else COMMANDS[1], COMMANDS[8]):
                if kind == "tk-json" and command[0][0] == "stats":
                    continue
                run_on(text.encode(), command, allow_ok=True)
                n += 1
    assert n > 100


# ---- one case each: retyped keys and params, limits, non-UTF-8, outputs, bad arguments -------

@pytest.fixture
def work(tmp_path, seeds):
    for name, suffix in (("batch", ".json"), ("non", ".non"), ("tk-json", ".json"), ("text", ".txt"),
                         ("pictures", ".txt"), ("png", ".png")):
        (tmp_path / f"{name}{suffix}").write_bytes(seeds[name])
    (tmp_path / "png.txt").write_text("plus\nline\n")
    return tmp_path


def check(work: Path, *args, message: str | None = None, input=None):
    before = snapshot(work)
    r = picross(*args, input=input)
    assert_refused(r)
    assert_unchanged(before)
    if message:   # in the error line (or, for `check`, its report on stdout)
        assert message in r.stderr + r.stdout, r.stderr
    return r


@pytest.mark.parametrize("key,value,command", [
    ("iterations", "abc", "stats"), ("iterations", None, "stats"), ("iterations", -1, "check"),
    ("row_clues", 5, "solve"), ("row_clues", [1, 2], "show"), ("rows", [1, 2], "render"),
    ("name", 7, "export"), ("width", "4", "stats"),
])
def test_retyped_batch_keys(work, key, value, command):
    data = json.loads((work / "batch.json").read_text())
    data["puzzles"][0][key] = value
    (work / "bad.json").write_text(json.dumps(data))
    extra = {"render": ["-o", work / "o.png"], "export": ["--format", "non", "-o", work / "o.non"]}
    check(work, command, work / "bad.json", *extra.get(command, []), message="bad.json: puzzle 0")


@pytest.mark.parametrize("params", [5, "x", [], {"tried": "many", "accepted": 1},
                                    {"tried": 3, "accepted": 1, "rejected": 4},
                                    {"tried": 3, "accepted": 1, "rejected": {"x": "y"}}])
def test_retyped_params(work, params):
    data = json.loads((work / "batch.json").read_text())
    data["params"] = params
    (work / "bad.json").write_text(json.dumps(data))
    for command in ("stats", "check", "solve", "show"):
        check(work, command, work / "bad.json", message="'params'")


@pytest.mark.parametrize("name,text", [
    ("deep.json", "[" * 100_000), ("deep2.json", '{"a":' * 65 + "1" + "}" * 65),
    ("huge.json", '{"width": 1' + "0" * 5000 + "}"), ("nan.json", '{"width": NaN}'),
    ("inf.json", '{"width": 1e999, "row_clues": [], "col_clues": []}'),
])
def test_json_limits(work, name, text):
    (work / name).write_text(text)
    r = check(work, "solve", work / name)
    assert name in r.stderr and ("limit" in r.stderr or "number" in r.stderr), r.stderr


@pytest.mark.parametrize("name,text", [
    ("big.non", "width 3\nheight 3\nrows\n1\n1" + "0" * 5000 + "\n1\ncolumns\n1\n1\n1\n"),
    ("bigw.non", "width 1" + "0" * 30 + "\nheight 3\nrows\n1\n1\n1\ncolumns\n1\n1\n1\n"),
    ("big.txt", "1\n1" + "0" * 4000 + "\n1\n--\n1\n1\n1\n"),
])
def test_numbers_with_thousands_of_digits(work, name, text):
    (work / name).write_text(text)
    check(work, "solve", work / name, message=f"the limit is {userfile.MAX_DIGITS} digits")


def test_longest_file(work, monkeypatch):
    monkeypatch.setattr(userfile, "MAX_FILE_BYTES", 1000)
    (work / "long.txt").write_text("1\n" * 600)
    check(work, "solve", work / "long.txt", message="longer than 1000 bytes, the longest")


def huge_png_header(path: Path, w: int, h: int) -> None:
    """A PNG whose header claims w x h (the pixels never come: the limit is checked first)."""
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    chunk = struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk + b"\0" * 64)


def test_largest_image(work):
    huge_png_header(work / "bomb.png", 15000, 15000)
    check(work, "import", work / "bomb.png", "-o", work / "o.json", message="larger than the largest image")
    check(work, "explain", work / "bomb.png", message="15000x15000")


@pytest.mark.parametrize("case", ["picture", "sidecar", "names", "puzzle"])
def test_non_utf8_files(work, case):
    bad = b"\xff\xfe\x00garbage\x80\n"
    if case == "picture":
        (work / "bad.txt").write_bytes(b"#.#\n" + bad)
        args = ["import", work / "bad.txt", "-o", work / "o.json"]
    elif case == "sidecar":
        (work / "png.txt").write_bytes(bad)
        args = ["import", work / "png.png", "-o", work / "o.json"]
    elif case == "names":
        (work / "names.txt").write_bytes(bad)
        args = ["import", work / "pictures.txt", "--names", work / "names.txt", "-o", work / "o.json"]
    else:
        (work / "bad.non").write_bytes(b"width 3\n" + bad)
        args = ["solve", work / "bad.non"]
    check(work, *args, message="UTF-8")


@pytest.mark.parametrize("name,kind", [("bom.txt", "pictures"), ("bom.non", "non"), ("bomb.json", "batch"),
                                       ("bomt.json", "tk-json"), ("bomc.txt", "text")])
def test_a_bom_is_accepted(work, seeds, name, kind):
    (work / name).write_bytes(b"\xef\xbb\xbf" + seeds[kind])
    command = ["import", work / name, "-o", work / "o.json"] if kind == "pictures" else ["solve", work / name]
    r = picross(*command)
    assert r.code == 0 and r.crash is None, r.stderr


@pytest.mark.parametrize("args,message", [
    (["import", "{w}/pictures.txt", "-o", "{w}/pictures.txt"], "also an input"),
    (["import", "{w}/png.png", "-o", "{w}/png.txt"], "also an input"),           # the sidecar
    (["import", "{w}/pictures.txt", "-o", "{w}/o.json", "--sheet", "{w}/non.non"], "is not a PNG"),
    (["import", "{w}/png.png", "-o", "{w}/o.json", "--sheet", "{w}/png.png"], "also an input"),
    (["import", "{w}/pictures.txt", "-o", "{w}/o.json", "--sheet", "{w}/o.json"], "same file as another output"),
    (["import", "{w}/pictures.txt", "-o", "{w}/non.non"], "not a picross8 batch"),
    (["render", "{w}/batch.json", "-o", "{w}/batch.json"], "also an input"),
    (["render", "{w}/batch.json", "-o", "{w}/non.non"], "is not a PNG"),
    (["explain", "{w}/png.png", "--png", "{w}/png.png"], "also an input"),
    (["fix", "{w}/png.png", "--png", "{w}/png.png"], "also an input"),
    (["export", "{w}/non.non", "--format", "non", "-o", "{w}/non.non"], "also an input"),
    (["export", "{w}/batch.json", "--format", "non", "-o", "{w}/text.txt"], "not a NON file"),
    (["generate", "-n", "1", "--size", "3", "-o", "{w}/non.non"], "not a picross8 batch"),
    (["generate", "-n", "1", "--size", "3", "-o", "{w}"], "is a directory"),
])
def test_outputs_never_replace_inputs_or_other_files(work, args, message):
    check(work, *[a.format(w=work) for a in args], message=message)


@pytest.mark.parametrize("args,message", [
    (["generate", "--width", "0", "--height", "5", "-n", "1", "-o", "{w}/g.json"], "size 0x5 (width x height)"),
    (["generate", "--seed", "-1", "-n", "1", "-o", "{w}/g.json"], "--seed must be"),
    (["generate", "--max-tries", "1", "-n", "5", "--size", "5", "-o", "{w}/g.json"], "only 1 of 5"),
    (["generate", "--size", "0", "-n", "1", "-o", "{w}/g.json"], "out of range"),
    (["generate", "--density", "nan", "-n", "1", "-o", "{w}/g.json"], "density"),
    (["import", "{w}/png.png", "--tile", "0", "-o", "{w}/o.json"], "--tile"),
    (["explain", "{w}/png.png", "--tile", "-3"], "--tile"),
    (["explain", "{w}/pictures.txt", "-i", "2"], "no picture 2 (the file has 2; numbered from 0"),
    (["fix", "{w}/pictures.txt", "-i", "-3"], "no picture -3"),
    (["solve", "{w}/batch.json", "-i", "2"], "no puzzle 2 (the file has 2; numbered from 0"),
    (["show", "{w}/batch.json", "-i", "9"], "no puzzle 9"),
    (["render", "{w}/batch.json", "-i", "2", "-o", "{w}/r.png"], "no puzzle 2"),
    (["export", "{w}/batch.json", "-i", "5", "--format", "non", "-o", "-"], "no puzzle 5"),
    (["solve", "{w}/nothere.non"], "No such file"),
    (["solve", "{w}"], "is a directory"),
    (["stats", "{w}/non.non"], "malformed JSON"),
    (["solve", "-"], "<stdin>: is empty (no puzzle in it)"),
])
def test_bad_arguments(work, args, message):
    check(work, *[a.format(w=work) for a in args], message=message, input="" if "-" in args else None)


def test_the_numbering_is_the_same_for_every_command(work):
    """`import` shows pictures as file#N; explain/fix -i N take that N; show prints puzzle N for -i N."""
    r = picross("import", work / "pictures.txt", "-o", work / "o.json")
    assert "pictures#1 bar" in r.stdout, r.stdout
    assert "bar" in picross("explain", work / "pictures.txt", "-i", 1).stdout
    assert "-- puzzle 1" in picross("show", work / "batch.json", "-i", 1).stdout
    assert "-- puzzle 1" in picross("show", work / "batch.json", "-i", -1).stdout


def test_a_failed_write_names_the_users_path(work, monkeypatch):
    import os

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", src)
    monkeypatch.setattr(os, "replace", refuse)
    r = check(work, "render", work / "batch.json", "-o", work / "r.png", message="r.png: cannot write")
    assert ".tmp" not in r.stderr
    assert not [p for p in work.iterdir() if p.name.endswith(".tmp")]
