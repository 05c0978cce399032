"""`picross play`: the terminal screens, drawing and keys only (the rules live in game, menu and
progress, which the tests drive directly).

curses, from the standard library: no new dependency, and it runs anywhere a terminal does,
over SSH included (it only writes escape sequences to the terminal in front of it). Colours
are used when the terminal has them (256: the picture's own colours, nearest xterm colour; 8:
the nearest basic colour), and plain attributes otherwise; UTF-8 cells ('█', '·') when the
locale is UTF-8, ASCII ('#', '.') otherwise.

Screens: the menu (the file's puzzles by size) and the puzzle (clues on top and on the left,
the board, a side panel with the clock and the keys, or a status line when the panel does not
fit). A board larger than the terminal scrolls with the cursor; a terminal too small for the
clues and five cells each way shows what it needs instead.
"""
from __future__ import annotations

import curses
import locale
import os
import sys
import time
from pathlib import Path

from generator import UserError
from generator.files.atomic import check_writable
from generator.formats.record import Puzzle
from generator.play.colours import Scheme, picture_colours, world_schemes
from generator.play.xterm import basic8, xterm256
from generator.play.game import CROSSED, FILLED, Game
from generator.play.menu import (NOT_UNIQUE, clock, entries, has_several_solutions, open_game,
                                 own_solution, save_game)
from generator.play.progress import FILE_NAME, Progress, data_dir
from generator.solver.clues import conflict

HELP = ["arrows/hjkl  move", "HJKL  move 5", "0 $ g G  to the edges", "space  fill",
        "x  cross   e  erase", "p  paint on/off", "u  undo   ^R  redo", "c  clear   q  menu"]
SOLVED_HELP = ["n  next puzzle", "c  play again", "q  menu"]
MENU_HELP = "arrows/jk  enter play  q quit"
AUTOSAVE = 15.0          # seconds between saves of the board in progress
PANEL = 24               # columns the side panel needs

_SPECIAL = {curses.KEY_LEFT: "left", curses.KEY_RIGHT: "right", curses.KEY_UP: "up",
            curses.KEY_DOWN: "down", curses.KEY_SLEFT: "shift-left", curses.KEY_SRIGHT: "shift-right",
            curses.KEY_SR: "shift-up", curses.KEY_SF: "shift-down", curses.KEY_ENTER: "enter",
            curses.KEY_NPAGE: "pagedown", curses.KEY_PPAGE: "pageup", curses.KEY_HOME: "g",
            curses.KEY_END: "G", curses.KEY_RESIZE: "resize", curses.KEY_BACKSPACE: "u"}
_NAMED = {b"kUP2": "shift-up", b"kDN2": "shift-down", b"kLFT2": "shift-left", b"kRIT2": "shift-right"}
_CHARS = {"\x12": "ctrl-r", "\n": "enter", "\r": "enter", "\x1b": "esc", "\x03": "q"}


def key_name(k) -> str | None:
    """A curses key (get_wch's str or int) as the game's key name."""
    if isinstance(k, str):
        return _CHARS.get(k, k)
    if k in _SPECIAL:
        return _SPECIAL[k]
    try:
        return _NAMED.get(curses.keyname(k))
    except ValueError:
        return None


class Look:
    """Characters and attributes for this terminal."""

    def __init__(self):
        utf8 = "utf" in (locale.getpreferredencoding(False) or "").lower()
        self.fill, self.dot, self.cross = ("█", "·", "x") if utf8 else ("#", ".", "x")
        self.n = curses.COLORS if curses.has_colors() else 0
        self.dim = curses.A_DIM
        self.block = curses.A_NORMAL
        self.accent = curses.A_BOLD
        self.pairs: dict = {}
        if not self.n:
            return
        curses.start_color()
        try:
            curses.use_default_colors()
            bg = -1
        except curses.error:
            bg = curses.COLOR_BLACK
        self.bg = bg
        if self.n >= 256:
            self.dim = self._pair(244, bg)
            self.block = self._pair(-1 if bg == -1 else curses.COLOR_WHITE, 236)
        elif self.n >= 16:
            self.dim = self._pair(8, bg)
        self.accent = self._pair(curses.COLOR_CYAN, bg) | curses.A_BOLD

    def _pair(self, fg, bg) -> int:
        if (fg, bg) not in self.pairs:
            n = len(self.pairs) + 1
            if n >= curses.COLOR_PAIRS:
                return curses.A_NORMAL
            curses.init_pair(n, fg, bg)
            self.pairs[(fg, bg)] = curses.color_pair(n)
        return self.pairs[(fg, bg)]

    def colour(self, rgb) -> int:
        """The attribute that draws in this RGB colour (nearest the terminal has)."""
        if not self.n:
            return curses.A_BOLD
        return self._pair(xterm256(rgb) if self.n >= 256 else basic8(rgb), self.bg)


class App:
    def __init__(self, stdscr, puzzles: list[Puzzle], progress: Progress,
                 schemes: list[Scheme], start: int | None = None, source: str = ""):
        self.s, self.puzzles, self.progress, self.schemes = stdscr, puzzles, progress, schemes
        self.source, self.look = source, Look()
        self.message = progress.warning or ""
        self.game: Game | None = None
        self.picture = None           # the solved picture's colours (rows of RGB), once solved
        self.own = False              # the solved board is not the file's picture
        self.several: dict[int, bool] = {}   # puzzles known to have several solutions
        self.index = 0
        self.sel = 0                  # the menu's selected puzzle (an index into the file)
        self.top = 0                  # the menu's first row shown
        self.oy = self.ox = 0         # the board's scroll
        self.saved_at = time.monotonic()
        if start is not None:
            self.open(start)

    # ---- helpers --------------------------------------------------------------------------
    def put(self, y: int, x: int, text: str, attr: int = 0) -> None:
        """addstr clipped to the screen (curses refuses the bottom-right cell)."""
        h, w = self.s.getmaxyx()
        if not 0 <= y < h or x >= w or x < 0:
            return
        try:
            self.s.addstr(y, x, text[:w - x], attr)
        except curses.error:
            pass

    def order(self) -> list[int]:
        return [e.index for _, es in entries(self.puzzles, self.progress) for e in es]

    def open(self, index: int, fresh: bool = False) -> None:
        self.index, self.sel = index, index
        self.game = open_game(self.puzzles[index], self.progress, fresh)
        self.oy = self.ox = 0
        if index not in self.several:
            self.several[index] = has_several_solutions(self.puzzles[index])
        self.message = NOT_UNIQUE if self.several[index] else ""
        self.picture = None
        self.own = False

    def revealed(self) -> list[list]:
        """The solved picture's colour per cell (None on empty cells), worked out once per solve;
        a colour PNG that cannot be used says so on the message line."""
        if self.picture is None:
            p = self.puzzles[self.index]
            filled = self.game.filled_grid()
            # another solution than the file's picture: its own cells, by the shading rule
            self.own = own_solution(p, filled)
            name, goal = (None, None) if self.own else (p.name, p.solution)
            self.picture, warning = picture_colours(self.schemes[self.index], name, goal, filled)
            if warning:
                self.message = warning
        return self.picture

    def save(self) -> None:
        self.saved_at = time.monotonic()
        if self.game is not None:
            try:
                save_game(self.game, self.progress)
            except OSError as e:          # shown, not raised: the game goes on
                self.message = f"cannot save progress: {e.filename or self.progress.path}: {e.strerror}"
            except UserError as e:        # the atomic writer's one line (a full disk, say)
                self.message = f"cannot save progress: {e}"

    # ---- the loop ---------------------------------------------------------------------------
    def run(self) -> None:
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        self.s.keypad(True)
        self.s.timeout(500)
        last = time.monotonic()
        try:
            while True:
                self.draw()
                try:
                    k = self.s.get_wch()
                except curses.error:
                    k = None
                now = time.monotonic()
                if self.game is not None:
                    self.game.tick(now - last)
                    if now - self.saved_at > AUTOSAVE:
                        self.save()
                last = now
                name = None if k is None else key_name(k)
                if name is not None and not self.handle(name):
                    break
        except KeyboardInterrupt:
            pass
        self.save()

    def handle(self, name: str) -> bool:
        """One key; False to quit."""
        if name == "resize":
            self.s.clear()
            return True
        if self.game is None:
            return self.menu_key(name)
        g = self.game
        if name in ("q", "esc"):
            self.save()
            self.game = None
        elif name == "c":
            if g.solved:
                self.open(self.index, fresh=True)
            else:
                g.clear()
        elif name == "n" and g.solved:
            order = self.order()
            self.open(order[(order.index(self.index) + 1) % len(order)])
        else:
            was = g.solved
            g.key(name)
            if g.solved and not was:
                self.save()
        return True

    def menu_key(self, name: str) -> bool:
        order = self.order()
        i = order.index(self.sel) if self.sel in order else 0
        step = {"up": -1, "k": -1, "down": 1, "j": 1, "pageup": -10, "pagedown": 10,
                "g": -len(order), "G": len(order)}
        if name in ("q", "esc"):
            return False
        if name in step:
            self.sel = order[max(0, min(len(order) - 1, i + step[name]))]
        elif name in ("enter", " ", "l", "right"):
            self.open(self.sel)
        return True

    # ---- drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.s.erase()
        if self.game is None:
            self.draw_menu()
        else:
            self.draw_play()
        self.s.refresh()

    def too_small(self, need_h: int, need_w: int, what: str) -> None:
        h, w = self.s.getmaxyx()
        lines = ["Terminal too small", f"{what} needs {need_w}x{need_h}", f"this one is {w}x{h}",
                 "enlarge it, or press q"]
        for i, ln in enumerate(lines):
            self.put(max(0, h // 2 - 1) + i, max(0, (w - len(ln)) // 2), ln,
                     curses.A_BOLD if i == 0 else 0)

    def draw_menu(self) -> None:
        h, w = self.s.getmaxyx()
        if h < 6 or w < 30:
            return self.too_small(6, 30, "the menu")
        groups = entries(self.puzzles, self.progress)
        solved = sum(e.solved for _, es in groups for e in es)
        self.put(0, 0, f"picross8  {self.source}  {len(self.puzzles)} puzzles, {solved} solved",
                 self.look.accent)
        self.put(1, 0, self.message, self.look.dim)
        rows: list[tuple[str, int | None]] = []
        for size, es in groups:
            rows.append((f"-- {size} ({len(es)}) --", None))
            rows += [(e.line(min(w, 60)), e.index) for e in es]
        where = next(r for r, (_, i) in enumerate(rows) if i == self.sel)
        room = h - 4
        self.top = min(max(self.top, where - room + 1), where)
        if where == 1:
            self.top = 0                      # show the first group's heading
        for r, (text, i) in enumerate(rows[self.top:self.top + room]):
            attr = curses.A_REVERSE if i == self.sel else self.look.accent if i is None else 0
            self.put(2 + r, 1, text.ljust(min(w, 60) - 2) if i == self.sel else text, attr)
        self.put(h - 1, 0, MENU_HELP, self.look.dim)

    def draw_play(self) -> None:
        g, look = self.game, self.look
        c = g.clues
        h, w = self.s.getmaxyx()
        cw = 3 if any(n >= 10 for col in c.cols for n in col) else 2
        row_texts = [" ".join(map(str, r)) if r else "0" for r in c.rows]
        left = max(len(t) for t in row_texts)
        depth = max(len(col) or 1 for col in c.cols)
        x0 = left + 1
        need_h, need_w = depth + min(c.height, 5) + 1, x0 + min(c.width, 5) * cw
        if h < need_h or w < need_w:
            return self.too_small(need_h, need_w, f"a {c.width}x{c.height} puzzle")
        vis_h = min(c.height, h - depth - 1)
        vis_w = min(c.width, (w - x0) // cw)
        self.oy = min(max(self.oy, g.cy - vis_h + 1), g.cy)
        self.ox = min(max(self.ox, g.cx - vis_w + 1), g.cx)
        ys, xs = range(self.oy, self.oy + vis_h), range(self.ox, self.ox + vis_w)
        world = self.schemes[self.index].world
        picture = self.revealed() if g.solved else None
        lit = curses.A_BOLD | curses.A_UNDERLINE
        for x in xs:                                   # column clues, sitting on the board
            nums, flags = c.cols[x] or (0,), g.col_dimmed(x)
            for k, (n, dim) in enumerate(zip(nums, flags)):
                attr = look.dim if dim else lit if x == g.cx and not g.solved else 0
                self.put(depth - len(nums) + k, x0 + (x - self.ox) * cw, str(n).rjust(cw), attr)
        for y in ys:
            sy = depth + y - self.oy
            nums, flags = c.rows[y] or (0,), g.row_dimmed(y)
            px = x0 - 1 - len(row_texts[y])
            for n, dim in zip(nums, flags):
                attr = look.dim if dim else lit if y == g.cy and not g.solved else 0
                self.put(sy, px, str(n), attr)
                px += len(str(n)) + 1
            for x in xs:
                v, sx = g.marks[y][x], x0 + (x - self.ox) * cw
                if g.solved:
                    text = look.fill * cw if v == FILLED else " " * cw
                    attr = look.colour(picture[y][x]) if v == FILLED else 0
                else:
                    text = (look.fill * cw if v == FILLED else
                            " " * (cw - 1) + (look.cross if v == CROSSED else look.dot))
                    attr = look.block if (y // 5 + x // 5) % 2 and v != FILLED else 0
                    if v == CROSSED:
                        attr |= look.dim
                    if (y, x) == (g.cy, g.cx):
                        attr = curses.A_REVERSE
                self.put(sy, sx, text, attr)
        self.draw_panel(x0 + vis_w * cw + 2, vis_h, vis_w, world)

    def draw_panel(self, px: int, rows: int, cols: int, world: str | None) -> None:
        g, look, p = self.game, self.look, self.puzzles[self.index]
        h, w = self.s.getmaxyx()
        rec = self.progress.get(g.clues)
        name = p.name if (g.solved or rec.solved) and p.name else "???" if p.name else ""
        if g.solved and self.own:
            name = "your own solution" + (f", not {p.name}" if p.name else "")
        best = f"  best {clock(rec.best)}" if rec.best is not None else ""
        scroll = [f"{what} {o + 1}-{o + n} of {total}" for what, o, n, total in
                  (("rows", self.oy, rows, g.height), ("columns", self.ox, cols, g.width))
                  if n < total]
        state = (["SOLVED!", f"in {clock(g.elapsed)}{best}"] + ([name] if name else [])
                 + [""] + SOLVED_HELP) if g.solved else \
            [f"time {clock(g.elapsed)}{best}",
             "paint ON: " + {0: "erase", 1: "fill", 2: "cross"}[g.stroke[1]] if g.paint else "paint off",
             ""] + HELP
        lines = [f"#{self.index + 1}  {g.width}x{g.height}  {name}".rstrip(),
                 world or "", *scroll] + state
        if w - px >= PANEL - 4:
            for i, ln in enumerate(lines[:max(h - 1, 0)]):
                bold = i == 0 or (g.solved and ln == "SOLVED!")
                self.put(i, px, ln, look.accent if bold else look.dim if ln in HELP else 0)
            if self.message:
                self.put(h - 1, 0, self.message, look.dim)
        else:                                        # no room beside the board: one line
            short = (f"SOLVED in {clock(g.elapsed)}  {name}  n next  q menu" if g.solved else
                     f"#{self.index + 1} {clock(g.elapsed)} "
                     f"{'PAINT' if g.paint else ''}  u undo  q menu")
            self.put(h - 1, 0, short, look.accent if g.solved else look.dim)


def play(path: str, puzzles: list[Puzzle], index: int | None = None) -> None:
    """Run the game full-screen on `puzzles` (read from `path`) until the player quits."""
    store = data_dir() / FILE_NAME
    if path != "-" and store.exists() and Path(path).resolve() == store.resolve():
        raise UserError(f"{path}: is picross play's own progress file (a bad one would be moved "
                        f"aside); play a copy of it")
    if index is not None and not -len(puzzles) <= index < len(puzzles):
        raise UserError(f"{path}: no puzzle {index} (the file has {len(puzzles)})")
    for i, p in enumerate(puzzles):
        why = conflict(p.clues)
        if why is not None:
            which = f"puzzle {i}: " if len(puzzles) > 1 else ""
            raise UserError(f"{path}: {which}no grid fits these clues ({why}); there is nothing to play")
    try:       # where progress is kept must take it, or the run's progress would be lost at the end
        check_writable(store)
    except UserError as e:
        raise UserError(f"{e} (where picross play keeps its progress: PICROSS_DATA, else the user's "
                        "data folder)") from None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UserError("picross play needs a terminal (stdin and stdout are not one)")
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    progress = Progress.load(store)
    if progress.warning:
        print(progress.warning, file=sys.stderr)
    schemes = world_schemes(path, len(puzzles))
    start = None if index is None else index % len(puzzles)
    try:
        curses.wrapper(lambda scr: App(scr, puzzles, progress, schemes, start, path).run())
    except curses.error as e:
        raise UserError(f"cannot start the terminal screen (TERM={os.environ.get('TERM')}): {e}")
