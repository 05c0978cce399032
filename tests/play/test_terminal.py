"""The curses layer, headless: `picross play` run in a pseudo-terminal of a fixed TERM and size,
its output read back (escape sequences and blanks stripped, since curses moves the cursor over
runs of spaces) and keys written to it."""
from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

import numpy as np

from cartfixtures import REPO
from generator.cli.play import read_playable
from generator.formats.batchfile import read_batch
from generator.play.xterm import xterm256
from playkit import cart_reveal, solving_keys, source_path
from vterm import Screen

VALLEY = REPO / "cart" / "pictures" / "valley.json"
_ESC = re.compile(rb"\x1b\[[0-9;?>=]*[A-Za-z@`]|\x1b[()][A-Z0-9]|\x1b[=>78MDE]|[\x00-\x1f]")


def squeeze(raw: bytes) -> str:
    """What the program printed, without escape sequences and without any blank."""
    return re.sub(r"\s+", "", _ESC.sub(b"", raw).decode("utf-8", "replace"))


class Pty:
    def __init__(self, args, rows, cols, data_dir):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                   PICROSS_DATA=str(data_dir), ESCDELAY="25")
        self.proc = subprocess.Popen([sys.executable, "-m", "generator", "play", *map(str, args)],
                                     stdin=slave, stdout=slave, stderr=slave, env=env, cwd=REPO,
                                     start_new_session=True)
        os.close(slave)
        self.out = self.all = b""           # since the last send / since the start

    def read_until(self, text: str, timeout: float = 300) -> str:
        # (the timeout is for a run that hangs; a slow machine only waits longer, never fails)
        end = time.monotonic() + timeout
        while text not in squeeze(self.out):
            left = end - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and not self._ready(0):
                raise AssertionError(f"never saw {text!r}; got {squeeze(self.out)[-400:]!r}")
            self._ready(min(left, 0.2))
        return squeeze(self.out)

    def _ready(self, timeout) -> bool:
        r, _, _ = select.select([self.master], [], [], timeout)
        if r:
            try:
                self.out += os.read(self.master, 65536)
            except OSError:           # the child closed the terminal
                return False
        return bool(r)

    def send(self, keys: str | bytes) -> None:
        self.all += self.out
        self.out = b""
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def wait(self, timeout: float = 300) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self._ready(0.1)
        return self.proc.wait(timeout=1)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=600)
        os.close(self.master)


@pytest.fixture
def term(tmp_path):
    made = []

    def start(args, rows=24, cols=80):
        made.append(Pty(args, rows, cols, tmp_path / "data"))
        return made[-1]
    yield start
    for p in made:
        p.close()


def test_starts_on_the_menu_and_q_quits(term):
    t = term([VALLEY])
    screen = t.read_until("quit")
    n = len(read_batch(VALLEY).puzzles)
    assert "picross8" in screen and f"{n}puzzles,0solved" in screen and f"--15x15({n})--" in screen
    assert "tower" not in screen and "???" in screen          # names hidden until solved
    t.send("q")
    assert t.wait() == 0


def test_shows_the_board_in_80x24_and_saves_a_mark(term, tmp_path):
    t = term([VALLEY, "-i", "0"])
    screen = t.read_until("menu")
    # the panel (number, size, hidden name, world), a row of 15 blank cells, the keys
    assert "#115x15???" in screen and "pastelspires" in screen and "·" * 15 in screen
    assert "space" in screen and "paint" in screen
    t.send("lllll ")                                  # fill (0, 5): the tower's first cell
    t.read_until("█")
    t.send("q")
    t.read_until("quit")
    t.send("q")
    assert t.wait() == 0
    saved = json.loads((tmp_path / "data" / "progress.json").read_text())
    [record] = saved["puzzles"].values()
    assert record["board"][0] == ".....#........." and not record["solved"]


def test_a_too_small_terminal_says_so(term):
    # one row short of the puzzle's column clues and five rows of cells (the menu still fits)
    first = json.loads(VALLEY.read_text())["puzzles"][0]
    rows = max(len(col) or 1 for col in first["col_clues"]) + 5
    t = term([VALLEY, "-i", "0"], rows=rows, cols=30)
    screen = t.read_until("pressq")
    assert "Terminaltoosmall" in screen and re.search(r"a15x15puzzleneeds\d+x\d+", screen)
    assert f"thisoneis30x{rows}" in screen
    t.send("q")                                       # back to the menu, which fits
    t.read_until("quit")
    t.send("q")
    assert t.wait() == 0


def test_not_a_terminal_is_one_line_error(picross):
    r = picross("play", VALLEY)
    assert r.exit_code == 1 and "needs a terminal" in r.output


def board_colours(screen: Screen, clues) -> np.ndarray:
    """The foreground colour of each board cell as drawn (-1: not a filled block, -2: a block in
    the terminal's default colour, as before the reveal), found where
    terminal.draw_play puts the board: below the column clues, right of the row clues."""
    cw = 3 if any(n >= 10 for col in clues.cols for n in col) else 2
    x0 = max(len(" ".join(map(str, r)) if r else "0") for r in clues.rows) + 1
    depth = max(len(col) or 1 for col in clues.cols)
    out = np.full((clues.height, clues.width), -1)
    for y in range(clues.height):
        for x in range(clues.width):
            cells = screen.cells[depth + y][x0 + x * cw:x0 + (x + 1) * cw]
            if all(c == "█" for c, _ in cells):
                assert len({fg for _, fg in cells}) == 1
                out[y, x] = -2 if cells[0][1] is None else cells[0][1]     # -2: the default colour
    return out


@pytest.mark.parametrize("source", ["valley-small.json#0", "valley.json#3", "puzzles.json#0",
                                    "puzzles.json#123"])   # the lookout's first random puzzle
def test_solving_reveals_each_cell_in_the_carts_colour(term, built_cart, source):
    """A shipped picture in its PNG's colours, a random puzzle (of each world) by the shading
    rule: every block on the terminal is the xterm colour of the cart's slot for that cell."""
    m = built_cart.manifest
    entry = next(e for e in m["puzzles"] if e["source"] == source)
    name, index = source.rsplit("#", 1)
    path = source_path(name)
    p = read_playable(str(path), None)[int(index)]
    slots, palette = cart_reveal(m, entry)
    want = np.array([[xterm256(palette[s]) if s >= 0 else -1 for s in row] for row in slots.tolist()])
    t = term([path, "-i", index])
    t.read_until("menu")
    t.send("".join(solving_keys(p.solution)))
    t.read_until("SOLVED!")
    # the reveal is drawn after the word: read until the board shows it (no race with a sleep)
    end = time.monotonic() + 300
    while True:
        got = board_colours(Screen(24, 80).feed(t.all + t.out), p.clues)
        if (got == want).all() or time.monotonic() > end:
            break
        t._ready(0.2)
    assert (got == want).all(), f"\n{got}\n{want}"
    assert (got >= 0).sum() == p.solution.sum()
    assert any(len(set(row[row >= 0])) > 1 for row in got)      # not one colour a row
    t.send("q")
    t.read_until("quit")
    t.send("q")
    assert t.wait() == 0
