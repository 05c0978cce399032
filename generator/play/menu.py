"""The puzzles of a file as the terminal game's menu, and a puzzle's game opened from (and saved
to) the progress file: pure Python, no terminal.

The menu groups puzzles by size (smallest first, file order within a size, as picrossh does);
a puzzle's name stays hidden ("???") until it is solved; puzzles without a name show their
number only.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.formats.record import Puzzle
from generator.play.game import Game
from generator.play.progress import Progress, Record
from generator.solver.verdict import MULTIPLE, verdict

HIDDEN = "???"
NOT_UNIQUE = "this puzzle has several solutions: any grid that fits the clues solves it"
CHECK_SECONDS = 2.0     # the most opening a puzzle spends finding out whether it is unique


def clock(seconds: float | None) -> str:
    """m:ss (h:mm:ss past an hour)."""
    if seconds is None:
        return "-"
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


@dataclass(frozen=True)
class Entry:
    index: int            # in the file
    size: str             # "15x15" (width x height)
    name: str             # the name, HIDDEN until solved, "" for a puzzle without one
    solved: bool
    started: bool         # a board in progress
    best: float | None

    def line(self, width: int = 40) -> str:
        status = f"solved {clock(self.best)}" if self.solved else "in progress" if self.started else ""
        return f"{self.index + 1:>4}  {self.name[:max(width - 20, 4)]:<{max(width - 20, 4)}}  {status}".rstrip()


def name_shown(p: Puzzle, record: Record) -> str:
    if not p.name:
        return ""
    return p.name if record.solved else HIDDEN


def entries(puzzles: list[Puzzle], progress: Progress) -> list[tuple[str, list[Entry]]]:
    """(size, its entries) groups, smallest size first."""
    groups: dict[tuple[int, int], list[Entry]] = {}
    for i, p in enumerate(puzzles):
        r = progress.get(p.clues)
        w, h = p.clues.width, p.clues.height
        started = r.board is not None and (r.time > 0 or any(set(row) - {"."} for row in r.board))
        groups.setdefault((w, h), []).append(
            Entry(i, f"{w}x{h}", name_shown(p, r), r.solved, started and not r.solved, r.best))
    return [(f"{w}x{h}", groups[(w, h)]) for w, h in sorted(groups, key=lambda s: (s[0] * s[1], s))]


def has_several_solutions(p: Puzzle) -> bool:
    """Whether the clues fit more than one grid, as far as CHECK_SECONDS of the classifier tell
    (past them: not known, and the game says nothing)."""
    return verdict(p.clues, p.known, time_limit=CHECK_SECONDS).classification == MULTIPLE


def own_solution(p: Puzzle, filled) -> bool:
    """A solved board that is not the file's picture: the puzzle had several solutions and the
    player found another (so the picture's name and colours are not this board's)."""
    return p.solution is not None and not np.array_equal(np.asarray(filled, dtype=bool), p.solution)


def open_game(p: Puzzle, progress: Progress, fresh: bool = False) -> Game:
    """The puzzle's game as last saved (a solved puzzle reopens solved), or a blank one."""
    r = progress.get(p.clues)
    if fresh or r.board is None:
        return Game(p.clues, p.name)
    return Game(p.clues, p.name, Game.marks_from_text(r.board), r.time)


def save_game(game: Game, progress: Progress, write: bool = True) -> Record:
    """Record the game's board, clock, and (once solved) the solve and best time."""
    r = progress.get(game.clues)
    best = r.best
    if game.solved and (best is None or game.elapsed < best) and game.undo_stack:
        best = game.elapsed            # a solve played here (not a solved board reopened)
    record = Record(r.solved or game.solved, best, game.elapsed, game.board_text())
    progress.put(game.clues, record)
    if write:
        progress.save()
    return record
