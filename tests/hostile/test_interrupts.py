"""Ctrl-C and SIGTERM at any moment of a command: one line (`picross: interrupted`), exit 130,
never a traceback, no worker process left running, no output written. Every signal is sent once
the process has shown it is where the test means it to be (its own words on stderr, its workers
alive), never after a guessed delay: a slow or loaded machine only makes the test wait longer."""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cartfixtures import REPO
from generator.formats.puzzlefile import dumps_non
from generator.formats.record import Puzzle
from generator.solver import classify
from generator.solver.clues import grid_clues
from hostile_common import POLL_S, _group_alive, _kill_group, one_line, picross, poll_until, program
from test_hostile_cli import make_seeds


PY = sys.executable
SCRIPT = Path(PY).parent / "picross"          # the console script pip made for `picross`


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


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


STARTED = "<picross8 test: started>"


def _says_when_started(tmp_path: Path, module: str) -> dict:
    """An environment in which the process says STARTED on stderr as it first imports `module`
    (an audit hook in a sitecustomize: no code of picross's changed). For click, that is once
    generator/__init__ has run: from then on Ctrl-C is picross's to handle."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os, sys\n"
        "_said = []\n"
        "def _hook(event, args):\n"
        f"    if event == 'import' and args[0] == {module!r} and not _said:\n"
        "        _said.append(1)\n"
        f"        os.write(2, {(STARTED + chr(10)).encode()!r})\n"
        "sys.addaudithook(_hook)\n")
    return {**os.environ, "PYTHONPATH": str(site)}


def _wait_for(stream, *words: str, seconds: float = POLL_S) -> list[str]:
    """Lines of `stream` up to the first that holds every one of `words`; the lines read, that
    one included. No short clock: a slow machine only makes this wait longer; `seconds` (far
    beyond any run) turns a process that hangs silent into a failure. Read a byte at a time,
    so nothing past that line is taken from what communicate() reads next."""
    seen, line, fd = [], b"", stream.fileno()
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no line with {words} in {seconds:.0f} s: {seen}")
        if not select.select([fd], [], [], min(left, 1.0))[0]:
            continue
        byte = os.read(fd, 1)
        if not byte:
            raise AssertionError(f"the process ended without saying {words}: {seen}")
        if byte != b"\n":
            line += byte
            continue
        seen.append(line.decode("utf-8", "replace"))
        line = b""
        if all(w in seen[-1] for w in words):
            return seen


@pytest.mark.parametrize("delay", [0, 0.05, 0.3, 1.0])
def test_ctrl_c_at_any_moment_of_a_command(work, delay):
    """A real SIGINT at a moment of a run after the process said it started (its imports, its
    work, its end): one line, or none when the run was already ending; never a traceback. The
    delay counts from the process's own word, so a loaded machine moves the moment, not the
    outcome (the interpreter's start-up before picross's code is left to Python, and
    test_ctrl_c_during_the_imports_is_one_line holds the imports at a fixed moment)."""
    p = subprocess.Popen([PY, "-m", "generator", "solve", work / "one.non"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, cwd=REPO, start_new_session=True,
                         env=_says_when_started(work, "click"),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for(p.stderr, STARTED)
        time.sleep(delay)
        p.send_signal(signal.SIGINT)
        err = p.communicate(timeout=600)[1].decode()
    finally:
        _kill_group(p.pid)
    if p.returncode != 0:      # else it had finished; silent when it was ending (Python's own exit)
        assert p.returncode in (-signal.SIGINT, 130) and "Traceback" not in err, err
        if err.strip():
            assert one_line(err, "picross: interrupted")


def _need_two_cpus() -> None:
    from generator.puzzles.generate import usable_cpus
    if usable_cpus() < 2:
        pytest.skip("--jobs 2 starts two workers only where two CPUs may be used")


def test_sigterm_stops_generate_and_its_workers(tmp_path):
    _need_two_cpus()
    p = subprocess.Popen([PY, "-m", "generator", "generate", "-n", "1000000", "--size", "25",
                          "--jobs", "2", "-o", tmp_path / "g.json"], cwd=REPO, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        # the parent and its 2 workers: polled until they are there (a slow machine takes
        # longer to start them); a run that never does fails by ending, or past POLL_S
        poll_until(lambda: len(_group_alive(p.pid)) >= 3 or p.poll() is not None,
                   "generate --jobs 2 never had its two workers running")
        assert p.poll() is None, p.communicate(timeout=600)[1]
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=600)       # returns when every holder of stdout has gone
        # gone: not a zombie left for pgrep to see
        poll_until(lambda: not _group_alive(p.pid), "a process of generate outlived SIGTERM")
    finally:
        _kill_group(p.pid)
    assert p.returncode == 130 and "g.json not written" in err.decode(), err
    assert not list(tmp_path.iterdir()), list(tmp_path.iterdir())


def test_an_interrupt_as_the_workers_start_leaves_none_running(monkeypatch):
    """Ctrl-C (or SIGTERM, raised as the same) after one worker started and before the next:
    the one started is stopped, not left to outlive the command holding its pipes open (as
    multiprocessing.Pool() left its workers after a KeyboardInterrupt)."""
    import multiprocessing

    from generator.puzzles import generate as gen
    real_start, calls = gen._start_worker, []

    def start(*args):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real_start(*args)
    monkeypatch.setattr(gen, "usable_cpus", lambda: 2)
    monkeypatch.setattr(gen, "_start_worker", start)
    with pytest.raises(KeyboardInterrupt):
        gen.generate(gen.Params(count=5, height=5, width=5), jobs=2)
    assert len(calls) == 2 and not multiprocessing.active_children()


def test_a_worker_error_reaches_the_parent(monkeypatch):
    """An error in a worker's chunk is raised in the parent (in order), not a hang."""
    from generator.puzzles import generate as gen

    def broken(p, k):
        raise ValueError(f"chunk {k} broke")
    monkeypatch.setattr(gen, "usable_cpus", lambda: 2)
    monkeypatch.setattr(gen, "run_chunk", broken)
    with pytest.raises(ValueError, match="chunk 0 broke"):
        gen.generate(gen.Params(count=5, height=5, width=5), jobs=2)


def hard_puzzle(path: Path) -> Path:
    """A 99x59 puzzle line logic learns nothing of and SAT takes minutes over (a smooth picture
    of density 0.35, as the generator draws it: deterministic)."""
    from generator.puzzles.generate import Params, draw
    p = Params(height=59, width=99, density=0.35, seed=1, style="smooth").check()
    path.write_text(dumps_non(Puzzle(grid_clues(draw(p, 0)[0]))))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--time-limit", "600"]])
def test_ctrl_c_stops_a_long_classification(tmp_path, extra):
    """The SAT step runs in C, where Ctrl-C would raise pysat's own error (a traceback), or under
    --time-limit wait for the limit: it stops in one line. The signal goes once the process says it is in
    the SAT step (its heartbeat, every classify.HEARTBEAT seconds: slow); it must stop in a
    minute, where the step itself takes many (the bound is for a loaded machine)."""
    hard = hard_puzzle(tmp_path / "hard.non")
    p = subprocess.Popen([PY, "-m", "generator", "solve", hard, "--json", "--node-limit", "0", *extra],
                         cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for(p.stderr, "still classifying", "SAT")
        t = time.monotonic()
        p.send_signal(signal.SIGINT)
        err = p.communicate(timeout=600)[1].decode()
        assert time.monotonic() - t < 60
    finally:
        _kill_group(p.pid)
    assert p.returncode == 130 and one_line(err, "picross: interrupted"), (p.returncode, err)


@pytest.mark.slow
def test_a_long_classification_says_it_is_still_at_work(tmp_path, monkeypatch):
    monkeypatch.setattr(classify, "HEARTBEAT", 0.5)
    # --node-limit 0: straight to SAT, which takes minutes, so the 3 s limit ends it however
    # loaded the machine is
    r = picross("solve", hard_puzzle(tmp_path / "hard.non"), "--json", "--node-limit", "0",
                "--time-limit", "3")
    assert r.code == 0 and "still classifying after" in r.stderr and "SAT" in r.stderr, r.stderr
    assert json.loads(r.stdout)["classification"] == "unknown"
