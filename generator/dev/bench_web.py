"""Bench: the page's frame times in Chromium against the cart's frame period (target: the
busiest frame leaves 3x headroom).

A scripted session (the title, a world, a puzzle with a hint, the endless puzzle being made and
a hint on it, the editor checking a board) is played in the headless console, recorded, and
replayed in the page (built here from CART) in Debian's chromium; each frame's time is the
page's own performance.now() around pico8.step (the cart's update and draw in wasm, and the
blit). After a warm-up run, RUNS runs; a frame's time is its least over them (what the frame
itself costs, without the other jobs of a shared machine), and the worst single time is shown
beside it. Without emscripten, chromium or Playwright it says so in one line.
Run: python -m generator.dev.bench_web [CART]
"""
from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import numpy as np

from generator.playtest.player import Player
from generator.web.sessions import Recorder, replay

CHROMIUM = Path("/usr/bin/chromium")
HEADROOM_TARGET = 3.0
RUNS = 5


def session(cart: Path) -> tuple[Recorder, dict]:
    """The recorded session, and (frame index -> what it was doing) for the report."""
    p = Player(cart)
    rec = Recorder(p.c)
    marks = {}

    def mark(what):
        marks[len(rec.hashes)] = what
    mark("title")
    p.idle(30)
    mark("a puzzle, a hint")
    p.open_puzzle(0, 7)
    p.hint()
    p.idle(5)
    p.c.choose_menuitem("leave puzzle")
    for _ in range(300):
        if p.on("puzzles_update") or p.on("worlds_update"):
            break
        if p.g("question"):
            p.press("x")
        p.idle(1)
    while not p.on("worlds_update"):
        p.press("x")
        p.idle(2)
    mark("endless: made, a hint")
    p.idle(3)
    while int(p.g("world_index")) <= len(p.g("worlds")):
        p.press("right")
    p.press("o")
    for _ in range(3000):
        if p.on("play_update"):
            break
        p.idle(1)
    p.idle(3)
    p.hint()
    p.idle(10)
    mark("the editor checking a board")
    p.c.choose_menuitem("leave puzzle")
    for _ in range(300):
        if p.on("worlds_update"):
            break
        if p.g("question"):
            p.press("x")
        p.idle(1)
    p.idle(2)
    p.to_create()
    p.press("o")
    for _ in range(120):
        if p.on("play_update") and p.g("mode") == "edit":
            break
        p.idle(1)
    for x, y in ((2, 2), (3, 3), (7, 1), (4, 8)):
        p.move_to(x, y)
        p.press("o")
    p.idle(60)
    return rec, marks


def main(argv: list[str]) -> None:
    cart = Path(argv[0]) if argv else Path("build/picross.p8")
    if not cart.exists():
        print(f"page in Chromium: skipped, no {cart} (make cart)")
        return
    missing = ("emscripten (apt-get install emscripten)" if not shutil.which("emcc") else
               "chromium (apt-get install chromium)" if not CHROMIUM.exists() else
               "playwright (pip install -e '.[dev]')"
               if importlib.util.find_spec("playwright") is None else None)
    if missing:
        print(f"page in Chromium: skipped, {missing} is not installed")
        return
    from playwright.sync_api import sync_playwright
    from generator.web.compile import z8_factory
    from generator.web.page import build_page
    cache = Path("build/web-src")
    html, _ = build_page(cart, z8_factory(cache))
    page_file = cache / "bench.html"
    page_file.write_text(html)
    rec, marks = session(cart)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(page_file.resolve().as_uri())
        page.evaluate("pico8.ready")
        replay(page, rec, compare=False)          # once to warm the JIT up
        runs = [replay(page, rec, compare=False) for _ in range(RUNS)]
        fps = page.evaluate("pico8.fps()")
        browser.close()
    failed = next((r["error"] for r in runs if r.get("error")), None)
    if failed:
        print(f"page in Chromium: the cart failed: {failed.splitlines()[0]}")
        sys.exit(1)
    every = np.array([r["times"] for r in runs])
    times = every.min(axis=0)
    k = int(times.argmax())
    where = marks[max(m for m in marks if m <= k)]
    period = 1000 / fps
    print(f"page in Chromium: {len(times)} frames of a scripted session at {fps} fps, "
          f"the least of {RUNS} runs per frame")
    print(f"  frame ms: median {np.median(times):.2f}, p99 {np.percentile(times, 99):.2f}, "
          f"busiest {times[k]:.2f} (frame {k + 1}, {where}); worst single {every.max():.2f}")
    print(f"  headroom at the busiest frame: {period / max(times[k], 1e-3):.1f}x the "
          f"{period:.1f} ms period (target {HEADROOM_TARGET:.0f}x)")


if __name__ == "__main__":
    main(sys.argv[1:])
