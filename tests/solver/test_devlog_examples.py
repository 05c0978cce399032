"""The devlog's two boards (tests/data, transcribed from the seed text): our solver reproduces
its verdicts and iteration counts, and our ASCII output reproduces its text exactly."""
import pytest

from devlog import DATA, read_devlog_board
from generator.render.text import board, header
from generator.solver.classify import MULTIPLE, classify
from generator.solver.clues import grid_clues, validate
from generator.solver.linesolve import SOLVED, STALLED, solve


def devlog_text(name):
    """The board's text with the devlog's trailing spaces and blank lines dropped."""
    return [ln.rstrip() for ln in (DATA / f"{name}.txt").read_text().splitlines() if ln.strip()]


def ours(clues, r):
    return [ln for ln in (header(r.status, r.iterations) + "\n\n" + board(clues, r.grid)).splitlines() if ln]


def test_solved_example_solves_in_4_iterations_to_the_same_grid():
    head, clues, grid = read_devlog_board("devlog_solved")
    assert head == "-- SOLVED! in 4 iterations --"
    validate(clues)
    assert grid_clues(grid == 1) == clues        # the transcribed clues and grid agree
    r = solve(clues)
    assert (r.status, r.iterations) == (SOLVED, 4)
    assert (r.grid == grid).all()
    assert ours(clues, r) == devlog_text("devlog_solved")


def test_unsolvable_example_stalls_after_4_iterations_where_the_devlog_does():
    head, clues, grid = read_devlog_board("devlog_stalled")
    assert head == "-- not solved... no options after 4 iterations --"
    validate(clues)
    r = solve(clues)
    assert (r.status, r.iterations) == (STALLED, 4)
    assert (r.grid == grid).all()
    assert (grid == -1).sum() == 4
    assert ours(clues, r) == devlog_text("devlog_stalled")
    # the corner the player would have to guess: two ways to fill it
    c = classify(clues)
    assert c.kind == MULTIPLE
    a, b = c.solutions
    assert ((a != b) == (grid == -1)).all()


@pytest.mark.parametrize("name", ["devlog_solved", "devlog_stalled"])
def test_the_shipped_non_files_hold_the_devlog_clues(name):
    """tests/data/devlog_*.non (docs/commands.md's examples) match the transcribed boards."""
    from generator.formats.puzzlefile import read_puzzle
    _, clues, grid = read_devlog_board(name)
    p = read_puzzle(str(DATA / f"{name}.non"))
    assert p.clues == clues
    if name == "devlog_solved":
        assert (p.solution == (grid == 1)).all()
