"""The ramp: puzzles ordered by measured difficulty, 5x5 and 10x10 start pictures first, pips on
the list, and the small boards played through in the headless console."""
from __future__ import annotations

import pytest

from generator.cartbuild import rom as romdata
from generator.playtest.player import Player, solution
from generator.puzzles.difficulty import PIP_LIMITS

from cartfixtures import START


def world_puzzles(manifest, w):
    return [p for p in manifest["puzzles"] if p["world"] == w["name"]]


# The ramp's rule (docs/game.md, "The ramp"): along a world's list the pips never fall, no board
# smaller than 15x15 comes after a 15x15, among the small boards (5x5 and 10x10, one climb) and
# among the 15x15s the score never falls, and from one 15x15 to the next it rises at most STEP
# times. (From the last small board to the first 15x15 the score may fall within a pip: the board
# itself grows.)
STEP = 1.6


def pip(score):
    return 1 + sum(score >= t for t in PIP_LIMITS)


def cliffs(ps):
    """Where a world's puzzles (manifest entries, in list order) break the ramp's rule: (index,
    score before, score after) of each step that falls, shrinks or, between 15x15s, jumps."""
    out = []
    for a, b in zip(ps, ps[1:]):
        da, db = a["difficulty"], b["difficulty"]
        sa, sb = da["score"], db["score"]
        big_a, big_b = a["size"] == 15, b["size"] == 15
        if (big_a and not big_b) or db["pips"] < da["pips"] or (big_a == big_b and sb < sa) \
                or (big_a and big_b and sb > STEP * sa):
            out.append((b["world_index"], sa, sb))
    return out


def test_each_world_climbs_without_a_fall_or_a_jump(cart):
    _, m = cart
    for w in m["worlds"]:
        ps = world_puzzles(m, w)
        assert [p["world_index"] for p in ps] == list(range(w["count"]))
        assert cliffs(ps) == [], w["name"]
        # the start pictures come first: at least 12 5x5s and 12 10x10s, a 5x5 opening, the
        # 10x10s joining among the 5x5s; every other puzzle is a 15x15
        groups = [p["group"] for p in ps]
        n = groups.count("start")
        sizes = [p["size"] for p in ps[:n]]
        assert n == START and groups[:n] == ["start"] * n and groups.count("picture") >= 30
        assert sizes.count(5) >= 12 and sizes.count(10) >= 12 and set(sizes) == {5, 10}
        assert sizes[0] == 5 and sizes.index(10) < max(i for i, s in enumerate(sizes) if s == 5)
        assert all(p["size"] == 15 for p in ps[n:])
        assert all((p["name"] is None) == (p["group"] == "random") for p in ps)


def test_the_rule_finds_a_saw_tooth():
    # a list whose pictures end star, key, anchor, windmill (spires' without the ramp's order),
    # then the random puzzles begin again at 3.37
    saw = [{"world_index": i, "size": 15, "difficulty": {"score": s, "pips": pip(s)}}
           for i, s in enumerate([25.58, 26.99, 29.43, 52.25, 53.14, 89.83, 3.37, 3.37])]
    assert cliffs(saw) == [(3, 29.43, 52.25), (5, 53.14, 89.83), (6, 89.83, 3.37)]
    # a 10x10 after a 15x15; a 5x5 after a harder 10x10; a 15x15 of fewer pips after a 10x10
    sizes = [{"world_index": i, "size": n, "difficulty": {"score": s, "pips": pip(s)}}
             for i, (n, s) in enumerate([(15, 3.0), (10, 3.0), (5, 2.0), (10, 6.5), (15, 5.0)])]
    assert cliffs(sizes) == [(1, 3.0, 3.0), (2, 3.0, 2.0), (4, 6.5, 5.0)]
    # a 15x15 easier than the 10x10 before it, within the pip, is the board growing: no cliff
    grow = [{"world_index": i, "size": n, "difficulty": {"score": s, "pips": pip(s)}}
            for i, (n, s) in enumerate([(5, 1.0), (10, 5.2), (15, 2.9), (15, 3.1)])]
    assert cliffs(grow) == []


def test_random_puzzles_join_at_two_pips_after_a_run_of_pictures(cart):
    _, m = cart
    for w in m["worlds"]:
        ps = world_puzzles(m, w)
        first = next(i for i, p in enumerate(ps) if p["group"] == "random")
        opening = [p["group"] for p in ps[:first] if p["size"] == 15]
        assert len(opening) >= 5 and set(opening) == {"picture"}, w["name"]
        assert min(p["difficulty"]["pips"] for p in ps if p["group"] == "random") == 2
        assert ps[first - 1]["difficulty"]["pips"] <= 2


def test_no_puzzle_twice_and_picture_names_unique_within_a_world(cart):
    _, m = cart
    grids = [tuple(p["rows"]) for p in m["puzzles"]]
    assert len(set(grids)) == len(grids)
    for w in m["worlds"]:
        names = [p["name"] for p in world_puzzles(m, w) if p["name"]]
        assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


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


@pytest.mark.parametrize("n", [5, 10], ids=["5x5", "10x10"])
def test_a_small_puzzle_played_to_the_end_and_found_solved_after_a_restart(cart, n):
    path, m = cart
    w = m["worlds"][1]
    k = next(i for i, q in enumerate(world_puzzles(m, w)) if q["size"] == n)   # the first of its size
    store = {}
    p = Player(path, store)
    p.open_puzzle(1, k)
    sol = solution(m, w["first"] + k)
    assert sol.shape[0] == n and p.size() == n
    assert p.cursor() == (n // 2, n // 2)
    # a press off the board's edge comes in at the other edge (tests/cart/test_game.py: held, it
    # stops there)
    p.move_to(n - 1, n - 1)
    p.press("right")
    p.press("down")
    assert p.cursor() == (0, 0)
    p.enter(sol)
    assert p.on("solved_update")
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
    assert again.on("puzzles_update")
    assert again.best(w["first"] + k) == best
    assert "solved" in again.recent_text()


def test_the_list_draws_pips_and_marks_pictures(cart):
    path, m = cart
    p = Player(path)
    p.idle(2)
    p.press("o")
    p.press("o")                           # spires' list, first puzzle selected
    assert p.on("puzzles_update")
    px = p.c.screen()
    w = m["worlds"][0]
    ps = world_puzzles(m, w)
    for k in range(14):
        x, y = 1 + k % 7 * 18, 12 + k // 7 * 18
        got = [int(px[y + 13, x + 2 + j * 3]) for j in range(5)]
        n = ps[k]["difficulty"]["pips"]
        ui = w["ui"]                        # screen slots of the colour roles: 4 fill, 1 paper
        assert got == [ui[4]] * n + [ui[1]] * (5 - n), k      # only the pips it has
        # a picture's tile has its corner mark (all of these are pictures), in the tile's ink
        assert px[y + 1, x + 1] == px[y + 1, x + 3] == ui[4]
    # a random puzzle's tile has none
    p.press("down")
    first_random = next(i for i, q in enumerate(ps) if q["group"] == "random")
    for _ in range(first_random - 7):
        p.press("right")
    p.idle(2)
    k = first_random
    px = p.c.screen()
    top = int(p.g("top_row"))
    x, y = 1 + k % 7 * 18, 12 + (k // 7 - top) * 18
    assert px[y + 1, x + 3] == w["ui"][1]     # paper: no mark
    p.c.exec("redraw=true")                # the list prints on a redraw, then copies
    p.idle(1)
    text = p.recent_text(1)
    assert f"0/{w['count']}" in text and "15x15" in text and "picture" not in text


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
    from generator.playtest.player import saved_progress
    path, m = cart
    w = m["worlds"][0]
    p = Player(path, saved_progress(path, {q: 60 for q in range(w["first"], w["first"] + w["count"])}))
    p.idle(2)
    p.press("o")
    p.press("o")
    for _ in range(9):                     # down to the random puzzles: every tile a dense picture
        p.press("down")
    p.c.exec("redraw=true")                # (the header prints on a redraw, then copies)
    p.idle(1)
    assert f"{w['count']}/{w['count']}" in p.recent_text(1)
    assert p.c.max_instructions <= p.c.budget, p.c.max_instructions
