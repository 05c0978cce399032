"""Every number on every command line of the project, not only picross's: the console
(`python -m generator.console`), the page builder, the cart's window and the dev scripts that
`make bench` and friends run. Each is read as ASCII digits, finite and bounded, by
generator.files.userfile's one reader; a wrong one is one line and a non-zero exit.

The source audit walks every module, so an option added later with click's INT or FLOAT,
argparse's `type=int`, or `int(sys.argv[...])` fails here before a user finds it."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import click
import pytest

from cartfixtures import REPO
from generator.console.__main__ import MAX_SCALE, main as console_main
from generator.errors import run_command
from hostile_common import assert_refused, run_cli, snapshot, assert_unchanged

UNICODE_DIGITS = ["٣", "３", "৩", "1٣"]       # int() reads each as a number
SOURCES = sorted(p for p in (REPO / "generator").rglob("*.py") if "__pycache__" not in p.parts) \
    + [REPO / "build.py"]
LOOSE_CLICK = {"INT", "FLOAT", "IntRange", "FloatRange"}


def _loose_numbers(text: str, name: str) -> list[str]:
    """Where the module `name` (its source `text`) reads a number from a command line without
    the one reader."""
    found = []
    for node in ast.walk(ast.parse(text)):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr in LOOSE_CLICK \
                and isinstance(node.value, ast.Name) and node.value.id == "click":
            found.append(f"{where} click.{node.attr}")
        if isinstance(node, ast.keyword) and node.arg == "type" \
                and isinstance(node.value, ast.Name) and node.value.id in ("int", "float"):
            found.append(f"{where} type={node.value.id}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("int", "float") and node.args \
                and "argv" in ast.unparse(node.args[0]):
            found.append(f"{where} {ast.unparse(node)}")
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "click.option" \
                and not any(k.arg == "type" for k in node.keywords):
            default = next((k.value for k in node.keywords if k.arg == "default"), None)
            if isinstance(default, ast.Constant) and type(default.value) in (int, float):
                found.append(f"{where} click.option default={default.value!r} (click's own INT/FLOAT)")
    return found


def test_no_command_line_reads_a_number_by_plain_int_or_float():
    loose = [hit for p in SOURCES for hit in _loose_numbers(p.read_text(), str(p.relative_to(REPO)))]
    assert not loose, loose


def test_every_argparse_command_line_errs_in_one_line():
    """argparse's own parser prints its usage before the error and exits 2: every script takes
    generator.errors.ArgumentParser (one line, exit 1) instead."""
    raw = [f"{p.relative_to(REPO)}:{n.lineno}" for p in SOURCES if p.name != "errors.py"
           for n in ast.walk(ast.parse(p.read_text()))
           if isinstance(n, ast.Call) and ast.unparse(n.func) == "argparse.ArgumentParser"]
    assert not raw, raw


def test_the_audit_sees_each_loose_form():
    """The audit itself: each form it forbids, written out, is found; the checked forms are not."""
    text = ("import click, sys\n"
            "@click.option('--a', type=click.INT)\n"
            "@click.option('--b', default=3)\n"
            "@click.option('--ok', default='3', type=Whole(0, 9))\n"
            "def f(): ap.add_argument('--c', type=float); n = int(sys.argv[1]); m = int(argv[0])\n"
            "def g(): ap.add_argument('--d', type=whole_type(1, 9)); n = whole_arg(argv[0], 'n')\n")
    hits = sorted(h.split(" ", 1)[1] for h in _loose_numbers(text, "probe"))
    assert hits == sorted(["click.INT", "click.option default=3 (click's own INT/FLOAT)",
                           "type=float", "int(sys.argv[1])", "int(argv[0])"]), hits


def _click_commands():
    """Every click command defined at the top of a module of the project."""
    out = []
    for p in SOURCES[:-1]:
        if "@click." not in p.read_text():
            continue
        mod = importlib.import_module(".".join(p.relative_to(REPO).with_suffix("").parts))
        for name, obj in vars(mod).items():
            if isinstance(obj, click.Command) and obj.callback is not None \
                    and obj.callback.__module__ == mod.__name__:
                out.append((mod.__name__, name, obj))
    return out


def test_no_click_command_anywhere_takes_click_int_or_float():
    commands = _click_commands()
    names = {m for m, _, _ in commands}
    assert {"generator.console.__main__", "generator.web.__main__"} <= names, names
    loose = []
    for mod, name, cmd in commands:
        subs = list(cmd.commands.values()) if isinstance(cmd, click.Group) else [cmd]
        for c in subs:
            for p in c.params:
                if isinstance(p.type, (click.types.IntParamType, click.types.FloatParamType)):
                    loose.append((mod, c.name, p.name, type(p.type).__name__))
    assert not loose, loose


# ---- the console ------------------------------------------------------------------------------

CART = "pico-8 cartridge // http://www.pico-8.com\nversion 41\n__lua__\nfunction _draw() cls(1) end\n"


def console(tmp_path, *args):
    (tmp_path / "c.p8").write_text(CART)
    return run_cli(lambda argv: run_command(console_main, "console", argv),
                   [tmp_path / "c.p8", *args])


@pytest.mark.parametrize("option", ["--frames", "--scale", "--seed"])
@pytest.mark.parametrize("value", UNICODE_DIGITS + ["1e3", "nan", "0x10", "1" * 25])
def test_console_numbers_are_ascii_digits(tmp_path, option, value):
    before = snapshot(tmp_path)
    r = console(tmp_path, option, value, "--out", tmp_path / "s.png")
    assert_refused(r)
    assert_unchanged(before)
    assert not (tmp_path / "s.png").exists()
    assert r.lines[0].startswith(f"picross: error: {option}: "), r.stderr


@pytest.mark.parametrize("option,value,message", [
    ("--scale", str(MAX_SCALE + 1), f"--scale: {MAX_SCALE + 1} is out of range (1..{MAX_SCALE})"),
    ("--scale", "0", f"--scale: 0 is out of range (1..{MAX_SCALE})"),
    ("--scale", "9" * 19, f"--scale: {'9' * 19} is out of range"),
    ("--frames", "3601", "--frames: 3601 is out of range (0..3600)"),
    ("--seed", "-1", "--seed: -1 is out of range (0..32767)"),
    ("--seed", "32768", "--seed: 32768 is out of range (0..32767)"),
])
def test_console_numbers_are_bounded(tmp_path, option, value, message):
    r = console(tmp_path, option, value, "--out", tmp_path / "s.png")
    assert_refused(r)
    assert message in r.stderr, r.stderr
    assert not (tmp_path / "s.png").exists()


def test_console_numbers_in_range_still_work(tmp_path):
    r = console(tmp_path, "--frames", "2", "--scale", str(MAX_SCALE), "--seed", "32767",
                "--out", tmp_path / "s.png")
    assert r.code == 0 and r.crash is None, r.stderr
    from PIL import Image
    with Image.open(tmp_path / "s.png") as im:
        assert im.size == (128 * MAX_SCALE, 128 * MAX_SCALE)


# ---- the dev scripts and the cart's window ----------------------------------------------------

@pytest.mark.parametrize("module,args", [
    ("generator.dev.bench_lua", ["٣"]),
    ("generator.dev.bench_sound", ["٣"]),
    ("generator.dev.bench_console", ["٣"]),
    ("generator.dev.bench_console", ["0"]),
    ("generator.dev.bench_lua", ["9" * 12]),
])
def test_a_bench_count_is_ascii_and_bounded(module, args):
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as e:
        main(args)
    message = str(e.value.code)
    assert isinstance(e.value.code, str) and "\n" not in message, message
    assert "not a whole number (ASCII digits 0-9)" in message or "out of range" in message, message


@pytest.mark.parametrize("module,args,message", [
    ("generator.dev.bench_multi", ["--runs", "٣"], "argument --runs: '٣' is not a whole number"),
    ("generator.dev.bench_multi", ["--runs", "100000"], "argument --runs: 100000 is out of range"),
    ("generator.dev.bench_multi", ["--time-limit", "nan"], "argument --time-limit: 'nan' is not a number"),
    ("generator.dev.bench_multi", ["--time-limit", "inf"], "argument --time-limit: 'inf' is not a number"),
    ("generator.dev.bench_multi", ["--time-limit", "-1"], "argument --time-limit: -1.0 is out of range"),
    ("generator.dev.run_carts", ["/nonexistent", "--frames", "٣"], "argument --frames: '٣' is not a whole"),
    ("generator.play.window", ["c.p8", "--scale", "٣"], "argument --scale: '٣' is not a whole"),
    ("generator.play.window", ["c.p8", "--scale", "17"], "argument --scale: 17 is out of range (1..16)"),
])
def test_a_dev_option_is_ascii_finite_and_bounded(capsys, module, args, message):
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err     # no usage text first
