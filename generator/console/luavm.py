"""Run the cart's Lua from Python under lupaz8 (z8lua: PICO-8's Lua dialect and 16.16 numbers).

Pure Lua only: no graphics, input or sound. `CartLua` loads Lua source files into one runtime;
its methods call cart/clues.lua's `line_clue` and cart/solver.lua's `solve` with Python values
and return Python values, and count the VM instructions a call takes (PICO-8 runs about 4M of
them a second) with the console's own counter (counter.lua, its hook every instruction: exact).

Masks cross the border as PICO-8 numbers: a 16-bit mask is the integer part of a 16.16 number,
so bit 15 set reads as a negative number in Lua; `to_lua_mask`/`from_lua_mask` convert.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from lupaz8 import luaz8

from generator.solver.clues import Clues, grid_clues
from generator.solver.grid import random_grid
from generator.solver.board import grid_from_masks, known_masks
from generator.solver.linesolve import SolveResult
from generator.console.counter import hook_calls, load_counter

CART_DIR = Path(__file__).resolve().parents[2] / "cart"
SOLVER_LUA = CART_DIR / "solver.lua"
CLUES_LUA = CART_DIR / "clues.lua"


def to_lua_mask(mask: int) -> int:
    """A 16-bit mask as the PICO-8 number whose integer bits are the mask."""
    if not 0 <= mask <= 0xFFFF:
        raise ValueError(f"mask {mask:#x} does not fit 16 bits")
    return mask - 0x10000 if mask & 0x8000 else mask


def from_lua_mask(value) -> int:
    """The 16 integer bits of a PICO-8 number; a fraction means a solver bug, so it raises."""
    fixed = round(value * 65536)
    if fixed & 0xFFFF:
        raise ValueError(f"mask {value!r} has fraction bits")
    return (fixed >> 16) & 0xFFFF


class CartLua:
    """One lupaz8 runtime holding the given Lua files (default: the cart's solver and clues)."""

    def __init__(self, *paths: Path) -> None:
        self.rt = luaz8.LuaRuntime()
        for path in paths or (SOLVER_LUA, CLUES_LUA):
            self.rt.execute(Path(path).read_text())
        self.counter = load_counter(self.rt, 1)   # the console's counter, exact (every instruction)
        self.g = self.rt.globals()
        self._overhead = self._raw_count(self.rt.eval("function() end"))

    def table(self, values) -> object:
        """A 1-based Lua table of the values (nested lists become nested tables)."""
        return self.rt.table_from([self.table(v) if isinstance(v, (list, tuple)) else v for v in values])

    def line_clue(self, mask: int, n: int) -> tuple[int, ...]:
        t = self.g.line_clue(to_lua_mask(mask), n)
        return tuple(int(t[i]) for i in range(1, len(t) + 1))

    def _solve_args(self, clues: Clues, known: np.ndarray | None):
        rf, re, _, _ = known_masks(known, clues.height, clues.width)
        return (self.table(clues.rows), self.table(clues.cols),
                self.table([to_lua_mask(m) for m in rf]), self.table([to_lua_mask(m) for m in re]), self.table([]))

    def solve(self, clues: Clues, known: np.ndarray | None = None) -> SolveResult:
        """cart/solver.lua's solve, as a linesolve.SolveResult (no steps)."""
        rc, cc, rf, re, s = self._solve_args(clues, known)
        status, iterations = self.g.solve(rc, cc, rf, re, s)
        h, w = clues.height, clues.width
        row = (1 << w) - 1   # solve() leaves the cells past the row marked empty in re
        fm = [from_lua_mask(rf[y + 1]) for y in range(h)]
        em = [from_lua_mask(re[y + 1]) & row for y in range(h)]
        return SolveResult(status, int(iterations), grid_from_masks(fm, em, w))

    def _raw_count(self, fn, *args) -> int:
        return hook_calls(self.counter.call(fn, *args))

    def count(self, fn, *args) -> int:
        """VM instructions of the call fn(*args) (fn a Lua function), less the counter's overhead."""
        return self._raw_count(fn, *args) - self._overhead

    def solve_count(self, clues: Clues, known: np.ndarray | None = None) -> int:
        """VM instructions of one full solve() call."""
        return self.count(self.g.solve, *self._solve_args(clues, known))


def sample_solve_counts(n: int, seed: int = 1, size: int = 15, density: float = 0.6) -> np.ndarray:
    """Instructions of a full solve() for each of n random size x size grids (deterministic for
    the seed): the sample `make bench` and the tests measure the cart's solver on."""
    lua = CartLua()
    rng = np.random.default_rng(seed)
    return np.array([lua.solve_count(grid_clues(random_grid(rng, size, size, density)))
                     for _ in range(n)])
