"""The solve / show / render / export commands: devlog output, the --json schema, round trips
through files, and one-line user errors (exit 1, no traceback) for every kind of bad input."""
import json
import subprocess
import sys

import numpy as np
import pytest

from devlog import DATA, read_devlog_board
from generator.formats.batchfile import Batch, write_batch
from generator.formats.record import Puzzle
from generator.formats.puzzlefile import dumps_non, read_puzzle
from generator.solver.clues import grid_clues
from generator.solver.grid import rows_to_text, text_to_rows

# line logic stalls on this 6x6, yet it has one solution
GUESS_TEXT = "1 1 1\n2 1\n2\n2 1\n2\n1\n--\n1 1\n3\n2 2\n2\n2\n1\n"




@pytest.fixture
def files(tmp_path):
    out = {}
    for name in ("devlog_solved", "devlog_stalled"):
        _, clues, _ = read_devlog_board(name)
        out[name] = tmp_path / f"{name}.non"
        out[name].write_text(dumps_non(Puzzle(clues)))
    g = np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)
    out["batch"] = tmp_path / "batch.json"
    write_batch(out["batch"], Batch([Puzzle.from_grid(g, iterations=1, name="cup"), Puzzle.from_grid(~g, iterations=1)]))
    out["guess"] = tmp_path / "guess.txt"
    out["guess"].write_text(GUESS_TEXT)
    return out


def test_solve_prints_the_devlog_board(files, picross):
    r = picross("solve", files["devlog_solved"])
    assert r.exit_code == 0
    want = [ln.rstrip() for ln in (DATA / "devlog_solved.txt").read_text().splitlines() if ln.strip()]
    assert [ln for ln in r.stdout.splitlines() if ln] == want


def test_solve_stalled_says_what_the_classifier_found(files, picross):
    r = picross("solve", files["devlog_stalled"])
    assert r.exit_code == 0
    assert r.stdout.startswith("-- not solved... no options after 4 iterations --")
    assert "multiple solutions" in r.stdout.splitlines()[-1]
    r = picross("solve", files["guess"])
    assert "unique solution, but it needs guessing" in r.stdout
    r = picross("solve", files["devlog_stalled"], "--time-limit", 0)
    assert r.stdout.splitlines()[-1].startswith("unknown: the time limit (0 s) ran out")


def test_solve_steps_prints_each_iteration(files, picross):
    r = picross("solve", files["devlog_solved"], "--steps", "--ascii")
    assert [ln for ln in r.stdout.splitlines() if ln.startswith("-- iteration")] == \
        [f"-- iteration {i} --" for i in (1, 2, 3, 4)]
    assert "█" not in r.stdout and "#" in r.stdout


@pytest.mark.parametrize("name,status,kind", [
    ("devlog_solved", "solved", "unique"), ("devlog_stalled", "stalled", "multiple"),
    ("guess", "stalled", "unique"), ("contradiction", "contradiction", "none"),
])
def test_solve_json_schema(files, tmp_path, name, status, kind, picross):
    if name == "contradiction":   # known cells that contradict the clues
        path = tmp_path / "c.json"
        path.write_text(json.dumps({"width": 2, "height": 1, "row_clues": [[2]],
                                    "col_clues": [[1], [1]], "grid": [[0, -1]]}))
    else:
        path = files[name]
    r = picross("solve", path, "--json")
    assert r.exit_code == 0
    d = json.loads(r.stdout)       # exactly one object
    assert {"status", "classification", "iterations", "grid"} <= set(d)
    assert (d["status"], d["classification"]) == (status, kind)
    assert isinstance(d["iterations"], int) and d["iterations"] >= 0
    p = read_puzzle(str(path))
    assert len(d["grid"]) == p.clues.height
    assert all(len(row) == p.clues.width and set(row) <= set("#.?") for row in d["grid"])
    if status != "contradiction":
        assert ("?" in "".join(d["grid"])) == (status == "stalled")


def test_solve_reads_typed_clues_from_stdin_and_batches_by_index(files, picross):
    r = picross("solve", "-", "--json", input="1\n2\n--\n2\n1\n")
    assert json.loads(r.stdout)["grid"] == ["#.", "##"]
    r = picross("solve", files["batch"], "-i", 1, "--json")
    assert json.loads(r.stdout)["grid"] == [".#.", "..."]


def test_show_prints_solution_and_clues(files, picross):
    r = picross("show", files["batch"], "--ascii")
    assert r.exit_code == 0
    assert "-- puzzle 0 cup: 3x2 --" in r.stdout and "-- puzzle 1: 3x2 --" in r.stdout
    assert "1 1 # x #" in r.stdout
    assert picross("show", files["batch"], "-i", 1).stdout.count("-- puzzle") == 1


def test_export_round_trips_and_writes_tk_json_to_stdout(files, tmp_path, picross):
    out = tmp_path / "out.non"
    assert picross("export", files["batch"], "--format", "non", "-o", out).exit_code == 0
    back = read_puzzle(str(out))
    assert (back.solution == np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)).all()
    r = picross("export", out, "--format", "tk-json", "-o", "-")
    d = json.loads(r.stdout)
    assert d["row_clues"] == [[1, 1], [3]] and d["grid"] == [[-1] * 3] * 2


def test_render_writes_the_same_png_bytes_each_time(files, tmp_path, picross):
    a, b, s = tmp_path / "a.png", tmp_path / "b.png", tmp_path / "s.png"
    assert picross("render", files["devlog_stalled"], "-o", a).exit_code == 0
    assert picross("render", files["devlog_stalled"], "-o", b).exit_code == 0
    assert a.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and a.read_bytes() == b.read_bytes()
    assert picross("render", files["batch"], "--sheet", "-o", s).exit_code == 0
    assert s.read_bytes() != a.read_bytes()


BAD = {
    "malformed JSON": ("x.json", '{"width": 2,'),
    "out of range": ("x.json", '{"width": 0, "height": 1, "row_clues": [[]], "col_clues": []}'),
    "unknown format": ("x.dat", "hello world"),
}


@pytest.mark.parametrize("message", BAD)
@pytest.mark.parametrize("command", [["solve"], ["show"], ["render", "-o", "o.png"],
                                     ["export", "--format", "non", "-o", "o.non"]])
def test_bad_input_is_one_line_exit_1(tmp_path, message, command, picross):
    name, text = BAD[message]
    path = tmp_path / name
    path.write_text(text)
    r = picross(command[0], path, *command[1:])
    assert r.exit_code == 1
    assert r.stderr.count("\n") == 1 and message in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args,message", [
    (["solve", "nope.non"], "No such file"),
    (["solve", "{f}", "--format", "bogus"], "unknown format"),
    (["export", "{f}", "--format", "png", "-o", "x"], "cannot export"),
    (["solve", "{f}", "-i", "5"], "no puzzle 5"),
])
def test_bad_arguments_are_one_line_exit_1(files, args, message, picross):
    r = picross(*[a.format(f=files["batch"]) for a in args])
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and message in r.stderr


def test_failed_export_leaves_an_existing_file_untouched(tmp_path, picross):
    bad, out = tmp_path / "bad.txt", tmp_path / "out.non"
    bad.write_text("1\n--\n1 1\n")
    out.write_text("precious\n")
    assert picross("export", bad, "--format", "non", "-o", out).exit_code == 1
    assert out.read_text() == "precious\n"


def test_python_dash_m_generator_runs_solve(files):
    r = subprocess.run([sys.executable, "-m", "generator", "solve", str(files["guess"]), "--json"],
                       capture_output=True, text=True, check=True, timeout=600)
    assert json.loads(r.stdout)["classification"] == "unique"


def test_solve_prints_the_solution_of_a_unique_puzzle_marking_what_line_logic_missed(files, picross):
    r = picross("solve", files["guess"], "--ascii")
    assert "unique solution, but it needs guessing" in r.stdout
    text = r.stdout.split("-- the solution")[1]
    assert "the 29 cells line logic could not reach" in text
    cells = [ln.split()[-6:] for ln in text.splitlines()[4:] if ln.strip()]
    # the unreached cells are drawn '@'/'-', the ones line logic found '#'/'x'
    assert cells[1] == ["x", "@", "#", "-", "@", "-"]
    d = json.loads(picross("solve", files["guess"], "--json").stdout)
    assert d["solution"] == ["#.#.#.", ".##.#.", "##....", ".##..#", "..##..", "...#.."]
    assert all(c in "?" or c == s for g, sol in zip(d["grid"], d["solution"]) for c, s in zip(g, sol))


def test_solve_shows_two_solutions_when_there_are_several(files, picross):
    r = picross("solve", files["devlog_stalled"], "--ascii")
    assert r.stdout.count("-- solution ") == 2 and "the 4 cells where the two differ" in r.stdout
    d = json.loads(picross("solve", files["devlog_stalled"], "--json").stdout)
    assert d["solution"] is None and len(d["solutions"]) == 2 and d["solutions"][0] != d["solutions"][1]
    p = read_puzzle(str(files["devlog_stalled"]))
    for s in d["solutions"]:
        assert grid_clues(text_to_rows(s) == 1) == p.clues


def picture(n: int) -> np.ndarray:
    """A picture-like n x n grid: a disc with a ring cut out, bars along two edges."""
    yy, xx = np.mgrid[:n, :n] * (200 / n)
    r2 = (xx - 100) ** 2 + (yy - 90) ** 2
    return ((r2 < 70 ** 2) & ~((r2 > 40 ** 2) & (r2 < 50 ** 2)) | ((yy > 170) & (xx % 40 < 25))
            | ((xx < 12) & (yy % 30 < 18)))


@pytest.mark.parametrize("n", [200, 512])
def test_big_puzzles_solve_with_progress_on_stderr(tmp_path, n, picross):
    """Any size: 200x200 and 512x512 puzzles line-solve, with progress lines on stderr; the
    200x200 one also goes through show, render and export."""
    g = picture(n)
    path = tmp_path / "big.non"
    path.write_text(dumps_non(Puzzle(grid_clues(g), solution=g)))
    r = picross("solve", path, "--json")
    assert r.exit_code == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["status"] == "solved" and d["solution"] == rows_to_text(g)
    assert "picross: line logic iteration 1:" in r.stderr and f"of {n * n:,} cells known" in r.stderr
    if n == 200:
        assert picross("show", path, "--ascii").exit_code == 0
        assert picross("render", path, "-o", tmp_path / "big.png").exit_code == 0
        assert picross("export", path, "--format", "tk-json", "-o", tmp_path / "big.json").exit_code == 0
        assert read_puzzle(str(tmp_path / "big.json")).clues == read_puzzle(str(path)).clues


PUBLISHED = DATA / "published"


@pytest.mark.parametrize("name", ["webpbn-0001.xml", "webpbn-0021.g", "webpbn-0006.non"])
def test_every_command_reads_every_format(name, tmp_path, picross):
    path = PUBLISHED / name
    for args in (["solve", path], ["show", path], ["render", path, "-o", tmp_path / "r.png"],
                 ["explain", path], ["fix", path],
                 ["export", path, "--format", "webpbn", "-o", tmp_path / "e.xml"],
                 ["export", path, "--format", "g", "-o", tmp_path / "e.g"]):
        r = picross(*args)
        assert r.exit_code == 0, (args, r.output)
    assert "line-solvable" in picross("explain", path).stdout
    assert read_puzzle(str(tmp_path / "e.g")).clues == read_puzzle(str(tmp_path / "e.xml")).clues \
        == read_puzzle(str(path)).clues


def test_explain_and_fix_work_on_clue_files(files, picross):
    r = picross("explain", files["devlog_stalled"])
    assert r.exit_code == 0 and "several solutions (two shown, 4 cells differ)" in r.stdout
    r = picross("explain", files["guess"])
    assert "the solution is unique but the player must guess" in r.stdout
    r = picross("fix", files["guess"])
    assert r.exit_code == 0 and "fixing their one solution" in r.stdout and "best fix (1 flip)" in r.stdout


def test_time_limit_is_the_only_way_to_unknown_and_json_says_so(files, picross):
    d = json.loads(picross("solve", files["devlog_stalled"], "--json", "--time-limit", 0).stdout)
    assert d["classification"] == "unknown" and d["time_limit_hit"] is True
    d = json.loads(picross("solve", files["devlog_stalled"], "--json", "--node-limit", 0).stdout)
    assert d["classification"] == "multiple" and d["method"] == "sat"
