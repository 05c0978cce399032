"""The bound on every wait on a page (webkit.BoundedBrowser): answers pass through unchanged, a
promise the page never settles fails in its bound, and a page whose main thread never returns
fails too, its browser stopped (and no other browser with it)."""
from __future__ import annotations

import time

import pytest

from webkit import CHROMIUM, BoundedBrowser, PageHung

BLANK = "data:text/html,<title>blank</title>"


@pytest.fixture()
def blank(context):
    pg = context.new_page()
    pg.goto(BLANK)
    return pg


def test_answers_pass_through(blank):
    assert blank.evaluate("1 + 1") == 2
    assert blank.evaluate("(a) => a.x + 1", {"x": 2}) == 3
    assert blank.evaluate("Promise.resolve([1, 'two', null])") == [1, "two", None]
    assert blank.evaluate("() => undefined") is None
    assert blank.evaluate("document.title") == "blank"
    with pytest.raises(Exception, match="boom"):
        blank.evaluate("() => { throw new Error('boom'); }")


def test_a_promise_never_settled_fails_within_its_bound(blank):
    t = time.monotonic()
    with pytest.raises(PageHung, match="did not answer 'new Promise"):
        blank.evaluate("new Promise(() => {})", ms=300)
    assert time.monotonic() - t < 60
    assert blank.evaluate("2 * 21") == 42           # the page still answers after


def test_a_stuck_main_thread_fails_and_stops_only_its_browser(playwright_driver, page):
    own = BoundedBrowser(playwright_driver.chromium, executable_path=str(CHROMIUM), args=["--no-sandbox"])
    assert own.pids                                   # the watchdog knows whom to stop
    try:
        pg = own.new_context().new_page()
        pg.goto(BLANK)
        t = time.monotonic()
        with pytest.raises(PageHung, match="main thread is stuck"):
            pg.evaluate("() => { for (;;) {} }", ms=200, grace_s=2)
        assert time.monotonic() - t < 60
    finally:
        try:
            own.close()
        except Exception:                             # already stopped by the watchdog
            pass
    assert page.evaluate("pico8.error()") is None     # the session's browser lives on
