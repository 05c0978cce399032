"""The on-screen menu: with no pause button (a mouse, a touch screen, a host without one) 🅾️ and
❎ pressed together open the pause menu's own items (one list feeds both) in a box over the
screen, 🅾️ by the item it runs and ❎ by the next; in a puzzle and the editor the option toggles
follow them there alone (PICO-8's pause menu holds five items); a puzzle, endless and the editor
can all be left that way, and the title's ❎ opens the options."""
import numpy as np
import pytest

from generator.playtest.player import Player

from cartfixtures import START, STATUS_Y, printed_at, question_box_bottom

O, X = "\x8e", "\x97"
# the options, as the on-screen menu of a puzzle or the editor lists them after the pause menu's
TOGGLES = ["music: on", "auto-check: off", "auto-cross: off", "double tap: off"]


def box_on_screen(p: Player) -> bool:
    """Is the question's box on the screen (its border one colour all round)?"""
    return question_box_bottom(p.c.rgb()) is not None


def shown(p: Player) -> list[tuple[str, str]]:
    """The menu's lines as shown: (marker, label); marker O (the item o runs, which also says
    "x close") or "" (blank)."""
    text = p.g("question")
    assert text, "no menu on the screen"
    lines = [ln for ln in str(text).split("\n") if ln[:1] == O or ln.startswith("   ")]   # (no help)
    tail = f"  {X} close"
    for ln in lines:
        assert (ln[0] == O) == ln.endswith(tail), ln                     # x's word by o's item only
    return [(O, ln[2:-len(tail)]) if ln[0] == O else ("", ln[3:]) for ln in lines]


def chord(p: Player) -> None:
    p.c.step(["o", "x"])
    p.idle(2)


def paint_right(p: Player, x: int, y: int, steps: int) -> None:
    """A stroke held on o from cell x, y, stepping right `steps` times (o kept down)."""
    p.move_to(x, y)
    p.idle(8)
    p.c.step(["o"])
    for _ in range(steps):
        p.c.run_frames(3, ["o", "right"])
        p.c.run_frames(3, ["o"])


def choose(p: Player, label: str) -> None:
    """Press ⬇️ until 🅾️ stands by `label`, then 🅾️."""
    for _ in range(6):
        if dict((b, a) for a, b in shown(p)).get(label) == O:
            break
        p.press("down")
    p.press("o")


def test_o_and_x_together_show_the_pause_menus_items_on_screen(built_cart):
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    p.idle(2)
    assert not box_on_screen(p)
    chord(p)
    assert box_on_screen(p)
    items = list(p.c.menu_items().values())
    assert items == ["undo", "redo", "hint", "clear board", "leave puzzle"]
    assert [label for _, label in shown(p)] == items + TOGGLES
    assert [m for m, _ in shown(p)] == [O] + [""] * 8
    p.press("down")                                # o by redo
    assert [m for m, _ in shown(p)][:3] == ["", O, ""]
    assert not p.board().any()                     # nothing marked under the menu
    p.press("x")                                   # x closes it, as picross s's b: back on the board
    assert not p.g("question") and p.on("play_update")
    p.idle(2)
    assert not box_on_screen(p) and not p.board().any()


def menu_over_a_fill(cart_path) -> Player:
    """The first 15x15 puzzle with one cell filled, then the on-screen menu opened by o and x
    together."""
    p = Player(cart_path)
    p.open_puzzle(0, START)
    p.press("o")
    assert p.board().sum() == 1
    p.idle(8)
    chord(p)
    return p


def test_the_menu_leaves_a_puzzle_and_its_undo_undoes(built_cart):
    """Undo from the on-screen menu undoes and, as the pause menu does, leaves the menu open on
    it for more (a player had to open it again for every undo); x closes it."""
    p = menu_over_a_fill(built_cart.path)
    choose(p, "undo")
    assert not p.board().any() and box_on_screen(p) and shown(p)[0] == (O, "undo")
    p.press("o")                                   # again: nothing left, "no undo"
    assert box_on_screen(p) and shown(p)[0] == (O, "undo")
    p.press("x")
    assert not p.g("question")
    chord(p)
    choose(p, "leave puzzle")
    p.idle(2)
    assert p.on("puzzles_update")


def test_the_chord_takes_back_the_mark_its_first_button_made(built_cart):
    """o up to 4 frames before x (as hands press "together"): the fill o made is undone, the
    menu opens; o and x in the same frame mark nothing. The take-back is not said: "undo"
    under the clock made a player think the chord had undone a step of theirs."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    p.move_to(3, 3)
    p.press("x")                                   # a mark that stays
    p.move_to(4, 3)
    p.idle(8)
    before = p.board()
    p.c.step(["o"])
    p.c.step(["o"])
    assert p.board()[3, 4] == 1
    p.c.step(["o", "x"])
    p.idle(2)
    assert (p.board() == before).all() and p.g("question")
    for _ in range(5):                             # x past the last item: closed
        p.press("x")
    assert not p.g("question") and (p.board() == before).all()
    p.idle(8)
    p.c.step(["x"])                                # x first, then o: the cross goes
    p.c.step(["x", "o"])
    p.idle(2)
    assert (p.board() == before).all() and p.g("question")
    for _ in range(5):
        p.press("x")
    p.idle(8)
    p.c.step(["o"])                                # x 4 frames after o (133 ms: a player's
    p.c.run_frames(3, ["o"])                       # o+x, o 80 ms first, was no chord at 3)
    assert p.board()[3, 4] == 1
    p.c.step(["o", "x"])
    p.idle(2)
    assert (p.board() == before).all() and p.g("question")
    assert "undo" not in printed_at(p, STATUS_Y), printed_at(p, STATUS_Y)


@pytest.mark.parametrize("filled", [0, 1])
def test_redo_from_the_chords_menu_brings_back_the_stroke_undone(built_cart, filled):
    """A stroke painted, undone (left+right), then the menu opened by o+x and its redo chosen:
    the whole stroke comes back. The chord's o marks the cursor's cell a frame before x and is
    taken back; that mark ended what could be redone, so redo brought back the chord's own cell
    (play-through 17: "only the cursor cell came back"; on a filled cell, redo emptied it).
    `filled`: the cell under the chord blank (0), or filled by an earlier step (1): o clears it."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START + 30)                   # a 15x15
    if filled:
        p.move_to(8, 8)
        p.press("o")
    paint_right(p, 2, 5, 2)
    p.idle(8)
    stroke = p.board().copy()
    assert stroke[5, 2:5].tolist() == [1, 1, 1] and stroke.sum() == 3 + filled
    p.c.step(["left", "right"])                    # undo
    p.idle(8)
    assert p.board().sum() == filled
    p.move_to(8, 8)
    p.idle(8)
    p.c.step(["o"])                                # o a frame before x, as hands press together
    p.c.step(["o", "x"])
    p.idle(2)
    assert p.g("question") and p.board().sum() == filled
    p.press("down")                                # o by redo
    p.press("o")
    p.idle(2)
    assert (p.board() == stroke).all(), p.board()[5]


def test_a_stroke_held_over_an_undo_goes_on_in_a_step_of_its_own(built_cart):
    """Undo from the pause menu while o still paints: the cells the stroke marks afterwards are
    a step of their own, which the next undo takes back (they were added to the step undone,
    or to none, and could not be undone)."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START + 30)
    paint_right(p, 2, 5, 1)
    assert p.board()[5, 2:4].tolist() == [1, 1]
    p.c.exec("undo()")                             # the pause menu's undo, o held on
    p.c.run_frames(3, ["o"])
    assert p.board().sum() == 0
    p.c.run_frames(3, ["o", "right"])              # the stroke goes on to (4, 5)
    p.c.run_frames(3, ["o"])
    p.idle(8)
    assert p.board().sum() == 1 and p.board()[5, 4] == 1
    p.c.step(["left", "right"])                    # undo: the cell painted after the undo
    p.idle(8)
    assert p.board().sum() == 0


def test_x_pressed_while_o_paints_a_stroke_is_no_chord(built_cart):
    """A stroke held on o for a while, then x: no menu, and the stroke stays (the chord's undo
    takes back only a mark made a frame or two before)."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    paint_right(p, 0, 0, 3)
    painted = p.board().copy()
    assert painted[0].sum() >= 3
    p.c.step(["o", "x"])
    p.idle(2)
    assert not p.g("question")
    assert (p.board()[0] >= painted[0]).all() and (p.board()[0] == 1).sum() == painted[0].sum()


def test_endless_can_be_left_without_the_pause_menu(built_cart):
    p = Player(built_cart.path)
    p.open_endless()
    p.idle(2)
    chord(p)
    assert box_on_screen(p)
    choose(p, "leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")


def test_the_editor_can_be_left_and_its_menu_is_its_own(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    p.to_create()
    p.press("o")
    assert p.on("play_update") and p.g("mode") == "edit"
    p.idle(2)
    chord(p)
    assert list(p.c.menu_items().values()) == ["undo", "redo", "play it", "share code", "leave puzzle"]
    assert [label for _, label in shown(p)] == list(p.c.menu_items().values()) + TOGGLES
    choose(p, "leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")


def test_the_titles_x_opens_the_options(built_cart):
    store: dict = {}
    p = Player(built_cart.path, store)
    p.idle(2)
    p.press("x")
    assert box_on_screen(p) and p.on("title_update")
    assert [label for _, label in shown(p)] == list(p.c.menu_items().values()) == \
        ["music: on", "auto-check: off", "auto-cross: off", "double tap: off"]
    choose(p, "auto-check: off")
    assert int(p.g("options")) == 2 and list(p.c.menu_items().values())[1] == "auto-check: on"
    # (the menu stays open, o still by the option chosen: the test below)
    assert [(m, label) for m, label in shown(p)][1] == (O, "auto-check: on")


def on_screen(p: Player) -> str:
    """The box's lines as the last frame printed them (the question is printed whole)."""
    p.idle(1)
    return p.c.text()


def test_the_dpad_moves_the_menus_choice_and_undo_comes_first(built_cart):
    """Up and down move 🅾️ over the items (stopping at the first and the last, as the create
    page's choice does), 🅾️ runs the one it stands by; in a puzzle undo is the first item, the
    most used."""
    p = menu_over_a_fill(built_cart.path)
    assert shown(p)[0] == (O, "undo")
    p.press("down")
    assert [m for m, _ in shown(p)] == ["", O] + [""] * 7 and f"{O} redo" in str(p.g("question"))
    assert "🅾️ redo  ❎ close" in on_screen(p)
    p.press("up")
    p.press("up")                                  # up from the first: still the first
    assert shown(p)[0] == (O, "undo")
    for _ in range(9):
        p.press("down")                            # down from the last: still the last
    assert shown(p)[-1] == (O, "double tap: off") and "🅾️ double tap: off  ❎ close" in on_screen(p)
    for _ in range(4):
        p.press("up")
    assert shown(p)[4] == (O, "leave puzzle") and "🅾️ leave puzzle  ❎ close" in on_screen(p)
    for _ in range(4):
        p.press("up")
    assert shown(p)[0] == (O, "undo")
    assert p.board().sum() == 1                    # the d-pad moved the menu, not the cursor
    p.press("o")
    assert not p.board().any() and shown(p)[0] == (O, "undo")   # undone, the menu open for more


def test_the_dpad_moves_the_editors_menu_too(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    p.to_create()
    p.press("o")
    assert p.g("mode") == "edit"
    p.idle(2)
    chord(p)
    for _ in range(4):
        p.press("down")                            # from undo down to leave, the toggles after it
    assert shown(p)[4] == (O, "leave puzzle")
    p.press("o")
    p.idle(2)
    assert p.on("worlds_update")


def test_the_titles_options_menu_stays_open_and_says_what_each_does(built_cart):
    """A choice toggles its option and leaves the menu open on it (players wanted to set
    several); under the items the box says "up/down: choose" and what the item by 🅾️ does."""
    p = Player(built_cart.path, {})
    p.idle(2)
    p.press("x")
    said = on_screen(p)
    assert "up/down: choose" in said and "plays the worlds' tunes" in said, said
    p.press("down")
    assert "shows wrong fills" in on_screen(p)
    p.press("o")
    assert int(p.g("options")) == 2 and box_on_screen(p)
    assert shown(p)[1] == (O, "auto-check: on")
    p.press("down")
    said = on_screen(p)
    assert "crosses solved lines" in said and "🅾️ auto-cross: off" in said, said
    p.press("o")
    assert int(p.g("options")) == 6 and shown(p)[2] == (O, "auto-cross: on") and box_on_screen(p)
    chord(p)                                       # o and x together close it
    assert not p.g("question") and not box_on_screen(p) and int(p.g("options")) == 6
    # from PICO-8's own pause menu a toggle opens no box
    p.c.choose_menuitem("music: on")
    p.idle(2)
    assert int(p.g("options")) == 7 and not p.g("question") and not box_on_screen(p)


@pytest.mark.parametrize("where", ["puzzle", "editor"])
def test_the_screen_says_how_to_open_it(built_cart, where):
    """Where "pause: menu" was: 🅾️+❎ menu (the puzzle, under the clock; the editor, in its
    verdict's turns), and on the title."""
    p = Player(built_cart.path)
    p.idle(2)
    said = p.c.text()
    p.press("o")
    p.to_create()
    said += p.recent_text(2)
    if where == "puzzle":
        p = Player(built_cart.path)
        p.open_puzzle(0, START)
    else:
        p.press("o")
    p.c.exec("redraw=true")
    p.idle(120)
    said += p.recent_text(120)
    assert "pause" not in said
    assert said.count("🅾️+❎ menu") >= 3, said


def test_a_click_on_o_x_menu_opens_it_for_a_mouse_alone(built_cart):
    """A mouse alone: a left click on "🅾️+❎ menu" (or the clock, the preview: the board's top
    left) opens the menu, the pointer moved over an item puts 🅾️ by it, a left click runs it and
    a right click closes the menu; clicks by the row or column clues still do nothing."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    p.idle(2)

    def click(x, y, b=1):
        p.c.step([], mouse=(x, y, 0))
        p.c.step([], mouse=(x, y, b))
        p.c.step([], mouse=(x, y, 0))
        p.idle(1)

    click(20, 60)                                  # row clues
    click(70, 20, 2)                               # column clues
    assert not p.g("question") and not p.board().any()
    click(30, 47)                                  # the words under the clock
    assert p.g("question") and box_on_screen(p)
    assert [m for m, _ in shown(p)] == [O] + [""] * 8   # (the pointer, still, picks nothing)
    click(30, 47, 2)                               # right: closed, choosing nothing
    assert not p.g("question") and not p.board().any()
    click(30, 47)
    for y, k in ((66, 2), (60, 1), (84, 5)):       # over item k's line (6 px from y 58)
        p.c.step([], mouse=(40, y, 0))
        p.idle(1)
        assert [m for m, _ in shown(p)][k - 1] == O, (y, k)
    click(40, 84)
    p.idle(2)
    assert p.on("puzzles_update")


def _text_right_edge(p):
    """The rightmost x in the status line (STATUS_Y, 5 px) left of the board that is not the
    backdrop (there, only the status text stands on it)."""
    line = p.c.screen()[STATUS_Y:STATUS_Y + 5, :52]
    xs = np.nonzero((line != line[2, 0]).any(axis=0))[0]
    return int(xs.max()) if len(xs) else -1


@pytest.mark.parametrize("where", ["puzzle", "editor"])
def test_the_menu_words_stand_clear_of_the_first_columns_clues(built_cart, where):
    """"🅾️+❎ menu" under the clock, and the editor's "🅾️+❎ menu", stand on the line of the
    lowest column clues: 6 px or more before the first column's clue (from x 53), where a
    player read "menu15" at 1-4 px and "menu: 2" at 5."""
    p = Player(built_cart.path)
    p.idle(2)
    if where == "puzzle":
        p.open_puzzle(0, START)
        frames = 60
    else:
        p.press("o")
        p.to_create()
        for _ in range(3):
            p.press("up")
        p.press("o")                              # the 5x5 design
        p.press("o")                              # one fill: solvable, so its turns name the menu
        frames = 150
    right = -1
    for _ in range(frames):
        p.idle(1)
        if "menu" in p.recent_text(1):
            right = max(right, _text_right_edge(p))
    assert 0 < right <= 53 - 7, right


def test_o_and_x_together_close_the_menu_choosing_nothing(built_cart):
    """The chord that opens the menu closes it: nothing is run (the hint by 🅾️ is not spent)."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    p.idle(8)
    chord(p)
    assert p.g("question")
    chord(p)
    assert not p.g("question") and not p.g("hint_maker") and not p.board().any()
    p.idle(2)
    assert not box_on_screen(p)


def test_a_tap_after_o_is_a_step_not_a_jump(built_cart):
    """right, o, right as quick as a double tap: two steps and a fill between, no jump past the
    next guide line (an o or x press in between makes the second tap a tap of its own)."""
    p = Player(built_cart.path)
    p.open_puzzle(0, START)
    p.move_to(0, 0)
    p.idle(8)
    p.c.step(["right"])
    p.c.step([])
    p.c.step(["o"])
    p.c.step([])
    p.c.step(["right"])
    p.idle(2)
    assert (int(p.g("cursor_x")), int(p.g("cursor_y"))) == (2, 0)
    assert p.board()[0, 1] == 1
