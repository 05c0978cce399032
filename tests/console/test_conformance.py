"""The conformance suite: one small cart per API area in tests/console/carts/, each checking
its own values against the PICO-8 manual (eq() in carts/harness.lua) and printh'ing failures
and a total. The test runs the cart with its button script and reads those lines."""
from __future__ import annotations

import re

import pytest

from consolecarts import CARTS
from generator.console import Console

# cart: (frames to run, buttons held in them, least number of checks, console options)
INPUT_SCRIPT = [{"right"}] * 20 + [set(), {"left", "x"}, set()] + [{"right"}] * 20
CARTS_RUN = {
    "numbers": ([], 44, {}),
    "strings": ([], 26, {}),
    "tables": ([], 25, {}),
    "drawing": ([], 48, {}),
    "sprites": ([], 33, {}),
    "memory": ([], 27, {}),
    "input": (INPUT_SCRIPT, 10, {}),
    "sound": ([set()] * 2, 40, {}),
    # the manual's coresume returns false on an error; the console raises by default
    "coroutines": ([set()] * 4, 8, {"strict_coroutines": False}),
}


@pytest.mark.parametrize("name", sorted(CARTS_RUN))
def test_cart_checks_pass(name):
    script, least, options = CARTS_RUN[name]
    c = Console.load(CARTS / f"{name}.p8", **options).boot()
    for buttons in script:
        c.step(buttons=buttons)
    assert [line for line in c.printh_lines if line.startswith("fail")] == []
    totals = [line for line in c.printh_lines if line.startswith("checks:")]
    assert len(totals) == 1, f"{name}: done() ran {len(totals)} times"
    checks, failures = map(int, re.findall(r"\d+", totals[0]))
    assert failures == 0 and checks >= least


def test_cartdata_persists_across_runs():
    store: dict = {}
    for run in (1, 2):
        c = Console.load(CARTS / "cartdata.p8", cartdata=store).boot()
        assert [line for line in c.printh_lines if line.startswith("fail")] == []
        assert c.printh_lines[-1] == ("checks: 6 failures: 0" if run == 1
                                      else "checks: 4 failures: 0")
    assert list(store) == ["picross8_conformance"]


def test_a_failing_check_is_reported(tmp_path):
    """The harness itself: a wrong expectation shows up as a failure line."""
    cart = tmp_path / "bad.p8"
    cart.write_text((CARTS / "numbers.p8").read_text().replace(
        "#include harness.lua", (CARTS / "harness.lua").read_text() + 'eq(1+1,3,"wrong")'))
    c = Console.load(cart).boot()
    assert "fail: wrong: got 2 want 3" in c.printh_lines
