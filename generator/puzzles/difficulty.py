"""How hard a puzzle is for a player, measured by replaying line logic in *rounds*.

A round solves every row and column against what was known when the round began (not against
what other lines found in the same round, as the solver's passes do), so the number of rounds is
the length of the longest chain of deductions: a cell found in round k needs a cell that a
crossing line found in round k-1. Passes of the reference solver depend on the order lines are
visited; rounds do not.

Per round we also count the lines that make progress. A player scans the open lines (those with
unknown cells) for one that yields a cell; with `open` lines and `productive` of them useful, a
round costs about open/productive looks. `effort` sums that over the rounds: a round where one
line out of twenty moves is a hard step (the "where do I go now" moment), a round where every line
moves is easy.

`score` = effort x size/15: a look along a 5-cell line costs a third of one along a 15-cell
line, so a 5x5 puzzle with the same rounds as a 15x15 one scores a third of it. `pips` maps the
score to 1-5 on fixed thresholds, set near the 20/45/75/90th percentiles of the 265 puzzles the
cart shipped when they were chosen (docs/game.md, "Difficulty"); both are in the cart's manifest.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.solver.clues import Clues
from generator.solver.linesolve import solve_line

# score thresholds: pips = 1 + how many of these the score reaches
PIP_LIMITS = (6.0, 8.0, 11.0, 16.0)


@dataclass(frozen=True)
class Difficulty:
    size: int            # the larger side
    rounds: int          # length of the longest chain of line deductions
    effort: float        # sum over rounds of open lines / lines that progress
    narrowest: int       # fewest lines that progress in any round (1: a single way on)
    first_share: float   # share of the cells that blank-line logic (round 1) fixes
    solved: bool

    @property
    def score(self) -> float:
        return round(self.effort * self.size / 15, 2)

    @property
    def pips(self) -> int:
        return 1 + sum(self.score >= t for t in PIP_LIMITS)

    def to_json(self) -> dict:
        return {"score": self.score, "rounds": self.rounds, "effort": round(self.effort, 2), "narrowest": self.narrowest,
                "first_share": round(self.first_share, 3), "pips": self.pips}


def _transpose(masks: list[int], n: int) -> list[int]:
    """Row masks (bit x = column x) as n column masks (bit y = row y), or back."""
    return [sum(((m >> x) & 1) << y for y, m in enumerate(masks)) for x in range(n)]


def _scan(line_clues, n: int, lf: list[int], le: list[int]):
    """Solve every open line (known masks lf/le, n cells) against what is known now: (open lines,
    [(line, filled, empty) of each line that learns something]), or None on a contradiction."""
    full, open_lines, learnt = (1 << n) - 1, 0, []
    for i, clue in enumerate(line_clues):
        if lf[i] | le[i] != full:
            open_lines += 1
            res = solve_line(clue, n, lf[i], le[i])
            if res is None:
                return None
            if res != (lf[i], le[i]):
                learnt.append((i, *res))
    return open_lines, learnt


def measure(clues: Clues) -> Difficulty:
    """Replay line logic in rounds from a blank board (see the module doc)."""
    h, w = clues.height, clues.width
    rf, re = [0] * h, [0] * h      # rows: filled / empty masks, bit x = column x
    rounds, effort, narrowest, first = 0, 0.0, h + w, 0
    while True:
        # every line against the round's start: rows, then columns on the same snapshot
        by_rows = _scan(clues.rows, w, rf, re)
        by_cols = by_rows and _scan(clues.cols, h, _transpose(rf, w), _transpose(re, w))
        if by_rows is None or by_cols is None:
            return Difficulty(max(h, w), rounds, effort, narrowest, 0.0, False)
        open_lines = by_rows[0] + by_cols[0]
        productive = len(by_rows[1]) + len(by_cols[1])
        nrf, nre = list(rf), list(re)
        for y, f, e in by_rows[1]:
            nrf[y] |= f
            nre[y] |= e
        for x, f, e in by_cols[1]:
            for y in range(h):
                nrf[y] |= ((f >> y) & 1) << x
                nre[y] |= ((e >> y) & 1) << x
        if open_lines == 0:
            return Difficulty(max(h, w), rounds, effort, narrowest, first / (h * w), True)
        if productive == 0:
            return Difficulty(max(h, w), rounds, effort, narrowest, first / (h * w), False)
        rounds += 1
        effort += open_lines / productive
        narrowest = min(narrowest, productive)
        known = sum(bin(a | b).count("1") for a, b in zip(nrf, nre))
        if rounds == 1:
            first = known
        rf, re = nrf, nre
