"""The SAT step's two solvers taking turns (generator.solver.sat.count_solutions): each alone,
and both cut into the shortest turns, agree with brute force; the answer is the same on every
run, in this process and in a fresh one (turns are counted in conflicts, never in seconds)."""
import json
import subprocess
import sys

import numpy as np
import pytest

from generator.dev.bench_multi import ROOT, small_set
from generator.dev.text_scene import text_picture
from generator.solver import sat
from generator.solver.clues import Clues, grid_clues
from test_classify import brute_solutions


def random_clue_sets(seed: int, count: int):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        h, w = (int(v) for v in rng.integers(4, 8, size=2))
        out.append(grid_clues(rng.random((h, w)) < rng.uniform(0.3, 0.7)))
    # clue sets with no solution: a grid's row clues with another grid's column clues
    for _ in range(count // 4):
        a, b = (grid_clues(rng.random((5, 6)) < 0.5) for _ in range(2))
        out.append(Clues(a.rows, b.cols))
    return out


@pytest.mark.parametrize("turns, slice_", [((0,), sat.SLICE), ((1,), sat.SLICE), ((0, 1), 1),
                                           ((1, 0, 0), 1)])
def test_each_solver_and_both_in_turns_agree_with_brute_force(monkeypatch, turns, slice_):
    monkeypatch.setattr(sat, "PLAIN_TURNS", 0)
    monkeypatch.setattr(sat, "TURNS", turns)
    monkeypatch.setattr(sat, "SLICE", slice_)
    for clues in random_clue_sets(7, 60):
        want = brute_solutions(clues, stop=2)
        got = sat.count_solutions(clues)
        assert len(got) == len(want), clues
        for g in got:
            assert grid_clues(g) == clues
        if len(want) == 1:
            assert (got[0] == want[0]).all()
        if len(got) == 2:
            assert (got[0] != got[1]).any()


def test_both_solvers_get_turns_when_the_first_is_slow(monkeypatch):
    """Turns of one conflict's budget (the solver stops at its next restart), one each: a
    puzzle that needs a thousand conflicts gives both solvers turns, and the answer is still
    right."""
    built = []
    real = sat._solver

    def spy(cnf, cells, cells_first):
        built.append(cells_first)
        return real(cnf, cells, cells_first)

    monkeypatch.setattr(sat, "_solver", spy)
    monkeypatch.setattr(sat, "PLAIN_TURNS", 0)
    monkeypatch.setattr(sat, "TURNS", (0, 1))
    monkeypatch.setattr(sat, "SLICE", 1)
    # a picture of text whose first solution takes the plain solver a few restarts (the
    # budget is looked at only when it restarts)
    clues = grid_clues(text_picture(np.random.default_rng(3), 47, 70))
    sols = sat.count_solutions(clues)
    assert sorted(built) == [False, True]
    assert len(sols) == 2 and (sols[0] != sols[1]).any()
    for s in sols:
        assert grid_clues(s) == clues


ANSWER = """
import json, sys
from generator.dev.bench_multi import small_set
from generator.solver import sat
sat.SLICE, sat.PLAIN_TURNS = int(sys.argv[1]), int(sys.argv[2])
for _, clues in small_set():
    print(json.dumps([s.astype(int).tolist() for s in sat.count_solutions(clues)]))
"""


@pytest.mark.parametrize("slice_, plain", [(1, 0), (sat.SLICE, sat.PLAIN_TURNS)])
def test_the_same_clues_give_the_same_solutions_in_any_process(slice_, plain):
    """The solutions themselves, not only their number: the output is byte-identical for the
    same input, whichever solver's turn found it."""
    args = [sys.executable, "-c", ANSWER, str(slice_), str(plain)]
    out = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True,
                           timeout=600).stdout.splitlines()
    again = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True,
                           timeout=600).stdout.splitlines()
    assert out == again and len(out) == len(small_set())
    old = sat.SLICE, sat.PLAIN_TURNS
    try:
        sat.SLICE, sat.PLAIN_TURNS = slice_, plain
        here = [json.dumps([s.astype(int).tolist() for s in sat.count_solutions(c)])
                for _, c in small_set()]
    finally:
        sat.SLICE, sat.PLAIN_TURNS = old
    assert here == out
