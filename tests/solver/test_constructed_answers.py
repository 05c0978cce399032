"""The classifier on constructed puzzles with several solutions (generator.dev.bench_multi's
families at test sizes): each solution spells the clues, a planted 2x2 block is an independent
proof of 'multiple', and the answers are the same kind as the baseline commit's solver gives
(run from `git archive` in a subprocess, as `make bench` does)."""
import subprocess
import tempfile

import numpy as np
import pytest

from generator.dev.bench_multi import BASELINE, ROOT, baseline_tree, check, run_solver, small_set
from generator.solver.clues import grid_clues
from generator.solver.verdict import MULTIPLE, verdict

PUZZLES = small_set()


@pytest.mark.parametrize("name, clues", PUZZLES, ids=[n for n, _ in PUZZLES])
def test_solutions_spell_the_clues(name, clues):
    v = verdict(clues)
    assert v.solutions
    for s in v.solutions:
        assert grid_clues(s) == clues
    if "blocks" in name:          # the block's other diagonal is a second solution
        assert v.classification == MULTIPLE
    if v.classification == MULTIPLE:
        assert len(v.solutions) == 2 and (v.solutions[0] != v.solutions[1]).any()


def test_answers_are_the_baselines():
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{BASELINE}^{{commit}}"],
                           capture_output=True, timeout=600).returncode == 0
    if not known:
        pytest.skip(f"the baseline commit {BASELINE} is not in this clone")
    with tempfile.TemporaryDirectory() as tmp:
        old = run_solver(baseline_tree(BASELINE, tmp), PUZZLES, tmp, limit=600)
        new = run_solver(str(ROOT), PUZZLES, tmp, limit=600)
    assert len(old) == len(new) == len(PUZZLES)
    for (name, clues), a, b in zip(PUZZLES, old, new):
        check(clues, a)
        check(clues, b)
        assert (name, a["kind"]) == (name, b["kind"])
        assert not a["time_hit"] and not b["time_hit"]


def test_check_refuses_a_wrong_solution():
    name, clues = PUZZLES[0]
    v = verdict(clues)
    bad = np.array(v.solutions[0])
    bad[0, 0] = not bad[0, 0]
    rows = ["".join("#" if c else "." for c in row) for row in bad.tolist()]
    with pytest.raises(SystemExit):
        check(clues, {"kind": "unique", "solutions": [rows]})
