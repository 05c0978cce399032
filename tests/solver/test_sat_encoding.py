"""The SAT step's encoding with known cells (each run's variables cut to its possible starts,
the starts between them no placement allows forbidden one by one) against brute force: the
same solutions as the clues with those cells fixed, whatever cells are known (line logic's
fixpoint or not, contradictory or not)."""
import numpy as np

from generator.solver import sat
from generator.solver.board import Board
from generator.solver.clues import grid_clues
from test_classify import brute_solutions


def fits(sol: np.ndarray, known: np.ndarray) -> bool:
    return bool(((known < 0) | (known == sol)).all())


def test_any_known_cells_give_the_brute_force_answer():
    rng = np.random.default_rng(11)
    kinds = {0: 0, 1: 0, 2: 0}
    for _ in range(250):
        h, w = (int(v) for v in rng.integers(3, 7, size=2))
        g = rng.random((h, w)) < rng.uniform(0.3, 0.7)
        clues = grid_clues(g)
        truth = g if rng.random() < 0.7 else rng.random((h, w)) < 0.5   # often no solution
        known = np.where(rng.random((h, w)) < rng.uniform(0.1, 0.6), truth, -1).astype(np.int8)
        want = [s for s in brute_solutions(clues, stop=10_000) if fits(s, known)]
        got = sat.count_solutions(clues, known)
        assert len(got) == min(len(want), 2), (clues, known)
        for s in got:
            assert grid_clues(s) == clues and fits(s, known)
        if len(got) == 2:
            assert (got[0] != got[1]).any()
        if len(want) == 1:
            assert (got[0] == want[0]).all()
        kinds[len(got)] += 1
    assert all(kinds.values()), kinds


def test_line_logic_known_cells_cut_the_clauses():
    """With line logic's cells known, the encoding is smaller than with none (the runs'
    variables cover their possible starts only) and finds the same grid."""
    rng = np.random.default_rng(5)
    while True:                    # a grid line logic leaves part-done
        clues = grid_clues(rng.random((12, 12)) < 0.55)
        b = Board.start(clues)
        assert b.propagate_all()
        known = b.partial()
        if (known >= 0).sum() > 20 and (known < 0).sum() > 20:
            break
    bare, _ = sat.encode(clues)
    cut, _ = sat.encode(clues, known)
    assert len(cut.clauses) - (known >= 0).sum() < len(bare.clauses)
    assert cut.nvars < bare.nvars
    for s in sat.count_solutions(clues, known):
        assert grid_clues(s) == clues
