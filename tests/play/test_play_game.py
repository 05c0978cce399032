"""The terminal game's logic, driven by keys with no terminal: moves, marks, painting, undo and
redo, the solved check, the per-number dimming and the clock."""
from generator.play.game import BLANK, CROSSED, FILLED, Game

from playkit import HEART, puzzle, solving_keys


def new_game(rows=HEART):
    return Game(puzzle(rows).clues, "heart")


def test_solve_a_puzzle_by_keys():
    p = puzzle()
    g = Game(p.clues, p.name)
    keys = solving_keys(p.solution)
    last = len(keys) - 1 - keys[::-1].index(" ")
    g.keys(keys[:last])
    assert not g.solved
    g.keys(keys[last:])
    assert g.solved
    assert g.filled_grid() == p.solution.tolist()
    g.key(" ")                                  # a solved board takes no more marks
    assert g.filled_grid() == p.solution.tolist()


def test_moves_jumps_and_edges():
    g = Game(puzzle(["." * 12] * 12, None).clues)
    g.keys(["l", "right", "j", "down"])
    assert (g.cy, g.cx) == (2, 2)
    g.key("L")
    assert (g.cy, g.cx) == (2, 7)
    g.key("shift-down")
    assert (g.cy, g.cx) == (7, 7)
    g.keys(["L", "J"])                          # stops at the edge
    assert (g.cy, g.cx) == (11, 11)
    g.keys(["0", "g"])
    assert (g.cy, g.cx) == (0, 0)
    g.keys(["$", "G", "h", "k", "H", "K"])
    assert (g.cy, g.cx) == (5, 5)
    assert not g.key("?")                       # unknown keys are refused, not errors


def test_fill_cross_erase_toggle_like_the_cart():
    g = new_game()
    g.key(" ")
    assert g.marks[0][0] == FILLED
    g.key(" ")                                  # again: clears
    assert g.marks[0][0] == BLANK
    g.key("x")
    assert g.marks[0][0] == CROSSED
    g.key(" ")                                  # fill over a cross
    assert g.marks[0][0] == FILLED
    g.key("e")
    assert g.marks[0][0] == BLANK


def test_paint_mode_paints_the_last_change_along_the_way():
    g = new_game()
    g.keys(["j", "x", "l", "l", "x", "0"])      # crosses at (1,0) and (1,2)
    g.keys([" ", "p", "$"])                     # a crossed cell filled: the stroke is x -> fill
    assert g.marks[1] == [FILLED, BLANK, FILLED, BLANK, BLANK]    # only crossed cells change
    g.keys(["p", "k", "0", " ", "p", "$", "p"])  # a fresh stroke on row 0: blank -> filled
    assert g.marks[0] == [FILLED] * 5
    g.keys(["h", "h"])                          # paint off: moving changes nothing
    assert g.marks[0] == [FILLED] * 5
    g.keys([" ", "p", "0"])                     # a clear stroke: filled -> blank
    assert g.marks[0] == [BLANK, BLANK, BLANK, FILLED, FILLED]


def test_undo_and_redo():
    g = new_game()
    g.keys([" ", "l", "x", "l", " ", "p", "$", "p"])
    after = [r[:] for r in g.marks]
    assert g.marks[0] == [FILLED, CROSSED, FILLED, FILLED, FILLED]
    g.key("u")                                  # the painting move is one step
    assert g.marks[0] == [FILLED, CROSSED, FILLED, BLANK, BLANK]
    g.keys(["u", "u"])
    assert g.marks[0] == [FILLED, BLANK, BLANK, BLANK, BLANK]
    assert (g.cy, g.cx) == (0, 1)               # the cursor goes back to the change
    g.keys(["ctrl-r", "ctrl-r", "ctrl-r"])
    assert g.marks == after
    g.key("u")                                  # the cursor goes back to (0, 3)
    g.key("x")                                  # a new change drops what could be redone
    g.key("ctrl-r")
    assert g.marks[0][3] == CROSSED and g.marks[0][4] == BLANK
    for _ in range(10):
        g.key("u")
    assert all(v == BLANK for row in g.marks for v in row)
    g.key("u")                                  # nothing left: no error


def test_clear_is_one_undo_step():
    g = new_game()
    g.keys([" ", "j", "x"])
    g.clear()
    assert all(v == BLANK for row in g.marks for v in row)
    g.key("u")
    assert g.marks[0][0] == FILLED and g.marks[1][0] == CROSSED


def test_dimmed_clue_numbers_follow_the_marks():
    g = Game(puzzle(["##.#.", ".....", "#####", "....#", "#...#"], None).clues)
    assert g.row_dimmed(0) == (False, False)
    g.keys([" ", "l", " "])                     # 2 of "2 1": placed (it can only be 0-1)
    assert g.row_dimmed(0) == (True, False)
    assert g.row_dimmed(1) == (True,)           # the 0 of an empty row, until it gets a fill
    g.keys(["j", " "])
    assert g.row_dimmed(1) == (False,)
    g.key(" ")                                  # cleared again
    assert g.col_dimmed(1) == (True, False)     # column 1 is "1 1": cell 0 is its first 1
    g.keys(["j", " "])
    assert g.col_dimmed(1) == (True, True)
    g.keys(["j", "j", " "])                     # a third fill: "1 1" cannot fit any more
    assert g.col_dimmed(1) == (False, False)


def test_the_clock_stops_once_solved():
    p = puzzle()
    g = Game(p.clues)
    g.tick(3)
    g.tick(-5)                                  # a clock going backwards adds nothing
    assert g.elapsed == 3
    g.keys(solving_keys(p.solution))
    g.tick(10)
    assert g.solved and g.elapsed == 3


def test_solved_means_the_clues_match_not_the_stored_picture():
    # two solutions to these clues: either diagonal is solved
    p = puzzle(["#.", ".#"])
    g = Game(p.clues)
    g.keys(["l", " ", "j", "h", " "])
    assert g.solved
