"""The classifier against brute force: every 4x4 grid, random 5x5/6x6 grids, clue sets with
no solution, known cells, the node limit, and any grid being among its clues' solutions."""
import itertools

import numpy as np
import pytest

from generator.solver.classify import MULTIPLE, NONE, QUICK_NODES, UNIQUE, UNKNOWN_KIND, classify
from generator.solver.clues import Clues, grid_clues, line_clue
from generator.solver.linesolve import SOLVED, solve


def line_candidates(clue, n):
    """Every 0/1 line of n cells whose runs are `clue` (the oracle's building block)."""
    return [line for line in itertools.product((0, 1), repeat=n) if line_clue(line) == clue]


def column_prefix_ok(prefix, clue) -> bool:
    """Can a column that starts with `prefix` still end with runs `clue`? (runs so far agree)"""
    runs = line_clue(prefix)
    if not runs:
        return True
    done = runs[:-1] if prefix[-1] else runs
    if len(runs) > len(clue) or tuple(clue[:len(done)]) != tuple(done):
        return False
    return runs[-1] <= clue[len(runs) - 1]


def brute_solutions(clues: Clues, stop: int = 3) -> list[np.ndarray]:
    """Rows from each row's candidates, one row at a time, pruned by the column clues."""
    h, w = clues.height, clues.width
    cands = [line_candidates(c, w) for c in clues.rows]
    out = []

    def go(y, rows):
        if len(out) >= stop:
            return
        if y == h:
            g = np.array(rows, dtype=bool)
            if grid_clues(g).cols == clues.cols:
                out.append(g)
            return
        for cand in cands[y]:
            new = rows + [cand]
            if all(column_prefix_ok([r[x] for r in new], clues.cols[x]) for x in range(w)):
                go(y + 1, new)

    go(0, [])
    return out


def expected_kind(n: int) -> str:
    return NONE if n == 0 else UNIQUE if n == 1 else MULTIPLE


def check_against_brute(clues: Clues, sols: list[np.ndarray], sat: bool = True) -> None:
    for quick in (QUICK_NODES, 0):    # the quick then probing search, and probing alone
        check_one(classify(clues, node_limit=10_000, quick_nodes=quick, complete=False), clues, sols)
    if sat:
        check_one(classify(clues, node_limit=0), clues, sols)    # the SAT step alone
        check_one(classify(clues), clues, sols)                   # the default: search, then SAT


def check_one(c, clues: Clues, sols: list[np.ndarray]) -> None:
    assert not c.limit_hit
    assert c.kind == expected_kind(len(sols)), (clues, c.kind, len(sols))
    as_bytes = {s.tobytes() for s in sols}
    for s in c.solutions:          # every solution it reports is a real, distinct one
        assert grid_clues(s) == clues
    assert len({s.tobytes() for s in c.solutions}) == len(c.solutions)
    if len(sols) == 1:
        assert c.solutions[0].tobytes() in as_bytes


@pytest.mark.slow
def test_every_4x4_grid_agrees_with_brute_force():
    grids = np.array(list(itertools.product((0, 1), repeat=16)), dtype=bool).reshape(-1, 4, 4)
    by_clues = {}
    for g in grids:
        by_clues.setdefault(grid_clues(g), []).append(g)
    kinds = set()
    for k, (clues, sols) in enumerate(by_clues.items()):
        # SAT alone and the default on one clue set in 8 (all 58,196: half a minute more)
        check_against_brute(clues, sols[:3], sat=k % 8 == 0)
        kinds.add(expected_kind(len(sols)))
    assert kinds == {UNIQUE, MULTIPLE}


@pytest.mark.parametrize("size,count", [(5, 150), (6, 60)])
def test_random_grids_agree_with_brute_force(size, count):
    rng = np.random.default_rng(size)
    seen = {UNIQUE: 0, MULTIPLE: 0}
    for _ in range(count):
        g = rng.random((size, size)) < rng.uniform(0.3, 0.7)
        clues = grid_clues(g)
        sols = brute_solutions(clues)
        assert any((s == g).all() for s in sols) or len(sols) >= 3
        check_against_brute(clues, sols)
        seen[expected_kind(len(sols))] += 1
    assert seen[UNIQUE] and seen[MULTIPLE]


def test_mixed_clues_with_no_solution_agree_with_brute_force():
    """Rows of one grid with the columns of another: often no grid fits them."""
    rng = np.random.default_rng(7)
    none = 0
    for _ in range(80):
        a, b = rng.random((2, 5, 5)) < 0.5
        clues = Clues(grid_clues(a).rows, grid_clues(b).cols)
        sols = brute_solutions(clues)
        check_against_brute(clues, sols)
        none += not sols
    assert none > 10


def test_known_cells_restrict_the_solutions():
    # a 2x2 with two solutions (the diagonals); fixing one cell leaves one
    clues = grid_clues(np.eye(2, dtype=bool))
    assert classify(clues).kind == MULTIPLE
    known = np.array([[1, -1], [-1, -1]], dtype=np.int8)
    for quick in (0, QUICK_NODES):
        c = classify(clues, known=known, quick_nodes=quick)
        assert c.kind == UNIQUE and (c.solutions[0] == np.eye(2, dtype=bool)).all()
    assert classify(clues, known=np.array([[1, 1], [-1, -1]], dtype=np.int8)).kind == NONE


def test_node_limit_is_reported_never_a_silent_answer():
    rng = np.random.default_rng(3)
    for _ in range(50):
        g = rng.random((12, 12)) < 0.5
        clues = grid_clues(g)
        if solve(clues).status != SOLVED:
            c = classify(clues, node_limit=1, complete=False)
            assert c.limit_hit and c.kind == UNKNOWN_KIND and c.nodes <= 1
            for quick in (0, 10, QUICK_NODES):
                c = classify(clues, node_limit=50, quick_nodes=quick, complete=False)
                assert c.nodes <= 50 and c.limit_hit == (c.kind == UNKNOWN_KIND)
            # complete (the default): the SAT step decides what the search left
            c = classify(clues, node_limit=1)
            assert not c.limit_hit and c.kind in (UNIQUE, MULTIPLE) and c.method == "sat"
            # only a time limit the caller sets makes it unknown, and it says so
            c = classify(clues, time_limit=0)
            assert c.kind == UNKNOWN_KIND and c.limit_hit and c.time_hit
            return
    pytest.fail("no stalled grid found")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra.numpy import arrays  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 9), st.integers(1, 9))))
def test_any_grid_is_among_the_solutions_of_its_clues(g):
    clues = grid_clues(g)
    r = solve(clues)
    c = classify(clues)
    if r.status == SOLVED:      # line-solved: exactly the grid, and the classifier agrees
        assert (r.grid == g).all() and c.kind == UNIQUE
    assert c.kind in (UNIQUE, MULTIPLE)
    if c.kind == UNIQUE:
        assert (c.solutions[0] == g).all()


@pytest.mark.slow
def test_every_clue_set_up_to_4x4_agrees_with_brute_force():
    """Every grid of every size from 1x1 to 4x4 (4x4 itself above): its clue set, classified
    by the search alone, SAT alone and both, against the count of grids that spell it."""
    for h in range(1, 5):
        for w in range(1, 5):
            if (h, w) == (4, 4):
                continue
            cells = np.array(list(itertools.product((0, 1), repeat=h * w)), dtype=bool)
            by_clues = {}
            for g in cells.reshape(-1, h, w):
                by_clues.setdefault(grid_clues(g), []).append(g)
            for clues, sols in by_clues.items():
                check_against_brute(clues, sols[:3])


@pytest.mark.parametrize("size,count", [(7, 25)])
def test_random_7x7_grids_agree_with_brute_force(size, count):
    test_random_grids_agree_with_brute_force(size, count)


@pytest.mark.parametrize("size,style,count", [(20, "noise", 6), (25, "noise", 4), (30, "smooth", 4),
                                              (40, "smooth", 3)])
def test_big_random_grids_cross_checked_without_sat(size, style, count):
    """20x20 to 40x40: whatever decides (search or SAT), its answers are checked without SAT:
    each solution spells the clues, 'multiple' shows two different ones, and 'unique' is the
    grid the clues came from (that grid is a solution, so it must be the one)."""
    from generator.puzzles.generate import Params, draw
    p = Params(height=size, width=size, density=0.5 if style == "noise" else 0.6, seed=size,
               style=style)
    for g in draw(p, 0)[:count]:
        clues = grid_clues(g)
        c = classify(clues)
        assert c.kind in (UNIQUE, MULTIPLE) and not c.limit_hit
        for s in c.solutions:
            assert grid_clues(s) == clues
        if c.kind == MULTIPLE:
            assert len(c.solutions) == 2 and (c.solutions[0] != c.solutions[1]).any()
        else:
            assert (c.solutions[0] == g).all()
