"""generator.cartbuild.rowtiers: which 15x15 boards' rows the cart draws in two tiers of 3x5 digits.
The rule against the cart's own drawing is held in tests/cart/test_legibility.py (every packed
board, from the pixels); here its edges, on boards made to sit on them."""
from __future__ import annotations

from generator.cartbuild.rowtiers import LEFT_ROOM, in_two_tiers, reach, rows_line


def board(pairs):
    """15 rows: clue a on the odd rows (from 1), b on the even ones."""
    a, b = pairs
    return [list(a) if i % 2 == 0 else list(b) for i in range(15)]


def test_a_clue_reaches_over_its_numbers_and_gaps():
    assert reach([], False) == 4                     # an empty line shows a 0
    assert reach([3], False) == 4
    assert reach([12], False) == 6
    assert reach([2, 3], False) == 4 + 4 + 5         # up to 5 numbers: 5 px gaps
    assert reach([1] * 8, False) == 8 * 4 + 7 * 1    # 8 numbers: 126 // 8 // 8 = 1
    assert reach([1, 2], True) == reach([1, 2], False) + 6
    assert reach([1], True) == reach([1], False)     # a lone 1 is not a row of 1s
    assert reach([2, 1], True) == reach([2, 1], False)


def test_rows_fit_while_two_side_by_side_reach_less_than_the_room():
    wide = [12, 2, 2, 2, 2, 2]                        # 6 + 5 * 4 and 5 gaps of 126 // 6 // 6 = 3
    assert reach(wide, False) == 41
    assert in_two_tiers(board(([3], wide)))           # 4 + 41 = 45
    assert not in_two_tiers(board(([12], wide)))      # 6 + 41 = 47
    assert in_two_tiers(board(([12], [2, 2, 2, 2, 2])))   # 6 + 40 = 46


def test_the_left_tier_moves_to_the_odd_rows_where_the_even_ones_do_not_fit():
    ones, short = [1, 1, 1, 1], [9, 9]                # 16 + 3 * 5 = 31 (37 as a left-tier clue); 13
    assert reach(ones, True) + reach(short, False) >= LEFT_ROOM
    assert reach(ones, False) + reach(short, True) < LEFT_ROOM
    assert in_two_tiers(board((ones, short)))         # the even rows, short, the left tier
    assert in_two_tiers(board((short, ones)))         # the even rows would not do: the odd ones


def test_rows_of_many_numbers_side_by_side_never_fit():
    assert not in_two_tiers([[1, 1, 1, 1, 1]] * 15)
    assert not in_two_tiers(board(([1, 1, 1], [1, 3, 1])))


def test_smaller_boards_and_empty_ones_always_fit():
    assert in_two_tiers([[1, 1, 1, 1, 1]] * 10)
    assert in_two_tiers([[]] * 15)


def test_the_build_names_the_boards_in_4x4_digits_by_world():
    fits, packed = board(([3], [2, 2])), [[1, 1, 1, 1, 1]] * 15
    line = rows_line([("spires", 1, None, fits), ("spires", 2, "maze", packed), ("spires", 3, None, [[1]] * 5),
                      ("lookout", 9, None, packed), ("lookout", 10, "owl", fits)])
    assert line == ("15x15 rows: 2 of 4 boards in two tiers of 3x5 digits, 2 in 4x4 digits (rows too "
                    "long side by side): spires 2 maze; lookout 9")
    assert rows_line([("spires", 1, None, fits)]) == "15x15 rows: 1 of 1 boards in two tiers of 3x5 digits"
    assert rows_line([("spires", 1, None, [[1]] * 5)]) == "15x15 rows: no 15x15 boards"
