"""The cart's CPU did not change when the API moved from Python into the runtime's Lua: with
the hook every instruction, these carts count exactly what the console of commit ad9a99d
counted (its API was Python, a call costing the cart its one call instruction), frame by
frame; at the default period, each frame is within a hook period per _update/_draw call of
that exact count."""
from pathlib import Path

import pytest

from generator.console import Console

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
