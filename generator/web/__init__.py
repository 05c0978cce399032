"""The cart in any browser: `make web` builds build/web/, a page that plays a .p8 cart with no
PICO-8, on the shared PICO-8 runtime (generator.runtime) run by z8lua compiled to WebAssembly.

Modules: sources (z8lua's C sources fetched from lupaz8's sdist on PyPI, verified against
luaz8.sha256, cached under build/ and patched with patches/*.patch), compile (emcc: z8lua plus
glue.cpp/glue.js to one .js holding the wasm), page (the self-contained HTML: host.js, host.lua,
the runtime's Lua files, the cart's Lua and ROM, the licence notices). host.js is the page's
host: it boots the runtime and the cart, runs the frames at the cart's rate, blits the screen
through the display palette to a canvas, and feeds keyboard, mouse, touch and gamepad;
host.lua is the Lua half of that host (the frame loop, cartdata, stat, printh, menu items and
the pause menu); z8.js the bridge to z8lua; synth.js the console's synthesiser in JavaScript
(PicoSynth.PageSound); sessions records console sessions to replay in the page (tests and
`make bench`). The page's test interface (window.pico8) is described in docs/elsewhere.md.

May import: generator, generator.pico8, generator.files, generator.errors, generator.formats,
generator.runtime and generator.console (the cart reader: the page loads a cart as the console
does; sessions wraps a Console).
"""
