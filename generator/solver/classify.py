"""A complete classifier for clue sets: none / unique / multiple solutions.

Line logic first (the same Board and propagation loop as linesolve). Where it stalls, a quick
plain depth-first search (branch on a cell, propagate) gets a small budget: clue sets with many
solutions usually show two at once. Past it, probe: try each unknown cell filled and empty,
propagating each; a value that ends in a contradiction is impossible, so the cell takes the other
value (repeat until a pass learns nothing). Then branch on the probed cell whose weaker branch
fixes the most cells, depth first, filled before empty, stopping at the second solution. The two
branches of a cell are disjoint and cover every solution, so the search is complete.

Every propagation (probes included) is one node; a probe pass costs two nodes an unknown cell,
so when a whole pass does not fit in the nodes left (a big board's thousands of unknown cells)
the search stops there rather than spend them on a pass it cannot finish. The search decides the common case in
milliseconds but grows exponentially on hard clue sets, so past `node_limit` nodes the last
step is complete and scales: the clues as SAT (generator.solver.sat), which decides what the
search could not (docs/solver.md, "The classifier", has the measurements). The answer is 'unknown' only
when a limit the caller set stopped it: `time_limit` seconds, or `node_limit` with
`complete=False` (the search alone, as the tests use it); `limit_hit` says so.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from generator.solver.board import Board
from generator.solver.clues import Clues
from generator.solver.status import Kind

NONE, UNIQUE, MULTIPLE, UNKNOWN_KIND = Kind.NONE, Kind.UNIQUE, Kind.MULTIPLE, Kind.UNKNOWN
DEFAULT_NODE_LIMIT = 2_000    # search nodes before the SAT step (docs/solver.md: where SAT gets faster)
QUICK_NODES = 300             # the plain search's budget before probing takes over


HEARTBEAT = 10.0              # seconds between "still classifying" notes, when asked for


class _TimeUp(Exception):
    pass


class Pulse:
    """`say(text)` at most every HEARTBEAT seconds while a long classification goes on (a big
    board's search or SAT step may take minutes: it must not look hung). Called from the
    search's loop, and from the SAT step's watcher thread while the solver runs in C."""

    def __init__(self, say: Callable[[str], None] | None, every: float | None = None):
        self.say, self.every = say, HEARTBEAT if every is None else every
        self.start = time.monotonic()
        self.next = self.start + self.every

    def __call__(self, what: str) -> None:
        now = time.monotonic()
        if self.say is not None and now >= self.next:
            self.next = now + self.every
            self.say(f"still classifying after {now - self.start:.0f} s ({what}; Ctrl-C stops it)")


@dataclass
class Classification:
    kind: str                                   # none / unique / multiple / unknown
    solutions: list[np.ndarray] = field(default_factory=list)  # up to two, bool grids
    nodes: int = 0
    limit_hit: bool = False
    method: str = "search"                      # what decided: "search" or "sat"
    time_hit: bool = False                      # the caller's time limit stopped it


def _probe(board: Board, budget: int):
    """Failed-literal probing: try each unknown cell both ways; a value that leads to a
    contradiction is impossible, so the cell takes the other. Repeat until a pass learns
    nothing. Returns (consistent, propagations used, children): children are the two
    propagated boards of the cell whose weaker branch fixes the most cells, the best cell
    to branch on next. Stops with children None once `budget` propagations are spent."""
    used = 0
    while True:
        learnt, best, children = False, (-1, -1), None
        for y in range(board.clues.height):
            for x in range(board.clues.width):
                if ((board.rf[y] | board.re[y]) >> x) & 1:
                    continue
                if used + 2 > budget:
                    return True, used, None
                b1, b0 = board.with_cell(y, x, True), board.with_cell(y, x, False)
                used += 2
                if b1 is None or b0 is None:
                    if b1 is None and b0 is None:
                        return False, used, None
                    keep = b1 or b0   # the only possible value: take all it implies
                    board.rf, board.re, board.cf, board.ce = keep.rf, keep.re, keep.cf, keep.ce
                    learnt = True
                    continue
                k1, k0 = b1.known_count(), b0.known_count()
                score = (min(k1, k0), k1 + k0)
                if score > best:
                    best, children = score, (b1, b0)
        if not learnt:
            return True, used, children


def _first_unknown(board: Board) -> tuple[int, int]:
    """The first unknown cell of the row with the fewest unknowns (a cheap branching choice)."""
    w = board.clues.width
    full = (1 << w) - 1
    best, y = w + 1, -1
    for i, (f, e) in enumerate(zip(board.rf, board.re)):
        left = w - (f | e).bit_count()
        if 0 < left < best:
            best, y = left, i
    unknown = full & ~(board.rf[y] | board.re[y])
    return y, (unknown & -unknown).bit_length() - 1


def _search(first: Board, node_limit: int, probing: bool, deadline: float | None = None,
            pulse: Pulse | None = None) -> Classification:
    out = Classification(NONE)
    h, w = first.clues.height, first.clues.width
    # each stack entry: a board and the rows and columns whose knowledge changed
    stack: list[tuple[Board, set[int], set[int]]] = [(first, set(range(h)), set(range(w)))]
    while stack:
        if len(out.solutions) >= 2:
            break
        if out.nodes >= node_limit:
            out.limit_hit = True
            break
        if deadline is not None and time.monotonic() >= deadline:
            raise _TimeUp
        if pulse is not None:
            pulse(f"{out.nodes} search nodes")
        board, rows, cols = stack.pop()
        out.nodes += 1
        if not board.propagate(rows, cols):
            continue
        if probing and not board.solved():
            if 2 * board.unknown_count() > node_limit - out.nodes:
                # a probe pass that cannot finish leaves no cell to branch on: the budget is
                # spent for nothing (a big board's thousands of unknown cells), so stop now
                out.limit_hit = True
                break
            ok, used, children = _probe(board, node_limit - out.nodes)
            out.nodes += used
            if not ok:
                continue
            if children is None and not board.solved():   # the budget ran out while probing
                out.limit_hit = True
                break
        if board.solved():
            out.solutions.append(board.grid())
            continue
        if probing:   # the best probed cell: its two boards are already propagated
            stack.append((children[1], set(), set()))
            stack.append((children[0], set(), set()))
            continue
        y, x = _first_unknown(board)
        for filled in (False, True):   # pushed in reverse: filled is explored first
            b = board.copy()
            bit = 1 << x
            b.set_row(y, b.rf[y] | (bit if filled else 0), b.re[y] | (0 if filled else bit))
            stack.append((b, {y}, {x}))
    if len(out.solutions) >= 2:
        out.kind = MULTIPLE
    elif out.limit_hit:
        out.kind = UNKNOWN_KIND
    else:
        out.kind = UNIQUE if out.solutions else NONE
    return out


def classify(clues: Clues, node_limit: int = DEFAULT_NODE_LIMIT,
             known: np.ndarray | None = None, quick_nodes: int = QUICK_NODES,
             time_limit: float | None = None, complete: bool = True,
             heartbeat: Callable[[str], None] | None = None) -> Classification:
    """Count the solutions of `clues` (with `known` cells, if given) up to two.

    A quick plain search first (most clue sets with many solutions show two at once), then,
    if it ran out of its small budget, the probing search with what is left of node_limit,
    then (if `complete`) SAT. quick_nodes=0 skips the plain search, node_limit=0 goes straight
    to SAT (tests use both to check each step alone). `time_limit` (seconds) bounds it all;
    `heartbeat(text)` hears every HEARTBEAT seconds that it is still at work.
    """
    deadline = None if time_limit is None else time.monotonic() + time_limit
    pulse = Pulse(heartbeat) if heartbeat is not None else None
    nodes = 0
    try:
        if node_limit > 0:
            quick = _search(Board.start(clues, known), min(quick_nodes, node_limit), False, deadline, pulse)
            if not quick.limit_hit:
                return quick
            nodes = quick.nodes
            if node_limit > quick_nodes:
                full = _search(Board.start(clues, known), node_limit - quick.nodes, True, deadline, pulse)
                full.nodes += quick.nodes
                if not full.limit_hit:
                    return full
                nodes = full.nodes
        if not complete:
            return Classification(UNKNOWN_KIND, nodes=nodes, limit_hit=True)
        return _sat(clues, known, nodes, deadline, pulse)
    except _TimeUp:
        return Classification(UNKNOWN_KIND, nodes=nodes, limit_hit=True, time_hit=True)


def _sat(clues: Clues, known: np.ndarray | None, nodes: int, deadline: float | None,
         pulse: Pulse | None = None) -> Classification:
    """The complete last step. Line logic's partial grid goes in as known cells (fewer clauses
    for the SAT solver to learn again)."""
    from generator.solver import sat

    b = Board.start(clues, known)
    if not b.propagate_all():
        return Classification(NONE, nodes=nodes, method="sat")
    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        raise _TimeUp
    sols = sat.count_solutions(clues, b.partial(), left, pulse)
    if sols is None:
        raise _TimeUp
    kind = NONE if not sols else UNIQUE if len(sols) == 1 else MULTIPLE
    return Classification(kind, sols, nodes=nodes, method="sat")
