"""The page as a first-time player meets it: the keys explained beside the screen, a tab icon
(no request for /favicon.ico), the on-screen pad whole on a phone held either way, sound that
starts from a tap on the screen under the browser's real autoplay rule, sound suspended while
the tab is hidden, and a finger painting cells that is no long press (no clipboard prompt).
Every wait is bounded and on the page's own state, never on the clock."""
from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from generator.pico8 import COLOURS
from generator.web.icon import label_pixels
from webkit import shipped

WAIT_MS = 60_000     # the most a wait may take on a loaded machine


def boxes_overlap(a, b) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def inside(box, width, height) -> bool:
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
            and box["y"] + box["height"] <= height + 0.5)


def open_page(ctx, web_page):
    pg = ctx.new_page()
    pg.goto(web_page.as_uri())
    pg.evaluate("pico8.ready")
    return pg


def test_the_keys_are_explained_beside_the_screen(context, web_page):
    """A player who has never seen PICO-8 reads which keys are 🅾️ and ❎ and which opens the
    menu, under the screen and clear of it; the screen stays at a whole scale."""
    pg = open_page(context, web_page)
    help_ = pg.locator("#help")
    assert help_.is_visible()
    text = help_.inner_text()
    for word in ("arrows", "Z", "X", "Enter", "menu"):
        assert word in text, text
    screen = pg.locator("#screen").bounding_box()
    assert not boxes_overlap(help_.bounding_box(), screen)
    assert not boxes_overlap(pg.locator("#licences").bounding_box(), help_.bounding_box())
    dpr = pg.evaluate("devicePixelRatio")
    assert screen["width"] * dpr % 128 == 0 and screen["width"] >= 128


def test_the_tab_icon_is_the_carts_label(web_page, built_cart):
    """The page names its icon inline (so no server is asked for /favicon.ico, which answers 404
    into the console): a PNG of the cart's label in PICO-8's colours."""
    html = web_page.read_text()
    start = html.index('<link rel="icon" href="') + len('<link rel="icon" href="')
    url = html[start:html.index('"', start)]
    assert url.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
    label = label_pixels(built_cart.path.read_text())
    assert label is not None and len(set(label)) > 3
    assert image.size == (128, 128)
    assert [image.getpixel((i % 128, i // 128)) for i in range(128 * 128)] == [COLOURS[c] for c in label]


def test_served_over_http_the_page_logs_no_error(context, web_page):
    """From a static server, played with a key: no failed request, no error in the console."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    asked: list[str] = []

    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            asked.append(self.path)

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Handler, directory=str(web_page.parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        pg = context.new_page()
        problems = []
        pg.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        pg.on("pageerror", lambda e: problems.append(str(e)))
        pg.on("requestfailed", lambda r: problems.append(r.url))
        pg.goto(f"http://127.0.0.1:{server.server_port}/{web_page.name}", wait_until="load")
        pg.evaluate("pico8.ready")
        pg.keyboard.press("z")
        pg.wait_for_function("pico8.frame() > 10", timeout=WAIT_MS, polling=50)
        assert pg.evaluate("pico8.error()") is None
        assert problems == []
        assert all(not p.startswith("/favicon") for p in asked), asked
    finally:
        server.shutdown()


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390), (640, 360), (360, 640)])
def test_every_on_screen_button_is_whole_and_apart(browser, web_page, width, height):
    """On a phone held upright or sideways: each button of the pad inside the window, none on
    another or on the screen, and the screen at a whole scale."""
    ctx = browser.new_context(has_touch=True, is_mobile=True, device_scale_factor=2,
                              viewport={"width": width, "height": height})
    try:
        pg = open_page(ctx, web_page)
        screen = pg.locator("#screen").bounding_box()
        assert screen["width"] * 2 % 128 == 0 and screen["width"] >= 128
        buttons = pg.locator("#pad .b")
        boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
        assert len(boxes) == 8
        for i, box in enumerate(boxes):
            assert inside(box, width, height), (i, box)
            assert box["width"] >= 40 and box["height"] >= 30, (i, box)   # a finger's size
            assert not boxes_overlap(box, screen), (i, box, screen)
            for j in range(i):
                assert not boxes_overlap(box, boxes[j]), (i, j, box, boxes[j])
        assert not pg.locator("#help").is_visible()
    finally:
        ctx.close()


def test_a_tap_on_the_screen_starts_the_sound(strict_browser, web_page):
    """On a phone the first touch is often on the screen itself. A finger's touching down
    grants no right to play sound (its lifting does), so a context made then stays suspended
    unless a later event resumes it. Nothing is asked of the page before the tap (not even
    the screen's box): Playwright's own calls into the page count as a user gesture and would
    grant the right themselves. The stage's centre, in the upper 58% of a portrait phone, is on
    the screen."""
    ctx = strict_browser.new_context(has_touch=True, is_mobile=True,
                                     viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(web_page.as_uri(), wait_until="load")
        x, y = 390 / 2, 844 * 0.58 / 2
        pg.touchscreen.tap(x, y)
        pg.wait_for_function("window.pico8 && pico8.audioState() === 'running'",
                             timeout=WAIT_MS, polling=50)
        box = pg.locator("#screen").bounding_box()
        assert box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
    finally:
        ctx.close()


def set_hidden(pg, hidden: bool) -> None:
    """The tab hidden or shown, as the browser says it when another tab comes to the front."""
    pg.evaluate("""(h) => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
        Object.defineProperty(document, 'visibilityState', {configurable: true,
            get: () => (h ? 'hidden' : 'visible')});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_a_hidden_tab_suspends_the_sound(context, web_page):
    pg = open_page(context, web_page)
    pg.keyboard.press("ArrowDown")
    pg.wait_for_function("pico8.audioState() === 'running'", timeout=WAIT_MS, polling=50)
    set_hidden(pg, True)
    pg.wait_for_function("pico8.audioState() === 'suspended'", timeout=WAIT_MS, polling=50)
    set_hidden(pg, False)
    pg.wait_for_function("pico8.audioState() === 'running'", timeout=WAIT_MS, polling=50)


def test_a_finger_painting_cells_is_no_long_press(browser, web_page):
    """A long press on the screen pastes (the browser may ask to read the clipboard); a finger
    held as long but moving across the board is painting, and asks nothing. The page's clock
    is Playwright's, run forward on demand."""
    ctx = browser.new_context(has_touch=True, is_mobile=True,
                              viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.clock.install()
        pg.add_init_script("""
            window.clipboardReads = 0;
            navigator.clipboard.readText = () => { window.clipboardReads++; return Promise.resolve(''); };
        """)
        pg.goto(web_page.as_uri())
        pg.evaluate("pico8.ready")
        box = pg.locator("#screen").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        # a finger on the screen: down at (x, y), moved by dx, up at (x + dx, y)
        finger = """([type, x, y]) => document.getElementById('screen').dispatchEvent(
            new PointerEvent(type, {pointerId: 7, pointerType: 'touch', isPrimary: true,
                bubbles: true, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y}))"""

        def press(dx):
            pg.evaluate(finger, ["pointerdown", x, y])
            if dx:
                pg.evaluate(finger, ["pointermove", x + dx, y])

        def release(dx):
            pg.evaluate(finger, ["pointerup", x + dx, y])

        press(40)                       # down, then across two cells, held a second
        pg.clock.run_for(1000)
        release(40)
        assert pg.evaluate("clipboardReads") == 0
        press(0)                        # down and held still a second: a long press
        pg.clock.run_for(1000)
        release(0)
        assert pg.evaluate("clipboardReads") == 1
    finally:
        ctx.close()


def test_the_key_marked_z_is_o_on_an_azerty_keyboard(context, web_page):
    """The help line says Z; on AZERTY the key marked Z sits where QWERTY has W (code KeyW)."""
    pg = open_page(context, web_page)
    pg.evaluate("pico8.reset({seed: 0, cartdata: null}).then(() => pico8.realtime())")
    on = "(c) => pico8.exec(c)[0] === true"
    pg.wait_for_function(on, arg=shipped("return rawequal(screen_update, title_update)"), timeout=WAIT_MS, polling=50)
    pg.wait_for_function("(n) => pico8.frame() >= n", arg=pg.evaluate("pico8.frame()") + 3,
                         timeout=WAIT_MS, polling=50)
    pg.evaluate("""() => {
        const key = {code: 'KeyW', key: 'z', bubbles: true};
        document.body.dispatchEvent(new KeyboardEvent('keydown', key));
        document.body.dispatchEvent(new KeyboardEvent('keyup', key));
    }""")
    pg.wait_for_function(on, arg=shipped("return rawequal(screen_update, worlds_update)"), timeout=WAIT_MS, polling=50)


def test_embedded_in_another_page_the_keys_reach_the_game(context, web_page, tmp_path):
    """In an iframe of another site (itch.io, a blog), a key pressed without clicking first
    reaches the game, not the outer page."""
    import functools
    import shutil
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(web_page, site / "index.html")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_port
    # the outer page from another origin (localhost, not 127.0.0.1) than the game
    (site / "outer.html").write_text(
        f'<!DOCTYPE html><html><body><h1>a blog</h1><iframe src="http://127.0.0.1:{port}/'
        f'index.html" width="700" height="600"></iframe></body></html>')
    try:
        pg = context.new_page()
        pg.goto(f"http://localhost:{port}/outer.html", wait_until="load")   # the iframe's too
        game = next(f for f in pg.frames if f.url.endswith("/index.html"))
        game.wait_for_function("(c) => window.pico8 && pico8.frame() > 3 && pico8.exec(c)[0] === true",
                               arg=shipped("return rawequal(screen_update, title_update)"), timeout=WAIT_MS, polling=50)
        pg.keyboard.press("z")
        game.wait_for_function("(c) => pico8.exec(c)[0] === true",
                               arg=shipped("return rawequal(screen_update, worlds_update)"), timeout=WAIT_MS, polling=50)
    finally:
        server.shutdown()


def test_a_mouse_button_let_go_off_the_screen_is_let_go(context, web_page):
    """A drag from the board that runs past the screen's edge and ends there: the cart sees the
    button let go (held, it is 🅾️ held, and every arrow key after it would fill cells)."""
    pg = open_page(context, web_page)
    pg.evaluate("pico8.reset({seed: 0, cartdata: null}).then(() => pico8.realtime())")
    box = pg.locator("#screen").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    pg.mouse.move(x, y)
    pg.mouse.down()
    pg.wait_for_function("(c) => pico8.exec(c)[0] === 1", arg=shipped("return mouse_buttons"), timeout=WAIT_MS,
                         polling=50)
    pg.mouse.move(box["x"] - 50, y, steps=4)           # off the screen, onto the page's margin
    pg.mouse.up()
    pg.wait_for_function("(c) => pico8.exec(c)[0] === 0", arg=shipped("return mouse_buttons"), timeout=WAIT_MS,
                         polling=50)


def test_without_webassembly_the_page_says_why(context, web_page):
    """A browser with WebAssembly turned off (iOS's Lockdown Mode, a locked-down office
    machine) gets a line on the page, not a black screen."""
    pg = context.new_page()
    pg.add_init_script("delete window.WebAssembly;")
    pg.goto(web_page.as_uri())
    pg.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
    assert "could not start" in pg.locator("#error").inner_text()


def test_the_page_says_loading_then_plays_and_without_javascript_says_why(browser, web_page):
    """Before its scripts have arrived (a slow connection: the page is one 600 KB file) the
    page says it is loading, not a black screen; booted, the line is gone; with JavaScript
    off, a line says the game needs it."""
    html = web_page.read_text()
    assert html.index('id="loading"') < html.index("<script")
    ctx = browser.new_context()
    try:
        pg = open_page(ctx, web_page)
        pg.wait_for_function("document.body.classList.contains('booted')", timeout=WAIT_MS)
        assert pg.locator("#loading").count() == 1 and not pg.locator("#loading").is_visible()
    finally:
        ctx.close()
    ctx = browser.new_context(java_script_enabled=False)
    try:
        pg = ctx.new_page()
        pg.goto(web_page.as_uri())
        assert "needs JavaScript" in pg.locator("#stage").inner_text()
        assert not pg.locator("#loading").is_visible()
    finally:
        ctx.close()
