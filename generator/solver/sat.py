"""The classifier's complete last step: the clues as a SAT problem, solved by Glucose (python-sat).

Variables: one per cell (filled or not), and per run j of a line, one per cell p where the run
could start: b[j][p] = "run j starts at p or before" (an order encoding: false before the
run's earliest start, true from its latest start on, monotone in between). Clauses, each of
at most three literals and O(runs x slack) of them per line:
- monotone: b[j][p] -> b[j][p+1];
- order: run j+1 starts at p or before -> run j starts at p - len_j - 1 or before;
- a run covers cell i (b[j][i] and not b[j][i - len_j]) -> the cell is filled;
- cell i lies in the gap between run j-1 and run j (run j-1 ended before it, run j starts
  after it), or before the first run or after the last -> the cell is empty.
Every cell is covered by a run or lies in a gap, so these say exactly that the line's runs
are its clue. Cells already known (line logic's partial grid) are unit clauses, and cut each
run's variables to the starts that some placement agreeing with them allows (line.run_starts):
from the first such start to the last, with a clause against each start between them that no
placement allows. Line logic knows these; unit propagation on the clauses alone would not find
them; a page of text line logic has a third done needs a fifth to two fifths fewer clauses.

`count_solutions` finds a solution, then asks again with a clause that forbids it: a second
solution means 'multiple', none means 'unique'; no first one means 'none'. The first solution
is the slow part, and its time is heavy-tailed, so two solvers take turns at it (the plain one
and one that decides on cells first), each turn a fixed number of conflicts: the answer depends
on the clues alone, never on the machine's speed or load. A time limit
interrupts the solver (then the answer is None: unknown). So does a signal: the solver runs in
C, where Python's signal handlers wait for it to return, so a watcher thread hears of the signal
through signal.set_wakeup_fd and interrupts the solver; Ctrl-C then raises KeyboardInterrupt as
anywhere else (pysat's own SIGINT handling, which raises its own error type, is never used).
"""
from __future__ import annotations

import itertools
import os
import select
import signal
import threading
import time

import numpy as np

from generator.solver.board import known_masks
from generator.solver.clues import Clue, Clues
from generator.solver.line import run_starts

SOLVER = "glucose4"   # Glucose 4.1: the fastest of six measured here (docs/solver.md, "The classifier"), interruptible


class _Cnf:
    def __init__(self):
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self.true = self.new()
        self.clauses.append([self.true])

    def new(self) -> int:
        self.nvars += 1
        return self.nvars

    def add(self, *lits: int) -> None:
        """A clause, with the constants folded: a true literal drops it, a false one is left out."""
        t = self.true
        if t in lits:
            return
        self.clauses.append([x for x in lits if x != -t])


def _encode_line(cnf: _Cnf, clue: Clue, cells: list[int], starts: list[int] | None) -> None:
    """One line's clauses. `starts`: each run's possible starts given the known cells
    (line.run_starts), or None where nothing is known: the variables of a run cover its
    first to its last possible start only, and a start in between that no placement allows
    gets a clause of its own (these are what line logic knows and unit propagation alone
    would not find)."""
    n, k, t = len(cells), len(clue), cnf.true
    if k == 0:
        for c in cells:
            cnf.add(-c)
        return
    if starts is None:
        earliest = [sum(clue[:j]) + j for j in range(k)]
        latest = [n - sum(clue[j:]) - (k - 1 - j) for j in range(k)]
    else:
        earliest = [(m & -m).bit_length() - 1 for m in starts]
        latest = [m.bit_length() - 1 for m in starts]
    b = []
    for j in range(k):
        b.append({p: cnf.new() for p in range(earliest[j], latest[j])})

    def B(j: int, p: int) -> int:   # "run j starts at p or before" as a literal (t: true)
        if p < earliest[j]:
            return -t
        if p >= latest[j]:
            return t
        return b[j][p]

    for j in range(k):
        length = clue[j]
        for p in range(earliest[j], latest[j] - 1):
            cnf.add(-b[j][p], b[j][p + 1])
        if starts is not None:
            for p in range(earliest[j] + 1, latest[j] + 1):
                if not starts[j] >> p & 1:       # run j cannot start exactly at p
                    cnf.add(-B(j, p), B(j, p - 1))
        if j + 1 < k:
            for p in range(earliest[j + 1], latest[j + 1]):
                cnf.add(-b[j + 1][p], B(j, p - length - 1))
        for i in range(earliest[j], latest[j] + length):
            cnf.add(-B(j, i), B(j, i - length), cells[i])
    for i in range(n):
        cnf.add(B(0, i), -cells[i])                                   # before the first run
        for j in range(1, k):
            cnf.add(-B(j - 1, i - clue[j - 1]), B(j, i), -cells[i])   # between runs j-1 and j
        cnf.add(-B(k - 1, i - clue[k - 1]), -cells[i])                # after the last run


def _line_starts(clue: Clue, n: int, filled: int, empty: int) -> list[int] | None:
    """Each run's possible starts in a line of n cells with these known (line.run_starts);
    None where none is known. Raises ValueError when no placement agrees."""
    if not (filled | empty) or not clue:
        return None
    starts = run_starts(clue, n, filled, empty)
    if starts is None:
        raise ValueError("no placement of the line's clue agrees with its known cells")
    return starts


def encode(clues: Clues, known: np.ndarray | None = None) -> tuple[_Cnf, np.ndarray]:
    """(the CNF, the variable of each cell as an (h, w) int array)."""
    h, w = clues.height, clues.width
    cnf = _Cnf()
    var = np.arange(cnf.nvars + 1, cnf.nvars + 1 + h * w).reshape(h, w)
    cnf.nvars += h * w
    row_f, row_e, col_f, col_e = known_masks(known, h, w)
    try:
        row_starts = [_line_starts(c, w, f, e) for c, f, e in zip(clues.rows, row_f, row_e)]
        col_starts = [_line_starts(c, h, f, e) for c, f, e in zip(clues.cols, col_f, col_e)]
    except ValueError:                     # the known cells fit no solution
        cnf.clauses.append([-cnf.true])
        return cnf, var
    vl = var.tolist()
    for y, clue in enumerate(clues.rows):
        _encode_line(cnf, clue, vl[y], row_starts[y])
    cols = var.T.tolist()
    for x, clue in enumerate(clues.cols):
        _encode_line(cnf, clue, cols[x], col_starts[x])
    if known is not None:
        for (y, x), v in np.ndenumerate(known):
            if v >= 0:
                cnf.clauses.append([int(var[y, x]) if v else -int(var[y, x])])
    return cnf, var


class _Watch:
    """While a solver runs, interrupt it at `deadline` (time.monotonic; `.timed_out` is then
    set) or when a signal with a Python handler arrives (main thread only: the wakeup fd), and
    call `pulse` (classify.Pulse) now and then."""

    def __init__(self, solver, deadline: float | None, pulse=None):
        self.solver, self.deadline, self.timed_out, self.pulse = solver, deadline, False, pulse
        self.interrupted = False
        self.stop = threading.Event()
        self.wake = self.previous = None
        if threading.current_thread() is threading.main_thread():
            r, w = os.pipe()
            os.set_blocking(w, False)
            self.previous, self.wake = signal.set_wakeup_fd(w), (r, w)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            now = time.monotonic()
            waits = [self.deadline - now if self.deadline is not None else None,
                     self.pulse.next - now if self.pulse is not None else None]
            waits = [max(0.0, w) for w in waits if w is not None]
            wait = min(waits) if waits else None
            if self.wake is None:
                if self.stop.wait(wait):
                    return
                signalled = False
            else:
                try:
                    signalled = bool(select.select([self.wake[0]], [], [], wait)[0])
                except (OSError, ValueError):
                    return
            if self.stop.is_set():
                return
            if signalled or (self.deadline is not None and time.monotonic() >= self.deadline):
                self.timed_out = not signalled
                self.interrupted = True
                self.solver.interrupt()
                return
            if self.pulse is not None:
                self.pulse("the SAT solver is at work")

    def close(self) -> None:
        """Stop the watcher and give the wakeup fd back (a Ctrl-C raised meanwhile included)."""
        try:
            self.stop.set()
            self._nudge()
            self.thread.join()
        finally:
            if self.wake is not None:
                signal.set_wakeup_fd(self.previous)
                self._nudge()                     # the watcher's select returns, if still in it
                for fd in self.wake:
                    os.close(fd)
                self.wake = None

    def _nudge(self) -> None:
        if self.wake is not None:
            try:
                os.write(self.wake[1], b"\0")
            except OSError:                       # the pipe is full: the watcher is awake anyway
                pass


PLAIN_TURNS = 8     # turns the plain solver takes alone first: the common case stays its own
TURNS = (0, 0, 1)   # then whose turn it is, over and over: the plain solver twice, the cells-first one once
SLICE = 2_000       # conflicts a turn: a few tenths of a second on a 99x59 board
BOOST = 10.0        # the cells-first solver's starting activity for a cell variable (others: 0)


def _solver(cnf: _Cnf, cells: np.ndarray, cells_first: bool):
    """A Glucose solver loaded with the clauses. `cells_first` gives the cell variables a head
    start in its activity order, so its first decisions are on cells (empty, the default
    polarity) rather than on where runs start."""
    from pysat.solvers import Solver

    s = Solver(name=SOLVER, bootstrap_with=cnf.clauses)
    if cells_first:
        s.set_activities({int(c): BOOST for c in cells})
    return s


def count_solutions(clues: Clues, known: np.ndarray | None = None,
                    time_limit: float | None = None, pulse=None) -> list[np.ndarray] | None:
    """Up to two solutions (bool grids) of the clues with the known cells; None when
    `time_limit` seconds ran out first. `pulse` (classify.Pulse) hears that it is at work.

    The time to a first solution is heavy-tailed, and which order of decisions is quick
    differs from puzzle to puzzle: so two solvers on the same clauses, the plain one and one
    that decides on cells first, take turns of SLICE conflicts, each going on from where it
    stopped, until one finds a solution; that one then looks for a second alone. The plain
    solver takes PLAIN_TURNS turns alone (the puzzles up to 40x40 measured needed under a
    thousand conflicts: they never meet the other), then TURNS says whose turn it is: two for the plain one, one
    for the other.
    Turns are counted in conflicts, not seconds, so which solver wins, and the solutions it
    reports, depend on the clues alone, however loaded the machine."""
    cnf, var = encode(clues, known)
    cells = var.ravel()
    deadline = None if time_limit is None else time.monotonic() + max(time_limit, 0.0)
    arms: dict[int, object] = {}      # built at their first turn
    try:
        for turn in itertools.chain([0] * PLAIN_TURNS, itertools.cycle(TURNS)):
            if turn not in arms:
                arms[turn] = _solver(cnf, cells, cells_first=turn == 1)
            s = arms[turn]
            ok = _solve(s, deadline, pulse, SLICE)
            if ok is _TIME_UP:
                return None
            if ok is False:               # unsatisfiable: no solution at all
                return []
            if ok:
                break
        found: list[np.ndarray] = []
        while True:
            model = np.array(s.get_model(), dtype=np.int64)
            filled = model[cells - 1] > 0
            found.append(filled.reshape(var.shape))
            if len(found) == 2:
                return found
            s.add_clause([int(-c) if f else int(c) for c, f in zip(cells, filled)])
            ok = _solve(s, deadline, pulse, None)
            if ok is _TIME_UP:
                return None
            if not ok:
                return found
    finally:
        for s in arms.values():
            s.delete()


_TIME_UP = object()


def _solve(s, deadline: float | None, pulse, conflicts: int | None):
    """One turn of solver `s`: True (a model), False (unsatisfiable), None (its `conflicts`
    ran out; None: no limit) or _TIME_UP (the deadline passed). A signal interrupts it too;
    one whose handler raised nothing lets it go on."""
    while True:
        s.conf_budget(-1 if conflicts is None else conflicts)    # -1: none
        watch = _Watch(s, deadline, pulse)
        try:
            ok = s.solve_limited(expect_interrupt=True)
        finally:
            watch.close()
        # here a signal's handler has run (Ctrl-C: KeyboardInterrupt, as anywhere else)
        if ok is None:
            if watch.timed_out:
                return _TIME_UP
            if watch.interrupted:
                s.clear_interrupt()          # a signal that raised nothing: solve on
                continue
        return ok
