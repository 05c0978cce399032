"""The number types of every picross option: one checked parser (generator.files.userfile's
parse_whole / parse_real) behind click, and the cap on worker processes.

click's own INT and FLOAT call Python's int() and float(), which read Unicode digits ('٣' is 3)
and float() reads 'nan' and 'inf': an option must take only what a user means, ASCII digits and
finite numbers. Every count option has an upper bound, so none can make the toolchain fork or
allocate without limit: `--jobs` is capped at the CPUs the process may use, saying so
(generator.puzzles.generate.cap_jobs), `-n` at MAX_COUNT, sizes at what the solver holds
(generator.solver.grid.check_size), the rest by the 19-digit limit of every number.
"""
from __future__ import annotations

import click

from generator.files.userfile import NumberError, parse_real, parse_whole


class Whole(click.ParamType):
    """A whole number in ASCII digits, within [lo, hi] (either may be None)."""
    name = "integer"

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)          # a default, checked like a typed value
        try:
            return parse_whole(value, self.lo, self.hi)
        except NumberError as e:
            self.fail(str(e), param, ctx)


class Real(click.ParamType):
    """A finite decimal number in ASCII, within [lo, hi] (either may be None)."""
    name = "number"

    def __init__(self, lo: float | None = None, hi: float | None = None) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = repr(value)
        try:
            return parse_real(value, self.lo, self.hi)
        except NumberError as e:
            self.fail(str(e), param, ctx)
