"""The devlog-style board text: alignment of two-digit clues, the plain style, the headers."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from generator.render.text import board, header
from generator.solver.clues import grid_clues
from generator.solver.grid import text_to_rows


def test_two_digit_clues_line_up():
    g = np.ones((12, 12), dtype=bool)
    g[0, 0] = False
    g[:, 5] = False
    lines = board(grid_clues(g), g).splitlines()
    # every column is two characters wide plus a space, clues right-aligned in it
    assert lines[0] == "    11 12 12 12 12  0 12 12 12 12 12 12"
    assert lines[1] == "4 6  X  █  █  █  █  X  █  █  █  █  █  █"
    assert lines[2] == "5 6  █  █  █  █  █  X  █  █  █  █  █  █"
    assert lines[2][-1] == "█" and len(lines[1]) == len(lines[2])


def test_empty_lines_show_0_and_unknown_cells():
    g = np.array([[1, 0], [0, 0]], dtype=bool)
    assert board(grid_clues(g)) == "  1 0\n1 ░ ░\n0 ░ ░\n"
    assert board(grid_clues(g), g, plain=True) == "  1 0\n1 # x\n0 x x\n"


def test_headers_are_the_devlogs():
    assert header("solved", 4) == "-- SOLVED! in 4 iterations --"
    assert header("stalled", 4) == "-- not solved... no options after 4 iterations --"
    assert header("solved", 1) == "-- SOLVED! in 1 iteration --"
    assert header("contradiction", 0).startswith("-- contradiction after 0 iterations")


@settings(max_examples=60, deadline=None)
@given(arrays(np.int8, st.tuples(st.integers(1, 12), st.integers(1, 12)), elements=st.sampled_from([-1, 0, 1])))
def test_plain_board_rows_read_back_as_the_grid(g):
    sol = g == 1
    lines = board(grid_clues(sol), g, plain=True).splitlines()[-g.shape[0]:]
    cells = [ln.split()[-g.shape[1]:] for ln in lines]
    assert (text_to_rows(["".join(c) for c in cells], allow_unknown=True) == g).all()
