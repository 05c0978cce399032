"""Reading and writing puzzle files: round trips, the NON variants in the wild, typed clues,
format sniffing, and one-line user errors for bad input."""
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from generator import UserError
from generator.formats.batchfile import Batch, dumps
from generator.formats.record import Puzzle
from generator.solver.clues import Clues, conflict, grid_clues
from generator.formats.puzzlefile import (detect_format, dumps_non, dumps_tk_json, parse_clue_text,
                               parse_non, parse_puzzles, parse_tk_json)

grids = arrays(bool, st.tuples(st.integers(1, 10), st.integers(1, 10)))


@settings(max_examples=80, deadline=None)
@given(grids)
def test_non_round_trip_keeps_clues_and_goal(g):
    p = Puzzle(grid_clues(g), solution=g, name="t")
    back = parse_non(dumps_non(p))
    assert back.clues == p.clues and back.name == "t"
    assert (back.solution == g).all()


@settings(max_examples=80, deadline=None)
@given(grids, st.randoms())
def test_tk_json_round_trip_keeps_clues_and_known_cells(g, rnd):
    known = np.where(g, 1, 0).astype(np.int8)
    known[np.array([[rnd.random() < 0.5 for _ in row] for row in g])] = -1
    p = Puzzle(grid_clues(g), known=known)
    back = parse_tk_json(json.loads(dumps_tk_json(p)))
    assert back.clues == p.clues
    assert (back.known == known).all() if back.known is not None else (known == -1).all()


def test_non_as_documented_with_properties_colours_and_comments():
    text = """catalogue "x #1"
title "A &quot;house&quot;"
by someone
copyright "nobody"
license CC0-1.0
width 4
height 5

rows
4
1,1
1,1
1,2
3

columns
5
1a,1a
1,2
4
goal "11111001100110111110"
"""
    p = parse_non(text)
    assert p.clues == Clues(((4,), (1, 1), (1, 1), (1, 2), (3,)), ((5,), (1, 1), (1, 2), (4,)))
    assert p.name.startswith("A ")
    assert p.solution[0].all() and not p.solution[4, 3]


def test_non_sizes_given_as_rows_n_and_columns_n_and_blank_empty_lines():
    # 'rows 3' / 'columns 2' give the size; a blank line in a block of exactly n lines is an empty line
    p = parse_non("rows 3\ncolumns 2\nrows\n2\n\n1\ncolumns\n2\n1,0\n")
    assert p.clues == Clues(((2,), (), (1,)), ((2,), (1,)))
    # with '0' for empty lines, blank lines are ignored
    p = parse_non("width 2\nheight 3\nrows\n\n2\n0\n\n1\ncolumns\n2\n1\n")
    assert p.clues.rows == ((2,), (), (1,))


@pytest.mark.parametrize("text", [
    "3 1\n1.1\n0\n--\n2\n1,1\n-\n1\n1\n",
    "# a comment\n3 1\n1.1\n-\n\n2\n1 1\n0\n1\n1  # trailing comment\n",
])
def test_typed_clues(text):
    p = parse_clue_text(text)
    assert p.clues == Clues(((3, 1), (1, 1), ()), ((2,), (1, 1), (), (1,), (1,)))


def test_batch_is_read_with_solutions_and_names():
    g = np.array([[1, 0], [1, 1]], dtype=bool)
    text = dumps(Batch([Puzzle.from_grid(g, iterations=1, name="boot"), Puzzle.from_grid(~g, iterations=1)]))
    ps = parse_puzzles(text, "batch")
    assert [p.name for p in ps] == ["boot", None]
    assert (ps[1].solution == ~g).all() and ps[0].clues == grid_clues(g)


@pytest.mark.parametrize("name,text,fmt", [
    ("a.non", "", "non"),
    ("a.txt", "", "text"),
    ("a.json", '{"format": "picross8-batch"}', "batch"),
    ("x", '{"width": 1, "height": 1, "row_clues": [[1]], "col_clues": [[1]]}', "tk-json"),
    ("-", "width 1\nheight 1\nrows\n1\ncolumns\n1\n", "non"),
    ("-", "1\n--\n1\n", "text"),
    ("-", "1 2\n\n1\n1\n", "text"),
])
def test_format_sniffing(name, text, fmt):
    assert detect_format(name, text) == fmt


@pytest.mark.parametrize("fmt,text,message", [
    ("tk-json", '{"width": 2,', "malformed JSON"),
    ("batch", '{"format": "picross8-batch", "version": 1, "puzzles": [', "malformed JSON"),
    ("tk-json", '{"width": 0, "height": 1, "row_clues": [[]], "col_clues": []}', "size 0x1 (width x height) is out of range"),
    ("tk-json", '{"width": 1, "height": 1, "row_clues": [[1]], "col_clues": [[1]], "grid": [[2]]}', "'grid'"),
    ("tk-json", '{"width": 1, "height": 1, "row_clues": [["a"]], "col_clues": [[1]]}', "whole numbers"),
    ("tk-json", '[1, 2]', "JSON object"),
    ("non", "width 0\nheight 1\nrows\n0\ncolumns\n", "out of range"),
    ("non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n", "has 1 rules, expected 2"),
    ("non", "width 3\nheight 1\nrows\n1,,1\ncolumns\n1\n0\n1\n", "not a comma-separated"),
    ("non", "width 2\nrows\n1\ncolumns\n1\n1\n", "needs 'width' and 'height'"),
    ("non", 'width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal "0"\n', "goal does not match"),
    ("non", "width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n", "colour puzzles are not supported"),
    ("non", 'width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal "ab"\n', "colour puzzles are not supported"),
    ("non", "width 2\nheight 1\nrows\n1 x\ncolumns\n1\n0\n", "not a comma-separated"),
    ("non", "width 1\nheight 1\nrows\n1\nrows\n1\ncolumns\n1\n", "a second 'rows' section"),
    ("non", "width 1\nheight 1\ncolumns 2\nrows\n1\ncolumns\n1\n", "width 2, but 1 earlier"),
    ("text", "1\n", "expected row clues"),
    ("text", "1\n--\nfoo\n", "is not a whole number"),
    ("bogus", "1\n--\n1\n", "unknown format"),
    # webpbn XML and Olšák .g
    ("webpbn", '<puzzleset><puzzle><clues type="rows"><line><count color="red">1</count></line></clues>'
               '<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>', "colour puzzles"),
    ("webpbn", '<puzzle type="triddler"></puzzle>', "not supported"),
    ("webpbn", '<puzzleset><puzzle>', "malformed XML"),
    ("g", "#d\n   a:X  #000000 black\n   b:R  #FF0000 red\n: rows\n1a 1b\n: columns\n1a\n1b\n", "colour .g files"),
    ("g", "#d\n   a:X  #000000 black\n   b:R  #FF0000 red\n: rows\n1\n: columns\n1b\n", "colour .g files"),
    ("g", "#d\n   a:X  #000000 black\n: rows\n1c\n: columns\n1\n", "do not declare"),
    ("g", ": rows\n1a\n: columns\n1\n", "colour runs"),
    ("webpbn", '<puzzle><clues type="rows"><line><count color="white">1</count></line></clues>'
               '<clues type="columns"><line><count>1</count></line></clues></puzzle>', "background colour"),
    ("webpbn", '<puzzle><color name="red" char="r">f00</color><solution><image>|Xr|</image></solution></puzzle>',
     "several colours"),
    ("webpbn", '<puzzle><clues type="rows"><line/></clues></puzzle>', "no goal image"),
    ("g", ": rows\n1\n", "not an Olšák .g file"),
])
def test_bad_input_is_a_one_line_user_error(fmt, text, message):
    with pytest.raises(UserError) as e:
        parse_puzzles(text, fmt, "f")
    assert message in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("fmt,text,reason", [
    ("tk-json", '{"width": 2, "height": 1, "row_clues": [[3]], "col_clues": [[1], [1]]}', "needs 3 cells"),
    ("tk-json", '{"width": 2, "height": 1, "row_clues": [[1]], "col_clues": [[1], [1]]}', "row clues fill 1 cell"),
    ("non", "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "needs 3 cells"),
    ("non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n", "row clues fill 1 cell"),
    ("text", "1\n--\n1 1\n", "needs 3 cells"),
    ("webpbn", '<puzzle><clues type="rows"><line><count>2</count></line></clues>'
               '<clues type="columns"><line><count>1</count></line></clues></puzzle>', "needs 2 cells"),
])
def test_clues_no_grid_fits_are_read_and_say_why(fmt, text, reason):
    """Clues that fit no grid are still clues: read, and judged by the solver (a verdict)."""
    [p] = parse_puzzles(text, fmt, "f")
    assert reason in conflict(p.clues)


def test_unknown_json_is_an_unknown_format():
    with pytest.raises(UserError, match="unknown format"):
        detect_format("a.json", '{"hello": 1}')
    with pytest.raises(UserError, match="unknown format"):
        detect_format("a.dat", "hello world")


@settings(max_examples=80, deadline=None)
@given(grids, st.sampled_from([" ", ".", ","]))
def test_typed_clue_text_round_trip(g, sep):
    clues = grid_clues(g)
    line = lambda c: sep.join(map(str, c)) or "0"  # noqa: E731
    text = "\n".join(map(line, clues.rows)) + "\n--\n" + "\n".join(map(line, clues.cols)) + "\n"
    assert parse_clue_text(text).clues == clues


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(0, 2**32 - 1))
def test_the_fast_batch_writer_gives_json_dumps_bytes(h, w, seed):
    """batchfile.puzzle_lines (tables and numpy) == json.dumps of each puzzle, names included."""
    from generator.formats.batchfile import puzzle_json, puzzle_lines
    rng = np.random.default_rng(seed)
    grids = rng.random((5, h, w)) < rng.uniform(0.1, 0.9)
    names = [None, "a \"quoted\" name", None, "é", None]
    lines = puzzle_lines(grids, [3, 0, 1, 2, 9], names)
    for g, its, name, line in zip(grids, [3, 0, 1, 2, 9], names, lines):
        assert line == json.dumps(puzzle_json(Puzzle.from_grid(g, iterations=its, name=name)), sort_keys=True)
