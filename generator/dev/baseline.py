"""Plain line solvers: the yardsticks of `make bench`, and extra oracles for the tests.

`solve` is the devlog's algorithm written plainly: placements are Python lists of 0/1, built
afresh for every line on every pass; no caching, no bit tricks. For each row, then each column:
keep the placements that agree with the known cells (1 filled, 0 empty, -1 unknown); a cell
with the same value in all of them is forced. Passes repeat until one changes nothing.
It lists every placement, so it is only usable up to about 20x20.

`bitmask_solve` is the plain bitmask solver, the baseline `make bench` reports ratios against:
lines and known cells are int bit masks, and each line is solved by the textbook dynamic
programme over (runs placed, next free cell) -- which placements of the remaining runs fit --
so it scales to any size; every line is solved on every pass (no dirty lines, no cache, no
bit-parallel sweeps). Both give linesolve.solve's status and iteration count.
"""
from __future__ import annotations

from generator.solver.clues import Clues
from generator.solver.linesolve import CONTRADICTION, SOLVED, STALLED


def placements(clue, n: int) -> list[list[int]]:
    """Every way to lay the runs of `clue` in a line of n cells."""
    if not clue:
        return [[0] * n]
    first, rest = clue[0], clue[1:]
    rest_min = sum(rest) + len(rest)          # the rest, each with a gap before it
    out = []
    for start in range(n - rest_min - first + 1):
        head = [0] * start + [1] * first
        if rest:
            head.append(0)
        for tail in placements(rest, n - len(head)):
            out.append(head + tail)
    return out


def solve_line(clue, line: list[int]) -> list[int] | None:
    """The line with its forced cells filled in, or None when no placement fits."""
    fits = [p for p in placements(clue, len(line))
            if all(k == -1 or k == v for k, v in zip(line, p))]
    if not fits:
        return None
    return [fits[0][i] if all(p[i] == fits[0][i] for p in fits) else line[i]
            for i in range(len(line))]


def solve(clues: Clues) -> tuple[str, int]:
    """(status, iterations), as linesolve.solve counts them."""
    h, w = clues.height, clues.width
    grid = [[-1] * w for _ in range(h)]
    iterations = 0
    while True:
        changed = False
        for y in range(h):
            new = solve_line(clues.rows[y], grid[y])
            if new is None:
                return CONTRADICTION, iterations
            if new != grid[y]:
                grid[y] = new
                changed = True
        for x in range(w):
            col = [grid[y][x] for y in range(h)]
            new = solve_line(clues.cols[x], col)
            if new is None:
                return CONTRADICTION, iterations
            if new != col:
                for y in range(h):
                    grid[y][x] = new[y]
                changed = True
        if changed:
            iterations += 1
        if all(v != -1 for row in grid for v in row):
            return SOLVED, iterations
        if not changed:
            return STALLED, iterations


def bitmask_line(clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """(filled, empty) masks with the line's forced cells added, or None when nothing fits.

    fits(j, p): runs j.. can be placed in cells p..n-1 (memoised for this call). Walking the
    transitions that are both reachable from the left and fit to the right, a run's cells can
    be filled, the cells skipped before it and the one after it can be empty."""
    k = len(clue)
    memo: dict[tuple[int, int], bool] = {}

    def fits(j: int, p: int) -> bool:
        key = (j, p)
        if key in memo:
            return memo[key]
        ok = False
        if j == k:
            ok = p >= n or not (filled >> p)
        else:
            length = clue[j]
            for s in range(p, n - length + 1):
                if s > p and (filled >> (s - 1)) & 1:
                    break                       # the gap before the run would skip a filled cell
                if not ((((1 << length) - 1) << s) & empty) and not (filled >> (s + length)) & 1 \
                        and fits(j + 1, s + length + 1):
                    ok = True
                    break
        memo[key] = ok
        return ok

    if not fits(0, 0):
        return None
    can_fill = can_empty = 0
    todo, seen = [(0, 0)], {(0, 0)}
    while todo:
        j, p = todo.pop()
        if j == k:
            can_empty |= ((1 << n) - 1) >> p << p if p < n else 0
            continue
        length = clue[j]
        for s in range(p, n - length + 1):
            if s > p and (filled >> (s - 1)) & 1:
                break
            run = ((1 << length) - 1) << s
            if run & empty or (filled >> (s + length)) & 1 or not fits(j + 1, s + length + 1):
                continue
            can_fill |= run
            can_empty |= ((1 << s) - 1) >> p << p          # cells p..s-1
            if s + length < n:
                can_empty |= 1 << (s + length)
            nxt = (j + 1, s + length + 1)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    full = (1 << n) - 1
    return filled | (full & ~can_empty), empty | (full & ~can_fill)


def _bitmask_pass(line_clues, n, lf, le, xf, xe) -> bool | None:
    """Solve every line (masks lf/le, n cells), copying each result into the crossing lines'
    masks xf/xe; True if anything changed, None on a contradiction."""
    changed = False
    for i, clue in enumerate(line_clues):
        res = bitmask_line(clue, n, lf[i], le[i])
        if res is None:
            return None
        if res != (lf[i], le[i]):
            changed = True
            lf[i], le[i] = res
            for j in range(len(xf)):
                xf[j] = xf[j] & ~(1 << i) | ((res[0] >> j) & 1) << i
                xe[j] = xe[j] & ~(1 << i) | ((res[1] >> j) & 1) << i
    return changed


def bitmask_solve(clues: Clues) -> tuple[str, int]:
    """(status, iterations), as linesolve.solve counts them: every row, then every column, each
    pass, until a pass changes nothing."""
    h, w = clues.height, clues.width
    rf, re, cf, ce = [0] * h, [0] * h, [0] * w, [0] * w
    iterations = 0
    while True:
        by_rows = _bitmask_pass(clues.rows, w, rf, re, cf, ce)
        by_cols = by_rows is not None and _bitmask_pass(clues.cols, h, cf, ce, rf, re)
        if by_rows is None or by_cols is None:
            return CONTRADICTION, iterations
        changed = by_rows or by_cols
        if changed:
            iterations += 1
        full = (1 << w) - 1
        if all(f | e == full for f, e in zip(rf, re)):
            # the columns may have completed rows that do not spell their clues
            if any(bitmask_line(clues.rows[y], w, rf[y], re[y]) is None for y in range(h)):
                return CONTRADICTION, iterations
            return SOLVED, iterations
        if not changed:
            return STALLED, iterations
