"""Command output shown in README.md and docs/*.md, as a test reads it.

A fenced block that shows a command (a line starting with `$ `) is marked on the line before it:

    <!-- checked -->          run by tests/docs/test_docs_output.py and compared
    <!-- figure: DATE ... --> shown as it was on that date (timings, machines): not run

In a checked block, each `$ ` line is a shell command, run in order in a fresh copy of the
repository's inputs; the lines after it, up to the next `$ `, are its output (stdout and stderr
together). A line `...` stands for any number of lines; durations (`0.5 s`) are compared as
`<t> s`. See docs/checked-output.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
MARK = re.compile(r"<!-- (checked|figure: (\d{4}-\d{2}-\d{2})[^>]*) -->\s*$")
DURATION = re.compile(r"\b\d+(?:\.\d+)? s\b")


@dataclass(frozen=True)
class Step:
    command: str
    output: list[str]


@dataclass(frozen=True)
class Shown:
    page: Path
    line: int                 # the fence's line, from 1
    mark: str | None          # "checked", "figure" or None
    steps: tuple[Step, ...]

    @property
    def where(self) -> str:
        return f"{self.page.name}:{self.line}"


def blocks(page: Path) -> list[Shown]:
    """Every fenced block of the page that shows a command."""
    text = page.read_text()
    out = []
    for m in BLOCK.finditer(text):
        lines = m.group(1).splitlines()
        if not any(ln.startswith("$ ") for ln in lines):
            continue
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        mk = MARK.search(before)
        mark = None if not mk else "checked" if mk.group(1) == "checked" else "figure"
        steps, cur = [], None
        for ln in lines:
            if ln.startswith("$ "):
                cur = Step(ln[2:], [])
                steps.append(cur)
            elif cur is not None:
                cur.output.append(ln)
        out.append(Shown(page, text[:m.start()].count("\n") + 1, mark, tuple(steps)))
    return out


def _norm(line: str) -> str:
    return DURATION.sub("<t> s", line.rstrip())


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether the actual output lines fit the shown ones (`...` = any lines, durations <t>)."""
    while shown and not shown[-1].strip():
        shown = shown[:-1]
    while actual and not actual[-1].strip():
        actual = actual[:-1]
    pattern = "".join(r"(?:.*\n)*?" if s.strip() == "..." else re.escape(_norm(s) + "\n") for s in shown)
    return re.fullmatch(pattern, "".join(_norm(a) + "\n" for a in actual)) is not None
