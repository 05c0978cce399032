"""The conformance carts (tests/console/carts/) pass in the page too: each is built into a page
of its own, run with the console test's button script, and read through its printh lines."""
from __future__ import annotations

import re

import pytest

from cartfixtures import REPO
from webkit import need_browser, need_runtime, z8_factory

CARTS = REPO / "tests" / "console" / "carts"

# cart: (frames with their buttons (bit masks), least number of checks); as the console's test
INPUT = [2] * 20 + [0, 1 | 32, 0] + [2] * 20
CARTS_RUN = {
    "numbers": ([], 44), "strings": ([], 26), "tables": ([], 25), "drawing": ([], 48),
    "sprites": ([], 33), "memory": ([], 27), "input": (INPUT, 10),
    # coresume returns false on an error in the page, as the manual says (the console's
    # strict_coroutines=False)
    "coroutines": ([0] * 4, 8),
}


@pytest.fixture(scope="module")
def cart_pages(tmp_path_factory):
    need_browser()
    need_runtime()
    factory = z8_factory()
    from generator.web.page import build_page
    out = tmp_path_factory.mktemp("carts")
    pages = {}
    for name in list(CARTS_RUN) + ["cartdata", "sound"]:
        html, _ = build_page(CARTS / f"{name}.p8", factory)
        pages[name] = out / f"{name}.html"
        pages[name].write_text(html)
    return pages


def run(context, page_file, script, fresh: bool = True) -> list[str]:
    """The cart's printh lines after its script; fresh: from an empty save (else the one the
    page's localStorage holds)."""
    pg = context.new_page()
    pg.goto(page_file.as_uri())
    pg.evaluate("pico8.ready")
    pg.evaluate("(fresh) => pico8.reset(fresh ? {seed: 0, cartdata: null} : {seed: 0})", fresh)
    for mask in script:
        pg.evaluate("(m) => pico8.step(1, m)", mask)
    assert pg.evaluate("pico8.error()") is None
    lines = pg.evaluate("pico8.printh()")
    pg.close()
    return lines


@pytest.mark.parametrize("name", sorted(CARTS_RUN))
def test_cart_checks_pass_in_the_page(name, cart_pages, context):
    script, least = CARTS_RUN[name]
    lines = run(context, cart_pages[name], script)
    assert [line for line in lines if line.startswith("fail")] == []
    totals = [line for line in lines if line.startswith("checks:")]
    assert len(totals) == 1, f"{name}: done() ran {len(totals)} times"
    checks, failures = map(int, re.findall(r"\d+", totals[0]))
    assert failures == 0 and checks >= least


def test_cartdata_persists_across_runs_in_the_page(cart_pages, context):
    for n in (1, 2):
        lines = run(context, cart_pages["cartdata"], [], fresh=n == 1)
        assert [line for line in lines if line.startswith("fail")] == []
        assert lines[-1] == ("checks: 6 failures: 0" if n == 1 else "checks: 4 failures: 0")


def test_sound_cart_in_the_page(cart_pages, context):
    from importlib import resources
    if not (resources.files("generator.web") / "synth.js").is_file():
        pytest.skip("the page has no synthesiser yet (generator/web/synth.js): no sound checks")
    lines = run(context, cart_pages["sound"], [0] * 2)
    assert [line for line in lines if line.startswith("fail")] == []
    checks, failures = map(int, re.findall(r"\d+", lines[-1]))
    assert failures == 0 and checks >= 40
