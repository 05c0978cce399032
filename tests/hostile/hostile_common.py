"""Helpers for the hostile-input suite: run a command the way a user does, check the rule, and
make hostile files (truncated, mutated and retyped versions of valid ones).

The rule every hostile run must keep: exit 1 with exactly one line on stderr starting
`picross: error:` (or exit 0 when the mutation happened to leave a valid file), never a
traceback, and every file that existed before byte-identical after.
"""
from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, settings

from cartfixtures import REPO
from generator.cli import run as picross_run

# small, deterministic example counts: the suite runs in CI on every change
HOSTILE = settings(max_examples=40, derandomize=True, deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))


def few(n: int):
    return settings(HOSTILE, max_examples=n)


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str
    crash: str | None       # a traceback, when the command raised anything but SystemExit

    @property
    def lines(self) -> list[str]:
        return self.stderr.strip().splitlines()


def run_cli(entry, args, input: bytes | str | None = None) -> Outcome:
    """Run a click entry point in-process as a user's shell would: argv in, exit code out."""
    runner = CliRunner()
    with runner.isolation(input=input) as (out, err, _):
        crash, code = None, 0
        try:
            entry([str(a) for a in args])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:    # noqa: BLE001  (what we are looking for)
            crash = traceback.format_exc()
            code = -1
        return Outcome(code, out.getvalue().decode("utf-8", "replace"),
                       err.getvalue().decode("utf-8", "replace"), crash)


def picross(*args, input=None) -> Outcome:
    return run_cli(picross_run, args, input)


def build_cli(*args) -> Outcome:
    """Run the repo's build.py in-process."""
    import importlib.util

    from cartfixtures import REPO
    spec = importlib.util.spec_from_file_location("picross8_build_py", REPO / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return run_cli(mod.run, args)


def snapshot(*roots: Path) -> dict[Path, bytes]:
    out = {}
    for root in roots:
        for p in sorted(Path(root).rglob("*")):
            if p.is_file():
                out[p] = p.read_bytes()
    return out


def assert_refused(r: Outcome, prefix: str = "picross: error:", allow_ok: bool = False) -> None:
    """The rule: exit 1 and one line `picross: error: ...`, or (when allowed) a clean exit 0."""
    assert r.crash is None, r.crash
    assert "Traceback" not in r.stderr + r.stdout, r.stderr
    if allow_ok and r.code == 0:
        return
    assert r.code == 1, (r.code, r.stdout[-500:], r.stderr[-500:])
    assert len(r.lines) == 1 and r.lines[0].startswith(prefix), r.stderr
    assert ".tmp" not in r.stderr, r.stderr      # never a temporary file's name


def assert_unchanged(before: dict[Path, bytes]) -> None:
    for p, data in before.items():
        assert p.exists() and p.read_bytes() == data, f"{p} changed"


# ---- hostile versions of valid files ------------------------------------------------------

RETYPES = [None, True, -1, 0, 1.5, "abc", [], {}, [[1, 2]], "DEEP", "HUGE"]


def key_paths(value, path=()):
    """Every path (tuple of keys / indexes) into a JSON value, the root excluded."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for k, v in items:
        yield path + (k,)
        yield from key_paths(v, path + (k,))


def retyped_text(value, path, new) -> str:
    """JSON text of `value` with the item at `path` replaced by `new` ("DEEP": nested 200 levels,
    "HUGE": a 40-digit number; both written as raw text)."""
    v = copy.deepcopy(value)
    target = v
    for k in path[:-1]:
        target = target[k]
    marker = "__HOSTILE__"
    special = isinstance(new, str) and new in ("DEEP", "HUGE")
    target[path[-1]] = marker if special else new
    text = json.dumps(v)
    if not special:
        return text
    raw = "[" * 200 + "]" * 200 if new == "DEEP" else "9" * 40
    return text.replace(json.dumps(marker), raw)


def mutate(data: bytes, edits) -> bytes:
    """Apply (position, kind, byte) edits: kind 0 replace, 1 insert, 2 delete."""
    b = bytearray(data)
    for pos, kind, byte in edits:
        if not b:
            b.append(byte)
            continue
        i = pos % len(b)
        if kind == 0:
            b[i] = byte
        elif kind == 1:
            b.insert(i, byte)
        else:
            del b[i]
    return bytes(b)


def refused_or_ok(fn, *args) -> None:
    """A reader either returns or raises a one-line UserError; nothing else."""
    from generator import UserError
    try:
        fn(*args)
    except UserError as e:
        assert "\n" not in str(e), str(e)


# ---- refusals and real processes ----------------------------------------------------------

def refused(work, *args, message: str = "", input=None):
    before = snapshot(work)
    r = picross(*[str(a).format(w=work) for a in args], input=input)
    assert_refused(r)
    assert_unchanged(before)
    assert not set(snapshot(work)) - set(before), "a refusal left a file behind"
    assert message in r.stderr, r.stderr
    return r


def program(args, *, env=None, stdout=subprocess.PIPE, timeout=600, cwd=REPO):
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
    r = subprocess.run(["ps", "-o", "pid=,stat=", "-g", str(pgid)], capture_output=True, text=True,
                       timeout=600)
    return [int(pid) for pid, stat in (line.split() for line in r.stdout.splitlines())
            if not stat.startswith("Z")]


POLL_S = 600       # how long a poll waits for a process: a hang, never a slow machine


def poll_until(done, what: str, seconds: float = POLL_S) -> None:
    """Poll `done()` every 0.1 s until it holds; past `seconds`, fail saying `what`. The bound
    turns a hang into a failure; a slow machine only polls longer."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"{what} (waited {seconds:.0f} s)")
        time.sleep(0.1)


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def one_line(err: str, prefix: str = "picross: error:") -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err, err
    return lines[0]
