"""Every number option of every command: ASCII digits only, finite, bounded.

The audit walks the commands themselves (`picross` and build.py), so an option added later with
click's own int or float (which read '٣' as 3, and 'nan' as a number) fails here. A count that
makes processes or memory has an upper bound: `--jobs` is capped at the CPUs the process may use
(one line says so), `-n` and the sizes are refused past theirs."""
from __future__ import annotations

import importlib.util

import click
import pytest

from cartfixtures import REPO
from generator.cli import main as picross_group
from generator.cli.options import Real, Whole
from generator.puzzles import generate as gen
from generator.puzzles.generate import CHUNK_CELLS, MAX_COUNT, Params, chunk_size
from hostile_common import assert_refused, picross

UNICODE_DIGITS = ["٣", "３", "৩", "²", "1٣", "\u0663\u0660"]   # int() reads all but '²' as numbers
NOT_FINITE = ["nan", "NaN", "inf", "-inf", "+Infinity", "1e999"]
TYPES_KEPT = (click.types.StringParamType, click.types.BoolParamType, click.Path, click.Choice,
              click.types.UnprocessedParamType)


def _build_py_main() -> click.Command:
    spec = importlib.util.spec_from_file_location("picross8_build_py_options", REPO / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.main


def every_option():
    """(program, command, option) for every option and argument of picross and build.py."""
    out = [("picross", name, p) for name, cmd in sorted(picross_group.commands.items())
           for p in cmd.params]
    out += [("build.py", None, p) for p in _build_py_main().params]
    return out


def number_options(kind):
    return [(name, p.opts[-1], p.type) for prog, name, p in every_option()
            if prog == "picross" and isinstance(p.type, kind)]


def test_every_number_option_reads_by_the_one_parser():
    """No option takes click's INT, FLOAT, IntRange or FloatRange: a number is Whole or Real."""
    loose = [(prog, name, p.name, type(p.type).__name__) for prog, name, p in every_option()
             if not isinstance(p.type, (Whole, Real)) and not isinstance(p.type, TYPES_KEPT)]
    assert not loose, loose
    assert len(number_options(Whole)) >= 15 and len(number_options(Real)) >= 2


@pytest.mark.parametrize("command,option,kind", number_options((Whole, Real)),
                         ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("value", UNICODE_DIGITS)
def test_a_number_option_refuses_unicode_digits(command, option, kind, value):
    r = picross(command, option, value)
    assert_refused(r)
    assert option in r.stderr and "ASCII digits" in r.stderr, r.stderr


@pytest.mark.parametrize("command,option,kind", number_options(Real), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("value", NOT_FINITE)
def test_a_float_option_refuses_nan_and_inf(command, option, kind, value):
    r = picross(command, option, value)
    assert_refused(r)
    assert option in r.stderr and ("not nan or inf" in r.stderr or "too large" in r.stderr), r.stderr


def test_share_endless_refuses_an_arabic_indic_digit():
    r = picross("share", "--endless", "٣")
    assert_refused(r)
    assert "'--endless'" in r.stderr and "'٣' is not a whole number (ASCII digits 0-9)" in r.stderr
    assert picross("share", "--endless", "3").code == 0


@pytest.mark.parametrize("value,want", [("0.25", 0.25), ("+1.5e-1", 0.15), (".5", 0.5), ("3", 3.0)])
def test_a_float_option_still_reads_plain_numbers(tmp_path, value, want):
    assert Real().convert(value, None, None) == want


def test_the_time_limit_refuses_nan_and_keeps_working(tmp_path):
    (tmp_path / "c.txt").write_text("1\n--\n1\n")
    assert_refused(picross("solve", tmp_path / "c.txt", "--time-limit", "nan"))
    assert picross("solve", tmp_path / "c.txt", "--time-limit", "2.5").code == 0


# ---- counts that fork or allocate ------------------------------------------------------------

def test_jobs_is_capped_at_the_usable_cpus_in_one_line(tmp_path, monkeypatch):
    started = []
    real_start = gen._start_worker

    def start(*args):
        started.append(args[1])
        return real_start(*args)
    monkeypatch.setattr(gen, "usable_cpus", lambda: 2)
    monkeypatch.setattr(gen, "_start_worker", start)
    r = picross("generate", "-n", 3, "--size", 5, "--jobs", 100000, "-o", tmp_path / "g.json")
    assert r.code == 0, r.stderr
    notes = [ln for ln in r.lines if "--jobs" in ln]
    assert notes == ["picross: --jobs 100000 capped at 2, the CPUs this process may use"], r.stderr
    assert started == [0, 1]          # two workers, not 100,000
    # the batch does not depend on the cap
    assert picross("generate", "-n", 3, "--size", 5, "-o", tmp_path / "one.json").code == 0
    assert (tmp_path / "g.json").read_text() == (tmp_path / "one.json").read_text()


def test_jobs_within_the_cpus_is_not_capped(tmp_path, monkeypatch):
    monkeypatch.setattr(gen, "usable_cpus", lambda: 4)
    r = picross("generate", "-n", 2, "--size", 4, "--jobs", 1, "-o", tmp_path / "g.json")
    assert r.code == 0 and "capped" not in r.stderr, r.stderr
    assert gen.cap_jobs(4) == 4 and gen.cap_jobs(5) == 4


def test_usable_cpus_is_the_affinity():
    import os
    want = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert gen.usable_cpus() == want


@pytest.mark.parametrize("args,message", [
    (["-n", str(MAX_COUNT + 1)], f"-n must be 1..{MAX_COUNT:,} (puzzles in one batch), not {MAX_COUNT + 1}"),
    (["-n", "0"], "-n must be 1.."),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--size", "100000"], "too large"),
    (["--width", "99999999", "--height", "99999999"], "too large"),
    (["--max-tries", "1" + "0" * 19], "the limit is 19 digits"),
])
def test_a_count_past_its_bound_is_refused(tmp_path, args, message):
    r = picross("generate", *args, "-o", tmp_path / "g.json")
    assert_refused(r)
    assert message in r.stderr, r.stderr
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("side", [5, 16, 17, 64, 300, 2048, 8192])
def test_a_chunk_holds_boundedly_many_cells(side):
    p = Params(height=side, width=side)
    assert chunk_size(p) >= 1
    assert chunk_size(p) * side * side <= max(CHUNK_CELLS, side * side)     # one grid, at least


@pytest.mark.parametrize("command,option,hi", [("render", "--cell", 64), ("fix", "--max-flips", 6)])
def test_other_counts_have_an_upper_bound(tmp_path, command, option, hi):
    (tmp_path / "c.txt").write_text("1\n--\n1\n")
    extra = ["-o", tmp_path / "r.png"] if command == "render" else []
    r = picross(command, tmp_path / "c.txt", option, hi + 1, *extra)
    assert_refused(r)
    assert f"{option}" in r.stderr and "out of range" in r.stderr, r.stderr
