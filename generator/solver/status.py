"""The solvers' answers as values of their own: what a line-solver run ended in, and what kind of
puzzle the classifier found.

Both are `str` enums, so an answer compares equal to its word ("solved"), prints as it, and is
written to JSON as it: files and messages hold the plain word.
"""
from __future__ import annotations

from enum import Enum


class Word(str, Enum):
    """An enum whose values are words and that formats as its word in every context."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Status(Word):
    """How a line-solver run ended: every cell known, no line can learn more, or a line that no
    placement of its clue fits."""
    SOLVED = "solved"
    STALLED = "stalled"
    CONTRADICTION = "contradiction"


class Kind(Word):
    """What the classifier found: no solution, exactly one, several, or not decided within its
    budget."""
    NONE = "none"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNKNOWN = "unknown"
