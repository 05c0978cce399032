"""Numbers on the command lines of the dev scripts (`make bench` and friends), read as every
number a user writes is (generator.files.userfile.parse_whole / parse_real: ASCII digits,
finite, within a range), the error one line and a non-zero exit, never a traceback.

`whole_type` and `real_type` are argparse types, for generator.errors.ArgumentParser (its errors
one line, without the usage that argparse prints first); `whole_arg` reads a positional argument
of a script that takes its arguments from sys.argv by hand.
"""
from __future__ import annotations

import argparse

from generator.files.userfile import NumberError, parse_real, parse_whole


def _argparse_type(parse, what: str, lo, hi):
    """An argparse type reading with `parse` (parse_whole or parse_real) within [lo, hi]."""
    def read(text: str):
        try:
            return parse(text, lo, hi)
        except NumberError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    read.__name__ = what                 # argparse names the type in its messages
    return read


def whole_type(lo: int | None = None, hi: int | None = None):
    """An argparse type: a whole number in ASCII digits within [lo, hi]."""
    return _argparse_type(parse_whole, "whole", lo, hi)


def real_type(lo: float | None = None, hi: float | None = None):
    """An argparse type: a finite decimal number in ASCII within [lo, hi]."""
    return _argparse_type(parse_real, "real", lo, hi)


def whole_arg(text: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number from argv, or exit 1 with one line naming `what`."""
    try:
        return parse_whole(text, lo, hi)
    except NumberError as e:
        raise SystemExit(f"{what}: {e}") from None
