"""generator.cartbuild.cluetiers: which 15x15 boards' rows the cart draws in two tiers of 3x5 digits,
and whose column tiers share lines.
The rule against the cart's own drawing is held in tests/cart/test_legibility.py (every packed
board, from the pixels); here its edges, on boards made to sit on them."""
from __future__ import annotations

from generator.cartbuild.cluetiers import (COLUMN_LINES, LEFT_ROOM, column_pitch, columns_apart, columns_line,
                                          crowded_rows, in_two_tiers, left_tier, reach, rows_line, tiers_lines)


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
    assert left_tier(board((ones, short))) == 0       # the even rows, short, the left tier
    assert left_tier(board((short, ones))) == 1       # the even rows would not do: the odd ones
    assert left_tier([[1, 1, 1, 1, 1]] * 15) is None and left_tier([[1, 1, 1, 1, 1]] * 10) == 0


def test_each_tier_is_as_wide_as_its_widest_row_not_its_neighbours():
    """The tiers are straight: a wide left-tier row far from a wide right-tier row still pushes
    every left-tier row past it, though no two rows side by side reach 47 px."""
    rows = [[5]] * 15
    rows[1], rows[14] = [2, 2, 2, 2], [2, 2, 2]       # 31 on the even rows, 22 on the odd ones
    assert all(reach(a, False) + reach(b, False) < LEFT_ROOM for a, b in zip(rows, rows[1:]))
    assert not in_two_tiers(rows)                     # 31 + 22 = 53 either way round
    rows[14] = [2, 2]                                 # 31 + 13 = 44
    assert in_two_tiers(rows)


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
                    "long for two tiers): spires 2 maze; lookout 9")
    flipped = board(([1, 1, 1, 1], [9, 9]))[1:] + [[9, 9]]         # the odd rows short: the flip
    assert left_tier(flipped) == 1
    assert rows_line([("spires", 1, None, fits), ("lookout", 4, "owl", flipped), ("lookout", 5, None, packed)]) == (
        "15x15 rows: 2 of 3 boards in two tiers of 3x5 digits, 1 with the odd rows on the left: lookout 4 owl, "
        "1 in 4x4 digits (rows too long for two tiers): lookout 5")
    assert rows_line([("spires", 1, None, fits)]) == "15x15 rows: 1 of 1 boards in two tiers of 3x5 digits"
    assert rows_line([("spires", 1, None, [[1]] * 5)]) == "15x15 rows: no 15x15 boards"


def test_column_tiers_are_apart_while_their_tallest_stacks_fill_8_lines():
    cols = [[1]] * 15
    cols[2], cols[5] = [1] * 4, [1] * 4                 # odd column 3, even column 6
    assert columns_apart(cols)                          # 4 + 4 = 8
    cols[5] = [1] * 5
    assert not columns_apart(cols)                      # 4 + 5 = 9
    cols[2] = []                                        # an empty column shows a 0: one line
    assert columns_apart(cols) and 1 + 5 <= COLUMN_LINES
    assert columns_apart([[1] * 8] * 10)                # 10x10 columns are not lifted


def test_column_lines_stand_6_px_apart_only_where_the_tiers_fill_8_lines():
    cols = [[1]] * 15
    cols[2], cols[5] = [1] * 4, [1] * 3                 # odd column 3, even column 6 (from 1)
    assert tiers_lines(cols) == 7 and column_pitch(cols) == 7
    cols[5] = [1] * 4
    assert tiers_lines(cols) == 8 and column_pitch(cols) == 6 and columns_apart(cols)
    cols[5] = [1] * 6                                   # sharing lines: 6 px too
    assert column_pitch(cols) == 6 and not columns_apart(cols)
    cols = [[1]] * 15
    cols[0] = [1] * 6                                   # one tier alone: 6 + 1
    assert column_pitch(cols) == 7
    assert column_pitch([[1] * 5] * 10) == 7            # 10x10 columns are not lifted


def test_the_build_names_the_boards_whose_column_tiers_share_lines():
    tall = [[1, 1, 1, 1, 1]] * 15
    line = columns_line([("spires", 1, None, [[3]] * 15), ("spires", 2, "lighthouse", tall),
                         ("lookout", 9, None, tall), ("lookout", 10, None, [[1]] * 5)])
    assert line == ("15x15 columns: 1 of 3 boards in two tiers apart on 7 px lines, 2 sharing lines "
                    "(stacks too tall): spires 2 lighthouse; lookout 9")
    assert columns_line([("spires", 1, None, [[3]] * 15)]) == (
        "15x15 columns: 1 of 1 boards in two tiers apart on 7 px lines")
    four = [[1, 1, 1, 1]] * 15                           # 4 and 4: apart, on 6 px lines
    assert columns_line([("spires", 1, None, [[3]] * 15), ("lookout", 37, "beehive", four),
                         ("lookout", 9, None, tall)]) == (
        "15x15 columns: 1 of 3 boards in two tiers apart on 7 px lines, 1 on 6 px lines (the tiers' "
        "tallest stacks 8 numbers): lookout 37 beehive, 1 sharing lines (stacks too tall): lookout 9")
    assert columns_line([("spires", 1, None, [[1]] * 5)]) == "15x15 columns: no 15x15 boards"


def test_the_build_names_the_boards_with_rows_too_many_to_count():
    five, six = board(([1, 1, 1, 1, 1], [3])), board(([1, 1, 1, 1, 1, 1], [3]))
    assert not crowded_rows(five) and crowded_rows(six)
    assert not crowded_rows([[1] * 6] * 10)             # a 10x10 row has room for its numbers
    assert rows_line([("spires", 1, None, five), ("spires", 34, "paper lantern", six)]) == (
        "15x15 rows: 2 of 2 boards in two tiers of 3x5 digits, 1 with rows of more than 5 numbers "
        "(too close to count): spires 34 paper lantern")
