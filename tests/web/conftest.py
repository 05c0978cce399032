"""Fixtures of the page's tests: the page built once from the real cart, and Debian's chromium
driven by Playwright (never a downloaded browser), every wait on a page bounded
(webkit.BoundedBrowser). Each skips in one line when emscripten, chromium or Playwright is
missing."""
from __future__ import annotations

import pytest

import webkit
from webkit import CHROMIUM, BoundedBrowser, need_browser, need_runtime, z8_factory

BROWSER_ARGS = ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"]


@pytest.fixture(scope="session")
def web_page(built_cart, tmp_path_factory):
    """build/web's index.html for the real cart as shipped (minified), built into a temporary
    folder; the tests' Lua snippets name its globals through webkit.shipped."""
    need_browser()
    need_runtime()
    factory = z8_factory()
    from generator.web.page import build_page
    html, _ = build_page(built_cart.shipped, factory)
    webkit.SHIPPED_NAMES.update(built_cart.manifest["names"])
    out = tmp_path_factory.mktemp("web") / "index.html"
    out.write_text(html)
    return out


@pytest.fixture(scope="session")
def playwright_driver():
    need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """Chromium that lets a page play sound before any key or tap (tests read the audio)."""
    b = BoundedBrowser(playwright_driver.chromium, executable_path=str(CHROMIUM), args=BROWSER_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def strict_browser(playwright_driver):
    """Chromium with its own autoplay rule, as players have it: sound starts only in a key
    press, a click or a tap."""
    b = BoundedBrowser(playwright_driver.chromium, executable_path=str(CHROMIUM), args=["--no-sandbox"])
    yield b
    b.close()


@pytest.fixture()
def context(browser, tmp_path):
    ctx = browser.new_context()
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context, web_page):
    """The page opened from file://, booted, in test mode (no real-time frames)."""
    pg = context.new_page()
    pg.goto(web_page.as_uri())
    pg.evaluate("pico8.ready")
    pg.evaluate("pico8.reset({seed: 0, cartdata: null})")
    assert pg.evaluate("pico8.error()") is None
    return pg
