"""Files shaped as real writers and published collections write them (tests/data/wild, see its
README): each reads as the clues and solution it holds, survives our writers, and goes through
the CLI; colour puzzles and broken files are one line and exit 1."""
import subprocess
import sys

import numpy as np
import pytest

from generator import UserError
from generator.formats.puzzlefile import EXPORT_FORMATS, dumps, parse_puzzles, read_puzzles
from generator.formats.record import Puzzle
from generator.solver.clues import Clues, grid_clues
from cartfixtures import REPO

WILD = REPO / "tests" / "data" / "wild"
STEP_WELL = np.array([[c == "#" for c in row] for row in
                      ["##.###.", "#..#...", ".......", "###.#..", "......."]])
CLUES = Clues(((2, 3), (1, 1), (), (3, 1), ()), ((2, 1), (1, 1), (1,), (2,), (1, 1), (1,), ()))

# file -> (has the goal, known cells as the saved/grid rows, title)
READ = {
    "picrossh-shape.non": (False, None, "Step Well"),
    "blank-empties.non": (False, None, "Step & Well"),
    "hand-edited.non": (True, None, "Step Well"),
    "one-colour.non": (True, None, "Step Well"),
    "webpbn-export.xml": (True, [[1, 1] + [-1] * 5, [-1] * 7, [0] * 7, [-1] * 7, [-1] * 7], "Step Well"),
    "number-loom-shape.xml": (False, None, "Step Well"),
    "goal-only.xml": (True, None, "Step Well"),
    "tk-solver.json": (False, [[1, 1] + [-1] * 5, [-1] * 7, [0] * 7, [-1] * 7, [-1] * 7], None),
    "tk-empty-grid.json": (False, None, None),
}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True,
                          text=True, cwd=REPO, timeout=600)


def test_the_expected_clues_are_those_of_the_picture():
    assert grid_clues(STEP_WELL) == CLUES


@pytest.mark.parametrize("name", sorted(READ))
def test_real_shapes_read_as_the_puzzle_they_hold(name):
    has_goal, known, title = READ[name]
    (p,) = read_puzzles(str(WILD / name))
    assert p.clues == CLUES and p.name == title
    assert (p.solution is not None) == has_goal
    if has_goal:
        assert (p.solution == STEP_WELL).all()
    assert (p.known.tolist() if p.known is not None else None) == known
    for fmt in EXPORT_FORMATS:          # and back through each of our writers
        (back,) = parse_puzzles(dumps(p, fmt), fmt)
        assert back.clues == CLUES
        if fmt in ("non", "webpbn") and has_goal:
            assert (back.solution == STEP_WELL).all()


def test_palette_g_is_black_and_white():
    (p,) = read_puzzles(str(WILD / "palette.g"))
    assert p.clues == CLUES


def test_a_nonpack_holds_each_puzzle():
    ps = read_puzzles(str(WILD / "bundle.nonpack"))
    assert [p.name for p in ps] == ["one", "Step Well"]
    assert ps[0].clues == Clues(((1,),), ((1,),)) and ps[1].clues == CLUES


@pytest.mark.parametrize("name", sorted(READ) + ["palette.g", "bundle.nonpack"])
def test_the_cli_solves_and_renders_every_shape(name, tmp_path):
    r = cli("solve", WILD / name, "-i", -1)
    assert r.returncode == 0 and "SOLVED" in r.stdout, r.stderr
    r = cli("render", WILD / name, "-i", -1, "-o", tmp_path / "p.png")
    assert r.returncode == 0 and (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG"), r.stderr


@pytest.mark.parametrize("name", ["colour.non", "colour.xml", "colour.g"])
def test_colour_puzzles_are_one_line_and_exit_1(name):
    r = cli("solve", WILD / name)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 1 and len(lines) == 1, r.stderr
    assert lines[0].startswith("picross: error:") and "colour" in lines[0] and "not supported" in lines[0]


@pytest.mark.parametrize("fmt,text,clues", [
    # runs separated by spaces are each a run, not only the first number
    ("non", "width 3\nheight 2\nrows\n1 1\n3\ncolumns\n2\n1\n2\n", (((1, 1), (3,)), ((2,), (1,), (2,)))),
    # a blank line for the empty last row, right before 'columns'
    ("non", "width 2\nheight 2\nrows\n2\n\ncolumns\n1\n1\n", (((2,), ()), ((1,), (1,)))),
    # a blank line for the empty last column, at the end of the file
    ("non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n\n", (((1,),), ((1,), ()))),
    # blank separators between groups are still ignored when '0' marks empty lines
    ("non", "width 1\nheight 3\nrows\n1\n\n0\n\n1\n\ncolumns\n1,1\n", (((1,), (), (1,)), ((1, 1),))),
    ("tk-json", '{"width": 2, "height": 1, "row_clues": [], "col_clues": [[], []]}', (((),), ((), ()))),
    ("webpbn", '<puzzle><clue type="Rows"><line><count>1</count></line></clue>'
               '<clue type="Columns"><line><count>1</count></line></clue></puzzle>', (((1,),), ((1,),))),
    ("g", "#d\n   0:   #FFFFFF   white\n   1:X  #000000   black\n: rows\n1\n: columns\n1\n", (((1,),), ((1,),))),
])
def test_variants_in_the_wild(fmt, text, clues):
    (p,) = parse_puzzles(text, fmt)
    assert p.clues == Clues(*clues)


@pytest.mark.parametrize("h,w", [(25, 80), (80, 25), (150, 150)])
def test_large_and_non_square_puzzles_round_trip_through_every_format(h, w):
    g = np.random.default_rng(h * w).random((h, w)) < 0.55
    p = Puzzle(grid_clues(g), solution=g, name="big")
    for fmt in EXPORT_FORMATS:
        (back,) = parse_puzzles(dumps(p, fmt), fmt)
        assert back.clues == p.clues and (back.clues.height, back.clues.width) == (h, w)
        if back.solution is not None:
            assert (back.solution == g).all()


def test_only_the_first_of_several_goals_is_kept_and_each_must_fit():
    base = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n"
    (p,) = parse_puzzles(base + 'goal "10"\ngoal 10\n', "non")
    assert p.solution.tolist() == [[True, False]]
    with pytest.raises(UserError, match="line 9: the goal does not match"):
        parse_puzzles(base + 'goal "10"\ngoal "01"\n', "non")
