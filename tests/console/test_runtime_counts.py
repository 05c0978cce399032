"""The cart's CPU did not change when the API moved from Python into the runtime's Lua: with
the hook every instruction, these carts count exactly what the console of commit ad9a99d
counted (its API was Python, a call costing the cart its one call instruction), frame by
frame; at the default period, each frame is within a hook period per _update/_draw call of
that exact count."""
from pathlib import Path

import pytest

from generator.console import Console

from consolecarts import make  # noqa: F401  (fixture)

HERE = Path(__file__).resolve().parent
# [boot, frames 1-5] as counted at ad9a99d (hook_every=1; frames 1-3 hold right and O)
AT_AD9A99D = {
    "counting/api_heavy.p8": [33, 5664, 5664, 5664, 5678, 5678],
    "carts/cartdata.p8": [131, 0, 0, 0, 0, 0],
    "carts/coroutines.p8": [395, 73, 74, 96, 74, 74],
    "carts/drawing.p8": [832, 0, 0, 0, 0, 0],
    "carts/input.p8": [33, 43, 38, 38, 38, 38],
    "carts/memory.p8": [528, 0, 0, 0, 0, 0],
    "carts/numbers.p8": [567, 0, 0, 0, 0, 0],
    "carts/sound.p8": [896, 526, 0, 0, 0, 0],
    "carts/sprites.p8": [592, 0, 0, 0, 0, 0],
    "carts/strings.p8": [499, 0, 0, 0, 0, 0],
    "carts/tables.p8": [628, 0, 0, 0, 0, 0],
}


def counts(cart: str, hook_every: int) -> list[int]:
    c = Console.load(HERE / cart, hook_every=hook_every, cartdata={})
    c.boot()
    c.run_frames(3, ["right", "o"])
    c.run_frames(2)
    return [c.init_instructions] + c.instructions


@pytest.mark.parametrize("cart", sorted(AT_AD9A99D))
def test_exact_counts_are_the_python_apis(cart):
    assert counts(cart, 1) == AT_AD9A99D[cart]


def test_default_counts_stay_within_a_period_a_call():
    exact = AT_AD9A99D["counting/api_heavy.p8"]
    got = counts("counting/api_heavy.p8", 100)
    assert all(e - 2 * 100 < g <= e + 100 for e, g in zip(exact, got)), (exact, got)


def test_pset_costs_the_cart_its_call_alone(make):
    """pset runs in the cart's thread and debits its own instructions: whatever its path (a
    colour or none, inside the clip or not, a fill pattern, transparent or not, camera), a call
    counts what a call of a native function does."""
    import random
    rng = random.Random(5)
    calls = []
    for _ in range(300):
        col = rng.choice(["", f",{rng.randint(0, 255)}"])
        calls.append(f"f({rng.randint(-40, 170)},{rng.randint(-40, 170)}{col})")
        if rng.random() < 0.1:
            calls.append(rng.choice(["fillp(0x5a5a)", "fillp(0x5a5a.8)", "fillp()", "camera(3,-2)",
                                     "camera()", "clip(10,10,50,60)", "clip()"]))
    body = "\n".join(calls)
    native = make(f"function _draw() f=max\n{body}\nend", hook_every=1)
    runtime = make(f"function _draw() f=pset\n{body}\nend", hook_every=1)
    assert native.step().instructions == runtime.step().instructions
    assert (runtime.screen() != 0).sum() > 20     # it drew
