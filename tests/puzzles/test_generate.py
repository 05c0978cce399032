"""Generation, `picross generate/check/stats`: determinism, filters, user errors, clean interrupts."""
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from generator import UserError
from generator.files import atomic
from generator.formats.batchfile import read_batch
from generator.puzzles.check import check_batch
from generator.solver.clues import grid_clues
from generator.puzzles.generate import Params, generate, has_solid_line, smooth_grids
from generator.solver.grid import rows_to_text
from generator.solver.linesolve import solve


@pytest.fixture
def gen(tmp_path, picross):
    """gen("a.json", *args): run `picross generate *args -o tmp/a.json`, assert it worked."""
    def make(name, *args):
        out = tmp_path / name
        r = picross("generate", *args, "-o", out)
        assert r.exit_code == 0, r.output
        return out
    return make


def test_same_batch_whatever_jobs(tmp_path, gen):
    args = ("-n", 400, "--size", 10, "--seed", 7, "--style", "smooth", "--min-iterations", 3)
    one = gen("one.json", *args, "--jobs", 1)
    two = gen("two.json", *args, "--jobs", 2)
    again = gen("again.json", *args)
    assert one.read_bytes() == two.read_bytes() == again.read_bytes()
    # several chunks were needed, so the ordering across workers was really exercised
    assert json.loads(one.read_text())["params"]["tried"] > 1024
    other = gen("other.json", *args[:5], 8, *args[6:])
    assert other.read_bytes() != one.read_bytes()


def test_every_generated_puzzle_is_line_solvable_with_its_iterations():
    out = generate(Params(count=200, height=9, width=13, density=0.55, seed=3))
    assert len(out.batch.puzzles) == 200
    for p in out.batch.puzzles:
        r = solve(grid_clues(p.solution))
        assert r.solved and r.iterations == p.iterations and p.solution.shape == (9, 13)
    prm = out.batch.params
    assert prm["accepted"] == 200 and prm["tried"] == out.tried
    assert prm["tried"] == 200 + sum(prm["rejected"].values())
    assert prm["rejected"]["not_line_solvable"] > 0


def test_filters_are_honoured():
    out = generate(Params(count=150, height=12, width=12, density=0.6, seed=5,
                          min_iterations=4, max_iterations=5, no_blank_lines=True))
    its = [p.iterations for p in out.batch.puzzles]
    assert set(its) <= {4, 5} and {4, 5} <= set(its)
    grids = np.array([p.solution for p in out.batch.puzzles])
    assert not has_solid_line(grids).any()
    rej = out.batch.params["rejected"]
    assert rej["too_few_iterations"] > 0 and rej["too_many_iterations"] > 0 and rej["blank_line"] > 0


def test_duplicates_are_rejected():
    out = generate(Params(count=40, height=3, width=3, density=0.5, seed=2))
    keys = {tuple(rows_to_text(p.solution)) for p in out.batch.puzzles}
    assert len(keys) == 40
    assert out.batch.params["rejected"]["duplicate"] > 0


def test_smooth_style_keeps_the_density_and_has_no_solid_lines():
    g = smooth_grids(np.random.default_rng(0), 50, 15, 15, 0.6)
    assert (g.sum(axis=(1, 2)) == 135).all()
    out = generate(Params(count=100, style="smooth", seed=4))
    grids = np.array([p.solution for p in out.batch.puzzles])
    assert not has_solid_line(grids).any()
    assert out.batch.params["rejected"]["solid_line"] > 0
    # smoother than noise: neighbouring cells agree more often
    noise = generate(Params(count=100, style="noise", seed=4))
    agree = lambda gs: (gs[:, :, 1:] == gs[:, :, :-1]).mean()  # noqa: E731
    assert agree(grids) > agree(np.array([p.solution for p in noise.batch.puzzles])) + 0.1


def test_impossible_filters_give_up_with_a_user_error():
    with pytest.raises(UserError, match="max-tries"):
        generate(Params(count=5, height=5, width=5, min_iterations=20, max_tries=3000))
    # more passes than cells: no candidate is drawn
    with pytest.raises(UserError, match="more than a 5x5 puzzle can take"):
        generate(Params(count=5, height=5, width=5, min_iterations=40, max_tries=3000))


def tamper(path, fn):
    data = json.loads(path.read_text())
    fn(data["puzzles"])
    path.write_text(json.dumps(data))


# a 4x4 grid line logic cannot finish (two diagonal pairs): stalls with its true clues
STALLS = ["#...", ".#..", "..#.", "...#"]


def test_check_passes_a_good_batch_and_names_each_bad_puzzle(tmp_path, picross, gen):
    out = gen("b.json", "-n", 30, "--size", 4, "--seed", 1)
    r = picross("check", out)
    assert r.exit_code == 0 and "30 puzzles OK" in r.output

    def break_it(ps):
        ps[2]["row_clues"][0] = [9]                       # a wrong clue
        c = grid_clues(np.array([[ch == "#" for ch in row] for row in STALLS]))
        ps[5].update(rows=STALLS, row_clues=[list(x) for x in c.rows],
                     col_clues=[list(x) for x in c.cols])  # true clues, not line-solvable
        ps[7]["iterations"] += 1                          # wrong iteration count
    tamper(out, break_it)
    n, problems = check_batch(json.loads(out.read_text()), "b")
    assert n == 30 and [i for i, _ in problems] == [2, 5, 7]
    assert "row_clues" in problems[0][1] and "not line-solvable" in problems[1][1]
    r = picross("check", out)
    assert r.exit_code == 1 and "Traceback" not in r.output
    for i in (2, 5, 7):
        assert f"puzzle {i}:" in r.output
    assert "3 of 30 puzzles failed" in r.output


def test_check_and_stats_refuse_non_batches(tmp_path, picross):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for cmd in ("check", "stats"):
        r = picross(cmd, bad)
        assert r.exit_code == 1 and r.output.count("\n") == 1 and "malformed JSON" in r.output
        r = picross(cmd, tmp_path / "missing.json")
        assert r.exit_code == 1 and r.output.count("\n") == 1


def test_stats_shows_counts_histogram_and_acceptance(tmp_path, picross, gen):
    out = gen("s.json", "-n", 50, "--size", 8, "--seed", 2)
    r = picross("stats", out)
    assert r.exit_code == 0
    prm = json.loads(out.read_text())["params"]
    assert "50 puzzles" in r.output and "8x8 50" in r.output
    assert f"50 accepted of {prm['tried']} tried ({100 * 50 / prm['tried']:.1f}%)" in r.output
    its = [p.iterations for p in read_batch(out).puzzles]
    for k in set(its):
        assert any(line.strip().startswith(f"{k} |") and line.rstrip().split()[-2] == str(its.count(k))
                   for line in r.output.splitlines())


@pytest.mark.parametrize("args, words", [
    (("-n", 0), "-n must be 1..1,000,000"),
    (("-n", -3), "-n must be 1..1,000,000"),
    (("--density", 1.5), "density"),
    (("--density", 0), "density"),
    (("--size", 0), "size 0x0 (width x height) is out of range"),
    (("--width", 0), "size 0x15 (width x height) is out of range"),
    (("--height", 0, "--width", 40), "size 40x0 (width x height) is out of range"),
    (("--size", 100_000), "size 100000x100000 (width x height) is too large"),
    (("--style", "plaid"), "style must be one of"),
    (("--min-iterations", 5, "--max-iterations", 2), "more than --max-iterations"),
    (("--jobs", 0), "--jobs"),
])
def test_user_errors_are_one_line_exit_1(tmp_path, args, words, picross):
    out = tmp_path / "x.json"
    r = picross("generate", *args, "-o", out)
    assert r.exit_code == 1
    assert r.output.count("\n") == 1 and words in r.output and "Traceback" not in r.output
    assert not out.exists()


def test_unwritable_output_is_a_user_error(tmp_path, picross):
    afile = tmp_path / "file"
    afile.write_text("x")
    targets = [afile / "x.json", tmp_path]
    if os.path.isdir("/proc/self"):
        targets.append("/proc/picross-test.json")      # no files can be made there, even by root
    for target in targets:
        r = picross("generate", "-n", 1, "--size", 3, "-o", target)
        assert r.exit_code == 1 and r.output.count("\n") == 1 and "Traceback" not in r.output
    if os.geteuid() != 0:            # root may write anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        r = picross("generate", "-n", 1, "--size", 3, "-o", ro / "x.json")
        assert r.exit_code == 1 and "ermission denied" in r.output


def test_interrupted_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "keep.json"
    target.write_text("precious")

    def boom(fd):
        raise KeyboardInterrupt
    monkeypatch.setattr(atomic.os, "fsync", boom)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_atomic(target, "new contents " * 1000)
    assert target.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


# an earlier batch: generate only replaces a batch file (never, say, notes someone kept in keep.json)
PRECIOUS = '{"format": "picross8-batch", "version": 1, "puzzles": []}\n'


def test_ctrl_c_in_the_cli_writes_nothing(tmp_path, monkeypatch, picross):
    target = tmp_path / "keep.json"
    target.write_text(PRECIOUS)

    def interrupted(*a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr("generator.cli.batch.generate", interrupted)
    r = picross("generate", "-n", 5, "-o", target)
    assert r.exit_code == 130 and "interrupted" in r.output and "Traceback" not in r.output
    assert target.read_text() == PRECIOUS


def test_real_sigint_stops_cleanly_with_workers(tmp_path):
    from generator.puzzles.generate import usable_cpus
    if usable_cpus() < 2:
        pytest.skip("--jobs 2 starts two workers only where two CPUs may be used")
    target = tmp_path / "keep.json"
    target.write_text(PRECIOUS)
    proc = subprocess.Popen([sys.executable, "-m", "generator", "generate", "-n", "1000000",
                             "--jobs", "2", "--max-tries", "2000000000", "-o", str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # wait until the workers exist (the pool is made inside the generation loop, so Ctrl-C now
    # lands there), then press it: polled without a clock, as a slow machine only takes longer
    children = f"/proc/{proc.pid}/task/{proc.pid}/children"
    end = time.monotonic() + 600                  # a hang, never a slow machine
    while proc.poll() is None:
        with open(children) as f:
            if f.read().split():
                break
        if time.monotonic() > end:
            proc.kill()
            raise AssertionError(f"generate --jobs 2 started no worker in 600 s: {proc.communicate(timeout=600)}")
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    assert target.read_text() == PRECIOUS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]


def test_sizes_past_the_batch_solver_still_generate():
    out = generate(Params(count=3, height=17, width=18, seed=9))
    assert out.batch.params["chunk"] < 1024
    for p in out.batch.puzzles:
        r = solve(grid_clues(p.solution))
        assert r.solved and r.iterations == p.iterations and p.solution.shape == (17, 18)


def test_check_and_stats_take_mixed_sizes_and_no_params(tmp_path, picross):
    from generator.formats.batchfile import Batch, write_batch
    puzzles = []
    for size, n in ((5, 3), (15, 2), (18, 1)):
        puzzles += generate(Params(count=n, height=size, width=size + 1, seed=size)).batch.puzzles
    puzzles[0].name = "named"
    path = tmp_path / "mixed.json"
    write_batch(path, Batch(puzzles))
    r = picross("check", path)
    assert r.exit_code == 0 and "6 puzzles OK" in r.output
    r = picross("stats", path)
    assert r.exit_code == 0 and "6x5 3, 16x15 2, 19x18 1" in r.output and "named: 1" in r.output
    assert "accepted" not in r.output
