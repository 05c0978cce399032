"""Progress between runs of `picross play`: a small JSON file in the user's data directory.

    $PICROSS_DATA/progress.json                     when PICROSS_DATA is set (tests use it)
    $XDG_DATA_HOME/picross8/progress.json           else, when XDG_DATA_HOME is set
    ~/.local/share/picross8/progress.json           else

    {"format": "picross8-progress", "version": 1,
     "puzzles": {"15x15-3f2a...": {"solved": true, "best": 83.5, "time": 83.5,
                                   "board": ["#..x", ...]}}}

A puzzle is known by its size and a hash of its clues, so the same puzzle in two files (or moved
within one) shares its progress. `board` (rows of '.', '#', 'x') and `time` are the game in
progress; `best` the fastest solve in seconds. The file is validated when read: anything wrong
(not JSON, the wrong shape, a board of the wrong size) resets it, with a one-line warning that
names what was wrong; the bad file is kept beside it as progress.json.bad. Writes are atomic.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from generator import UserError
from generator.files.atomic import write_atomic
from generator.files.userfile import parse_json, read_bytes
from generator.solver.clues import Clues

FORMAT = "picross8-progress"
VERSION = 1
FILE_NAME = "progress.json"
_BOARD_ROW = re.compile(r"^[.#x]*$")


def data_dir(env=None) -> Path:
    env = os.environ if env is None else env
    if env.get("PICROSS_DATA"):
        return Path(env["PICROSS_DATA"])
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME") or Path.home()) / ".local" / "share")
    return Path(base) / "picross8"


def puzzle_key(clues: Clues) -> str:
    text = "|".join(" ".join(map(str, c)) for c in clues.rows) + "/" + \
           "|".join(" ".join(map(str, c)) for c in clues.cols)
    return f"{clues.width}x{clues.height}-{hashlib.sha1(text.encode()).hexdigest()[:16]}"


@dataclass
class Record:
    solved: bool = False
    best: float | None = None        # seconds
    time: float = 0.0                # the game in progress: seconds played
    board: list[str] | None = None   # and its marks

    def to_json(self) -> dict:
        d = {"solved": self.solved, "best": None if self.best is None else round(self.best, 1),
             "time": round(self.time, 1)}
        if self.board is not None:
            d["board"] = self.board
        return d


class ProgressError(ValueError):
    pass


def _number(v, what: str, none_ok: bool = False):
    if v is None and none_ok:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
        raise ProgressError(f"{what} is not a number of seconds")
    return float(v)


def _record(key: str, d) -> Record:
    m = re.fullmatch(r"([0-9]+)x([0-9]+)-[0-9a-f]{16}", key)
    if not m or not isinstance(d, dict):
        raise ProgressError(f"entry {key!r} is not a puzzle's progress")
    if not isinstance(d.get("solved", False), bool):
        raise ProgressError(f"entry {key!r}: 'solved' is not true or false")
    board = d.get("board")
    if board is not None:
        w, h = int(m.group(1)), int(m.group(2))
        if (not isinstance(board, list) or len(board) != h
                or not all(isinstance(r, str) and len(r) == w and _BOARD_ROW.match(r) for r in board)):
            raise ProgressError(f"entry {key!r}: 'board' is not {h} rows of {w} cells '.', '#', 'x'")
    return Record(d.get("solved", False), _number(d.get("best"), f"entry {key!r}: 'best'", True),
                  _number(d.get("time", 0), f"entry {key!r}: 'time'"), board)


def parse(text: str) -> dict[str, Record]:
    """The records of a progress file's text; ProgressError says what is wrong."""
    try:   # the one JSON reader, with its limits (depth, digits): a hostile file is a warning
        data = parse_json(text, "progress")
    except UserError as e:
        why = str(e).removeprefix("progress: ")
        raise ProgressError(why.replace("malformed JSON", "not JSON") if "JSON" in why else f"not JSON ({why})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(f"not a picross8 progress file (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ProgressError(f"version {data.get('version')!r} is not {VERSION}")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, dict):
        raise ProgressError("'puzzles' is not an object")
    return {k: _record(k, v) for k, v in puzzles.items()}


@dataclass
class Progress:
    path: Path
    records: dict[str, Record] = field(default_factory=dict)
    warning: str | None = None       # set when the file was corrupt and has been reset

    @classmethod
    def load(cls, path: Path | None = None) -> "Progress":
        path = Path(path) if path is not None else data_dir() / FILE_NAME
        try:
            if not path.exists():
                return cls(path)
            text = read_bytes(path, "progress file").decode("utf-8")
        except (UserError, UnicodeDecodeError) as e:
            text, err = None, "not text" if isinstance(e, UnicodeDecodeError) else str(e).removeprefix(f"{path}: ")
        try:
            if text is None:
                raise ProgressError(err)
            return cls(path, parse(text))
        except ProgressError as e:
            bad = path.with_name(path.name + ".bad")
            try:
                os.replace(path, bad)
                kept = f"; the old file is kept as {bad}"
            except OSError:
                kept = ""
            return cls(path, {}, f"picross: warning: {path}: {e}; progress reset{kept}")

    def get(self, clues: Clues) -> Record:
        return self.records.get(puzzle_key(clues)) or Record()

    def put(self, clues: Clues, record: Record) -> None:
        self.records[puzzle_key(clues)] = record

    def save(self) -> None:
        data = {"format": FORMAT, "version": VERSION,
                "puzzles": {k: r.to_json() for k, r in sorted(self.records.items())}}
        write_atomic(self.path, json.dumps(data, indent=1) + "\n")
