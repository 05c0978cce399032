"""What the page's tests need, found once: emscripten, node, chromium and Playwright; each
missing one makes its tests skip with one line saying what to install. And the bound on every
wait on a page (BoundedBrowser, below), so a hung page fails its test instead of hanging it."""
from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import threading
from pathlib import Path

import pytest

from cartfixtures import REPO
from generator.playtest.player import renamed_lua

CACHE = REPO / "build" / "web-src"

# the web page plays the cart as shipped (minified): its globals' names there, by source name
# (filled by conftest's web_page, which builds the page)
SHIPPED_NAMES: dict[str, str] = {}


def shipped(code: str) -> str:
    """A Lua snippet written with the source's names, for the page's (minified) cart."""
    assert SHIPPED_NAMES, "the web_page fixture builds the page and fills SHIPPED_NAMES"
    return renamed_lua(code, SHIPPED_NAMES)
CHROMIUM = Path("/usr/bin/chromium")


def need_emcc() -> None:
    if not shutil.which("emcc"):
        pytest.skip("emscripten is not installed (apt-get install emscripten): no wasm build")


def need_node() -> str:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (apt-get install nodejs): no wasm checks")
    return node


def need_browser() -> None:
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("playwright is not installed (pip install -e '.[dev]'): no browser tests")
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (apt-get install chromium): no browser tests")


def need_runtime() -> None:
    if importlib.util.find_spec("generator.runtime") is None:
        pytest.skip("the shared PICO-8 runtime (generator/runtime) is not in this tree: no page")


def z8_factory() -> Path:
    """build/web-src/z8.js: z8lua in wasm (fetched, verified, patched, compiled; cached)."""
    need_emcc()
    from generator.web.compile import z8_factory
    return z8_factory(CACHE)


# ---- every wait on the page is bounded --------------------------------------------------------
# Playwright's page.evaluate has no timeout: a promise the page never settles (pico8.ready when
# the wasm fails to start) or a script that never returns (a loop in the page) would hang pytest
# for ever. Every page the tests open is a BoundedPage: evaluate races the page's answer against
# WAIT_MS inside the page, and a watchdog stops the page's browser if the page cannot even run
# that timer (a busy main thread), so a hang is a failure that says what hung. Playwright's own
# waits (goto, reload, wait_for_function, clicks) take WAIT_MS as their default. WAIT_MS is far
# beyond any answer the tests wait for (the slowest, a replayed session, takes seconds), so it
# never fails a slow machine, only a hung page.

WAIT_MS = 120_000
GRACE_S = 30          # after WAIT_MS, how long the page has to report its own timeout

BOUNDED_JS = """async ([src, arg, ms]) => {
  const v = (0, eval)('(' + src + '\\n)');
  let timer;
  const bound = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in ' + ms + ' ms')), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => typeof v === 'function' ? v(arg) : v), bound]);
  } finally {
    clearTimeout(timer);
  }
}"""


class PageHung(AssertionError):
    """The page did not answer within its bound."""


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc (empty where there is no /proc)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").glob("[0-9]*"):
        try:
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(d.name))
    return kids


def _tree(root: int, kids: dict[int, list[int]]) -> list[int]:
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def _descendants() -> set[int]:
    return set(_tree(os.getpid(), _children())) - {os.getpid()}


class Watchdog:
    """Kills the processes `pids` (a browser and its children) unless cancelled within
    `seconds`; `fired` says whether it did."""

    def __init__(self, pids: set[int], seconds: float) -> None:
        self.pids, self.fired = pids, False
        self.timer = threading.Timer(seconds, self._kill)
        self.timer.daemon = True

    def _kill(self) -> None:
        self.fired = True
        kids = _children()
        for root in self.pids:
            for p in _tree(root, kids):
                try:
                    os.kill(p, signal.SIGKILL)
                except OSError:
                    pass

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self.timer.cancel()


class BoundedPage:
    """A Playwright page whose evaluate is bounded (see above); all else is the page's own."""

    def __init__(self, page, browser_pids: set[int]) -> None:
        self._page, self._pids = page, browser_pids

    def evaluate(self, expression: str, arg=None, ms: int = WAIT_MS, grace_s: float = GRACE_S):
        dog = Watchdog(self._pids, ms / 1000 + grace_s)
        try:
            with dog:
                return self._page.evaluate(BOUNDED_JS, [expression, arg, ms])
        except Exception as e:
            if dog.fired:
                raise PageHung(f"the page did not answer {expression[:80]!r} within "
                               f"{ms / 1000 + grace_s:.0f} s (its main thread is stuck): "
                               f"its browser was stopped") from None
            if "no answer in" in str(e):
                raise PageHung(f"the page did not answer {expression[:80]!r} within "
                               f"{ms / 1000:.0f} s") from None
            raise

    def __getattr__(self, name):
        return getattr(self._page, name)


class BoundedContext:
    """A browser context whose pages are BoundedPages and whose waits default to WAIT_MS."""

    def __init__(self, context, browser_pids: set[int]) -> None:
        self._context, self._pids = context, browser_pids
        context.set_default_timeout(WAIT_MS)

    def new_page(self, **kw) -> BoundedPage:
        return BoundedPage(self._context.new_page(**kw), self._pids)

    def __getattr__(self, name):
        return getattr(self._context, name)


class BoundedBrowser:
    """A launched browser (and the processes it started, for the watchdog) whose contexts are
    BoundedContexts."""

    def __init__(self, browser_type, **launch) -> None:
        before = _descendants()
        self._browser = browser_type.launch(**launch)
        kids = _children()
        new = _descendants() - before
        # the browser's own process: a new one whose parent is not new (renderers are its children)
        parents = {p: pp for pp, ps in kids.items() for p in ps}
        self.pids = {p for p in new if parents.get(p) not in new
                     and "chrom" in _comm(p)}

    def new_context(self, **kw) -> BoundedContext:
        return BoundedContext(self._browser.new_context(**kw), self.pids)

    def __getattr__(self, name):
        return getattr(self._browser, name)


def _comm(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "comm").read_text().strip()
    except OSError:
        return ""
