"""The ramp: puzzles ordered by measured difficulty, 5x5 and 10x10 start pictures first, pips on
the list, and the small boards played through in the headless console."""
from __future__ import annotations

import pytest

from generator.cartbuild import rom as romdata
from generator.cartbuild.build import GROUPS
from generator.console.player import Player, solution
from generator.puzzles.difficulty import PIP_LIMITS


@pytest.fixture(scope="module")
def cart(built_cart):
    return built_cart.path, built_cart.manifest


def world_puzzles(manifest, w):
    return [p for p in manifest["puzzles"] if p["world"] == w["name"]]


def test_each_world_climbs_the_ramp_group_by_group(cart):
    _, m = cart
    for w in m["worlds"]:
        ps = world_puzzles(m, w)
        groups = [p["group"] for p in ps]
        # start pictures, then the 15x15 pictures, then the random puzzles, each group in one run
        assert groups == sorted(groups, key=GROUPS.index)
        assert groups.count("start") >= 6 and groups.count("picture") >= 30
        start = [p for p in ps if p["group"] == "start"]
        assert ps[0]["size"] == 5 and {p["size"] for p in start} == {5, 10}
        assert [p["size"] for p in start] == sorted(p["size"] for p in start)
        assert all(p["size"] == 15 for p in ps if p["group"] != "start")
        for g in GROUPS:
            for n in (5, 10, 15):
                scores = [p["difficulty"]["score"] for p in ps if p["group"] == g and p["size"] == n]
                assert scores == sorted(scores), (w["name"], g, n)
        assert all((p["name"] is None) == (p["group"] == "random") for p in ps)


def test_pips_follow_the_score_and_reach_the_rom(cart):
    path, m = cart
    import shrinko.shrinko8  # noqa: F401
    import pico_cart
    rom = pico_cart.read_cart(str(path)).rom
    pips = [p["difficulty"]["pips"] for p in m["puzzles"]]
    assert set(pips) == {1, 2, 3, 4, 5}
    for i, p in enumerate(m["puzzles"]):
        d = p["difficulty"]
        assert d["pips"] == 1 + sum(d["score"] >= t for t in PIP_LIMITS)
        assert romdata.read_pips(rom, i) == d["pips"]
        assert rom[romdata.PZ_BASE + i] & 15 == p["size"] // 5
        got = romdata.read_puzzle(rom, i, len(m["puzzles"]))
        assert ["".join("#" if c else "." for c in r) for r in got] == p["rows"]


@pytest.mark.parametrize("k", [0, 3], ids=["5x5", "10x10"])
def test_a_small_puzzle_played_to_the_end_and_found_solved_after_a_restart(cart, k):
    path, m = cart
    w = m["worlds"][1]
    store = {}
    p = Player(path, store)
    p.open_puzzle(1, k)
    sol = solution(m, w["first"] + k)
    n = sol.shape[0]
    assert n == (5 if k == 0 else 10) and p.size() == n
    assert p.cursor() == (n // 2, n // 2)
    # the cursor stops at the board's edge
    p.move_to(n - 1, n - 1)
    p.press("right")
    p.press("down")
    assert p.cursor() == (n - 1, n - 1)
    p.enter(sol)
    assert p.on("supd")
    assert (p.board() == 1).sum() == sol.sum()
    p.idle(45)
    assert "time" in p.c.text()
    assert p.c.max_instructions <= p.c.budget
    best = p.best(w["first"] + k)
    assert best is not None

    again = Player(path, store)
    again.idle(2)
    again.press("o")
    again.press("right")
    again.press("o")                       # lookout's puzzle list, on its first puzzle
    for _ in range(k):
        again.press("right")
    assert again.on("pupd")
    assert again.best(w["first"] + k) == best
    assert "solved" in again.recent_text()


def test_the_list_draws_pips_and_marks_pictures(cart):
    path, m = cart
    p = Player(path)
    p.idle(2)
    p.press("o")
    p.press("o")                           # spires' list, first puzzle selected
    assert p.on("pupd")
    px = p.c.screen()
    w = m["worlds"][0]
    ps = world_puzzles(m, w)
    for k in range(14):
        x, y = 1 + k % 7 * 18, 12 + k // 7 * 18
        got = [int(px[y + 12, x + 2 + j * 3]) for j in range(5)]
        n = ps[k]["difficulty"]["pips"]
        ui = w["ui"]                        # screen slots of the colour roles: 4 fill, 2 grid
        assert got == [ui[4]] * n + [ui[2]] * (5 - n), k
        # a picture's tile has its corner mark (all of these are pictures), in the guide colour
        assert px[y + 1, x + 1] == px[y + 1, x + 3] == ui[3]
    # a random puzzle's tile has none
    p.press("down")
    first_random = next(i for i, q in enumerate(ps) if q["group"] == "random")
    for _ in range(first_random - 7):
        p.press("right")
    p.idle(2)
    k = first_random
    px = p.c.screen()
    top = int(p.g("top"))
    x, y = 1 + k % 7 * 18, 12 + (k // 7 - top) * 18
    assert px[y + 1, x + 3] == w["ui"][1]     # paper: no mark
    p.c.exec("redraw=true")                # the list prints on a redraw, then copies
    p.idle(1)
    text = p.recent_text(1)
    assert f"0/{w['count']} solved" in text and "15x15" in text and "picture" not in text.split("solved")[-1]


def test_the_first_puzzle_shows_the_controls_until_the_first_mark(cart):
    path, m = cart
    p = Player(path)
    p.open_puzzle(0, 0)

    def shown(p):
        p.c.exec("redraw=true")            # the play screen prints on a redraw, then copies
        p.idle(1)
        return p.recent_text(1)
    assert "move" in shown(p) and "fill" in shown(p) and "cross" in shown(p)
    p.press("x")
    assert "cross" not in shown(p)
    p.press("x")                           # cleared again: a blank board shows it again
    assert "cross" in shown(p)
    q = Player(path)
    q.open_puzzle(0, 1)                    # the second puzzle does not
    assert "cross" not in shown(q)


def test_the_list_full_of_solved_pictures_draws_within_the_frame_budget(cart):
    from generator.console.player import saved_progress
    path, m = cart
    w = m["worlds"][0]
    p = Player(path, saved_progress(path, {q: 60 for q in range(w["first"], w["first"] + w["count"])}))
    p.idle(2)
    p.press("o")
    p.press("o")
    for _ in range(9):                     # down to the random puzzles: every tile a dense picture
        p.press("down")
    assert f"{w['count']}/{w['count']} solved" in p.recent_text(40)
    assert p.c.max_instructions <= p.c.budget, p.c.max_instructions
