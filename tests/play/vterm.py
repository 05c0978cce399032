"""Just enough of a terminal to read back what curses drew, with each cell's foreground colour:
the sequences ncurses sends for TERM=xterm-256color (cursor moves, erases, repeats, colours).
The pty tests feed it the whole output of a session and look at the final screen."""
from __future__ import annotations

import re

_SEQ = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z@`])|\x1b[()][A-Z0-9]|\x1b[=>78MDE]|(.)", re.S)


class Screen:
    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.cells = [[(" ", None)] * cols for _ in range(rows)]
        self.y = self.x = 0
        self.fg: int | None = None
        self.last = " "

    def feed(self, raw: bytes) -> "Screen":
        for m in _SEQ.finditer(raw.decode("utf-8", "replace")):
            params, final, ch = m.groups()
            if ch is not None:
                self._char(ch)
            elif final is not None:
                self._csi([int(p) if p else None for p in params.lstrip("?").split(";")], final)
        return self

    def _put(self, ch: str) -> None:
        if 0 <= self.y < self.rows and 0 <= self.x < self.cols:
            self.cells[self.y][self.x] = (ch, self.fg)
        self.x = min(self.x + 1, self.cols - 1)
        self.last = ch

    def _char(self, ch: str) -> None:
        if ch == "\r":
            self.x = 0
        elif ch == "\n":
            self.y = min(self.y + 1, self.rows - 1)
        elif ch == "\b":
            self.x = max(self.x - 1, 0)
        elif ch >= " ":
            self._put(ch)

    def _csi(self, p: list, final: str) -> None:
        n = p[0] or 1
        if final in "Hf":
            self.y, self.x = (p[0] or 1) - 1, ((p[1] if len(p) > 1 else None) or 1) - 1
        elif final == "d":
            self.y = n - 1
        elif final in "G`":
            self.x = n - 1
        elif final in "ABCD":
            dy, dx = {"A": (-n, 0), "B": (n, 0), "C": (0, n), "D": (0, -n)}[final]
            self.y = max(0, min(self.rows - 1, self.y + dy))
            self.x = max(0, min(self.cols - 1, self.x + dx))
        elif final == "b":
            for _ in range(n):
                self._put(self.last)
        elif final == "X":
            for k in range(self.x, min(self.cols, self.x + n)):
                self.cells[self.y][k] = (" ", None)
        elif final in "KJ":
            self.cells[self.y][self.x:] = [(" ", None)] * (self.cols - self.x)
            if final == "J":
                for r in range(self.y + 1, self.rows):
                    self.cells[r] = [(" ", None)] * self.cols
        elif final == "m":
            self._sgr([v or 0 for v in p])

    def _sgr(self, p: list[int]) -> None:
        i = 0
        while i < len(p):
            v = p[i]
            if v == 0 or v == 39:
                self.fg = None
            elif 30 <= v <= 37:
                self.fg = v - 30
            elif 90 <= v <= 97:
                self.fg = v - 82
            elif v == 38 and i + 2 < len(p) and p[i + 1] == 5:
                self.fg = p[i + 2]
                i += 2
            i += 1

    def text(self, y: int) -> str:
        return "".join(c for c, _ in self.cells[y])

    def colour(self, y: int, x: int) -> int | None:
        return self.cells[y][x][1]
