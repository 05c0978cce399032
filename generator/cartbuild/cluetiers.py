"""Which 15x15 boards the cart draws in its tighter clue layouts: cart/draw.lua's `draw_clues`
rules, worked out at build time so that `make cart` can name the boards a designer may want to
redraw.

Rows: on a 15x15 board rows are 5 px apart, as tall as a 3x5 digit, so every other row's clue
(the left tier: the even rows, or where they do not fit the odd ones) ends left of the furthest
reaching clue of the other rows (the right tier, at the board): two straight columns of clues,
each right-aligned. That fits where the furthest reach of each tier together is less than
LEFT_ROOM px; where it does not, for either choice of the left tier, the cart draws the board's
rows in 4x4 digits, which readers misread more often.

Columns: every other column's stack is lifted over the tallest of the others, so that no number
has a neighbour on its line; where the tallest stack of each tier together passes COLUMN_LINES
lines, the tiers share their top lines and neighbouring columns' numbers stand side by side there
(readers found "2 1 2 1 2" across five columns the hardest place on the densest boards). Where
the tallest stack of each tier together fill COLUMN_LINES lines or more, the lines stand 6 px
apart, a column's numbers 1 px one above the other, where readers glancing at the screen
miscounted stacks of 1s and 2s; on fewer, 7 px (2 px apart).
"""
from __future__ import annotations

from typing import Sequence

BOARD_SIZE = 15          # only 15x15 boards have rows too close for 3x5 digits side by side
LEFT_ROOM = 47           # px the two tiers' widest rows may reach together (draw_clues' -47)
COLUMN_LINES = 8         # lines the two tiers of column stacks may fill apart (draw_clues' h[0]+h[1]>8)
ROW_WIDTH = 126          # draw_line_clue's w for rows: the gap between numbers is w // n // n
MAX_GAP = 5
ONE_FIRST_WIDER = 6      # a left-tier clue of 2+ numbers whose first is a 1 needs this much more
ROW_NUMBERS = 5          # a row of more numbers stands 4 px apart or less: readers could not count six 1s


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


def tiers_reach(row_clues: Sequence[Sequence[int]], left_parity: int) -> int:
    """Px the two tiers reach together with the left tier on the even rows (left_parity 0, from
    1) or the odd ones (1): the furthest reach of each tier, added."""
    furthest = {True: 0, False: 0}
    for i, c in enumerate(row_clues):
        left = (i + 1) % 2 == left_parity
        furthest[left] = max(furthest[left], reach(c, left))
    return furthest[True] + furthest[False]


def left_tier(row_clues: Sequence[Sequence[int]]) -> int | None:
    """Which rows the cart draws in the left tier: 0 the even rows (from 1), tried first, or 1
    the odd ones where those do not fit; None where neither fits (4x4 digits). Boards under 15x15
    (rows in 3x5 digits anyway, no tiers): 0."""
    if len(row_clues) < BOARD_SIZE:
        return 0
    return next((k for k in (0, 1) if tiers_reach(row_clues, k) < LEFT_ROOM), None)


def in_two_tiers(row_clues: Sequence[Sequence[int]]) -> bool:
    """True where the cart draws these rows in two tiers of 3x5 digits (left_tier finds one)."""
    return left_tier(row_clues) is not None


def columns_apart(col_clues: Sequence[Sequence[int]]) -> bool:
    """True where the cart's two tiers of column stacks share no line: the tallest stack of the
    odd columns (from 1) and of the even ones together (an empty column shows a 0) fill at most
    COLUMN_LINES lines; always for boards under 15x15, whose columns are not lifted."""
    if len(col_clues) < BOARD_SIZE:
        return True
    return tiers_lines(col_clues) <= COLUMN_LINES


def column_pitch(col_clues: Sequence[Sequence[int]]) -> int:
    """Px between the cart's column lines: 6 where the two tiers' tallest stacks fill
    COLUMN_LINES lines or more (sharing lines or not), else 7; 7 on boards under 15x15, whose
    stacks are not lifted and hold at most 5 numbers."""
    if len(col_clues) < BOARD_SIZE:
        return 7
    return 6 if tiers_lines(col_clues) >= COLUMN_LINES else 7


def tiers_lines(col_clues: Sequence[Sequence[int]]) -> int:
    """The tallest stack of the odd columns (from 1) and of the even ones, added (an empty column
    shows a 0)."""
    return sum(max(max(1, len(c)) for c in col_clues[k::2]) for k in (0, 1))


def columns_line(boards: Sequence[tuple[str, int, str | None, Sequence[Sequence[int]]]]) -> str:
    """`make cart`'s line on the 15x15 boards (world, number from 1, name or None, column clues):
    how many stand in two tiers apart on 7 px lines, and which stand apart on 6 px lines or share
    lines (a designer's cue to redraw a picture whose columns hold many runs), by world."""
    big = [b for b in boards if len(b[3]) == BOARD_SIZE]
    if not big:
        return "15x15 columns: no 15x15 boards"
    shared = _by_world([b for b in big if not columns_apart(b[3])])
    tight = _by_world([b for b in big if columns_apart(b[3]) and column_pitch(b[3]) == 6])
    n, k = sum(map(len, shared.values())), sum(map(len, tight.values()))
    return (f"15x15 columns: {len(big) - n - k} of {len(big)} boards in two tiers apart on 7 px lines"
            + (f", {k} on 6 px lines (the tiers' tallest stacks 8 numbers): {_names(tight)}" if k else "")
            + (f", {n} sharing lines (stacks too tall): {_names(shared)}" if n else ""))


def _by_world(boards) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for world, number, name, _ in boards:
        out.setdefault(world, []).append(f"{number}" + (f" {name}" if name else ""))
    return out


def _names(by_world: dict[str, list[str]]) -> str:
    return "; ".join(f"{world} {', '.join(shown)}" for world, shown in by_world.items())


def crowded_rows(row_clues: Sequence[Sequence[int]]) -> bool:
    """True where a 15x15 board has a row of more than ROW_NUMBERS numbers: the cart stands them
    4 px apart or less (draw_line_clue's gap, ROW_WIDTH // n // n, and 1 px), and fresh readers
    glancing at the screen could not count "1 1 1 1 1 1". Smaller boards' rows have room."""
    return len(row_clues) >= BOARD_SIZE and any(len(c) > ROW_NUMBERS for c in row_clues)


def rows_line(boards: Sequence[tuple[str, int, str | None, Sequence[Sequence[int]]]]) -> str:
    """`make cart`'s line on the 15x15 boards (world, number from 1, name or None, row clues):
    how many stand in two tiers, which are in 4x4 digits (a designer's cue to redraw a picture
    whose rows hold many numbers on both tiers), which have the odd rows in the left tier (the
    flip a player notices between puzzles: a row too wide among the even rows), and which have a
    row of more than ROW_NUMBERS numbers, by world."""
    big = [b for b in boards if len(b[3]) == BOARD_SIZE]
    if not big:
        return "15x15 rows: no 15x15 boards"
    tiers = [left_tier(b[3]) for b in big]
    small = _by_world([b for b, t in zip(big, tiers) if t is None])
    odd = _by_world([b for b, t in zip(big, tiers) if t == 1])
    crowded = _by_world([b for b in big if crowded_rows(b[3])])
    n, k, c = sum(map(len, small.values())), sum(map(len, odd.values())), sum(map(len, crowded.values()))
    return (f"15x15 rows: {len(big) - n} of {len(big)} boards in two tiers of 3x5 digits"
            + (f", {k} with the odd rows on the left: {_names(odd)}" if k else "")
            + (f", {n} in 4x4 digits (rows too long for two tiers): {_names(small)}" if n else "")
            + (f", {c} with rows of more than {ROW_NUMBERS} numbers (too close to count): {_names(crowded)}"
               if c else ""))
