"""generator.puzzles.difficulty: rounds of line logic, the effort score and the pips."""
import numpy as np

from generator.formats.batchfile import read_batch
from generator.puzzles.difficulty import PIP_LIMITS, measure
from generator.solver.clues import grid_clues
from generator.solver.linesolve import solve

from cartfixtures import CART


def grid(*rows):
    return np.array([[c == "#" for c in r] for r in rows])


def test_a_full_board_takes_one_round_of_every_line():
    d = measure(grid_clues(np.ones((5, 5), bool)))
    assert d.solved and d.rounds == 1 and d.effort == 1.0 and d.first_share == 1.0
    assert d.score == 0.33 and d.pips == 1          # a 5x5's look costs a third of a 15x15's


def test_rounds_count_the_longest_chain_not_the_passes():
    # a staircase: each row's run is placed only once the column beside it is known
    g = grid("#....", "##...", "###..", "####.", "#####")
    d = measure(grid_clues(g))
    assert d.solved and d.rounds >= 2
    assert d.rounds >= solve(grid_clues(g)).iterations


def test_a_stalled_puzzle_is_not_solved():
    g = grid("#.", ".#")
    assert not measure(grid_clues(g)).solved


def test_shipped_pictures_all_measure_solved_and_pips_follow_the_limits():
    for f in ("pictures/valley.json", "pictures/firewatch.json", "pictures/valley-small.json"):
        for p in read_batch(CART / f).puzzles:
            d = measure(p.clues)
            assert d.solved and 1 <= d.pips <= 5
            assert d.pips == 1 + sum(d.score >= t for t in PIP_LIMITS)
            assert d.score == round(d.effort * p.width / 15, 2)
