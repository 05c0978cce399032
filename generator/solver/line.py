"""One line's forced cells: the intersection of every placement of its clue that agrees with
what is known.

`line_bits` finds that intersection without listing the placements, by two bit-parallel
sweeps over the line; `line_enumerate` (listing them) and `line_dp` (a cell-by-cell dynamic
program) give the same answers more slowly and are kept as oracles for the tests.
Lines are bit masks: cell i of a line is bit i. `cart/solver.lua`'s line loop is `line_bits`;
it also leaves, for each run, the cells where it can start (line_sweeps' kept `y`, the
run's length and one more cell further on), which the cart's clue dimming reads.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb

from generator.solver.clues import Clue, min_length


def placement_count(clue: Clue, n: int) -> int:
    """Placements of `clue` in an empty line of `n` cells."""
    slack = n - min_length(clue)
    return comb(slack + len(clue), len(clue)) if slack >= 0 else 0


def line_enumerate(clue: Clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """Intersect every placement of `clue` that agrees with the known cells.

    Placements are generated run by run, left to right, skipping any that covers a known-empty
    cell or leaves a known-filled cell uncovered; run j never starts after `latest[j]`. `all1` is
    the AND of the placements, `any1` their OR. A branch that places runs j.. from cell `start`
    stops once it has completed a placement and every unknown cell from `start` on has been seen
    both filled and empty: its other placements share its prefix and cannot teach anything more.
    Returns the new (filled, empty) masks, or None when no placement agrees (a contradiction).
    """
    full = (1 << n) - 1
    unknown = full & ~(filled | empty)
    k = len(clue)
    # latest start of run j: leave room for runs j.. after it
    latest = [n - min_length(clue[j:]) for j in range(k)]
    all1, any1 = full, 0

    def place(j: int, start: int, acc: int) -> bool:
        """Place runs j.. from cell `start`; True if some placement completes."""
        nonlocal all1, any1
        if j == k:
            if filled >> start:  # a known-filled cell after the last run
                return False
            all1 &= acc
            any1 |= acc
            return True
        found = False
        for s in range(start, latest[j] + 1):
            cells = ((1 << clue[j]) - 1) << s
            end = s + clue[j]
            if not (cells & empty) and not (end < n and (filled >> end) & 1) \
                    and place(j + 1, end + 1, acc | cells):
                found = True
            unsettled = (all1 | ~any1) & unknown & (-1 << start)
            if (found and not unsettled) or (filled >> s) & 1:  # settled, or s is the last start
                break
        return found

    if not place(0, 0, 0):
        return None
    return filled | (all1 & full), empty | (full & ~any1)


def line_dp(clue: Clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The same answer as line_enumerate, by dynamic programming over (runs placed, cells used).

    fwd[j][p]: the first j runs fit in cells [0, p) consistently with the known cells.
    bwd[j][p]: runs j.. fit in cells [p, n). A cell can be empty if some split j leaves it
    between fwd and bwd; it can be filled if some run j can cover it. Forced = only one possible.
    """
    k = len(clue)
    isF = [(filled >> i) & 1 for i in range(n)]
    isE = [(empty >> i) & 1 for i in range(n)]

    def fits(s: int, length: int) -> bool:  # run on cells [s, s+length) avoids known-empty cells
        return s >= 0 and s + length <= n and not any(isE[s:s + length])

    fwd = [[False] * (n + 1) for _ in range(k + 1)]
    fwd[0][0] = True
    for p in range(1, n + 1):
        fwd[0][p] = fwd[0][p - 1] and not isF[p - 1]
    for j in range(1, k + 1):
        length = clue[j - 1]
        for p in range(1, n + 1):
            ok = fwd[j][p - 1] and not isF[p - 1]
            s = p - length
            if not ok and fits(s, length):
                ok = fwd[0][s] if j == 1 else (s >= 1 and not isF[s - 1] and fwd[j - 1][s - 1])
            fwd[j][p] = ok
    if not fwd[k][n]:
        return None

    bwd = [[False] * (n + 1) for _ in range(k + 1)]
    bwd[k][n] = True
    for p in range(n - 1, -1, -1):
        bwd[k][p] = bwd[k][p + 1] and not isF[p]
    for j in range(k - 1, -1, -1):
        length = clue[j]
        for p in range(n - 1, -1, -1):
            ok = bwd[j][p + 1] and not isF[p]
            e = p + length
            if not ok and fits(p, length):
                ok = bwd[k][e] if j == k - 1 else (e < n and not isF[e] and bwd[j + 1][e + 1])
            bwd[j][p] = ok

    can_empty = [False] * n
    can_fill = [False] * n
    for x in range(n):
        if not isF[x]:
            can_empty[x] = any(fwd[j][x] and bwd[j][x + 1] for j in range(k + 1))
    for j in range(k):
        length = clue[j]
        for s in range(0, n - length + 1):
            if not fits(s, length):
                continue
            left = fwd[0][s] if j == 0 else (s >= 1 and not isF[s - 1] and fwd[j][s - 1])
            e = s + length
            right = bwd[k][e] if j == k - 1 else (e < n and not isF[e] and bwd[j + 1][e + 1])
            if left and right:
                for x in range(s, e):
                    can_fill[x] = True
    new_f, new_e = filled, empty
    for x in range(n):
        if not can_empty[x]:
            new_f |= 1 << x
        if not can_fill[x]:
            new_e |= 1 << x
    return new_f, new_e


def _and_shifted(m, length: int):
    """AND of m << 1, m << 2, ..., m << length, in log2(length) steps (doubling)."""
    acc, off, span, part = -1, 0, 1, m << 1      # part: AND of m << 1 .. m << span
    while True:
        if length & 1:
            acc &= part << off
            off += span
        length >>= 1
        if not length:
            return acc
        part &= part << span
        span *= 2


def _or_shifted_down(m, length: int):
    """OR of m >> 1, m >> 2, ..., m >> length, in log2(length) steps (doubling)."""
    acc, off, span, part = 0, 0, 1, m >> 1       # part: OR of m >> 1 .. m >> span
    while True:
        if length & 1:
            acc |= part >> off
            off += span
        length >>= 1
        if not length:
            return acc
        part |= part >> span
        span *= 2


def line_sweeps(clue: Clue, n: int, filled, empty, starts: list | None = None):
    """line_bits without the verdict: (filled, empty, fits), fits nonzero iff some placement
    agrees. Only bit operations, so filled/empty may also be numpy int64 arrays of line states
    (then every result is an array, one line state per element). `starts`, a list, is given
    each run's possible starts (bit x: the run can start at cell x), the last run's first.

    Here cell x is bit x+1, bit 0 is cell -1 and bit n+1 is cell n, the line's two outer edges
    (cart/solver.lua keeps cell x at bit x and cell -1 in the fraction bit .5).
    """
    m = ((1 << n) - 1) << 1                 # the line's cells
    f, e = filled << 1, empty << 1 | ~m     # e: known empty, and every bit outside the line
    ne = ~e
    p = ~f & m | 1                          # cells a gap may cross (not filled), and cell -1
    # left to right. g: the cells just after the previous run (cell -1 at first), left empty;
    # a gap goes on from them over cells not filled (p & ~(p + g) | g: a carry runs from each
    # bit of g up to the next filled cell); run j starts after the gap and is followed by cell
    # g << l + 1, which must not be filled, its l cells not empty (the AND of ~e shifted by
    # 1..l, by doubling: log2(l) steps, kept per length).
    # ends[j]: the cells just after run j that the runs before it allow (ends[0]: cell -1).
    ends, g, room = [1], 1, {}
    for length in clue:
        if length not in room:
            room[length] = _and_shifted(ne, length)
        g = (p & ~(p + g) | g) << length + 1 & ~f & room[length]
        ends.append(g)
    # right to left, x from cell n. y: the cells just after run j (ends[j]); a: the gap after
    # run j, seen from the left; x grows leftwards through a (an occluded fill by doubling,
    # log2(n + 2) steps where one cell a step took n + 1): the cells of the gap that the runs
    # after it allow too, so they can be empty. The cells of y in x keep their run: its cells
    # can be filled, and x starts again from the cells just before those runs.
    steps = []
    span = 1
    while span <= n + 1:
        steps.append(span)
        span *= 2
    x, can_fill, can_empty = 1 << n + 1, e, f
    for j in range(len(clue), -1, -1):
        length, y = clue[j - 1] if j else 0, ends[j]
        a = p & ~(p + y) | y
        for s in steps:
            x |= x >> s & a
            a &= a >> s
        can_empty |= x
        y &= x
        x = y >> length + 1
        if j and starts is not None:
            starts.append(x)
        if length == 1:
            can_fill |= y >> 1
        elif length:
            can_fill |= _or_shifted_down(y, length)
    # y: cell -1 if the sweeps met there, i.e. some placement fits (Lua: x, one bit lower)
    return filled | (~can_empty & m) >> 1, empty | (~can_fill & m) >> 1, y


def line_bits(clue: Clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The same answer as line_enumerate, by two bit-parallel sweeps: cart/solver.lua's line loop.

    Left to right, the cells where each run can end given the runs before it; right to left, of
    those, the ones the runs after it allow too. A cell a kept run covers can be filled, a cell
    a gap between kept runs reaches can be empty; the others are forced. Returns the new (filled,
    empty) masks, or None when no placement agrees (a contradiction).
    """
    f, e, fits = line_sweeps(clue, n, filled, empty)
    return (f, e) if fits else None


def run_starts(clue: Clue, n: int, filled: int, empty: int) -> list[int] | None:
    """For each run of the clue, the cells where it starts in some placement that agrees with
    the known cells (bit x: cell x), or None when no placement agrees."""
    starts: list[int] = []
    if not line_sweeps(clue, n, filled, empty, starts)[2]:
        return None
    return starts[::-1]


@lru_cache(maxsize=1 << 18)
def solve_line(clue: Clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """Forced cells of one line (cached): line_bits."""
    return line_bits(clue, n, filled, empty)
