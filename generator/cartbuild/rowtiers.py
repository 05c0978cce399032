"""Which 15x15 boards the cart draws with their row clues in two tiers of 3x5 digits, and which
in the smaller 4x4 digits: cart/draw.lua's `draw_clues` rule, worked out at build time so that
`make cart` can name the boards a designer may want to redraw.

On a 15x15 board rows are 5 px apart, as tall as a 3x5 digit, so every other row's clue (the left
tier) ends left of the two rows beside it. That fits where every two rows side by side reach
less than LEFT_ROOM px together; where it does not, for either choice of the left tier, the
cart draws the board's rows in 4x4 digits, which readers misread more often.
"""
from __future__ import annotations

from typing import Sequence

BOARD_SIZE = 15          # only 15x15 boards have rows too close for 3x5 digits side by side
LEFT_ROOM = 47           # px two neighbouring rows' clues may reach together (draw_clues' -47)
ROW_WIDTH = 126          # draw_line_clue's w for rows: the gap between numbers is w // n // n
MAX_GAP = 5
ONE_FIRST_WIDER = 6      # a left-tier clue of 2+ numbers whose first is a 1 needs this much more


def advance(v: int) -> int:
    """Px a row's number moves the next one left: a 3x5 digit (3) or 10-15 (5), and 1 px."""
    return 6 if v > 9 else 4


def reach(clue: Sequence[int], left: bool) -> int:
    """Px a row's clue reaches left of its end in 3x5 digits (an empty line shows 0), the left
    tier's 1-first clues counted ONE_FIRST_WIDER wider."""
    shown = list(clue) or [0]
    gap = min(MAX_GAP, ROW_WIDTH // len(shown) // len(shown))
    extra = ONE_FIRST_WIDER if left and len(shown) > 1 and shown[0] == 1 else 0
    return sum(advance(v) for v in shown) + gap * (len(shown) - 1) + extra


def in_two_tiers(row_clues: Sequence[Sequence[int]]) -> bool:
    """True where the cart draws these rows in two tiers of 3x5 digits: the left tier on the even
    rows (from 1) or, where those do not fit, the odd ones; always for boards under 15x15, whose
    rows are in 3x5 digits anyway."""
    if len(row_clues) < BOARD_SIZE:
        return True
    for left_parity in (0, 1):
        reaches = [reach(c, (i + 1) % 2 == left_parity) for i, c in enumerate(row_clues)]
        if all(a + b < LEFT_ROOM for a, b in zip(reaches, reaches[1:])) and reaches[0] < LEFT_ROOM:
            return True
    return False


def rows_line(boards: Sequence[tuple[str, int, str | None, Sequence[Sequence[int]]]]) -> str:
    """`make cart`'s line on the 15x15 boards (world, number from 1, name or None, row clues):
    how many stand in two tiers, and which are in 4x4 digits, by world (a designer's cue to
    redraw a picture whose neighbouring rows both hold many numbers)."""
    big = [b for b in boards if len(b[3]) == BOARD_SIZE]
    if not big:
        return "15x15 rows: no 15x15 boards"
    by_world: dict[str, list[str]] = {}
    for world, number, name, rows in big:
        if not in_two_tiers(rows):
            by_world.setdefault(world, []).append(f"{number}" + (f" {name}" if name else ""))
    small = sum(map(len, by_world.values()))
    names = "; ".join(f"{world} {', '.join(shown)}" for world, shown in by_world.items())
    return (f"15x15 rows: {len(big) - small} of {len(big)} boards in two tiers of 3x5 digits"
            + (f", {small} in 4x4 digits (rows too long side by side): {names}" if small else ""))
