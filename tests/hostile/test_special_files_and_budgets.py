"""Special files and budgets: FIFOs and devices refused, not waited on; symlink loops; a refused
import leaves no sheet; images and requests too large for the work refused before it; a large
batch read in one pass; JSON depth measured outside strings; a hostile progress file a warning;
colour sheets refusing bad outputs. One small derandomized case each. Each run: exit 1 with one `picross: error:` line (or a clean exit 0 where
the input is valid), no traceback, no hang, nothing left or changed after a refusal."""
from __future__ import annotations

import json
import os
import threading

import pytest

from generator.files import userfile
from generator.play.progress import Progress
from hostile_common import assert_refused, assert_unchanged, picross, snapshot

from test_hostile_cli import make_seeds


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


def refused(work, *args, message: str = "", allow_ok: bool = False):
    before = snapshot(work)
    r = picross(*[str(a).format(w=work) for a in args])
    assert_refused(r, allow_ok=allow_ok)
    if r.code:
        assert_unchanged(before)
        assert not set(snapshot(work)) - set(before), "a refusal left a file behind"
    assert message in r.stderr, r.stderr
    return r


# ---- special files where a file is read or written: never a hang, never replaced --------------

def _with_timeout(fn, seconds: float = 20):
    """Run fn in a thread: a hang fails the test instead of the suite."""
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "hung"
    return out["r"]


@pytest.mark.parametrize("args,message", [
    (["solve", "{w}/fifo"], ""),                                 # a FIFO no one writes: read as empty
    (["explain", "{w}/fifo"], ""),
    (["import", "{w}/fifo", "-o", "{w}/o.json"], ""),
    (["stats", "{w}/fifo"], "malformed JSON"),
    (["export", "{w}/non.non", "--format", "non", "-o", "{w}/fifo"], "is not a regular file"),
    (["render", "{w}/batch.json", "-o", "/dev/null"], "is not a regular file"),
])
def test_a_fifo_or_device_is_refused_not_waited_on(work, args, message):
    (work / "non.non").write_bytes((work / "one.non").read_bytes())
    os.mkfifo(work / "fifo")
    r = _with_timeout(lambda: refused(work, *args, message=message))
    assert r.code == 1


@pytest.mark.parametrize("args,message", [
    (["render", "{w}/loop", "-o", "{w}/r.png"], "Too many levels of symbolic links"),
    (["render", "{w}/batch.json", "-o", "{w}/loop"], "a symlink loop"),
    (["export", "{w}/batch.json", "--format", "g", "-o", "{w}/loop"], "a symlink loop"),
])
def test_a_symlink_loop(work, args, message):
    os.symlink(work / "loop", work / "loop")
    refused(work, *args, message=message)


# ---- refusals write nothing -------------------------------------------------------------------

@pytest.mark.parametrize("extra,message", [
    ([], "no line-solvable picture to write"),
    (["--strict"], "not line-solvable"),
])
def test_import_refused_leaves_no_sheet(work, extra, message):
    (work / "two.txt").write_text("; two\n#.\n.#\n")     # two solutions: not line-solvable
    if extra:
        (work / "two.txt").write_text("; two\n#.\n.#\n\n; one\n##\n##\n")
    refused(work, "import", "{w}/two.txt", "-o", "{w}/o.json", "--sheet", "{w}/s.png", *extra, message=message)


# ---- over budget: refused before the work, in one line ------------------------------------

def test_an_image_too_large_to_draw(work):
    n = 3000
    text = f"width {n}\nheight {n}\nrows\n" + "0\n" * n + "columns\n" + "0\n" * n
    (work / "big.non").write_text(text)
    refused(work, "render", "{w}/big.non", "--cell", "64", "-o", "{w}/r.png", message="pixels, more than")


@pytest.mark.parametrize("option,value,message", [
    ("--max-iterations", "0", "--max-iterations must be at least 1"),
    ("--min-iterations", "26", "more than a 5x5 puzzle can take"),
    ("--min-iterations", "9" * 19, "more than a 5x5 puzzle can take"),
])
def test_generate_refuses_a_request_no_puzzle_meets(work, option, value, message):
    refused(work, "generate", "-n", "1", "--size", "5", option, value, "-o", "{w}/g.json", message=message)


def test_a_large_batch_is_read_in_one_pass(work, monkeypatch):
    """A batch sniffed by its content is parsed once (not once to sniff, once to read), and its
    depth is measured on the text: 2000 puzzles read well inside the time a user waits."""
    import time
    data = json.loads((work / "batch.json").read_text())
    data["puzzles"] = data["puzzles"][:1] * 2000
    (work / "big.json").write_text(json.dumps(data))
    calls = []
    real = userfile.json.loads
    monkeypatch.setattr(userfile.json, "loads", lambda *a, **k: calls.append(1) or real(*a, **k))
    t = time.process_time()        # CPU seconds: a loaded machine does not stretch them
    r = picross("export", work / "big.json", "--format", "non", "-o", "-", "-i", "-1")
    assert r.code == 0, r.stderr
    assert len(calls) == 1 and time.process_time() - t < 20


@pytest.mark.parametrize("text,depth", [('{"a": "[[[[", "b": [[1]]}', 3), ('["\\"]]]", [{}]]', 3),
                                        ("[" * 70 + "]" * 70, 70), ("", 0)])
def test_json_depth_is_measured_outside_strings(text, depth):
    assert userfile.text_depth(text) == depth


# ---- the progress file of `picross play`: any content is a one-line warning -----------------

@pytest.mark.parametrize("content,why", [
    ("[" * 5000, "nested deeper"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": {"x": ' + "9" * 5000 + "}}", "digits"),
    ("FIFO", "not JSON (Expecting value"),
])
def test_a_hostile_progress_file_is_a_warning(tmp_path, monkeypatch, content, why):
    monkeypatch.setenv("PICROSS_DATA", str(tmp_path))
    path = tmp_path / "progress.json"
    if content == "FIFO":
        os.mkfifo(path)
    else:
        path.write_text(content)
    prog = _with_timeout(Progress.load)
    assert prog.records == {} and why in prog.warning and "\n" not in prog.warning, prog.warning


# ---- python -m generator.dev.colour_pictures sheets: outputs checked like every command's ------

@pytest.mark.parametrize("out,message", [
    ("afile", "--out must be a directory"),
    ("c/pictures/../pictures/valley-small", "is a colours folder of the cart"),
])
def test_colour_sheets_refuse_bad_outputs(tmp_path, out, message):
    import shutil

    from cartfixtures import CART
    from generator.dev.colour_pictures import main as colour_main
    from generator.errors import run_command
    from hostile_common import run_cli
    shutil.copytree(CART, tmp_path / "c")
    (tmp_path / "afile").write_text("x")
    before = snapshot(tmp_path)
    r = run_cli(lambda argv: run_command(colour_main, "colour_pictures", argv),
                ["sheets", "--worlds", tmp_path / "c" / "worlds.json", "--out", tmp_path / out])
    assert_refused(r)
    assert_unchanged(before)
    assert set(snapshot(tmp_path)) == set(before) and message in r.stderr, r.stderr
