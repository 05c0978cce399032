"""The line solver against brute force: bit sweeps == enumeration == DP on every line, and
solved => unique."""
import itertools
import random

import numpy as np
import pytest

from generator.solver.clues import grid_clues, line_clue
from generator.solver.line import run_starts
from generator.solver.linesolve import (SOLVED, line_bits, line_dp, line_enumerate, line_sweeps,
                                 placement_count, solve)


def all_lines(n):
    return [tuple(bits) for bits in itertools.product((0, 1), repeat=n)]


@pytest.mark.parametrize("n", range(1, 9))
def test_enumerate_equals_dp_on_every_line_and_knowledge(n):
    rnd = random.Random(n)
    for sol in all_lines(n):
        clue = line_clue(sol)
        for _ in range(20):
            f = e = 0
            for i in range(n):
                r = rnd.random()
                if r < 0.25:
                    f |= 1 << i
                elif r < 0.5:
                    e |= 1 << i
            assert line_enumerate(clue, n, f, e) == line_dp(clue, n, f, e)


def clues_up_to(n):
    """Every clue of a line of n cells, and the longer ones of n + 1 cells (which cannot fit)."""
    return sorted({line_clue(b) for b in all_lines(n)} | {line_clue(b) for b in all_lines(n + 1)})


def every_state(n):
    """Every line state of n cells as (filled, empty) int64 arrays: 3**n of them."""
    digits = np.arange(3 ** n)[:, None] // 3 ** np.arange(n) % 3
    bits = 1 << np.arange(n, dtype=np.int64)
    return (digits == 1) @ bits, (digits == 2) @ bits


@pytest.mark.parametrize("n", [*range(1, 7), *(pytest.param(n, marks=pytest.mark.slow) for n in (7, 8))])
def test_line_bits_equals_enumerate_on_every_line_state(n):
    """Every clue, every known-filled / known-empty state of the line, contradictions too."""
    filled, empty = every_state(n)
    states = list(zip(filled.tolist(), empty.tolist()))
    contradictions = 0
    for clue in clues_up_to(n):
        for f, e in states:
            expect = line_enumerate(clue, n, f, e)
            assert line_bits(clue, n, f, e) == expect, (clue, n, f, e)
            contradictions += expect is None
    assert contradictions > 0


def placements(clue, n):
    """Masks of every placement of the clue in n cells (brute force, independent of linesolve)."""
    if not clue:
        return [0]
    head, rest = clue[0], clue[1:]
    room = n - sum(rest) - len(rest)
    return [((1 << head) - 1) << s | tail << s + head + 1
            for s in range(room - head + 1) for tail in placements(rest, n - s - head - 1)]


@pytest.mark.parametrize("n", [*range(1, 10), pytest.param(10, marks=pytest.mark.slow)])
def test_line_sweeps_on_every_state_up_to_10_cells_against_brute_force(n):
    """All 3**n states at once (line_sweeps on numpy arrays) against the intersection of every
    agreeing placement, for every clue; n <= 8 is also checked one state at a time above."""
    filled, empty = every_state(n)
    full = (1 << n) - 1
    for clue in clues_up_to(n):
        ps = np.array(placements(clue, n), dtype=np.int64).reshape(-1, 1)   # none if it cannot fit
        assert len(ps) == placement_count(clue, n)
        agree = ((ps & filled) == filled) & ((ps & empty) == 0)
        fits = agree.any(axis=0)
        all_filled = np.bitwise_and.reduce(np.where(agree, ps, full), axis=0)
        any_filled = np.bitwise_or.reduce(np.where(agree, ps, 0), axis=0)
        nf, ne, got_fits = line_sweeps(clue, n, filled, empty)
        assert ((got_fits != 0) == fits).all(), clue
        assert (nf[fits] == (filled | all_filled)[fits]).all(), clue
        assert (ne[fits] == (empty | full & ~any_filled)[fits]).all(), clue


def placement_starts(clue, n):
    """Each placement of the clue as the tuple of its runs' starts (brute force)."""
    if not clue:
        return [()]
    head, rest = clue[0], clue[1:]
    room = n - sum(rest) - len(rest)
    return [(s, *(t + s + head + 1 for t in tail))
            for s in range(room - head + 1) for tail in placement_starts(rest, n - s - head - 1)]


@pytest.mark.parametrize("n", range(1, 8))
def test_run_starts_on_every_state_against_brute_force(n):
    """Each run's possible starts are the starts it has in the placements that agree with the
    known cells, on every state of every line of up to 7 cells; None when none agrees."""
    filled, empty = every_state(n)
    for clue in clues_up_to(n):
        if not clue:
            continue
        ps = [(starts, sum(((1 << k) - 1) << s for s, k in zip(starts, clue)))
              for starts in placement_starts(clue, n)]
        for f, e in zip(filled.tolist(), empty.tolist()):
            agree = [starts for starts, cells in ps if cells & f == f and not cells & e]
            want = [sum(1 << s for s in {p[j] for p in agree}) for j in range(len(clue))]
            assert run_starts(clue, n, f, e) == (want if agree else None), (clue, n, f, e)


def test_run_starts_by_hand():
    assert run_starts((2, 1), 5, 0, 0) == [0b011, 0b11000]
    assert run_starts((2, 1), 5, 0b00010, 0b10000) == [0b1, 0b1000]   # 2 at 1 leaves no room
    assert run_starts((3,), 4, 0, 0b0010) is None


def test_line_intersection_by_hand():
    # the devlog's example: three placements of (3, 2)-ish line agree on the middle cell
    assert line_enumerate((5,), 5, 0, 0) == (0b11111, 0)
    assert line_enumerate((3,), 5, 0, 0) == (0b00100, 0)
    assert line_enumerate((), 4, 0, 0) == (0, 0b1111)
    assert line_enumerate((2,), 3, 0, 0b010) is None


@pytest.mark.slow
def test_every_4x4_grid_solved_means_unique():
    """Brute force: for every 4x4 grid, if line logic solves it, no other grid has its clues."""
    grids = np.array(list(itertools.product((0, 1), repeat=16)), dtype=bool).reshape(-1, 4, 4)
    by_clues = {}
    for g in grids:
        by_clues.setdefault(grid_clues(g), []).append(g)
    solved = 0
    for clues, sols in by_clues.items():
        r = solve(clues)
        if r.status == SOLVED:
            solved += 1
            assert len(sols) == 1
            assert (r.grid == sols[0]).all()
        else:
            # stalled cells: every solution agrees with each cell the solver did fix
            known = r.grid >= 0
            for s in sols:
                assert (r.grid[known] == s[known]).all()
    assert solved > 0


def test_solved_only_when_the_clues_have_that_solution_and_batch_agrees():
    """Every 3x3 clue set with equal totals, real or not: 'solved' means the grid fits every
    clue (a complete board is re-checked), and the numpy batch solver gives the same answers."""
    from generator.solver.batchsolve import solve_many
    from generator.solver.clues import Clues

    lines = sorted({line_clue(b) for b in itertools.product((0, 1), repeat=3)})
    sets = [Clues(r, c) for r in itertools.product(lines, repeat=3)
            for c in itertools.product(lines, repeat=3) if sum(map(sum, r)) == sum(map(sum, c))]
    statuses, iterations = solve_many(sets)
    solved = 0
    for clues, status, its in zip(sets, statuses, iterations):
        r = solve(clues)
        assert (r.status, r.iterations) == (status, its)
        if r.status == SOLVED:
            solved += 1
            assert grid_clues(r.grid == 1) == clues
    assert solved > 0
