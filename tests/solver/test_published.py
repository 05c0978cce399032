"""Published puzzles (tests/data/published, with their credits): each solved and classified
correctly, well within 10 s; answers checked without trusting the classifier."""
import time
from pathlib import Path

import pytest

from generator.formats.puzzlefile import read_puzzle
from generator.solver.clues import grid_clues
from generator.solver.verdict import MULTIPLE, UNIQUE, verdict

PUBLISHED = Path(__file__).resolve().parents[1] / "data" / "published"
EXPECTED = {   # file: (line logic's status, classification)
    "webpbn-0001.non": ("solved", UNIQUE), "webpbn-0001.xml": ("solved", UNIQUE),
    "webpbn-0006.non": ("solved", UNIQUE), "webpbn-0016.non": ("solved", UNIQUE),
    "webpbn-0021.non": ("solved", UNIQUE), "webpbn-0021.g": ("solved", UNIQUE),
    "webpbn-0529.non": ("solved", UNIQUE),
    "gnonograms-at.non": ("stalled", UNIQUE), "gnonograms-tux.non": ("stalled", MULTIPLE),
}


def test_every_stored_puzzle_is_listed():
    stored = {p.name for p in PUBLISHED.iterdir() if p.suffix in (".non", ".xml", ".g")}
    assert stored == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_published_puzzle_is_classified_correctly_in_seconds(name):
    p = read_puzzle(str(PUBLISHED / name))
    t = time.process_time()
    v = verdict(p.clues, p.known)
    assert time.process_time() - t < 10
    assert (v.status, v.classification) == EXPECTED[name]
    for s in v.solutions:
        assert grid_clues(s) == p.clues
    if v.classification == UNIQUE and p.solution is not None:
        assert (v.solution == p.solution).all()          # the author's goal
    if v.classification == MULTIPLE:
        assert (v.solutions[0] != v.solutions[1]).any()
