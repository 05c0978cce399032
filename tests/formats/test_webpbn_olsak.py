"""webpbn XML and Olšák .g: published examples read as their NON twins, round trips, detection
from content, and one-line refusals of what a black-and-white picross cannot hold."""
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from generator import UserError
from generator.formats import olsak, webpbn
from generator.formats.puzzlefile import detect_format, dumps, parse_puzzles, read_puzzle
from generator.formats.record import Puzzle
from generator.solver.clues import grid_clues

PUBLISHED = Path(__file__).resolve().parents[1] / "data" / "published"
grids = arrays(bool, st.tuples(st.integers(1, 12), st.integers(1, 12)))


@pytest.mark.parametrize("other, twin", [("webpbn-0001.xml", "webpbn-0001.non"),
                                         ("webpbn-0021.g", "webpbn-0021.non")])
def test_published_examples_read_as_their_non_twins(other, twin):
    a, b = read_puzzle(str(PUBLISHED / other)), read_puzzle(str(PUBLISHED / twin))
    assert a.clues == b.clues
    if other.endswith(".xml"):
        assert a.name == "Dancer" and (a.solution == b.solution).all()
    else:
        assert a.clues.height == 25 and a.clues.rows[10] == ()      # the blank line: an empty row


@settings(max_examples=60, deadline=None)
@given(grids)
def test_webpbn_and_g_round_trip(g):
    p = Puzzle(grid_clues(g), solution=g, name="a <b> & c")
    back = parse_puzzles(dumps(p, "webpbn"), "webpbn")[0]
    assert back.clues == p.clues and (back.solution == g).all() and back.name == "a <b> & c"
    for title in ("a <b> & c", ": rows", "#d colours"):
        back = parse_puzzles(dumps(Puzzle(p.clues, name=title), "g"), "g")[0]
        assert back.clues == p.clues and back.name == title


def test_format_is_detected_from_content_whatever_the_extension():
    xml = (PUBLISHED / "webpbn-0001.xml").read_text()
    g = (PUBLISHED / "webpbn-0021.g").read_text()
    for name in ("x.txt", "x", "-", "x.dat"):
        assert detect_format(name, xml) == "webpbn"
        assert detect_format(name, g) == "g"


def test_a_puzzleset_holds_several_puzzles_and_saved_cells_are_known():
    one = dumps(Puzzle(grid_clues(np.eye(2, dtype=bool))), "webpbn")
    body = one.split("<puzzleset>")[1].split("</puzzleset>")[0]
    saved = body.replace("</puzzle>", '<solution type="saved"><image>|X?|?.|</image></solution></puzzle>')
    text = one.split("<puzzleset>")[0] + "<puzzleset>" + body + saved + "</puzzleset>"
    ps = parse_puzzles(text, "webpbn")
    assert len(ps) == 2 and ps[0].known is None
    assert ps[1].known.tolist() == [[1, -1], [-1, 0]]


def test_g_empty_lines_and_the_closing_colon():
    c, _ = olsak.parse(": rows\n1\n\n: columns\n1\n\n: end\n")
    assert c.rows == ((1,), ()) and c.cols == ((1,), ())
    c, _ = olsak.parse(": rows\n1\n: columns\n1\n\n\n")     # no closing ':': trailing blanks dropped
    assert c.cols == ((1,),)
    assert webpbn.sniff("<?xml version='1.0'?>\n<puzzleset>") and not webpbn.sniff("width 3")


def test_entity_expansion_bombs_are_refused_in_one_line():
    """Nested entities ('billion laughs') stop at expat's amplification limit: a user error."""
    ents = '<!ENTITY a0 "lol">' + "".join(f'<!ENTITY a{i} "{("&a%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    text = f'<?xml version="1.0"?><!DOCTYPE p [{ents}]><puzzleset><puzzle><title>&a9;</title></puzzle></puzzleset>'
    with pytest.raises(UserError) as e:
        parse_puzzles(text, "webpbn", "bomb.xml")
    assert "malformed XML" in str(e.value) and "\n" not in str(e.value)
