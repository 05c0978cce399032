"""A scripted player for the built cart in the headless console (tests and screenshots).

`Player` drives a Console with button presses only (plus the pause menu), reading the cart's
globals just to know when to stop (cursor position, current screen, the board).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from generator.console.console import Console

FRESH_GAP = 8   # frames from a direction last held to its next fresh press (the cart jumps on 6 up)
QUESTION_DEAF = 15   # frames a question (not a menu) takes no answer after it is asked (cart/main.lua)
CARTDATA_ID = "picross8_v1"

_NAME = re.compile(r"(?<![\w.:\"'])[A-Za-z_][A-Za-z0-9_]*")


def shipped_names(cart: Path) -> dict[str, str]:
    """The rename map of a cart as `make cart` ships it (minified: generator/cartbuild/minify.py):
    source global -> its name there, from the manifest beside it (build/picross.json); {} for a
    cart with the source's names (build/picross-src.p8) or without a manifest."""
    manifest = Path(cart).with_suffix(".json")
    try:
        names = json.loads(manifest.read_text()).get("names", {})
    except (OSError, ValueError, AttributeError):
        return {}
    return names if isinstance(names, dict) else {}


def renamed_lua(code: str, names: dict[str, str]) -> str:
    """A short Lua snippet without strings, written with the source's names, with every global
    in `names` written as the minified cart names it; members (after `.` or `:`) keep theirs."""
    return _NAME.sub(lambda m: names.get(m.group(0), m.group(0)), code)


def solution(manifest: dict, p: int) -> np.ndarray:
    """Puzzle p's solution from the build's manifest (bool, n x n)."""
    return np.array([[ch == "#" for ch in row] for row in manifest["puzzles"][p]["rows"]])


def saved_progress(cart: Path, solved: dict[int, int]) -> dict:
    """A cartdata store in which puzzle p is solved with best time solved[p] (seconds), written
    by the cart's own save code (cart/save.lua), so that it carries the cart's puzzle-set hash."""
    store: dict = {}
    c = Console.load(cart, cartdata=store)
    c.boot()
    for p, t in solved.items():
        c.exec(f"won({int(p)},{int(t)})")
    c.save_cartdata()
    return store


class Stuck(RuntimeError):
    """A wait ran longer than any screen takes: the cart is not where the script thinks."""


class Player:
    """`names`: source global -> the cart's name for it, for a minified cart (shipped_names);
    the player reads the cart by the source's names either way."""
    names: dict[str, str] = {}     # (never changed in place: each player sets its own)

    def __init__(self, cart: Path, cartdata: dict | None = None, btnp_repeat: bool = True,
                 names: dict[str, str] | None = None) -> None:
        self.c = Console.load(cart, cartdata={} if cartdata is None else cartdata,
                              btnp_repeat=btnp_repeat)
        self.c.boot()
        self.last_fresh: dict[str, int] = {}
        self.names = names or {}

    # -- reading the cart
    def g(self, name):
        return self.c.global_(self.names.get(name, name))

    def exec(self, code: str):
        """Run Lua written with the source's names in the cart."""
        return self.c.exec(renamed_lua(code, self.names))

    def on(self, screen: str) -> bool:
        """Is the cart on the screen whose update function is `screen` (e.g. "plupd")?"""
        return bool(self.c.call("rawequal", self.g("screen_update"), self.g(screen)))

    def best(self, p: int):
        """Puzzle p's best time in seconds (0: solved, time not kept; None: unsolved)."""
        b = self.g("best")[p]
        return None if b is None else int(b)

    def cursor(self) -> tuple[int, int]:
        return int(self.g("cursor_x")), int(self.g("cursor_y"))

    def size(self) -> int:
        """The board's size (5, 10 or 15)."""
        return int(self.g("board_size"))

    def board(self) -> np.ndarray:
        """n x n marks: 0 blank, 1 filled, 2 crossed (cell x,y is g[y*15+x] at every size)."""
        g, n = self.g("cells"), self.size()
        return np.array([[int(g[y * 15 + x]) for x in range(n)] for y in range(n)])

    def recent_text(self, frames: int = 4) -> str:
        """What print() drew over the last few frames (screens that cache skip printing)."""
        return "\n".join(r.text for f in self.c.frames[-frames:] for r in f.prints)

    def sol(self) -> np.ndarray:
        s, n = self.g("solution"), self.size()
        return np.array([[bool(int(s[y + 1]) >> x & 1) for x in range(n)] for y in range(n)])

    # -- pressing buttons
    def idle(self, n: int = 1) -> None:
        self.c.run_frames(n)

    def until(self, what, frames: int = 600, buttons=()) -> None:
        """Frames (holding `buttons`) until what() holds; Stuck after `frames` of them."""
        for _ in range(frames):
            if what():
                return
            self.c.step(buttons)
        raise Stuck(f"waited {frames} frames at frame {self.c.frame_index}")

    def press(self, *buttons, release: int = 2) -> None:
        for b in buttons:
            if b in ("left", "right", "up", "down"):
                self._ready(b)
                self.last_fresh[b] = self.c.frame_index + 1
        if "o" in buttons or "x" in buttons:
            self.answerable()
        self.c.press(*buttons, release=release)

    def answerable(self) -> None:
        """Wait, if a question is up, until it takes an answer (as a player reads it first): the
        cart takes no press in its first QUESTION_DEAF frames. A test of that presses through
        self.c."""
        if not self.g("question") or self.g("menu_at") or self.g("asked_at") is None:
            return
        # (the frames since it was asked on the next frame, a 16-bit number as the cart's)
        since = (int(self.g("frame_count") - self.g("asked_at")) + 1 + 32768) % 65536 - 32768
        if abs(since) < QUESTION_DEAF:
            self.c.run_frames(QUESTION_DEAF - since)

    def _ready(self, d: str, held=()) -> None:
        """Wait (holding `held`) so that pressing direction d now is not a double tap."""
        last = self.last_fresh.get(d)
        if last is not None and self.c.frame_index + 1 - last < FRESH_GAP:
            self.c.run_frames(FRESH_GAP - (self.c.frame_index + 1 - last), held)

    def double_tap(self, d: str) -> None:
        self._ready(d)
        self.c.press(d, release=1)
        self.c.press(d, release=1)
        self.last_fresh[d] = self.c.frame_index

    def move_to(self, x: int, y: int, paint: str | None = None) -> None:
        """Hold the d-pad (and `paint`, o or x, if given) until the cursor is on x, y."""
        n = self.size()
        if not (0 <= x < n and 0 <= y < n):
            raise ValueError(f"cell {x},{y} is off the {n}x{n} board")
        for axis, target, lo, hi in ((0, x, "left", "right"), (1, y, "up", "down")):
            while self.cursor()[axis] != target:
                d = hi if self.cursor()[axis] < target else lo
                self._ready(d, [paint] if paint else [])
                self.last_fresh[d] = self.c.frame_index + 1
                held = [d] + ([paint] if paint else [])
                while self.cursor()[axis] != target and \
                        (self.cursor()[axis] < target) == (d == hi):
                    self.c.step(held)
                self.last_fresh[d] = self.c.frame_index     # (held till here: the gap counts from it)
                self.c.step([paint] if paint else [])
        if paint:
            self.idle(1)

    def enter(self, solution: np.ndarray, rows=None) -> None:
        """Fill the filled cells of `solution` in `rows` (all), run by run, holding O across each run
        (from its first blank cell to its last: a stroke from a blank cell fills only blanks, so
        cells filled already stay)."""
        n = solution.shape[1]
        for y in range(solution.shape[0]) if rows is None else rows:
            xs = range(n) if y % 2 == 0 else range(n - 1, -1, -1)
            row = [x for x in xs if solution[y, x]]
            runs, start, prev = [], None, None
            for x in row:
                if start is None:
                    start = x
                elif abs(x - prev) != 1:
                    runs.append((start, prev))
                    start = x
                prev = x
            if start is not None:
                runs.append((start, prev))
            for a, b in runs:
                step = 1 if b >= a else -1
                blanks = [x for x in range(a, b + step, step) if self.board()[y, x] == 0]
                if not blanks:
                    continue
                a, b = blanks[0], blanks[-1]
                self.move_to(a, y)
                if a == b:
                    self.press("o")
                else:
                    self.c.step(["o"])
                    self.move_to(b, y, paint="o")

    def hint(self) -> None:
        """Ask for a hint from the pause menu (on a blank board, the roulette: answered yes)
        and wait while the cart works it out."""
        self.c.choose_menuitem("hint")
        self.idle(1)
        if self.g("question"):
            self.press("o")
        while self.g("hint_maker"):
            self.idle(1)

    # -- menus
    def to_create(self) -> None:
        """On the worlds screen: step right to the create tile, past every world and the endless
        one (its pages: 5x5, 10x10, 15x15 designs, then entering a share code)."""
        while int(self.g("world_index")) <= len(self.g("worlds")) + 1:
            self.press("right")

    def open_endless(self) -> None:
        """From the title: the endless tile (past every world), and its first puzzle once the cart
        has made it and checked it with its own solver (frames go by while it works)."""
        self.idle(2)
        self.press("o")                  # title -> worlds
        for _ in range(len(self.g("worlds"))):
            self.press("right")
        self.press("o")
        while not self.on("play_update"):
            self.idle(1)

    def open_puzzle(self, world: int, k: int) -> None:
        """From the title: world `world` (0-based), puzzle k of it (the list opens on the world's
        board in progress, if any: the cursor steps from there)."""
        self.idle(2)
        self.press("o")                  # title -> worlds
        for _ in range(world):
            self.press("right")
        self.press("o")                  # -> puzzle select
        at = int(self.g("puzzle_index")) - int(self.g("worlds")[world + 1]["first"])
        for _ in range(abs(k - at)):
            self.press("right" if k > at else "left")
        self.press("o")                  # -> play
        assert self.on("play_update")
