"""The terminal game's logic, with no terminal: the board, the cursor, marks, painting, undo
and redo, the solved check, the per-number dimming and the clock. `Game.key(name)` plays one
key; tests drive it directly.

Keys (picrossh's, plus undo, redo and a paint toggle):
  left/right/up/down or h/l/k/j   move one cell
  H/L/K/J (or shift-arrows)       move five cells
  0 / $ / g / G                   to the left / right / top / bottom edge
  space                           fill; on a filled cell, clear it
  x                               cross out; on a crossed cell, clear it
  e                               erase
  p                               paint mode on/off: while on, every cell the cursor passes
                                  gets the last mark's change (as holding a button does on the
                                  cart: only cells in the state the stroke started from)
  u / ctrl-r                      undo / redo

A terminal sends no key-up events, and holding two keys repeats only the last one, so "hold a
key while moving" is a toggle here: press space (or x, e) to mark and choose the change, p to
paint it along as you move, p again to stop. Each key that changes cells is one undo step.

The solved check is the cart's: every row and column's filled cells match its clue.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.play.dimming import dimmed
from generator.solver.clues import Clues, line_clue

BLANK, FILLED, CROSSED = 0, 1, 2
CELL_CHARS = {BLANK: ".", FILLED: "#", CROSSED: "x"}       # the progress file's board text
_FROM_CHAR = {c: v for v, c in CELL_CHARS.items()}

MOVES = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0),
         "h": (0, -1), "l": (0, 1), "k": (-1, 0), "j": (1, 0)}
JUMPS = {"H": (0, -1), "L": (0, 1), "K": (-1, 0), "J": (1, 0),
         "shift-left": (0, -1), "shift-right": (0, 1), "shift-up": (-1, 0), "shift-down": (1, 0)}
EDGES = {"0": (None, 0), "$": (None, -1), "g": (0, None), "G": (-1, None)}
MARKS = {" ": FILLED, "space": FILLED, "x": CROSSED, "e": BLANK}
JUMP = 5


@dataclass
class Game:
    clues: Clues
    title: str | None = None
    marks: list[list[int]] = field(default=None)
    elapsed: float = 0.0                 # seconds played (the clock stops once solved)
    cy: int = 0
    cx: int = 0
    paint: bool = False
    stroke: tuple[int, int] = (BLANK, FILLED)   # paint changes cells in state [0] to state [1]
    undo_stack: list = field(default_factory=list)
    redo_stack: list = field(default_factory=list)
    solved: bool = False

    def __post_init__(self):
        h, w = self.clues.height, self.clues.width
        if self.marks is None:
            self.marks = [[BLANK] * w for _ in range(h)]
        self.solved = self._check()

    # ---- board text, for the progress file ------------------------------------------------
    @property
    def height(self) -> int:
        return self.clues.height

    @property
    def width(self) -> int:
        return self.clues.width

    def board_text(self) -> list[str]:
        return ["".join(CELL_CHARS[v] for v in row) for row in self.marks]

    @staticmethod
    def marks_from_text(rows: list[str]) -> list[list[int]]:
        return [[_FROM_CHAR[c] for c in row] for row in rows]

    # ---- keys ---------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """Play one key (see the module's docstring); True if the game knew it."""
        if name in MOVES:
            self._move(*MOVES[name], 1)
        elif name in JUMPS:
            self._move(*JUMPS[name], JUMP)
        elif name in EDGES:
            ey, ex = EDGES[name]
            dy = 0 if ey is None else (-1 if ey == 0 else 1)
            dx = 0 if ex is None else (-1 if ex == 0 else 1)
            self._move(dy, dx, max(self.height, self.width))
        elif name in MARKS:
            self.mark(MARKS[name])
        elif name == "p":
            self.paint = not self.paint
        elif name == "u":
            self.undo()
        elif name == "ctrl-r":
            self.redo()
        else:
            return False
        return True

    def keys(self, names) -> None:
        for n in names:
            self.key(n)

    # ---- moves and marks ----------------------------------------------------------------
    def _move(self, dy: int, dx: int, steps: int) -> None:
        changes = []
        for _ in range(steps):
            y, x = self.cy + dy, self.cx + dx
            if not (0 <= y < self.height and 0 <= x < self.width):
                break
            self.cy, self.cx = y, x
            if self.paint and self.marks[y][x] == self.stroke[0]:
                changes += self._set(y, x, self.stroke[1])
        self._record(changes)

    def mark(self, kind: int) -> None:
        """Space/x/e on the cursor's cell: fill or cross (again: clear), or erase; this change
        becomes the paint stroke."""
        if self.solved:
            return
        was = self.marks[self.cy][self.cx]
        new = BLANK if kind == was else kind
        self.stroke = (was, new)
        self._record(self._set(self.cy, self.cx, new))

    def _set(self, y: int, x: int, v: int) -> list[tuple[int, int, int, int]]:
        if self.solved or self.marks[y][x] == v:
            return []
        old = self.marks[y][x]
        self.marks[y][x] = v
        return [(y, x, old, v)]

    def _record(self, changes) -> None:
        if changes:
            self.undo_stack.append(changes)
            self.redo_stack.clear()
            self.solved = self._check()

    def undo(self) -> None:
        if self.solved or not self.undo_stack:
            return
        changes = self.undo_stack.pop()
        for y, x, old, _ in reversed(changes):
            self.marks[y][x] = old
        self.cy, self.cx = changes[0][:2]
        self.redo_stack.append(changes)
        self.solved = self._check()

    def redo(self) -> None:
        if self.solved or not self.redo_stack:
            return
        changes = self.redo_stack.pop()
        for y, x, _, new in changes:
            self.marks[y][x] = new
        self.cy, self.cx = changes[-1][:2]
        self.undo_stack.append(changes)
        self.solved = self._check()

    def clear(self) -> None:
        """Start over (one undo step)."""
        self._record([c for y in range(self.height) for x in range(self.width)
                      for c in self._set(y, x, BLANK)])

    # ---- the clock ------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        """Add play time (the terminal adds real time between keys); stops once solved."""
        if not self.solved:
            self.elapsed += max(0.0, seconds)

    # ---- what the screen shows ------------------------------------------------------------
    def row_masks(self, y: int) -> tuple[int, int]:
        f = e = 0
        for x, v in enumerate(self.marks[y]):
            f |= (v == FILLED) << x
            e |= (v == CROSSED) << x
        return f, e

    def col_masks(self, x: int) -> tuple[int, int]:
        f = e = 0
        for y in range(self.height):
            v = self.marks[y][x]
            f |= (v == FILLED) << y
            e |= (v == CROSSED) << y
        return f, e

    def row_dimmed(self, y: int) -> tuple[bool, ...]:
        return dimmed(self.clues.rows[y], self.width, *self.row_masks(y))

    def col_dimmed(self, x: int) -> tuple[bool, ...]:
        return dimmed(self.clues.cols[x], self.height, *self.col_masks(x))

    def filled_grid(self) -> list[list[bool]]:
        return [[v == FILLED for v in row] for row in self.marks]

    def _check(self) -> bool:
        g = self.filled_grid()
        return (all(line_clue(row) == c for row, c in zip(g, self.clues.rows))
                and all(line_clue(col) == c for col, c in zip(zip(*g), self.clues.cols)))
