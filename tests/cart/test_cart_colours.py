"""Pictures revealed in colour: the cart's `shade` against its Python twin, every shipped picture
coloured from its PNG, and the solved screen and the list showing those colours."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from cartfixtures import revealed
from generator.cartbuild.colours import decode_string
from generator.console.console import Console
from generator.playtest.player import Player, saved_progress, solution
from generator.render.colouring import shade_roles, shade_slots
from generator.solver.grid import line_to_bits


@pytest.fixture(scope="module")
def console(cart):
    return Console.load(cart[0]).boot()


def lua_shade(c: Console, sol: np.ndarray, world: int, code: str) -> np.ndarray:
    n = sol.shape[0]
    rows = ",".join(str(line_to_bits(r)) for r in sol)
    got = c.exec(f'use_palette({world}) shade(split"{rows}",{n},"{code}") local s="" '
                 f'for y=1,{n} do for x=0,{n - 1} do s=s..(picture_colours[y*16+x] or -1).."," end end return s')
    return np.array([int(v) for v in got.split(",")[:-1]], dtype=np.int8).reshape(n, n)


grids = st.sampled_from([5, 10, 15]).flatmap(
    lambda n: st.lists(st.booleans(), min_size=n * n, max_size=n * n).map(
        lambda cells: np.array(cells, dtype=bool).reshape(n, n)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(sol=grids, world=st.sampled_from([1, 2]))
def test_the_shading_rule_in_lua_equals_its_python_twin(console, cart, sol, world):
    ui = cart[1]["worlds"][world - 1]["ui"]
    assert (lua_shade(console, sol, world, "") == shade_slots(sol, ui)).all()


@settings(max_examples=30, deadline=None, derandomize=True)
@given(sol=grids, data=st.data())
def test_a_colour_code_decodes_to_the_same_slots_in_lua(console, sol, data):
    slots = data.draw(st.lists(st.integers(0, 15), min_size=int(sol.sum()), max_size=int(sol.sum())))
    code = "".join(chr(48 + s) for s in slots)
    assert (lua_shade(console, sol, 1, code) == decode_string(code, sol)).all()


def test_the_rule_lights_the_top_left_and_shades_the_bottom_right():
    sol = np.zeros((5, 5), dtype=bool)
    sol[1:4, 1:4] = True
    r = shade_roles(sol)
    assert r[1, 1] == 11 and r[2, 2] == 12 and r[3, 3] == 14 and r[1, 3] == 14 and r[0, 0] == 0


def test_every_shipped_picture_has_its_own_colours(cart):
    m = cart[1]
    named = [p for p in m["puzzles"] if p["name"]]
    assert len(named) >= 60
    assert m["counts"]["colours"]["by_rule"] == []
    assert m["counts"]["colours"]["pictures"] == len(named)
    for p in named:
        sol = np.array([[c == "#" for c in r] for r in p["rows"]])
        slots = decode_string(p["colours"], sol)
        assert len(p["colours"]) == sol.sum()
        assert len(set(slots[sol].tolist())) >= 2, f"{p['name']} is one flat colour"
    assert all(p["colours"] == "" for p in m["puzzles"] if not p["name"])


@pytest.mark.slow
@pytest.mark.parametrize("wi", [0, 1], ids=["spires", "lookout"])
def test_the_solved_screen_shows_the_pictures_colours(cart, wi):
    path, m = cart
    w = m["worlds"][wi]
    k = next(i for i, q in enumerate(m["puzzles"][w["first"]:]) if q["size"] == 15 and q["name"])
    q = m["puzzles"][w["first"] + k]
    p = Player(path)
    p.open_puzzle(wi, k)
    sol = solution(m, w["first"] + k)
    p.enter(sol)
    p.idle(60)
    assert p.on("solved_update")
    want = np.array(w["pal"])[np.maximum(decode_string(q["colours"], sol), 0)]
    got = revealed(p)
    assert (got[sol] == want[sol]).all(), q["name"]
    assert p.c.max_instructions <= p.c.budget


def test_the_list_shows_solved_pictures_in_their_colours(cart):
    path, m = cart
    w = m["worlds"][1]
    p = Player(path, saved_progress(path, {w["first"]: 30}))
    p.idle(2)
    p.press("o")
    p.press("right")
    p.press("o")
    p.idle(3)
    q = m["puzzles"][w["first"]]
    sol = np.array([[c == "#" for c in r] for r in q["rows"]])
    n = sol.shape[0]
    s, o = 15 // n, (15 - n * (15 // n)) // 2 + 1
    d = p.c.display()
    got = np.array([[d[12 + o + y * s, 1 + o + x * s] for x in range(n)] for y in range(n)])
    want = np.array(w["pal"])[np.maximum(decode_string(q["colours"], sol), 0)]
    assert (got[sol] == want[sol]).all()
