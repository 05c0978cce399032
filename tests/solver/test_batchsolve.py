"""The batch solver against linesolve (and plain.py): same status, same iterations, every grid."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from generator.solver import batchsolve
from generator.dev import baseline as plain   # the plain solvers: an independent oracle
from generator.solver.clues import Clues, grid_clues, line_clue
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED, line_enumerate, placement_count, solve


def reference(clue_sets):
    rs = [solve(c) for c in clue_sets]
    return [r.status for r in rs], [r.iterations for r in rs]


def assert_same_as_linesolve(grids):
    statuses, its = batchsolve.verify_grids(grids)
    want_s, want_i = reference([grid_clues(g) for g in grids])
    assert statuses == want_s
    assert list(its) == want_i
    return statuses


@pytest.mark.parametrize("h, w, density, n", [
    (15, 15, 0.6, 1500), (15, 15, 0.5, 600), (15, 15, 0.75, 400),
    (10, 12, 0.55, 600), (7, 16, 0.6, 400), (16, 9, 0.45, 400), (16, 16, 0.6, 300),
    (5, 5, 0.5, 800), (1, 8, 0.5, 200), (8, 1, 0.5, 200), (3, 13, 0.3, 300),
])
def test_same_as_linesolve_on_random_grids(h, w, density, n):
    rng = np.random.default_rng(h * 100 + w + int(density * 10))
    statuses = assert_same_as_linesolve(rng.random((n, h, w)) < density)
    # the sample must exercise both outcomes, or the comparison proves little
    if h * w >= 49:
        assert SOLVED in statuses and STALLED in statuses


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), st.integers(1, 16), st.floats(0.05, 0.95), st.integers(0, 2**32 - 1))
def test_same_as_linesolve_any_size(h, w, density, seed):
    rng = np.random.default_rng(seed)
    assert_same_as_linesolve(rng.random((30, h, w)) < density)


def test_small_chunks_give_the_same_answers():
    grids = np.random.default_rng(5).random((500, 12, 12)) < 0.6
    a = batchsolve.verify_grids(grids, chunk=7)
    b = batchsolve.verify_grids(grids)
    assert a[0] == b[0] and list(a[1]) == list(b[1])


def test_contradictions_and_mixed_clue_sets():
    """Rows of one grid with columns of another: contradictions, stalls and solves, as linesolve."""
    rng = np.random.default_rng(11)
    sets = []
    for _ in range(600):
        a, b = rng.random((2, 6, 7)) < 0.55
        sets.append(Clues(grid_clues(a).rows, grid_clues(b).cols))
    sets.append(Clues(((3,), (3,)), ((5,), (5,), (5,))))   # no column clue fits
    sets.append(Clues(((5,), (), ()), ((1,), (1,), (1,))))  # (5) cannot fit 3 cells
    statuses, its = batchsolve.solve_many(sets)
    want_s, want_i = reference(sets)
    assert statuses == want_s and list(its) == want_i
    assert CONTRADICTION in statuses
    assert statuses[-1] == CONTRADICTION and its[-1] == 0


def test_large_and_mixed_sizes_fall_back_to_linesolve():
    rng = np.random.default_rng(3)
    grids = [rng.random((17, 17)) < 0.6 for _ in range(5)] + [rng.random((4, 20)) < 0.6,
                                                             rng.random((9, 9)) < 0.6]
    sets = [grid_clues(g) for g in grids]
    statuses, its = batchsolve.solve_many(sets)
    want_s, want_i = reference(sets)
    assert statuses == want_s and list(its) == want_i
    s2, i2 = batchsolve.verify_grids(np.array(grids[:5]))
    assert s2 == want_s[:5] and list(i2) == want_i[:5]


@pytest.mark.parametrize("n", [1, 2, 5, 9, 15, 16])
def test_line_table_segments_are_the_clue_placements(n):
    t = batchsolve.line_table(n)
    assert sorted(t.values.tolist()) == list(range(1 << n))          # every value exactly once
    for clue, c in list(t.ids.items())[:: max(1, len(t.ids) // 60)]:
        seg = t.values[t.start[c]:t.start[c] + t.count[c]]
        assert all(line_clue((int(u) >> i) & 1 for i in range(n)) == clue for u in seg)
        assert t.count[c] == placement_count(clue, n)
        f, e = line_enumerate(clue, n, 0, 0)
        assert (int(t.all_and[c]), (~int(t.all_or[c])) & ((1 << n) - 1)) == (f, e)


def test_pack_and_unpack_round_trip():
    cells = np.random.default_rng(0).random((20, 11, 13)) < 0.5
    rows, cols = batchsolve.pack_rows(cells), batchsolve.pack_cols(cells)
    assert int(rows[3, 4]) == sum(1 << x for x in range(13) if cells[3, 4, x])
    assert int(cols[3, 4]) == sum(1 << y for y in range(11) if cells[3, y, 4])
    assert (batchsolve.unpack_lines(rows, 13) == cells).all()
    assert (batchsolve.unpack_lines(cols, 11).transpose(0, 2, 1) == cells).all()


def test_plain_agrees_with_linesolve():
    rng = np.random.default_rng(8)
    grids = [rng.random((h, w)) < 0.6 for h, w in [(15, 15)] * 40 + [(5, 7)] * 100 + [(9, 4)] * 100]
    sets = [grid_clues(g) for g in grids]
    for _ in range(60):                                # rows of one grid, columns of another
        a, b = rng.random((2, 5, 5)) < 0.5
        sets.append(Clues(grid_clues(a).rows, grid_clues(b).cols))
    want = list(zip(*reference(sets)))
    assert [plain.solve(c) for c in sets] == want
    assert [plain.bitmask_solve(c) for c in sets] == want
    assert {s for s, _ in want} == {SOLVED, STALLED, CONTRADICTION}


@pytest.mark.parametrize("clue, n", [((), 4), ((4,), 4), ((1, 1), 5), ((2, 1, 3), 10), ((3,), 7)])
def test_plain_placements_are_complete_and_distinct(clue, n):
    ps = plain.placements(clue, n)
    assert len(ps) == len({tuple(p) for p in ps}) == placement_count(clue, n)
    assert all(len(p) == n and line_clue(p) == clue for p in ps)


def test_plain_bitmask_line_agrees_with_enumeration_on_every_state_up_to_7_cells():
    import itertools
    from generator.solver.line import line_enumerate
    for n in range(1, 8):
        clues = {line_clue([(u >> i) & 1 for i in range(n)]) for u in range(1 << n)}
        for clue in clues:
            for cells in itertools.product((0, 1, 2), repeat=n):   # 0 unknown, 1 filled, 2 empty
                f = sum(1 << i for i, v in enumerate(cells) if v == 1)
                e = sum(1 << i for i, v in enumerate(cells) if v == 2)
                assert plain.bitmask_line(clue, n, f, e) == line_enumerate(clue, n, f, e), (clue, cells)


@pytest.mark.parametrize("h,w,density", [(17, 17, 0.6), (20, 25, 0.5), (33, 30, 0.6), (60, 60, 0.7),
                                         (60, 17, 0.5)])
def test_long_lines_batch_path_agrees_with_linesolve(h, w, density):
    """widebatch (lines of 17 to 60 cells, sweeps on numpy arrays) == linesolve, status and
    iterations, on grids and on mixed clue sets (often contradictions)."""
    from generator.solver import widebatch
    rng = np.random.default_rng(h * w)
    sets = [grid_clues(g) for g in rng.random((30, h, w)) < density]
    for _ in range(10):
        a, b = rng.random((2, h, w)) < 0.5
        sets.append(Clues(grid_clues(a).rows, grid_clues(b).cols))
    codes, its = widebatch.solve_same_shape(sets)
    got = [(batchsolve.STATUS_NAMES[c], int(i)) for c, i in zip(codes, its)]
    assert got == list(zip(*reference(sets)))
    assert batchsolve.solve_many(sets)[0] == [s for s, _ in got]
