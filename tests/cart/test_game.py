"""The game, played in the headless console with button presses (generator/playtest/player.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, solve
from generator.playtest.player import Player, solution
from generator.playtest.screenshots import TITLE_FRAME
from generator.cartbuild.sfx import parse_sfx

from cartfixtures import REPO, START, build_cart


def within_budget(p: Player):
    assert p.c.max_instructions <= p.c.budget, f"a frame took {p.c.max_instructions} instructions"


def test_play_a_puzzle_to_the_end_and_find_it_solved_after_a_restart(cart):
    path, manifest = cart
    store = {}
    p = Player(path, store)
    p.idle(2)
    assert "press" in p.c.text()
    p.open_puzzle(0, 0)
    assert not p.board().any()
    sol = solution(manifest, 0)
    p.enter(sol)
    assert p.on("solved_update")
    assert (p.board() == 1).sum() == sol.sum()
    p.idle(45)
    assert "time" in p.c.text()
    within_budget(p)
    # fill and line complete sounds played, from the effects the build packed; the solve's
    # jingle is music pattern 63 (tests/cart/test_cart_music.py)
    played = {n for _, n, *_ in p.c.sfx_calls}
    assert {0, 3} <= played
    assert p.c.music_calls[-1][1] == 63
    effects = parse_sfx((REPO / "cart/sfx.txt").read_text())
    for n in played:
        assert p.c.peek(0x3200 + 68 * n, 68) == effects[n]
    best = p.best(0)
    assert best == int(p.g("play_seconds"))        # to the second

    again = Player(path, store)
    again.idle(2)
    again.press("o")
    again.press("o")                      # puzzle select, on the first unsolved: puzzle 1
    assert again.on("puzzles_update") and int(again.g("puzzle_index")) == 1
    again.press("left")
    assert "best" in again.recent_text()
    assert again.best(0) == best
    assert again.best(1) is None


def test_a_world_opens_its_list_where_it_was_left(cart):
    """A Picross S player back on the world screen and into the world again found its list on
    no. 3, the first unsolved, not on the puzzle they had played: this session, the list opens
    where it was left (a board in progress still first), and on a solved puzzle steps on to the
    next unsolved. A new session: the first unsolved, as before."""
    path, manifest = cart
    store: dict = {}
    p = Player(path, store)
    p.open_puzzle(0, 9)                            # no. 10, looked at, no mark: none in progress
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == 9
    p.press("x")                                   # back to the worlds
    p.press("o")
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == 9
    p.press("left")
    p.press("o")
    p.enter(solution(manifest, 8))                 # no. 9 solved
    p.idle(45)
    p.press("o")                                   # continue: the list, on the next one
    p.press("left")                                # (back on the one just solved)
    p.press("x")
    p.press("o")                                   # left on no. 9, solved: on to no. 10
    assert int(p.g("puzzle_index")) == 9
    again = Player(path, store)                    # a new session
    again.idle(2)
    again.press("o")
    again.press("o")
    assert int(again.g("puzzle_index")) == 0


@pytest.mark.parametrize("world", [0, 1])
def test_a_world_left_on_its_last_puzzle_solved_opens_there(cart, world):
    """A Picross S player solved ember lookout's last puzzle, went back to the worlds and into the
    world again: stepping on from the solved puzzle to the next unsolved, the list walked past
    the world's end, and the cart stopped on an error (no puzzle 255). On every frame from the
    press on, the list's cursor stays in its world and ends on its last puzzle."""
    path, manifest = cart
    p = Player(path, {})
    p.open_puzzle(world, 126)
    last = int(p.g("puzzle"))
    p.enter(solution(manifest, last))
    p.idle(45)
    p.press("o")                                   # continue: the list, on the last puzzle
    p.press("x")                                   # back to the worlds
    first = int(p.exec("return world.first"))
    for f in range(4):
        p.c.step(["o"] if f < 2 else [])           # into the world again
        assert first <= int(p.g("puzzle_index")) <= last, f
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == last


def test_a_puzzle_left_half_done_comes_back(cart):
    path, _ = cart
    store = {}
    p = Player(path, store)
    p.open_puzzle(1, START + 2)                   # a 15x15 board, after the start
    p.move_to(3, 4)
    p.press("o")
    p.move_to(4, 4)
    p.c.step(["x"])
    p.move_to(6, 4, paint="x")            # crosses 4,4 .. 6,4
    p.move_to(10, 11)
    p.press("o")
    before = p.board()
    assert before.sum() == 1 + 2 * 3 + 1
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("puzzles_update")
    within_budget(p)

    again = Player(path, store)
    again.open_puzzle(1, START + 2)
    assert (again.board() == before).all()

    look = Player(path, store)
    look.idle(2)
    look.press("o")
    look.press("right")
    assert f"no. {START + 3} in progress" in look.recent_text()


def test_a_hint_on_a_blank_board_is_the_roulette(cart):
    """Picross S's start: asked first (a player found a row and a column given away with no
    warning; ❎ leaves the board blank), the cursor hops about the board, then the row and the
    column it stops on are marked as the solution has them (fills and crosses), shown on the
    screen and named, in one undo step. On a 15x15 board and a 5x5, in both worlds."""
    path, manifest = cart
    for world, k in ((0, START + 3), (1, 0)):
        p = Player(path)
        p.open_puzzle(world, k)
        first = manifest["worlds"][world]["first"]
        sol, n = solution(manifest, first + k), p.size()
        p.c.choose_menuitem("hint")
        p.idle(1)
        assert "roulette: a random row and\ncolumn shown as solved?" in p.c.text()
        p.press("x")                                       # not now
        p.idle(30)
        assert not p.board().any() and not p.g("hint_maker") and not p.g("question")
        p.c.choose_menuitem("hint")
        p.idle(1)
        p.press("o")                                       # spin
        seen = set()
        while True:
            p.idle(1)
            seen.add(p.cursor())
            if not p.g("hint_maker"):
                break
            assert len(seen) < 99
        assert len(seen) >= 5                              # it hopped
        x, y = p.cursor()
        b = p.board()
        want = np.zeros((n, n), dtype=int)
        want[y, :], want[:, x] = 2 - sol[y, :], 2 - sol[:, x]
        assert np.array_equal(b, want), (world, x, y)
        # on the screen: a cell's inside in the fill colour where it is filled, and only there
        cz, corner = int(p.g("cell_px")), int(p.g("board_corner"))
        scr = p.c.screen()
        fill = scr[corner + y * cz + cz // 2, corner + x * cz + cz // 2] if b[y, x] == 1 else None
        centres = {(i, j): scr[corner + j * cz + cz // 2, corner + i * cz + cz // 2]
                   for j in range(n) for i in range(n)}
        filled = {c for c, v in centres.items() if fill is not None and v == fill}
        if fill is not None:
            assert filled == {(i, j) for j in range(n) for i in range(n) if b[j, i] == 1}
        assert "roulette" in p.recent_text(2)
        assert 5 in {s for _, s, *_ in p.c.sfx_calls}
        within_budget(p)
        p.c.choose_menuitem("undo")
        p.idle(1)
        assert not p.board().any()


def test_the_roulette_stops_on_a_filled_cell(cart):
    """The roulette's row and column hold a fill each: it stops on a filled cell (a spin that
    landed on a 0 column gave a player crosses they already knew). On the packed board with
    the fewest fills for its size, spun again and again (undo between), every stop is on a
    fill: a uniform stop would miss them most of the time there."""
    path, manifest = cart
    puzzles = manifest["puzzles"]
    sparse = min(range(len(puzzles)), key=lambda i: solution(manifest, i).mean())
    q = puzzles[sparse]
    sol = solution(manifest, sparse)
    assert sol.mean() < 0.4
    p = Player(path)
    p.open_puzzle(q["world"] == "lookout" and 1 or 0, q["world_index"])
    stops = []
    for _ in range(12):
        p.c.choose_menuitem("hint")
        p.idle(1)
        p.press("o")                                       # spin
        for _ in range(99):
            p.idle(1)
            if not p.g("hint_maker"):
                break
        x, y = p.cursor()
        stops.append((x, y))
        assert sol[y, x] == 1, (stops, sol.mean())
        p.c.choose_menuitem("undo")
        p.idle(1)
        assert not p.board().any()
    assert len(set(stops)) > 3                             # still a spin, not one cell


def test_a_hint_marks_a_forced_cell_or_finds_the_mistake(cart):
    path, manifest = cart
    p = Player(path)
    p.open_puzzle(0, START + 3)
    sol = solution(manifest, START + 3)
    # a first mark (a right one): the hint's board is no longer blank
    fy, fx = map(int, np.argwhere(sol)[0])
    p.move_to(fx, fy)
    p.press("o")
    p.hint()
    b = p.board()
    b[fy, fx] = 0
    assert (b != 0).sum() == 1
    y, x = map(int, np.argwhere(b != 0)[0])
    assert (b[y, x] == 1) == sol[y, x]
    assert p.cursor() == (x, y)
    # it says what it marked (a player took a hint that crossed a cell for one that did nothing)
    said = "hint: fill" if sol[y, x] else "hint: cross"
    assert said in p.c.text().split("\n"), p.c.text()

    # a wrong mark: the hint points at it instead
    wy, wx = map(int, np.argwhere(~sol)[5])
    p.move_to(wx, wy)
    p.press("o")
    p.move_to(0 if wx > 7 else 14, wy)
    p.hint()
    assert p.cursor() == (wx, wy)
    assert "mistake" in p.c.text()
    within_budget(p)


def test_the_hint_gives_a_fill_before_a_cross_a_finished_line_makes_plain(cart):
    """A Picross S player stuck on a 15x15 board asked for a hint and was given a cross in a row
    already finished (every fill of it placed): no help. The hint marks a forced fill first,
    and a cross only where none is left; here, with the cursor on a blank cell of a finished
    row, a fill elsewhere."""
    path, manifest = cart
    p = Player(path)
    k = START + 3
    p.open_puzzle(0, k)
    sol = solution(manifest, k)
    y = next(r for r in range(15) if 0 < sol[r].sum() < 10)
    for x in map(int, np.flatnonzero(sol[y])):
        p.move_to(x, y)
        p.press("o")
    blank = int(np.flatnonzero(~sol[y])[0])
    p.move_to(blank, y)
    p.hint()
    b = p.board()
    placed = np.zeros_like(b)
    placed[y] = sol[y]
    marked = [(int(x), int(r), int(b[r, x])) for r, x in np.argwhere(b != placed)]
    assert len(marked) == 1, marked
    cx, cy, mark = marked[0]
    assert mark == 1 and sol[cy, cx] and cy != y, marked
    assert "hint: fill" in p.c.text().split("\n"), p.c.text()


def test_endless_makes_a_line_solvable_puzzle_within_the_frame_budget(cart):
    path, _ = cart
    p = Player(path)
    p.idle(2)
    p.press("o")
    n = len(p.g("worlds"))
    for _ in range(n):
        p.press("right")
    p.press("o")
    frames = 0
    while not p.on("play_update"):
        p.idle(1)
        frames += 1
        assert frames < 3000, "no endless puzzle after 100 s"
    within_budget(p)
    sol = p.sol()
    assert 0 < sol.sum() < 225
    assert solve(grid_clues(sol)).status == SOLVED
    # the hint works there too (in its own coroutine, after the generator's): on the blank
    # board the roulette, a row and a column as the solution has them
    p.hint()
    b, (x, y) = p.board(), p.cursor()
    assert (b != 0).sum() == 29 and (b[y] == 2 - sol[y]).all() and (b[:, x] == 2 - sol[:, x]).all()
    within_budget(p)


def test_the_label_is_the_title_screen(cart):
    """cart/label.png (the cart's __label__) is what `make screenshots` takes of the title."""
    from PIL import Image
    path, _ = cart
    p = Player(path)
    p.idle(TITLE_FRAME)
    label = np.asarray(Image.open(REPO / "cart/label.png").convert("RGB"))
    assert (label == p.c.rgb()).all(), "cart/label.png is not the title screen: run make screenshots"


def test_an_endless_puzzle_left_half_done_comes_back(cart):
    path, _ = cart
    store = {}
    p = Player(path, store)
    p.open_endless()
    sol = p.sol()
    p.move_to(2, 2)
    p.press("o")
    p.press("down")
    p.press("x")
    board = p.board()
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")

    again = Player(path, store)
    again.open_endless()
    assert (again.sol() == sol).all()
    assert (again.board() == board).all()
    within_budget(again)


def test_the_mouse_paints_in_devkit_mode(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START + 5)

    def at(x, y, b=0):
        p.c.step([], mouse=(52 + 5 * x + 2, 52 + 5 * y + 2, b))

    at(3, 5)
    at(3, 5, 1)
    for x in (4, 5, 6):
        at(x, 5, 1)                     # dragging with the left button held
    at(6, 5)
    at(10, 10)
    at(10, 10, 2)
    at(10, 10)
    b = p.board()
    assert [int(v) for v in b[5, 2:8]] == [0, 1, 1, 1, 1, 0]
    assert b[10, 10] == 2 and (b != 0).sum() == 5
    assert p.cursor() == (10, 10)


def test_controls_fill_cross_clear_repeat_and_jump(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START + 6)
    assert p.cursor() == (7, 7)
    p.press("o")
    assert p.board()[7, 7] == 1
    p.press("o")                          # again: clears
    assert p.board()[7, 7] == 0
    p.press("x")
    assert p.board()[7, 7] == 2
    p.press("o")                          # o on a cross leaves it (tests/cart/test_cart_marks.py)
    assert p.board()[7, 7] == 2
    p.press("x")
    p.press("o")
    assert p.board()[7, 7] == 1
    # a double tap (with its option on): one cell, then on past the next 5-cell guide; again:
    # to the edge
    p.c.exec("options|=8")
    for direction, cursor in (("left", (4, 7)), ("left", (0, 7)), ("down", (0, 10)), ("down", (0, 14))):
        p.idle(8)
        p.double_tap(direction)
        assert p.cursor() == cursor, direction
    # holding: a move at once, then after 8 frames one every 3 (frames 0, 8, 11, 14)
    p.idle(8)
    p.c.hold("up", frames=15)
    assert p.cursor() == (0, 10)
    within_budget(p)


def test_a_press_off_the_edge_comes_in_at_the_other_held_or_painting_it_stops(cart):
    """As in Picross S, a fresh d-pad press off the board's edge brings the cursor in at the other
    edge (a player missed it). Held, the cursor stops at the edge (it would fly round); a stroke
    stops there (wrapped, it would paint across the line); a double tap's jump stops there."""
    path, _ = cart
    p = Player(path)
    p.open_puzzle(0, START + 6)
    n = p.size()
    p.move_to(n - 1, 7)
    p.press("right")
    assert p.cursor() == (0, 7)
    p.press("left")
    assert p.cursor() == (n - 1, 7)
    p.move_to(3, 0)
    p.press("up")
    assert p.cursor() == (3, n - 1)
    p.press("down")
    assert p.cursor() == (3, 0)
    p.move_to(n - 3, 4)
    p.c.hold("right", frames=40)              # held: on to the edge, and no further
    assert p.cursor() == (n - 1, 4)
    p.move_to(n - 3, 5)
    p.c.step(["o"])                           # a fill stroke along row 5
    for _ in range(4):
        p.c.step(["o", "right"])
        p.c.step(["o"])
    p.c.step([])
    assert p.cursor() == (n - 1, 5)
    assert [int(v) for v in p.board()[5]] == [0] * (n - 3) + [1, 1, 1]
    p.c.exec("options|=8")                    # double tap on: the jump stops at the edge
    p.move_to(n - 3, 6)
    p.idle(8)
    p.double_tap("right")
    assert p.cursor() == (n - 1, 6)


def test_clear_board_from_the_menu(cart):
    path, _ = cart
    p = Player(path)
    p.open_puzzle(1, 1)
    p.press("o")
    p.press("right")
    p.press("x")
    assert (p.board() != 0).sum() == 2
    before = p.board()
    p.c.choose_menuitem("clear board")
    p.idle(1)
    assert "clear the whole board?" in p.c.text()
    p.press("x")                          # no: the board stays
    assert (p.board() == before).all()
    p.c.choose_menuitem("clear board")
    p.idle(1)
    p.press("o")                          # yes
    assert not p.board().any()
    assert p.on("play_update")
    p.c.choose_menuitem("undo")           # and it comes back
    p.idle(1)
    assert (p.board() == before).all()


def _cart_with_names(tmp_path, names) -> Path:
    """A cart whose first world's batch starts with pictures of these names (15x15, line
    solvable), then as many unnamed puzzles."""
    from cartfixtures import cart_dir, solvable_puzzles
    from generator.formats.batchfile import Batch, write_batch
    from generator.formats.record import Puzzle

    d = cart_dir(tmp_path, counts=(2, 2))
    named = [Puzzle.from_grid(p.solution, iterations=p.iterations, name=n)
             for p, n in zip(solvable_puzzles(len(names), 3), names)]
    write_batch(d / "b0.json", Batch(named + solvable_puzzles(len(names), 4), {}))
    return build_cart(tmp_path, d).path


@pytest.mark.slow
def test_a_pictures_name_shows_only_once_it_is_solved(tmp_path):
    from generator.playtest.player import saved_progress

    path = _cart_with_names(tmp_path, ["lantern"])

    def puzzle_list(store):
        p = Player(path, store)
        p.idle(2)
        p.press("o")
        p.press("o")
        p.press("left")                   # (the list opens on the first unsolved: no. 2 once solved)
        return p.recent_text()

    assert "lantern" not in puzzle_list({})
    assert "lantern" in puzzle_list(saved_progress(path, {0: 95}))


@pytest.mark.slow
def test_a_name_of_digits_shows_as_written_once_solved(tmp_path):
    """A picture may be named "2048" or "-1.5" (the build's names take digits, "." and "-"):
    its solved screen prints the name as written, where a text that split() reads would
    turn it into a number (and its length into a crash)."""
    path = _cart_with_names(tmp_path, ["2048", "-1.5"])
    puzzles = json.loads(path.with_suffix(".json").read_text())["puzzles"]
    at = {q["name"]: q["world_index"] for q in puzzles if q["world"] == puzzles[0]["world"]}
    for name in ("2048", "-1.5"):
        p = Player(path)
        p.open_puzzle(0, at[name])
        p.enter(p.sol())
        p.idle(45)
        assert p.on("solved_update") and name in p.recent_text(3), name


def _endless(p: Player) -> None:
    """From the title to a new endless puzzle, made."""
    p.idle(2)
    p.press("o")                          # worlds
    p.press("right")
    p.press("right")                      # endless, past the two worlds
    p.press("o")
    while not p.on("play_update"):
        p.idle(1)


def test_endless_solved_x_shares_or_leaves_and_o_goes_on(cart):
    """On a solved endless board ❎ opens a small menu (share code, leave endless: the code is
    not lost to a hasty ❎), 🅾️ makes the next puzzle; the footer says so."""
    p = Player(cart[0])
    _endless(p)
    p.enter(p.sol())
    assert p.on("solved_update")
    p.idle(45)
    said = p.recent_text(30)
    assert "🅾️ next  ❎ menu" in said and "left" not in said, said
    p.press("x")
    p.idle(1)
    assert p.on("solved_update") and "🅾️ share code  ❎ close" in p.c.text() and "leave endless" in p.c.text()
    p.press("o")                          # share code: the code, shown
    p.idle(1)
    assert "share code (on the\nclipboard, if any)" in p.c.text() and p.on("solved_update")
    p.press("o")                          # (ok)
    p.press("x")
    p.c.step(["o", "x"])                  # (o and x together: the menu closes, choosing nothing)
    p.idle(2)
    assert p.on("solved_update") and not p.g("question")
    seed = int(p.g("endless_seed"))
    p.press("o")                          # the next puzzle
    while not p.on("play_update"):
        p.idle(1)
    assert int(p.g("endless_seed")) != seed and not p.board().any()
    p.enter(p.sol())
    p.idle(45)
    p.press("x")
    p.press("down")
    p.idle(1)
    assert "🅾️ leave endless  ❎ close" in p.c.text()
    p.press("o")
    p.idle(1)
    assert p.on("worlds_update") and int(p.g("world_index")) == len(cart[1]["worlds"]) + 1   # on endless
    assert "endless" in p.recent_text(2)
    p.press("o")                          # a new endless puzzle from there, as ever
    while not p.on("play_update"):
        p.idle(1)
    assert not p.board().any()
    # in its place: the solved board slid to the middle (27,27) was kept by every board after a
    # "leave endless", a code's puzzle drawn over its clues
    assert p.g("board_corner") == 52
    paper = p.c.display()[53:126, 53:126]
    assert (paper == p.c.display()[60, 60]).mean() > 0.5     # the board's paper fills its place
    within_budget(p)


def _solved_until_prompt(cart, k: int = 0) -> tuple[Player, str]:
    """A player on the solved screen of world 0's puzzle k, on the first frame its prompt shows
    (and that prompt)."""
    p = Player(cart[0])
    p.open_puzzle(0, k)
    p.enter(solution(cart[1], int(p.g("puzzle"))))
    assert p.on("solved_update")
    for _ in range(90):
        p.c.step([])
        prompt = [r.text for r in p.c.frames[-1].prints if r.y == 118]
        if prompt:
            return p, prompt[0]
    raise AssertionError("no prompt within 3 seconds of the solve")


def test_the_solved_prompt_stays_and_shows_only_once_presses_are_taken(cart):
    p, prompt = _solved_until_prompt(cart)
    assert "continue" in prompt and "share" in prompt
    for _ in range(90):                   # steady: on every frame, three seconds on
        p.c.step([])
        assert [r.text for r in p.c.frames[-1].prints if r.y == 118] == [prompt]
    # a press on the frame after the prompt first shows is taken, o and x alike
    p, _ = _solved_until_prompt(cart)
    p.c.step(["o"])
    assert p.on("puzzles_update")
    p, _ = _solved_until_prompt(cart)
    p.c.step(["x"])
    assert p.g("question") and "share code" in p.recent_text(2)
