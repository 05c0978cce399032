"""Share codes in the cart (cart/share.lua) against docs/share-codes.md: the doc's test vectors,
a pure-Python reference written here from the doc alone (every packed puzzle's code, random
grids of every size), the reading rules (case, dashes, misread letters) and hostile codes, which
the code screen refuses on screen in one short line; a pasted code plays with the same clues, an
endless code starts that seed, and no frame of the check passes the budget."""
from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from generator.console.console import Console
from generator.playtest.player import Player
from generator.pico8 import frame_budget
from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, solve
from cartfixtures import code_groups, code_place, question_box_bottom
from sharecoderef import AB, LENGTH, NO_KIND, encode, encode_seed, grid_of, reference_decode, type_symbol




# ---- the cart's side ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def console(cart):
    c = Console.load(cart[0], cartdata={}).boot()
    c.run_frames(2)
    return c


def lua_code(c: Console, grid: np.ndarray) -> str:
    n = grid.shape[0]
    rows = ",".join(str(sum(1 << x for x in range(n) if grid[y, x])) for y in range(n))
    return c.exec(f'mode,board_size="code",{n} for y=1,15 do solution[y]=0 end '
                  f'for y,r in ipairs(split"{rows}") do solution[y]=r end return share_code()')


def lua_decode(c: Console, text: str):
    """What decode() answers: the reason, or (size, grid), or (14, seed)."""
    lit = "".join(ch if " " <= ch <= "~" and ch not in '"\\' else f"\\{ord(ch):03d}" for ch in text)
    got = c.exec(f'local a,b=read_code("{lit}")\nif (a) return a\n'
                 f'if (b) return "seed "..b\n'
                 f'local s=board_size.."|" for y=1,board_size do s..=solution[y].."," end return s')
    if got.startswith("seed "):
        return 14, int(got[5:])
    if "|" not in got:
        return got
    n, rows = got.split("|")
    n = int(n)
    masks = [int(v) for v in rows.split(",")[:-1]]
    return n, np.array([[m >> x & 1 for x in range(n)] for m in masks], dtype=bool)


def same_answer(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a[0] == b[0] and np.array_equal(a[1], b[1])


def test_the_docs_vectors(console, cart, repo):
    doc = (repo / "docs/share-codes.md").read_text()
    heart = grid_of([".#.#.", "#####", "#####", ".###.", "..#.."])
    assert "`5azze4wm`" in doc and lua_code(console, heart) == "5azze4wm" == encode(heart)
    first_random = next(p for p in cart[1]["puzzles"] if p["source"] == "puzzles.json#0")
    code15 = re.search(r"`(f[0-9a-z]{47})`", doc).group(1)
    assert lua_code(console, grid_of(first_random["rows"])) == code15
    for seed, code in ((0, "e000mm"), (1234, "e16js4"), (32767, "ezzzsd")):
        assert f"`{code}`" in doc
        assert console.exec(f"mode,endless_seed=\"endless\",{seed} return share_code()") == code == encode_seed(seed)
        assert lua_decode(console, code) == (14, seed)
    assert lua_decode(console, "500000g3") == "empty"
    assert same_answer(lua_decode(console, "5azze4wm"), (5, heart))


def test_every_packed_puzzle_round_trips(console, cart):
    for p in cart[1]["puzzles"]:
        g = grid_of(p["rows"])
        code = lua_code(console, g)
        assert code == encode(g), p["name"] or p["index"]
        assert len(code) == LENGTH[g.shape[0]]
        assert same_answer(lua_decode(console, code), (g.shape[0], g))


grids = st.sampled_from([5, 10, 15]).flatmap(
    lambda n: st.lists(st.booleans(), min_size=n * n, max_size=n * n).map(
        lambda cells: np.array(cells, dtype=bool).reshape(n, n)))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(g=grids)
def test_random_grids_encode_as_the_reference_and_read_back(console, g):
    code = lua_code(console, g)
    assert code == encode(g)
    assert same_answer(lua_decode(console, code), reference_decode(code))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(text=st.text(alphabet=AB + AB.upper() + "oilOIL -\n\tu!é\x00" + "\x80\xff", max_size=60))
def test_any_text_reads_as_the_reference_says(console, text):
    want = reference_decode(text)
    if want == "no code":
        want = "pick or paste a code"
    assert same_answer(lua_decode(console, text), want)


def refused(answer) -> bool:
    """A reason a code is not played: a fault, or (another kind's length) its progress."""
    return isinstance(answer, str) and (
        answer in ("damaged", NO_KIND, "too long") or bool(re.fullmatch(r"\d+/\d+", answer)))


def test_the_reading_rules_and_hostile_codes(console):
    heart = (5, grid_of([".#.#.", "#####", "#####", ".###.", "..#.."]))
    for ok in ("5AZZE4WM", " 5azz-e4wm\n", "5a\tzze\r4wm", "5azze4wm-"):
        assert same_answer(lua_decode(console, ok), heart), ok
    code = "5azze4wm"
    # every single wrong symbol and every swap of two neighbours is caught
    for k in range(len(code)):
        for s in AB:
            if s != code[k]:
                bad = code[:k] + s + code[k + 1:]
                assert refused(lua_decode(console, bad)), bad
        if k + 1 < len(code) and code[k] != code[k + 1]:
            sw = code[:k] + code[k + 1] + code[k] + code[k + 2:]
            assert refused(lua_decode(console, sw)), sw
    assert lua_decode(console, code[:-1]) == "7/8"
    assert lua_decode(console, code + "0") == "too long"
    assert lua_decode(console, "") == "pick or paste a code"
    assert lua_decode(console, "5azzu4wm") == "bad symbol u at 5"
    assert lua_decode(console, "gazze4wm") == NO_KIND
    assert lua_decode(console, "5" + "0" * 5000) == "too long"
    assert lua_decode(console, "5a\x07zz") == "bad symbol ? at 3"


# ---- the code screen, as a player uses it ------------------------------------------------
def to_code_screen(cart_path) -> Player:
    p = Player(cart_path)
    p.idle(2)
    p.press("o")
    p.to_create()
    for _ in range(3):
        p.press("down")              # 5x5, 10x10, 15x15, enter a code
    p.press("o")
    assert p.on("code_update")
    return p


def paste(p: Player, text: str, frames: int = 3) -> str:
    p.c.paste(text)
    p.idle(frames)
    return p.recent_text(1)


@pytest.mark.parametrize("text,shown", [
    ("5azze4wn", "damaged"), ("5azze4w", "7/8"), ("500000g3", "empty"),
    ("5azz!4wm", "bad symbol ! at 5"), ("qazze4wm", NO_KIND), ("", "pick or paste a code"),
])
def test_hostile_codes_are_refused_on_screen(cart, text, shown):
    p = to_code_screen(cart[0])
    assert shown in paste(p, text)
    assert p.on("code_update")


def test_a_huge_paste_is_refused_within_the_frame_budget(cart):
    p = to_code_screen(cart[0])
    assert "too long" in paste(p, "f" + "z" * 100000)
    assert p.c.max_instructions < frame_budget(30)


def test_a_code_that_needs_a_guess_is_refused_after_the_check(cart):
    g = np.zeros((10, 10), dtype=bool)
    g[0, 0] = g[1, 1] = g[5, 5] = True          # two diagonal pairs: line logic stalls
    assert solve(grid_clues(g)).status != SOLVED
    p = to_code_screen(cart[0])
    paste(p, encode(g), frames=30)
    assert "needs a guess" in p.recent_text(1)
    assert p.on("code_update")


def test_a_pasted_code_plays_with_the_same_clues(cart):
    path, manifest = cart
    src = next(q for q in manifest["puzzles"] if q["size"] == 15 and q["iterations"] >= 5)
    g = grid_of(src["rows"])
    p = to_code_screen(path)
    p.c.paste("-".join(encode(g)[i:i + 8] for i in range(0, 48, 8)).upper())
    for _ in range(60):
        p.idle(1)
        if p.on("play_update"):
            break
    assert p.on("play_update") and p.size() == 15
    assert np.array_equal(p.sol(), g)
    rc, cc = p.g("row_clues"), p.g("col_clues")
    lua_rows = [tuple(int(v) for v in rc[y + 1].values()) for y in range(15)]
    lua_cols = [tuple(int(v) for v in cc[x + 1].values()) for x in range(15)]
    clues = grid_clues(g)
    assert lua_rows == [tuple(r) for r in clues.rows] == [tuple(r) for r in src["row_clues"]]
    assert lua_cols == [tuple(c) for c in clues.cols]
    assert p.c.max_instructions < frame_budget(30)
    # and it is played like a random puzzle: solved, shaded, its code shown again
    p.enter(g)
    p.idle(45)
    assert p.on("solved_update")
    p.press("x")
    assert p.c.clipboard == encode(g)


def test_an_endless_code_starts_that_seed(cart):
    p = to_code_screen(cart[0])
    p.c.paste("E16JS4")
    for _ in range(300):
        p.idle(1)
        if p.on("play_update"):
            break
    assert p.on("play_update") and int(p.g("endless_seed")) == 1234 and p.g("mode") == "endless"
    assert p.c.exec("return share_code()") == "e16js4"
    assert p.c.max_instructions < frame_budget(30)


def test_typed_on_the_keyboard(cart):
    p = to_code_screen(cart[0])
    for k, ch in enumerate("5azze4wm", 1):
        type_symbol(p, ch)
        if k < 8:                             # progress while typing, never a fault
            assert f"{k}/8" in p.recent_text(1) and "long" not in p.recent_text(1)
        if ch == "e":
            p.press("o")                      # a slip: e twice
            assert "6/8" in p.recent_text(1)
            p.press("x")                      # x deletes it
            assert "5/8" in p.recent_text(1)
    p.idle(3)
    assert p.on("play_update")
    assert np.array_equal(p.sol(), grid_of([".#.#.", "#####", "#####", ".###.", "..#.."]))


def test_the_list_shares_the_puzzle_under_the_cursor(cart):
    path, manifest = cart
    p = Player(path)
    p.idle(2)
    p.press("o")
    p.press("right")                      # the second world's list
    p.press("o")
    for _ in range(9):
        p.press("right")
    assert p.on("puzzles_update")
    k = int(p.g("puzzle_index"))
    p.c.choose_menuitem("share code")
    p.idle(1)
    code = encode(grid_of(manifest["puzzles"][k]["rows"]))
    assert p.c.clipboard == code and code_groups(code) in p.recent_text(1)
    p.press("o")                          # the box closes; the list is as it was
    p.idle(1)
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == k and not p.g("question")
    p.press("o")                          # and the puzzle opens as usual
    assert p.on("play_update") and int(p.g("puzzle")) == k


def test_undo_on_a_code_puzzle_has_nothing_from_the_editor(cart):
    p = to_code_screen(cart[0])
    p.press("x")                          # back to the worlds: into the editor (5x5)
    for _ in range(3):
        p.press("up")
    p.press("o")
    assert p.on("play_update") and p.g("mode") == "edit"
    p.press("o")                          # a mark in the design
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    for _ in range(3):
        p.press("down")
    p.press("o")
    paste(p, "5azze4wm", frames=5)
    assert p.on("play_update") and p.g("mode") == "code" and p.board().sum() == 0
    p.c.choose_menuitem("undo")
    p.idle(1)
    assert p.board().sum() == 0 and "no undo" in p.recent_text(1)


def test_a_codes_puzzle_opens_with_the_cursor_on_its_board(cart):
    """A code's puzzle and the design share board id 0: a cursor left at 12,12 on a 15x15 one
    must not come back on a 5x5 (it was off the board, unseen)."""
    p = to_code_screen(cart[0])
    p.c.exec("cursor_kept[0]={12,12}")
    paste(p, "5azze4wm", frames=5)
    assert p.on("play_update") and p.g("mode") == "code" and p.size() == 5
    assert max(int(p.g("cursor_x")), int(p.g("cursor_y"))) < 5


def test_each_mode_leaves_where_it_belongs(cart):
    """A design played goes back to the editor, the editor to the worlds, and a code's puzzle
    to the worlds, even when a design was played just before it (mode, not a left-over flag)."""
    p = to_code_screen(cart[0])
    p.press("x")                          # back to the worlds: into the editor (5x5)
    for _ in range(3):
        p.press("up")
    p.press("o")
    assert p.on("play_update") and p.g("mode") == "edit"
    p.press("o")                          # one filled cell: line logic finishes it
    p.idle(10)
    p.c.choose_menuitem("play it")
    p.idle(2)
    assert p.on("play_update") and p.g("mode") == "design" and p.board().sum() == 0
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("play_update") and p.g("mode") == "edit" and p.board().sum() == 1
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")
    for _ in range(3):
        p.press("down")
    p.press("o")
    paste(p, "5azze4wm", frames=5)
    assert p.on("play_update") and p.g("mode") == "code" and int(p.g("board_id")) == 0
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")


def until_play(p: Player, frames: int = 60) -> None:
    for _ in range(frames):
        p.idle(1)
        if p.on("play_update"):
            return
    raise AssertionError("the code's puzzle did not open")


def test_a_rom_puzzles_code_plays_as_that_puzzle(cart):
    """A code whose picture is a puzzle of the cart (here the lookout's no. 5, the second world)
    opens that puzzle itself: its number, its world's colours (the same screen as opened from
    its list), its board in progress, and once solved its name, picture colours and best time;
    leaving goes to its list, on it."""
    path, manifest = cart
    first = next(w["first"] for w in manifest["worlds"] if w["name"] == "lookout")
    k = first + 4
    g = grid_of(manifest["puzzles"][k]["rows"])
    x, y = np.argwhere(~g)[0][::-1]                  # a cell its picture leaves empty
    mark = f"load_board() cells[{y * 15 + x}]=2 play_seconds=0 keep()"
    # the screen as its list opens it, with a cross in its save
    q = Player(path)
    q.c.exec(f"load_puzzle({k}) {mark}")
    q.open_puzzle(1, 4)
    q.idle(3)
    want = q.c.screen().copy()
    p = to_code_screen(path)
    p.c.exec(f"load_puzzle({k}) {mark} mode='code'")
    p.c.paste(encode(g))
    until_play(p)
    p.idle(3)
    assert p.g("mode") == "rom" and int(p.g("puzzle")) == k and int(p.g("board_id")) == k + 1
    assert int(p.g("palette_world")) == 2 and int(p.g("world_index")) == 2
    assert p.board()[y, x] == 2                        # its progress
    assert np.array_equal(p.c.screen(), want)          # its colours, its clues, its board
    p.idle(60)
    assert "no.5" in p.recent_text(60)                   # its number in its world
    p.enter(g)
    p.idle(45)
    assert p.on("solved_update") and manifest["puzzles"][k]["name"] in p.recent_text(1)
    assert p.best(k) is not None
    p.press("o")
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == k + 1


def test_a_rom_puzzles_code_left_goes_to_its_list(cart):
    path, manifest = cart
    k = next(w["first"] for w in manifest["worlds"] if w["name"] == "lookout") + 6
    p = to_code_screen(path)
    p.c.paste(encode(grid_of(manifest["puzzles"][k]["rows"])))
    until_play(p)
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("puzzles_update") and int(p.g("puzzle_index")) == k and int(p.g("world_index")) == 2
    assert p.c.max_instructions < frame_budget(30)


# ---- the code font -----------------------------------------------------------------------
def keyboard_glyphs(p: Player) -> dict[str, np.ndarray]:
    """Each symbol's pixels as the code screen's keyboard shows it (8 a row, 12 px apart from
    22,36, in the text colour): a 6x6 cell from its corner, True where the ink is."""
    s = p.c.screen()
    return {ch: cell(s, 22 + k % 8 * 12, 36 + k // 8 * 12) for k, ch in enumerate(AB)}


def cell(s: np.ndarray, x: int, y: int) -> np.ndarray:
    """The 6x6 pixels from x,y: True where they differ from the ground (its bottom left pixel,
    below the 5 rows a glyph has)."""
    return s[y:y + 6, x:x + 6] != s[y + 5, x]


def test_no_two_code_symbols_are_drawn_alike(cart):
    """The keyboard's symbols as displayed: every pair differs in 2 pixels or more (the cart's
    code font keeps 3; PICO-8's font has 13 pairs a pixel apart, 0/8, 4/9, k/x, ...)."""
    import itertools
    from generator.cartbuild.codefont import MIN_DISTANCE
    p = to_code_screen(cart[0])
    p.press("down")                       # the cursor's frame off the first key
    g = keyboard_glyphs(p)
    assert all(v.any() for v in g.values())
    d = {(a, b): int((g[a] != g[b]).sum()) for a, b in itertools.combinations(AB, 2)}
    worst = min(d, key=d.get)
    assert d[worst] >= 2, (worst, d[worst])
    assert d[worst] >= MIN_DISTANCE, (worst, d[worst])


def test_codes_are_printed_in_the_code_font(cart):
    """The share box and the typed code show each symbol with the keyboard's glyph; the box says
    where the code went: "on the clipboard, if any" (a web player or fake-08 may have none)."""
    path, manifest = cart
    p = to_code_screen(path)
    p.press("down")
    g = keyboard_glyphs(p)
    code = encode(grid_of(manifest["puzzles"][40]["rows"]))
    assert len(code) == 48
    p.c.paste(code[:47])                  # one short: it stays on the code screen
    p.idle(2)
    s = p.c.screen()
    for k, ch in enumerate(code[:47]):
        col, line = code_place(k)
        assert np.array_equal(cell(s, 4 + col * 5, 12 + line * 6)[:, :5], g[ch][:, :5]), (k, ch)
    p.c.exec("load_puzzle(40) share()")
    p.idle(1)
    assert "on the\nclipboard, if any" in p.recent_text(1)
    s = p.c.screen()
    for k, ch in enumerate(code):
        col, line = code_place(k)
        assert np.array_equal(cell(s, 6 + col * 5, 70 + line * 6)[:, :4], g[ch][:, :4]), (k, ch)
    _text_stands_inside_its_box(p.c.rgb())


def _text_stands_inside_its_box(rgb) -> None:
    """The question's box (found as every box test finds it) holds all its text with 2 px or more
    of its own colour on every side (a 15x15 code as two lines of 24 touched the box's right edge
    and ran into the line under it)."""
    bottom = question_box_bottom(rgb)
    assert bottom is not None
    inside = rgb[55:bottom, 3:125]
    ink = np.argwhere((inside != inside[0, 0]).any(axis=2))
    assert len(ink) > 100
    assert ink[:, 0].min() >= 2 and ink[:, 0].max() <= inside.shape[0] - 3, (bottom, ink[:, 0].max())
    assert ink[:, 1].min() >= 2 and ink[:, 1].max() <= inside.shape[1] - 3, ink[:, 1].max()
