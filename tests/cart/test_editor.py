"""The editor (cart/editor.lua) played as a player would in the console: choose a size on the
create page, draw a picture with the game's controls, read the verdict on screen ("needs
guess" with the cells line logic cannot reach dotted, then "solvable, N rounds" once the
picture is fixed), share its code (on screen and on the clipboard) and play it; never a frame
over the budget while the solver works, and no design or code puzzle in the save."""
from __future__ import annotations

import numpy as np
import pytest

from cartfixtures import CLOCK_Y, STATUS_Y, code_groups, revealed
from generator.playtest import measured_text
from generator.playtest.player import Player
from generator.pico8 import frame_budget
from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, STALLED, solve
from sharecoderef import encode, grid_of, reference_decode

SIZES = {5: 0, 10: 1, 15: 2}      # downs from the top of the create page's list


def stalled_twin(manifest) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """A packed 15x15 picture (line-solvable) and the same with one cell flipped so that line
    logic stalls: (fixed, stalled, the flipped cell x, y), found with the Python solver."""
    for q in manifest["puzzles"]:
        if q["size"] != 15:
            continue
        good = grid_of(q["rows"])
        for y in range(15):
            for x in range(15):
                if good[y, x]:
                    continue
                bad = good.copy()
                bad[y, x] = True
                if solve(grid_clues(bad)).status == STALLED:
                    return good, bad, (x, y)
    raise AssertionError("no packed picture has a stalling one-cell twin")


def to_editor(cart_path, size: int, cartdata=None) -> Player:
    p = Player(cart_path, cartdata)
    p.idle(2)
    p.press("o")
    p.to_create()
    for _ in range(3):
        p.press("up")
    for _ in range(SIZES[size]):
        p.press("down")
    p.press("o")
    assert p.on("play_update") and p.g("mode") == "edit" and p.size() == size
    return p


def settle(p: Player, frames: int = 60) -> None:
    """Frames until the verdict is in (the solver works a few lines a frame)."""
    for _ in range(frames):
        p.idle(1)
        if p.g("verdict_status"):
            break
    p.idle(2)


HEART = grid_of([".#.#.", "#####", "#####", ".###.", "..#.."])


def with_heart(cart_path, cartdata=None) -> Player:
    """The 5x5 editor with a heart drawn (solvable in 2 rounds) and its verdict settled."""
    p = to_editor(cart_path, 5, cartdata)
    p.enter(HEART)
    settle(p)
    return p


def dotted(p: Player) -> np.ndarray:
    """The cells with a dot: the centre pixel differs from the cell's own colour (its corner
    away from the cursor: the cursor's ring lies on its neighbours' near edges)."""
    s, n, cz, corner = p.c.screen(), p.size(), int(p.g("cell_px")), int(p.g("board_corner"))
    cx, cy = p.cursor()
    out = np.zeros((n, n), dtype=bool)
    for y in range(n):
        for x in range(n):
            px, py = corner + x * cz, corner + y * cz
            kx, ky = (cz - 1 if x > cx else 1), (cz - 1 if y > cy else 1)
            out[y, x] = s[py + cz // 2, px + cz // 2] != s[py + ky, px + kx]
    return out


def test_a_stalled_design_is_fixed_and_shared(cart):
    path, manifest = cart
    good, bad, (fx, fy) = stalled_twin(manifest)
    p = to_editor(path, 15)
    p.enter(bad)
    assert np.array_equal(p.board() == 1, bad)
    settle(p)
    p.idle(180)                             # (its second line takes turns with the controls)
    shown = p.recent_text(180)
    assert "needs guess" in shown and "see dots" in shown
    unreached = solve(grid_clues(bad)).grid == -1
    assert unreached.any() and np.array_equal(dotted(p), unreached)
    # play it and share code refuse a design that needs a guess: the dull "no change" sound (sfx
    # 19), the verdict over the clock saying why, and said once (under the clock too, it stood
    # there twice, its "see dots" gone)
    for item in ("play it", "share code"):
        n = len(p.c.sfx_calls)
        p.c.choose_menuitem(item)
        p.idle(1)
        assert p.on("play_update") and p.g("mode") == "edit"
        assert 19 in [s for _, s, *_ in p.c.sfx_calls[n:]]
        said = [r.text for r in p.c.frames[-1].prints]
        assert said.count("needs guess") == 1, said
    # the fix: the flipped cell cleared (o on a fill clears it)
    p.move_to(fx, fy)
    p.press("o")
    assert np.array_equal(p.board() == 1, good)
    settle(p)
    r = solve(grid_clues(good))
    assert r.status == SOLVED
    p.idle(270)                             # (its second line takes turns with the menu's note)
    said = p.recent_text(270)
    assert "solvable" in said and f"{r.iterations} rounds" in said
    assert not dotted(p).any()
    # its pips: the proxy of the solver's passes (for this picture a pip at most from the
    # packed puzzle's; over all 254: 146 the same, 105 a pip off, 3 two off)
    want = next(q["difficulty"]["pips"] for q in manifest["puzzles"]
                if q["size"] == 15 and np.array_equal(grid_of(q["rows"]), good))
    assert abs(proxy_pips(r.iterations, 15) - want) <= 1
    assert pips_word(proxy_pips(r.iterations, 15)) in said              # in words
    assert clear_under_the_second_line(p)
    # the solver's work spread over frames: none over the budget, this whole session
    assert p.c.max_instructions < frame_budget(30)
    p.c.choose_menuitem("share code")
    p.idle(1)
    code = encode(good)
    assert p.c.clipboard == code
    assert code_groups(code) in p.recent_text(1)
    kind, grid = reference_decode(code)
    assert kind == 15 and np.array_equal(grid, good)


def test_play_it_or_share_code_chosen_while_checking_is_done_once_the_verdict_is_in(cart):
    """A player who chose share code the moment the design changed got nothing, and "checking"
    stayed where the clock stands for good (an editor's message never expired): the choice now
    waits for the verdict, and every message goes after its two seconds. On a 15x15 design
    (its verdict takes several frames), then on a stalled one (the refusal said, then gone)."""
    path, manifest = cart
    good, bad, _ = stalled_twin(manifest)
    p = to_editor(path, 15)
    p.enter(good)
    settle(p)
    p.c.exec("redesign()")                  # as a change does: the verdict again, from "checking"
    assert p.g("verdict_text") == "checking"
    p.c.choose_menuitem("share code")
    p.idle(1)
    assert p.on("play_update") and p.g("verdict_text") == "checking"     # still working
    for _ in range(90):
        p.idle(1)
        if not p.on("play_update"):
            break
    assert p.c.clipboard == encode(good)    # shared once the verdict was in
    assert p.c.max_instructions < frame_budget(30)
    p = to_editor(path, 15)
    p.enter(bad)
    settle(p)
    p.c.exec("redesign()")
    p.c.choose_menuitem("play it")
    p.idle(1)
    assert p.g("verdict_text") == "checking"
    settle(p)
    assert p.on("play_update") and p.g("mode") == "edit"
    assert "needs guess" in p.recent_text(4)
    p.idle(61)
    assert p.g("message") is None and "checking" not in p.recent_text(1)


def proxy_pips(passes: int, size: int) -> int:
    """editor.lua's pips for a line-solvable design: passes x size // 12, 1 to 5."""
    return max(1, min(5, passes * size // 12))


def pips_word(pips: int) -> str:
    """The verdict's difficulty in words, from the pips: 1-2 easy, 3 medium, 4-5 hard."""
    return ["easy", "easy", "medium", "hard", "hard"][pips - 1]


def clear_under_the_second_line(p: Player) -> bool:
    """Nothing drawn in the pixel row under the verdict's second line, left of the board (the
    pips once stood there, touching it, and a player read one as a "." in ".erase")."""
    s = p.c.screen()
    return len({int(s[51, x]) for x in range(0, 50)}) == 1


def test_a_design_solved_in_one_round_says_round_and_easy(cart):
    """Every cell filled: line logic finishes in one pass: "1 round" (singular), 1 pip, "easy";
    nothing touches the verdict's second line, solvable or stalled."""
    p = to_editor(cart[0], 5)
    p.enter(np.ones((5, 5), bool))
    settle(p)
    p.idle(270)
    said = p.recent_text(270)
    assert "1 round" in said and "rounds" not in said
    assert "easy" in said and clear_under_the_second_line(p)
    q = to_editor(cart[0], 15)
    x = np.zeros((15, 15), bool)
    x[0, 0] = x[1, 1] = True                 # a diagonal pair: its mirror fits the clues too
    q.enter(x)
    settle(q)
    assert "needs guess" in q.recent_text(1)
    assert clear_under_the_second_line(q)


def test_clues_follow_the_drawing(cart):
    p = to_editor(cart[0], 10)
    pic = grid_of(["..........", ".##....##.", "####..####", "##########", "##########",
                   ".########.", "..######..", "...####...", "....##....", ".........."])
    p.enter(pic, rows=range(4))
    p.idle(2)
    part = np.zeros_like(pic)
    part[:4] = pic[:4]
    rc = p.g("row_clues")
    assert [tuple(int(v) for v in rc[y + 1].values()) for y in range(10)] == \
        [tuple(r) for r in grid_clues(part).rows]
    p.enter(pic)
    settle(p)
    cc = p.g("col_clues")
    assert [tuple(int(v) for v in cc[x + 1].values()) for x in range(10)] == \
        [tuple(c) for c in grid_clues(pic).cols]
    assert "solvable" in p.recent_text(1)
    p.c.choose_menuitem("undo")      # the last stroke goes: clues and verdict follow
    p.idle(1)
    now = p.board() == 1
    assert not np.array_equal(now, pic)
    settle(p)
    rc = p.g("row_clues")
    assert [tuple(int(v) for v in rc[y + 1].values()) for y in range(10)] == \
        [tuple(r) for r in grid_clues(now).rows]
    want = "solvable" if solve(grid_clues(now)).status == SOLVED else "needs guess"
    assert want in p.recent_text(1)


def test_play_it_then_back_to_the_design(cart):
    store: dict = {}
    p = with_heart(cart[0], store)
    p.c.choose_menuitem("play it")
    p.idle(2)
    assert p.on("play_update") and p.g("mode") == "design" and p.board().sum() == 0
    assert np.array_equal(p.sol(), HEART)
    p.enter(HEART)
    p.idle(45)
    assert p.on("solved_update")
    # revealed in one colour, its inside's (the world's picture body): by the shading rule,
    # where every cell of a 5x5 heart is an edge, a player saw patchwork
    w = cart[1]["worlds"][int(p.g("palette_world")) - 1]
    got = revealed(p)
    assert set(got[HEART].tolist()) == {w["pal"][w["ui"][12]]}, got
    p.press("o")                          # continue: back to the editor, the design kept
    assert p.on("play_update") and p.g("mode") == "edit"
    assert np.array_equal(p.board() == 1, HEART)
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    assert p.on("worlds_update")
    p.press("o")                          # the same size again: the design is still there
    assert np.array_equal(p.board() == 1, HEART)
    # no design and no code puzzle among the boards in progress; the design is in the save
    # (an entry id 255, w 0xc000 + its size) and comes back in a new console (a reset)
    assert len(p.g("recent_boards")) == 0
    p.c.save_cartdata()
    words = list(store.values())[0]
    assert words[10] & 0xFF == 255 and (words[10] >> 8) & 0xFFFF == 0xC005
    q = to_editor(cart[0], 5, dict(store))
    assert np.array_equal(q.board() == 1, HEART)
    assert int(q.g("max_boards")) == 3            # the design holds a board's place


def test_a_design_is_not_saved_beside_4_boards(cart):
    """With 4 boards in progress a design stays for the session but not in the save (no board
    is pushed out for it), and the editor says so; beside 3 it is saved."""
    for n in (4, 3):
        store: dict = {}
        p = Player(cart[0], store)
        for q in range(n):                  # n boards in progress, a fill each
            p.c.exec(f"load_puzzle({q}) load_board() cells[0]=1 play_seconds=0 keep()")
        p.c.save_cartdata()
        p = to_editor(cart[0], 5, store)
        p.enter(grid_of([".#.#.", "#####", "#####", ".###.", "..#.."]))
        settle(p)
        p.c.save_cartdata()
        data = b"".join((int(w) & 0xFFFFFFFF).to_bytes(4, "little") for w in list(store.values())[0])
        boards = [data[40 + 48 * k] for k in range(n)]
        assert boards == list(range(n, 0, -1)), boards    # every board kept, most recent first
        after = data[40 + 48 * n]
        # (the verdict's second line takes turns with the note, a second each)
        p.idle(360)
        said = p.recent_text(360)
        assert "2 rounds" in said
        if n == 4:
            assert after != 255
            assert all(s in said for s in ("not saved", "save full"))
        else:
            assert after == 255 and data[41 + 48 * n:43 + 48 * n] == bytes([5, 0xC0])
            assert "not saved" not in said


def test_a_design_the_save_could_not_keep_is_asked_for_too(cart):
    """A design drawn beside 4 boards in progress lives for the session only, but it is the
    player's all the same: a first stroke at another size asks before it replaces it, as for a
    saved one (it was replaced unasked), and the create page names its size; x replaces it."""
    store: dict = {}
    p = Player(cart[0], store)
    for q in range(4):
        p.c.exec(f"load_puzzle({q}) load_board() cells[0]=1 play_seconds=0 keep()")
    p.c.save_cartdata()
    p = with_heart(cart[0], store)
    assert not p.g("design_saved")
    p.c.exec("create_choice=3 edit()")            # the 15x15 editor, the same session
    settle(p)
    assert not p.board().any() and not p.g("question")
    p.press("o")
    settle(p)
    assert _asked_to_replace(p) and "5x5 one" in p.g("question")
    p.press("o")                                  # keep it
    settle(p)
    assert not p.board().any() and int(p.g("design_size")) == 5
    p.c.choose_menuitem("leave puzzle")           # the create page names its size
    p.idle(3)
    assert p.on("worlds_update") and "5x5 - your design" in p.c.text()
    p.c.exec("edit()")
    settle(p)
    p.press("o")
    settle(p)
    p.press("x")                                  # delete it
    settle(p)
    assert not p.g("question") and p.board().sum() == 1 and int(p.g("design_size")) == 15


def test_the_code_of_a_design_plays_from_the_code_screen(cart):
    p = with_heart(cart[0])
    p.c.choose_menuitem("share code")
    p.idle(1)
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    for _ in range(3):
        p.press("down")
    p.press("o")
    assert p.on("code_update")
    p.c.paste()                            # ctrl-v: what the cart copied
    p.idle(5)
    assert p.on("play_update") and p.g("mode") == "code" and np.array_equal(p.sol(), HEART)


VERDICT_ROWS = range(CLOCK_Y - 2, STATUS_Y + 5)  # the verdict's two lines, beside the column clues
EDGE = 2                        # px at least between a verdict's ink and the screen's left edge
CLUE_GAP = 5                    # background px at least between it and a column clue beside it


def _verdict_texts(p: Player, frames: int) -> list:
    """The texts drawn on the verdict's lines over `frames` frames (each measured on its own
    frame's display), and the clue numbers of the last one."""
    out, clues = [], []
    for _ in range(frames):
        p.idle(1)
        items = measured_text.seen(p.c)
        out += [it for it in items if it.kind == "text" and it.y in VERDICT_ROWS and len(it.ink)]
        clues = [it for it in items if it.kind == "clue" and len(it.ink)] or clues
    return out, clues


@pytest.mark.slow                 # about 300 s: 540 frames measured text by text
def test_the_verdict_keeps_a_margin_and_clear_of_the_column_clues(cart):
    """On 15x15 (column clues right beside the verdict, their last line on its second one) every
    verdict text, the menu's note and the not-saved note included, stands EDGE px from the
    left edge and CLUE_GAP px from every clue number on its line, and each is whole."""
    path, manifest = cart
    good, bad, (fx, fy) = stalled_twin(manifest)
    store: dict = {}
    q = Player(path, store)
    for k in range(4):                            # 4 boards in progress: the design is not saved
        q.c.exec(f"load_puzzle({k}) load_board() cells[0]=1 play_seconds=0 keep()")
    q.c.save_cartdata()
    p = to_editor(path, 15, store)
    measured_text.instrument(p.c)
    p.enter(bad)
    settle(p)
    texts, clues = _verdict_texts(p, 180)
    p.move_to(fx, fy)
    p.press("o")
    settle(p)
    more, clues2 = _verdict_texts(p, 360)
    texts += more
    said = {it.text for it in texts}
    assert {"needs guess", "see dots", "solvable", "\x8e+\x97 menu", "menu: play", "menu: share",
            "not saved", "save full", "\x8e draw", "\x97 erase", "up+dn clear"} <= said, said
    # each turn reads whole: none promises its end in the next ("up+down:", then "clear")
    assert not [t for t in said if t.endswith(":")], said
    for it in texts:
        assert it.ink[:, 1].min() >= EDGE, it.where()
        for c in clues + clues2:
            if measured_text.one_line(it, c):
                assert measured_text.gap(it, c) >= CLUE_GAP, (it.where(), c.where())


def test_the_editor_tells_its_controls_and_the_create_page_does_not(cart):
    """The editor's second verdict line takes turns with its controls (o draws, x erases, up
    and down together clear; a solvable design: the menu's play it and share code); the create
    page before it only offers the sizes and the code."""
    p = Player(cart[0])
    p.idle(2)
    p.press("o")
    p.to_create()
    p.idle(2)
    page = p.recent_text(2)
    assert "menu" not in page and "clear" not in page
    p.press("o")
    p.idle(150)
    said = p.recent_text(150)
    assert all(s in said for s in ("🅾️ draw", "❎ erase", "up+dn clear")), said
    p.enter(np.ones((10, 10), bool))
    settle(p)
    p.idle(270)
    said = p.recent_text(270)
    assert all(s in said for s in ("🅾️+❎ menu", "menu: play", "menu: share", "🅾️ draw", "❎ erase")), said


def test_x_erases_in_the_editor(cart):
    """o draws, x erases: x on a fill clears it (no cross in a design), a held x clears the
    fills along its stroke, x on a blank cell changes nothing."""
    p = to_editor(cart[0], 5)
    p.enter(np.ones((5, 5), bool))
    p.move_to(2, 2)
    p.press("x")
    assert p.board()[2, 2] == 0
    p.press("x")
    assert p.board()[2, 2] == 0
    p.move_to(0, 0)
    p.c.step(["x"])
    p.move_to(4, 0, paint="x")
    assert p.board()[0].tolist() == [0] * 5 and p.board().sum() == 19 and (p.board() < 2).all()
    settle(p)
    p.c.choose_menuitem("undo")
    p.idle(1)
    assert p.board()[0].tolist() == [1] * 5


def test_up_and_down_together_clear_the_design_and_undo_brings_it_back(cart):
    store: dict = {}
    p = with_heart(cart[0], store)
    p.c.step(["up"])
    p.c.step(["up", "down"])
    p.idle(1)
    assert p.g("question") and "clear the whole board?" in p.recent_text(2)
    p.press("o")
    settle(p)
    assert not p.board().any() and p.g("verdict_text") == "empty"
    p.c.save_cartdata()
    assert to_editor(cart[0], 5, dict(store)).board().sum() == 0     # the save lets it go
    p.c.choose_menuitem("undo")
    settle(p)
    assert np.array_equal(p.board() == 1, HEART) and p.g("verdict_text") == "solvable"


def _kept_design(cart_path, store) -> np.ndarray:
    """The 5x5 design a restart opens on (what the save kept)."""
    return to_editor(cart_path, 5, store).board()[:5, :5] == 1


def _asked_to_replace(p: Player) -> bool:
    return "deletes your" in (p.g("question") or "")


def _over_a_saved_heart(cart_path) -> tuple[Player, dict]:
    """The 15x15 editor, blank, with a 5x5 heart in the save."""
    store: dict = {}
    with_heart(cart_path, store).c.save_cartdata()
    p = to_editor(cart_path, 15, store)
    settle(p)
    return p, store


def test_opening_the_editor_at_another_size_keeps_the_design(cart):
    """A player's 5x5 design was gone after they opened the 15x15 editor: a blank board of
    another size leaves the kept design alone (in the save too), and a first fill there asks
    before it replaces it (the save holds one design; replaced unasked, a player's heart was
    gone): o keeps it (the fill taken back, the board blank again), x replaces it."""
    p, store = _over_a_saved_heart(cart[0])
    assert not p.board().any() and not p.g("question")
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()      # a restart: what the save kept
    p = to_editor(cart[0], 15, store)
    p.press("o")                                  # a first fill at 15x15: asked first
    settle(p)
    shown = p.c.text()
    assert "deletes your\n5x5 one" in shown, shown
    p.press("o")                                  # keep it: the fill taken back
    settle(p)
    assert not p.board().any() and not p.g("question")
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()
    p = to_editor(cart[0], 15, store)
    p.press("right")
    p.press("o")
    settle(p)
    p.press("x")                                  # replace it
    settle(p)
    assert p.board().sum() == 1 and not p.g("question")
    p.c.save_cartdata()
    p = to_editor(cart[0], 15, store)             # the 15x15 design is the one kept
    assert p.board().sum() == 1
    assert not _kept_design(cart[0], store).any()


def test_a_question_takes_no_answer_in_its_first_half_second(cart):
    """A player filling cells a tap at a time lost their design: the tap after the stroke that
    asked the question answered it, unread ("delete it" was on o then). A question, not a menu,
    takes no press in its first 15 frames; then its first press answers it, however long it has
    waited; and the design question's answer on o, the button that drew the stroke, is the safe
    one: it takes the stroke back and keeps the design. The same wait for every question: the
    clear-board one too."""
    p, store = _over_a_saved_heart(cart[0])
    p.c.press("o", release=2)                     # a one-cell stroke, let go: asked
    assert _asked_to_replace(p)
    asked = p.c.frame_index
    while p.c.frame_index - asked < 12:           # taps of o and x, 2 frames each, unread
        p.c.press("o" if p.c.frame_index % 4 else "x")
    assert _asked_to_replace(p) and (p.board() == 1).sum() == 1
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()
    p.idle(3)
    p.c.press("o")                                # one more tap: the stroke taken back, kept
    settle(p)
    assert not p.g("question") and not p.board().any()
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()
    p.c.press("o", release=2)
    p.idle(15)
    assert _asked_to_replace(p)
    p.c.press("x")                                # read: x deletes it
    settle(p)
    assert not p.g("question") and p.board().sum() == 1
    p.c.step(["up", "down"])                      # the clear-board question
    p.idle(1)
    assert "clear the whole board?" in (p.g("question") or "")
    p.c.press("o")
    p.idle(2)
    assert p.g("question") and p.board().sum() == 1
    p.press("o")                                  # (the player's press waits as a reader)
    settle(p)
    assert not p.g("question") and not p.board().any()
    p.press("o")
    settle(p)
    p.c.step(["up", "down"])                      # asked 32,780 frames ago (18 minutes): the
    p.idle(1)                                     # frames' difference, a 16.16 number, wrapped
    assert "clear the whole board?" in (p.g("question") or "")
    p.c.exec("asked_at=frame_count+32756")
    p.c.press("x")                                # ... and the question still takes a press
    p.idle(1)
    assert not p.g("question") and p.board().sum() == 1


def test_the_design_question_waits_for_the_stroke_and_the_chord(cart):
    """The question before a first stroke at another size comes once the stroke ends (a stroke
    of 3 cells, one question; x takes all 3 back), never mid-stroke, and not on an o+x chord's
    first press: o, then x a frame later, opens the on-screen menu with the board blank again
    (asked on the o, the question took the x and no menu opened), and the heart stays."""
    p, store = _over_a_saved_heart(cart[0])
    for held in (["o"], ["o", "right"], ["o"], ["o", "right"], ["o"]):
        p.c.step(held)
    assert not _asked_to_replace(p) and (p.board() == 1).sum() >= 3
    painted = int((p.board() == 1).sum())
    p.idle(2)                                     # let go: asked now, once
    assert _asked_to_replace(p) and (p.board() == 1).sum() == painted
    assert p.c.max_instructions < frame_budget(30)
    p.press("o")                                  # keep it: the whole stroke taken back
    settle(p)
    assert not p.board().any() and not p.g("question")
    p.c.step(["o"])                               # the menu's chord, o a frame first
    p.c.step(["o", "x"])
    p.c.run_frames(2, ["o", "x"])
    p.idle(2)
    assert p.g("menu_at") == 1 and not _asked_to_replace(p) and not p.board().any()
    p.press("x")                                  # the menu closed: nothing to ask
    settle(p)
    assert not p.g("question") and not p.board().any()
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()


@pytest.mark.parametrize("then", ["leave puzzle", "undo"])
def test_the_design_question_left_open_never_replaces_the_design(cart, then):
    """With the question open, the pause menu still works: leaving closes the question with the
    board (carried onto the create page, its answer replaced the design), and an undo there
    leaves nothing to replace, so x, delete it, keeps the design as it was (replacing it with a
    blank board left the save with no design)."""
    p, store = _over_a_saved_heart(cart[0])
    p.press("o")
    p.idle(2)
    assert _asked_to_replace(p)
    p.c.choose_menuitem(then)
    p.idle(3)
    if then == "leave puzzle":
        assert p.on("worlds_update") and not p.g("question")
    else:
        assert _asked_to_replace(p) and not p.board().any()
        p.press("x")
        settle(p)
    p.c.save_cartdata()
    assert (_kept_design(cart[0], store) == HEART).all()


def test_the_create_page_shows_the_size_of_the_design(cart):
    """A player back at the create page took their 5x5 heart for lost (the 15x15 editor they
    opened was blank): the size holding the saved design says so, and after a restart the
    choice starts on it; with no design, the sizes alone, the choice on 10x10."""
    def create_page(store) -> list:
        p = Player(cart[0], store)
        p.idle(2)
        p.press("o")
        p.to_create()
        p.idle(2)
        return [t for t in p.c.text().split("\n") if "x" in t and "code" not in t]

    assert create_page({}) == ["5x5", "> 10x10", "15x15"]
    p, store = _over_a_saved_heart(cart[0])
    assert create_page(store) == ["> 5x5 - your design", "10x10", "15x15"]
    p.press("o")                                  # a 15x15 design replaces it
    settle(p)
    p.press("x")
    settle(p)
    p.c.save_cartdata()
    assert create_page(store) == ["5x5", "10x10", "> 15x15 - your design"]


def test_a_hint_left_unfinished_does_not_mark_the_editor(cart):
    """A hint takes a few frames on a 15x15 board; a player who left the puzzle from the pause
    menu meanwhile found the hint finished on the editor opened next: a mark on the blank
    design, the cursor moved. The editor opens as play() opens a board, nothing left running."""
    p = Player(cart[0])
    p.open_puzzle(0, 30)                          # a 15x15 puzzle, blank
    p.c.choose_menuitem("hint")
    p.idle(1)
    p.press("o")                                  # the roulette: spin
    assert p.g("hint_maker")                      # still being worked out
    p.c.choose_menuitem("leave puzzle")
    p.idle(1)
    assert p.on("puzzles_update")
    p.press("x")                                  # -> worlds
    p.to_create()
    p.press("o")                                  # the create page's first choice: 10x10
    assert p.on("play_update") and p.g("mode") == "edit" and p.size() == 10
    settle(p)
    p.idle(30)
    assert not p.board().any() and p.cursor() == (5, 5) and "hint" not in p.recent_text(30)
