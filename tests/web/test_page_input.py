"""The page played as people play it, in real time: key presses, a mouse click, a tap on the
on-screen pad, a reload keeping the save, and the clipboard carrying a share code both ways.
Waits are on the cart's own state (read with pico8.exec), never on the clock."""
from __future__ import annotations

import pytest

from generator.playtest.player import Player
from generator.web.sessions import Recorder, replay
from webkit import WAIT_MS, shipped


def lua(pg, code: str):
    """Run Lua written with the source's names in the page's (minified) cart."""
    return pg.evaluate("(c) => pico8.exec(c)", shipped(code))


def wait_lua(pg, condition: str) -> None:
    """Wait (in real time) until the Lua expression (source names) holds in the cart."""
    pg.wait_for_function("(c) => { const r = pico8.exec('return ' + c); return r[0] === true; }",
                         arg=shipped(condition), timeout=WAIT_MS, polling=50)


def on(screen: str) -> str:
    return f"rawequal(screen_update, {screen})"


@pytest.fixture()
def live(context, web_page):
    pg = context.new_page()
    pg.goto(web_page.as_uri())
    pg.evaluate("pico8.ready")
    pg.evaluate("pico8.reset({seed: 0, cartdata: null}).then(() => pico8.realtime())")
    return pg


def to_play(pg) -> None:
    """Title -> worlds -> the first world's list -> its first puzzle, by key presses (each
    a few frames after the last: a press on the frame after another is no fresh press)."""
    for screen in ("title_update", "worlds_update", "puzzles_update"):
        wait_lua(pg, on(screen))
        wait_frames(pg, 3)
        pg.keyboard.press("z")
    wait_lua(pg, on("play_update"))
    wait_frames(pg, 20)             # the board opening


def wait_frames(pg, n: int) -> None:
    """Wait until the page has run n more frames."""
    pg.wait_for_function("(n) => pico8.frame() >= n", arg=pg.evaluate("pico8.frame()") + n,
                         timeout=WAIT_MS, polling=50)


def test_key_presses_move_the_cart_in_real_time(live):
    wait_lua(live, on("title_update"))
    start = live.evaluate("pico8.frame()")
    wait_frames(live, 3)
    live.keyboard.press("c")                       # C is O as well as Z
    wait_lua(live, on("worlds_update"))
    ws = lua(live, "return world_index")[0]
    wait_frames(live, 3)
    live.keyboard.press("ArrowRight")
    wait_lua(live, f"world_index == {ws + 1}")
    wait_frames(live, 3)
    live.keyboard.press("x")                       # back to the title
    wait_lua(live, on("title_update"))
    assert live.evaluate("pico8.frame()") > start


def test_a_mouse_click_fills_a_cell(live):
    to_play(live)
    corner, cz = lua(live, "return board_corner, cell_px")
    box = live.locator("#screen").bounding_box()
    x, y = 2, 3
    px = box["x"] + (corner + cz * x + cz / 2) * box["width"] / 128
    py = box["y"] + (corner + cz * y + cz / 2) * box["height"] / 128
    assert lua(live, f"return cells[{y * 15 + x}]")[0] == 0
    live.mouse.move(px, py)
    live.mouse.down()
    live.mouse.up()
    wait_lua(live, f"cells[{y * 15 + x}] == 1")


def test_cartdata_survives_a_reload(live):
    """A cell filled, the puzzle left through the pause menu (drawn by the page's Lua, driven by
    keys), the page reloaded: the save is the same."""
    to_play(live)
    x, y = (int(v) for v in lua(live, "return cursor_x, cursor_y"))
    wait_frames(live, 3)
    live.keyboard.press("z")
    wait_lua(live, f"cells[{y * 15 + x}] == 1")
    wait_frames(live, 3)
    live.keyboard.press("Enter")
    live.wait_for_function("pico8.paused()", timeout=WAIT_MS, polling=50)
    items = sorted(menu_labels(live).items())
    rank = [label for _, label in items].index("leave puzzle")
    for _ in range(rank + 1):                      # past "continue" to the item
        wait_frames(live, 2)
        live.keyboard.press("ArrowDown")
    wait_frames(live, 2)
    live.keyboard.press("z")
    wait_lua(live, f"{on('puzzles_update')} or {on('worlds_update')} or question")
    wait_frames(live, 5)
    saved = live.evaluate("pico8.cartdata()")
    assert any(saved)
    live.reload()
    live.evaluate("pico8.ready")
    assert live.evaluate("pico8.cartdata()") == saved


def menu_labels(pg) -> dict[int, str]:
    return {int(i): s for i, s in pg.evaluate("pico8.menuitems()").items()}


def test_a_tap_on_the_on_screen_button_fills_a_cell(browser, web_page, built_cart):
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 400, "height": 760})
    try:
        pg = ctx.new_page()
        pg.goto(web_page.as_uri())
        pg.evaluate("pico8.ready")
        p = Player(built_cart.path)
        rec = Recorder(p.c)
        p.open_puzzle(0, 0)
        p.idle(3)
        assert replay(pg, rec)["display"] is None
        assert pg.locator("[data-btn='4']").is_visible()
        x, y = (int(v) for v in lua(pg, "return cursor_x, cursor_y"))
        assert lua(pg, f"return cells[{y * 15 + x}]")[0] == 0
        pg.evaluate("pico8.realtime()")
        pg.locator("[data-btn='4']").tap()
        wait_lua(pg, f"cells[{y * 15 + x}] == 1")
    finally:
        ctx.close()


def test_the_clipboard_round_trips_a_share_code(browser, web_page, built_cart):
    ctx = browser.new_context()
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        pg = ctx.new_page()
        pg.goto(web_page.as_uri())
        pg.evaluate("pico8.ready")
        p = Player(built_cart.path)
        rec = Recorder(p.c)
        to_editor_code(p)
        assert replay(pg, rec)["display"] is None
        code = p.c.clipboard
        assert code and pg.evaluate("navigator.clipboard.readText()") == code
        # now on the code screen: paste it back with ctrl-v, in real time
        pg.evaluate("pico8.realtime()")
        pg.keyboard.press("Control+V")
        wait_lua(pg, on("play_update"))
        assert lua(pg, "return mode")[0] == "code"
    finally:
        ctx.close()


def to_editor_code(p: Player) -> None:
    """The editor: a line-solvable board, its share code copied, then on to the code screen."""
    worlds = len(p.g("worlds")) - 1 if p.g("worlds") else 2
    p.idle(2)
    p.press("o")
    p.to_create()
    p.press("o")
    for _ in range(60):
        if p.on("play_update") and p.g("mode") == "edit":
            break
        p.idle(1)
    p.idle(3)
    p.move_to(3, 3)
    p.press("o")
    for _ in range(120):
        if p.g("verdict_text") == "solvable":
            break
        p.idle(1)
    p.idle(2)
    p.c.choose_menuitem("share code")
    p.idle(3)
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    for _ in range(120):
        if p.on("worlds_update"):
            break
        p.idle(1)
    p.idle(2)
    for _ in range(2):
        p.press("down")
    p.press("o")
    assert p.on("code_update"), worlds


def test_served_by_a_static_server_as_from_disk(context, web_page):
    """The same page from http:// (any static server) boots and draws what it draws from disk."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(web_page.parent))
    handler.log_message = lambda *a: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        shown = []
        for url in (web_page.as_uri(), f"http://127.0.0.1:{server.server_port}/{web_page.name}"):
            pg = context.new_page()
            pg.goto(url)
            pg.evaluate("pico8.ready")
            pg.evaluate("pico8.reset({seed: 0, cartdata: null})")
            pg.evaluate("pico8.step(20, 0)")
            assert pg.evaluate("pico8.error()") is None
            shown.append(pg.evaluate("pico8.display()"))
            pg.close()
        assert shown[0] == shown[1] and len(set(shown[0])) > 4
    finally:
        server.shutdown()


def test_a_gamepad_button_presses_o(live):
    """The Gamepad API, read once a frame: A held on a (stand-in) standard pad is 🅾️."""
    wait_lua(live, on("title_update"))
    wait_frames(live, 3)
    live.evaluate("""() => {
        const pad = {buttons: Array.from({length: 17}, () => ({pressed: false})), axes: [0, 0]};
        pad.buttons[0].pressed = true;
        navigator.getGamepads = () => [pad];
        window.releasePad = () => { pad.buttons[0].pressed = false; };
    }""")
    wait_lua(live, on("worlds_update"))
    live.evaluate("releasePad()")


def test_the_o_that_closes_the_pause_menu_is_no_press_in_the_cart(page):
    """As PICO-8 and fake-08 (its vm.cpp clears the input on resume until O and X are let go):
    O chooses "continue", is held on, and the board's cell under the cursor stays blank (a
    player lost a fill so, and on the list it opened a puzzle); once let go, O fills again."""
    lua(page, "world_index,palette_world=1,1 load_puzzle(24) play()")
    page.evaluate("pico8.step(30, 0)")
    x, y = (int(v) for v in lua(page, "return cursor_x, cursor_y"))
    cell = f"return cells[{y * 15 + x}]"
    assert lua(page, cell)[0] == 0
    page.evaluate("pico8.pause()")
    assert page.evaluate("pico8.paused()")
    page.evaluate("pico8.step(2, 0)")
    page.evaluate("pico8.step(1, 16)")              # O on "continue"
    assert not page.evaluate("pico8.paused()")
    page.evaluate("pico8.step(12, 16)")             # O held on
    assert lua(page, cell)[0] == 0
    page.evaluate("pico8.step(3, 0)")               # let go
    assert lua(page, cell)[0] == 0
    page.evaluate("pico8.step(2, 16)")              # a fresh press fills
    assert lua(page, cell)[0] == 1
