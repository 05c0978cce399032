"""cart/solver.lua (and cart/clues.lua's line_clue) under lupaz8 (PICO-8's Lua and 16.16 numbers) against generator.solver.linesolve.

The two must agree exactly: status and iterations always, and the grid whenever the solve does
not end in a contradiction (on a contradiction each stops where it finds it; the Lua solver
walks rows bottom-up, so the partial grids at that moment may differ).
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.solver.clues import Clues, grid_clues, line_clue
from generator.solver.grid import random_grid
from generator.solver import linesolve
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED, solve
from generator.cartbuild.tokens import count_text
from generator.console.luavm import SOLVER_LUA, CartLua, from_lua_mask, sample_solve_counts
from generator.pico8 import SOLVER_TOKEN_BUDGET

MAX_SIDE = 15  # the Lua solver's largest row / column (masks are positive 15-bit numbers)


@pytest.fixture(scope="module")
def lua() -> CartLua:
    return CartLua()


def assert_same(lua: CartLua, clues: Clues, known: np.ndarray | None = None) -> str:
    expect, got = solve(clues, known), lua.solve(clues, known)
    assert (got.status, got.iterations) == (expect.status, expect.iterations)
    if expect.status != CONTRADICTION:
        assert (got.grid == expect.grid).all()
    return expect.status


def reveal(rng: np.random.Generator, solution: np.ndarray, p: float) -> np.ndarray:
    """A player's half-filled board: each cell of the solution shown with probability p."""
    known = np.where(solution, 1, 0).astype(np.int8)
    known[rng.random(solution.shape) >= p] = -1
    return known


def test_line_clue_every_mask_up_to_12_cells(lua):
    for n in range(1, 13):
        for m in range(1 << n):
            bits = [(m >> x) & 1 for x in range(n)]
            assert lua.line_clue(m, n) == line_clue(bits)


def test_line_clue_random_15_cell_masks(lua):
    rng = np.random.default_rng(3)
    for m in rng.integers(0, 1 << 15, 500):
        assert lua.line_clue(int(m), 15) == line_clue([(int(m) >> x) & 1 for x in range(15)])


def test_random_grids_of_many_sizes_and_densities(lua):
    rng = np.random.default_rng(7)
    seen = Counter()
    for _ in range(2000):
        h, w = (int(v) for v in rng.integers(1, MAX_SIDE + 1, 2))
        density = float(rng.choice([0.1, 0.3, 0.5, 0.6, 0.7, 0.9]))
        seen[assert_same(lua, grid_clues(random_grid(rng, h, w, density)))] += 1
    assert seen[SOLVED] > 200 and seen[STALLED] > 200


def test_edge_grids(lua):
    for h, w in [(1, 1), (1, MAX_SIDE), (MAX_SIDE, 1), (MAX_SIDE, MAX_SIDE)]:
        for fill in (False, True):
            assert assert_same(lua, grid_clues(np.full((h, w), fill))) == SOLVED
    checker = np.indices((MAX_SIDE, MAX_SIDE)).sum(axis=0) % 2 == 0
    assert_same(lua, grid_clues(checker))


def boards(seed: int, fractions, n: int = 500):
    """n random (rng, solution, known cells) of random sizes, a fraction of cells revealed."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        h, w = (int(v) for v in rng.integers(2, MAX_SIDE + 1, 2))
        solution = random_grid(rng, h, w, 0.6)
        yield rng, solution, reveal(rng, solution, float(rng.choice(fractions)))


def test_half_filled_boards(lua):
    """Known cells taken from the solution: never a contradiction, often solved sooner."""
    seen = Counter(assert_same(lua, grid_clues(solution), known)
                   for _, solution, known in boards(11, [0.05, 0.2, 0.5, 0.9]))
    assert seen[CONTRADICTION] == 0 and seen[SOLVED] > 50


def test_boards_with_wrong_cells(lua):
    """A player's mistakes: flipped known cells, mostly contradictions."""
    seen = Counter()
    for rng, solution, known in boards(13, [0.2, 0.5, 1.0]):
        h, w = solution.shape
        for _ in range(int(rng.integers(1, 4))):
            y, x = int(rng.integers(h)), int(rng.integers(w))
            known[y, x] = 1 - max(known[y, x], 0)
        seen[assert_same(lua, grid_clues(solution), known)] += 1
    assert seen[CONTRADICTION] > 200


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 2**32 - 1))
def test_any_known_cells_against_any_clues(h, w, seed):
    """Known cells drawn independently of the clues: every status, every mix."""
    rng = np.random.default_rng(seed)
    clues = grid_clues(random_grid(rng, h, w, float(rng.random())))
    known = rng.integers(-1, 2, (h, w)).astype(np.int8)
    known[rng.random((h, w)) < 0.6] = -1
    assert_same(_module_lua(), clues, known)


_LUA: list[CartLua] = []


def _module_lua() -> CartLua:
    """One runtime for the hypothesis test (fixtures do not mix with @given)."""
    if not _LUA:
        _LUA.append(CartLua())
    return _LUA[0]


def test_column_masks_are_left_at_negative_indices(lua):
    rng = np.random.default_rng(5)
    solution = random_grid(rng, 6, 9, 0.6)
    clues = grid_clues(solution)
    args = lua._solve_args(clues, None)
    assert lua.g.solve(*args)[0] == SOLVED
    rf = args[2]
    for x in range(9):
        column = sum(1 << y for y in range(6) if solution[y, x])
        assert rf[-(x + 1)] == column


def test_cells_past_a_row_are_left_empty_in_re_and_nowhere_in_rf(lua):
    """The interface's one widening: solve marks a row's cells w..14 empty in re (lines are
    15 cells inside the solver); rf stays inside the row and callers read bits 0..w-1 only."""
    rng = np.random.default_rng(6)
    for h, w in [(4, 7), (15, 15), (9, 1)]:
        clues = grid_clues(random_grid(rng, h, w, 0.6))
        args = lua._solve_args(clues, None)
        lua.g.solve(*args)
        rf, re = args[2], args[3]
        past = 0x7FFF & ~((1 << w) - 1)
        for y in range(1, h + 1):
            assert from_lua_mask(re[y]) & ~((1 << w) - 1) == past
            assert from_lua_mask(rf[y]) >> w == 0


def test_solve_hook_spreads_a_solve_over_coroutine_resumes(lua, monkeypatch):
    lua.rt.execute("""
    function hooked_solve(rc,cc,rf,re,s)
     solve_hook=yield
     local co,n,st,it=cocreate(function() return solve(rc,cc,rf,re,s) end),0
     while true do
      local ok,a,b=coresume(co)
      if (costatus(co)=="dead") st,it=a,b break
      n+=1
     end
     solve_hook=nil
     return st,it,n
    end""")
    rng = np.random.default_rng(9)
    clues = grid_clues(random_grid(rng, 15, 15, 0.6))
    status, iterations, resumes = lua.g.hooked_solve(*lua._solve_args(clues, None))
    # the Python solver's line solves: the same lines, those changed since their last solve
    calls = []
    real = linesolve.solve_line
    monkeypatch.setattr(linesolve, "solve_line", lambda *a: calls.append(a) or real(*a))
    expect = solve(clues)
    assert (status, iterations) == (expect.status, expect.iterations)
    # one yield per line solved; unchanged lines are skipped, so fewer than 30 a pass
    assert resumes == len(calls)
    assert 30 < resumes < 30 * (iterations + 1)


def test_token_budget():
    """The build's counter (shrinko's command line) holds solver.lua to its budget, and agrees
    with shrinko's tokenizer called as a library (an independent path to the count)."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's own modules on sys.path)
    import pico_process
    import pico_tokenize

    source = SOLVER_LUA.read_text()
    tokens = count_text(source).tokens
    assert tokens <= SOLVER_TOKEN_BUDGET == 330
    lexed, errors = pico_tokenize.tokenize(pico_process.Source("solver.lua", source))
    assert not errors
    assert pico_tokenize.count_tokens(lexed) == tokens


def test_instruction_counts_on_a_fixed_sample():
    """200 random 15x15 grids: deterministic counts, held to today's figures (median 32,271,
    p99 49,095 on 2026-12-03, with each run's starts kept for the clue dimming; 31,532 / 47,892
    before; 32,143 / 48,798 before a token cut), inside the targets (median 40,000, p99 133,000). See
    generator/dev/bench_lua.py. These bounds catch a slowdown."""
    counts = sample_solve_counts(200)
    assert (sample_solve_counts(20) == counts[:20]).all()
    assert np.median(counts) <= 33_000
    assert np.percentile(counts, 99) <= 51_000


def test_every_3x3_clue_set_real_or_not(lua):
    """Clue sets with no solution too: a full board is 'solved' only after every line is
    re-checked, in both solvers (a column pass can complete rows that break their clues)."""
    import itertools

    lines = sorted({line_clue(b) for b in itertools.product((0, 1), repeat=3)})
    sets = [Clues(r, c) for r in itertools.product(lines, repeat=3)
            for c in itertools.product(lines, repeat=3) if sum(map(sum, r)) == sum(map(sum, c))]
    outcomes = Counter()
    for clues in sets:
        py, lu = solve(clues), lua.solve(clues)
        assert (lu.status, lu.iterations) == (py.status, py.iterations), clues
        if py.status != CONTRADICTION:
            assert (lu.grid == py.grid).all()
        outcomes[py.status] += 1
    assert outcomes[CONTRADICTION] > 0 and outcomes[SOLVED] > 0
