"""Per-number clue dimming, held to brute force: a run is placed when every placement of the
clue that agrees with the marks puts it in the same cells, and the player filled them."""
import itertools

import pytest

from generator.play.dimming import dimmed, run_starts
from generator.solver.clues import line_clue


def placements(clue, n, filled, empty):
    """Every line of n cells with this clue that agrees with the marks, as its runs' starts."""
    out = []
    for bits in itertools.product((0, 1), repeat=n):
        m = sum(b << i for i, b in enumerate(bits))
        if line_clue(bits) != clue or m & empty or filled & ~m:
            continue
        starts, i = [], 0
        while i < n:
            if bits[i] and (i == 0 or not bits[i - 1]):
                starts.append(i)
            i += 1
        out.append(starts)
    return out


def brute_dimmed(clue, n, filled, empty):
    ps = placements(clue, n, filled, empty)
    if not clue:
        return (filled == 0,)
    if not ps:
        return (False,) * len(clue)
    out = []
    for j, length in enumerate(clue):
        starts = {p[j] for p in ps}
        cells = ((1 << length) - 1) << min(starts)
        out.append(len(starts) == 1 and filled & cells == cells)
    return tuple(out)


def clues_of(n):
    return sorted({line_clue(bits) for bits in itertools.product((0, 1), repeat=n)})


@pytest.mark.parametrize("n", range(1, 7))
def test_dimming_matches_brute_force_on_every_marking(n):
    for clue in clues_of(n):
        for marks in itertools.product((0, 1, 2), repeat=n):
            f = sum(1 << i for i, v in enumerate(marks) if v == 1)
            e = sum(1 << i for i, v in enumerate(marks) if v == 2)
            assert dimmed(clue, n, f, e) == brute_dimmed(clue, n, f, e), (clue, marks)


def test_run_starts_lists_where_each_run_can_go():
    # 10 cells, clue 3 1; cells 0-2 filled, cell 3 crossed: the 3 is placed, the 1 can go 4..9
    assert run_starts((3, 1), 10, 0b111, 0b1000, 0) == [0]
    assert run_starts((3, 1), 10, 0b111, 0b1000, 1) == [4, 5, 6, 7, 8, 9]
    assert dimmed((3, 1), 10, 0b111, 0b1000) == (True, False)


def test_examples():
    assert dimmed((), 5, 0, 0) == (True,)                   # an empty line's 0, until a fill
    assert dimmed((), 5, 0b100, 0) == (False,)
    assert dimmed((5,), 5, 0, 0) == (False,)                # forced but not filled in yet
    assert dimmed((5,), 5, 0b11111, 0) == (True,)
    assert dimmed((1, 1), 5, 0b1, 0) == (True, False)       # cell 0 can only be the first 1
    assert dimmed((1, 1), 5, 0b10001, 0) == (True, True)
    assert dimmed((1, 1), 5, 0b111, 0) == (False, False)    # marks that fit no placement
    assert dimmed((2,), 5, 0b100, 0) == (False,)            # 2 covers cell 2 from 1 or 2


def test_fast_enough_for_every_key_on_15x15():
    import time
    t = time.process_time()        # CPU seconds: a loaded machine does not stretch them
    for f in range(0, 1 << 15, 97):
        dimmed.__wrapped__((3, 1, 4, 2), 15, f & 0x5a5a, f & 0x2121 & ~(f & 0x5a5a))
    assert time.process_time() - t < 5
