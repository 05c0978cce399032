"""The one puzzle record (generator.formats.record.Puzzle): clues kept or worked out from the
solution, what it compares, and the batch writer's refusal of a puzzle without a solution."""
import json

import numpy as np
import pytest

from generator import UserError
from generator.formats.batchfile import Batch, dumps, parse_batch
from generator.formats.record import Puzzle
from generator.solver.clues import Clues, grid_clues

G = np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)


def test_the_clues_come_from_the_solution_or_as_given():
    p = Puzzle.from_grid(G, name="h")
    assert p.clues == grid_clues(G) == Clues(((1, 1), (3,)), ((2,), (1,), (2,)))
    assert (p.height, p.width) == (2, 3)
    q = Puzzle(grid_clues(G))
    assert q.solution is None and q.clues == p.clues and (q.height, q.width) == (2, 3)
    with pytest.raises(ValueError):
        Puzzle()


def test_source_and_text_are_not_compared_but_the_rest_is():
    a = Puzzle.from_grid(G, iterations=2, name="h", source="x#0", text="line")
    assert a == Puzzle.from_grid(G.copy(), iterations=2, name="h", source="y#3")
    assert a != Puzzle.from_grid(G, iterations=3, name="h")
    assert a != Puzzle.from_grid(G, iterations=2, name="i")
    assert a != Puzzle.from_grid(~G, iterations=2, name="h")
    assert a != Puzzle(grid_clues(G), iterations=2, name="h")          # no solution
    assert a != Puzzle.from_grid(G, iterations=2, name="h", known=np.zeros((2, 3), np.int8))


def test_a_batch_round_trips_its_records():
    ps = [Puzzle.from_grid(G, iterations=1, name="cup"), Puzzle.from_grid(~G, iterations=2)]
    assert parse_batch(json.loads(dumps(Batch(ps)))).puzzles == ps


def test_the_batch_writer_refuses_a_puzzle_without_a_solution():
    ps = [Puzzle.from_grid(G), Puzzle(grid_clues(G), name="cup")]
    with pytest.raises(UserError, match=r"^puzzle 1 \(cup\) has clues but no solution"):
        dumps(Batch(ps))
