"""The page: one self-contained HTML file (build/web/index.html) that plays a .p8 cart.

It holds, inline: host.js (the page's host), z8.js (the Lua bridge), z8lua compiled to wasm
(base64 inside emscripten's JavaScript), host.lua, the shared runtime's Lua files in their load
order, the cart's Lua (read as the console reads it: generator.console.cart, with the @ % $ peek
operators rewritten the same way and the long-comment fallback) and its ROM, PICO-8's palette
(generator.pico8), its label as the tab's icon (icon.py), and the licence notices of what it
bundles (also written beside it as LICENSES.txt). It works opened from file:// and from any
static server.
"""
from __future__ import annotations

import base64
import html
import json
import sys
from importlib import metadata, resources
from pathlib import Path

from generator import UserError
from generator.pico8 import COLOURS
from generator.console.cart import Cart, nested_comment_reading, read_p8, route_peek_operators
from generator.web.icon import icon_url

HERE = "generator.web"


def _text(name: str) -> str:
    return (resources.files(HERE) / name).read_text()


def _b64(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("latin-1")
    return base64.b64encode(data).decode("ascii")


def runtime_files() -> list[tuple[str, str]]:
    """(file name, Lua source) of the shared runtime, in its load order (runtime.FILES)."""
    try:
        import generator.runtime as runtime
    except ImportError:
        raise UserError("make web: the shared PICO-8 runtime (generator/runtime) is missing") from None
    return [(name, runtime.source(name)) for name in runtime.FILES]


def runtime_data() -> dict[str, bytes]:
    """What the runtime's Lua files read from rt (the default font, the sine table)."""
    import generator.runtime as runtime
    return dict(runtime.data())


def cart_lua(cart: Cart) -> str:
    """The cart's Lua as the console compiles it: peek operators routed, lines kept; when the
    current reading does not parse, the nested-comment reading (with a warning on stderr)."""
    from lupaz8 import luaz8
    lua = luaz8.LuaRuntime(encoding="latin-1")
    load = lua.eval("function(s) local f, e = load(s, 'cart', 't') return f ~= nil, e end")
    text = route_peek_operators(cart.lua)
    ok, _ = load(text)
    if not ok:
        legacy, lines = nested_comment_reading(cart.lua)
        if lines and load(route_peek_operators(legacy))[0]:
            print(f"warning: {cart.name}: long comments holding [[ ]] read nested, as PICO-8"
                  " <= 0.2.5d did", file=sys.stderr)
            text = route_peek_operators(legacy)
    return "\n" * (cart.lua_first_line - 1) + text


def _licence(dist: str, name: str) -> str:
    """The licence file `name` an installed distribution ships (its dist-info's licenses/)."""
    files = metadata.distribution(dist).files or ()
    found = next((f for f in files if f.name == name and "licen" in str(f).lower()), None)
    if found is None:
        raise UserError(f"make web: {dist}'s {name} is not installed with it: cannot bundle"
                        " its licence notice")
    return Path(str(found.locate())).read_text()


def notices() -> str:
    """The licence notices of what the page bundles."""
    parts = [
        "This page bundles z8lua (PICO-8's Lua, from lupaz8's sdist on PyPI, compiled to "
        "WebAssembly), which is Lua 5.2 (MIT, Lua.org, PUC-Rio) with Sam Hocevar's fixed-point "
        "numbers (fix32.h, ZEPTO-8: WTFPL), and PICO-8's font as shrinko (MIT) ships it.",
        "== lupaz8 (Lupa and Lua) ==\n" + _licence("lupaz8", "LICENSE.txt").strip(),
        "== shrinko (PICO-8's font as it ships it) ==\n" + _licence("shrinko", "LICENSE").strip(),
    ]
    return "\n\n".join(parts) + "\n"


def build_page(cart_path, z8_factory: Path, title: str | None = None) -> tuple[str, str]:
    """(the page's HTML, the licence notices) for the cart at cart_path."""
    cart = read_p8(cart_path)
    synth_js = resources.files(HERE) / "synth.js"
    has_synth = synth_js.is_file()
    data = {
        "cart": {"name": cart.name, "lua": _b64(cart_lua(cart)), "rom": _b64(cart.rom)},
        "runtime": [{"name": n, "code": _b64(code.encode())} for n, code in runtime_files()],
        "rtData": {k: _b64(v) for k, v in runtime_data().items()},
        "hostLua": _b64(_text("host.lua")),
        "palette": [[c, *rgb] for c, rgb in sorted(COLOURS.items())],
    }
    text = notices()
    fill = {
        "title": html.escape(title or Path(cart.name).stem),
        "icon": icon_url(cart_path),
        "notices": text.replace("--", "- -"),
        "notices_html": html.escape(text),
        "data": json.dumps(data, separators=(",", ":")).replace("</", "<\\/"),
        "z8_factory": z8_factory.read_text(),
        "z8_js": _text("z8.js"),
        "synth": f"<script>{synth_js.read_text()}</script>" if has_synth else "",
        "host_js": _text("host.js"),
    }
    page = _text("page.html")
    for key, value in fill.items():
        page = page.replace("{{" + key + "}}", value)
    return page, text
