"""Puzzle files as they are published: every format detected from its content whatever its
extension, a failed read naming the format it assumed, clues no grid fits given as a verdict,
and `play` on a puzzle with several solutions."""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from cartfixtures import REPO
from generator.formats.puzzlefile import detect_format, dumps
from generator.formats.record import Puzzle
from generator.solver.clues import grid_clues
from hostile_common import picross, refused
from test_hostile_cli import make_seeds


@pytest.fixture
def work(tmp_path):
    make_seeds(tmp_path)
    return tmp_path


def _every_format(work) -> dict[str, str]:
    p = Puzzle(grid_clues(np.array([[1, 0, 1], [1, 1, 1]], dtype=bool)), name="t")
    texts = {fmt: dumps(p, fmt) for fmt in ("non", "tk-json", "webpbn", "g")}
    texts["batch"] = (work / "batch.json").read_text()
    texts["text"] = "2\n1\n--\n1\n1\n1 1\n"
    return texts


@pytest.mark.parametrize("ext", [".txt", ".non.txt", ".dat", "", ".json", ".xml", ".g", ".non"])
def test_every_format_is_detected_from_its_content(work, ext):
    for fmt, text in _every_format(work).items():
        assert detect_format(f"x{ext}", text) == fmt, (fmt, ext)
        (work / f"p-{fmt}{ext}").write_text(text)
        r = picross("solve", work / f"p-{fmt}{ext}", "--json")
        assert r.code == 0, (fmt, ext, r.stderr)


def test_a_failed_read_names_the_format_it_assumed(work):
    (work / "bad.non.txt").write_text("width 3\nheight 1\nrows\n1\ncolumns\nx\n")
    refused(work, "solve", "{w}/bad.non.txt", message="(read as NON, by its content)")
    (work / "empty.non").write_text("\n")
    refused(work, "solve", "{w}/empty.non", message="read as NON, by its .non extension")


@pytest.mark.parametrize("text,reason", [
    ("1\n--\n1\n1\n", "the row clues fill 1 cell but the column clues fill 2"),
    ("3\n--\n1\n1\n", "row 1 clue [3] needs 3 cells but the line has 2"),
])
def test_clues_no_grid_fits_are_a_verdict(work, text, reason):
    (work / "no.txt").write_text(text)
    r = picross("solve", work / "no.txt", "--json")
    out = json.loads(r.stdout)
    assert r.code == 0 and out["classification"] == "none" and out["reason"] == reason, r.stdout
    r = picross("solve", work / "no.txt")
    assert r.code == 0 and r.stdout.strip().endswith(f"no solution: {reason}")
    refused(work, "play", "{w}/no.txt", message=f"no grid fits these clues ({reason})")
    refused(work, "fix", "{w}/no.txt", message=reason)


def test_play_says_a_puzzle_is_not_unique_and_names_the_players_own_solution(tmp_path):
    """Two solutions, the file's goal the first: the game says so at load, and solved the other
    way it shows the player's board as the player's own, not under the goal picture's name."""
    sys.path.insert(0, str(REPO / "tests" / "play"))
    from test_terminal import Pty
    (tmp_path / "two.non").write_text('title "diagonal"\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n'
                                      'goal "1001"\n')
    t = Pty([tmp_path / "two.non", "-i", "0"], 24, 80, tmp_path / "data")
    try:
        assert "severalsolutions" in t.read_until("severalsolutions")
        t.send("l jh ")                       # fill (0, 1) and (1, 0): the other diagonal
        screen = t.read_until("SOLVED!")
        screen = t.read_until("yourownsolution")
        assert "yourownsolution,notdiagonal" in screen
        t.send("q")
        t.read_until("quit")
        t.send("q")
        assert t.wait() == 0
    finally:
        t.close()
