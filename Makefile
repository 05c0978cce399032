# picross8: every target sets up .venv on first use, so a fresh clone needs only
# `make cart` or `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CART   := build/picross.p8
# the same cart unminified, with the source's names: for the tools that read its globals
SRC_CART := build/picross-src.p8
PICO8  := $(shell command -v pico8 2>/dev/null)

# plain `make` builds the cart
.DEFAULT_GOAL := cart

.PHONY: cart png web web-pico8 run play audio compat test test-fast bench puzzles pictures colour-templates art notebook figures screenshots clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The cart (its Lua minified by shrinko8: docs/building.md), the same cart with the source's
# names, and the manifest (build/picross.json); prints the token/char/ROM counts every time.
cart: $(STAMP)
	$(PY) build.py --out $(CART) --source-out $(SRC_CART)

# The PNG cart (what the BBS and splore take); its label is the cart's __label__ (cart/label.png).
png: cart
	$(VENV)/bin/shrinko8 $(CART) $(CART).png
	@echo "wrote $(CART).png"

# The page that plays the cart in any browser, no PICO-8 needed (build/web/index.html, one
# self-contained file): z8lua fetched from PyPI (lupaz8's sdist, verified, cached in
# build/web-src) and compiled to WebAssembly with emscripten, running the shared runtime.
# Without emcc: one line saying what to install, exit 1.
ifneq ($(filter web,$(MAKECMDGOALS)),)
ifeq ($(shell command -v emcc 2>/dev/null),)
$(error make web: emscripten is needed to compile z8lua to WebAssembly: install it (Debian/Ubuntu: sudo apt-get install emscripten))
endif
endif
web: cart
	$(PY) -m generator.web $(CART) --out build/web

# PICO-8's own HTML export (needs PICO-8 on PATH): build/web-pico8/picross.html
web-pico8: cart
ifdef PICO8
	mkdir -p build/web-pico8
	$(PICO8) $(CART) -export build/web-pico8/picross.html
else
	@echo "make web-pico8: PICO-8 is needed for its own HTML export (pico8 is not on PATH); 'make web' builds the page without it." >&2
	@exit 1
endif

run: cart
ifdef PICO8
	$(PICO8) -run $(CART)
else
	@echo "make run: PICO-8 is not on PATH; install it to play $(CART) (or load build/picross.p8.png in the BBS web player)." >&2
	@exit 1
endif

# The built cart in a desktop window, run by the headless console (no PICO-8 needed): pygame-ce
# (the `play` extra) comes into .venv here only. Cartdata persists in the user's data directory.
play: cart
	$(PY) -m pip install --quiet -e '.[play]'
	$(PY) -m generator.play.window $(CART)

# The cart's music, rendered by the headless console's synthesiser: each world's loop (one full
# cycle, started as the cart starts it) and the solve's jingle as build/audio/*.wav (22,050 Hz
# mono), and their spectrograms with cart/music.txt's notes drawn over them as docs/audio/*.png;
# then prints what a listener would check (generator.dev.listen: the seam, clashes, levels).
audio: cart
	$(PY) -m generator.dev.audio $(CART) --wav-dir build/audio --png-dir docs/audio
	$(PY) -m generator.dev.listen $(CART)

# fake-08, the PICO-8 that handhelds run, as a second opinion (optional, like `make run`): its
# headless runner is built from the kit in $(FAKE08_KIT) (see its README: it needs git mirrors of
# github:jtothebell/fake-08 and github:jtothebell/z8lua) into build/fake08, or taken from
# FAKE08_RUNNER; then tests/compat plays the built cart there and in the console, frame by frame.
FAKE08_KIT ?= ../shared/fake08
compat: cart
	@runner="$(FAKE08_RUNNER)"; \
	if [ -z "$$runner" ]; then \
	  if [ ! -x "$(FAKE08_KIT)/build.sh" ]; then \
	    echo "make compat: no fake-08 kit at $(FAKE08_KIT) (set FAKE08_KIT, or FAKE08_RUNNER to a built runner)" >&2; exit 1; fi; \
	  runner=$$($(FAKE08_KIT)/build.sh build/fake08) || { echo "make compat: $$runner" >&2; exit 1; }; \
	fi; \
	echo "fake-08 runner: $$runner"; \
	FAKE08_RUNNER="$$runner" $(PY) -m pytest tests/compat

# Pictures of the game played in the headless console (docs/screenshots/*.png, 4x); the title
# screen also becomes cart/label.png, the cart's __label__, so the cart is built again after.
screenshots: cart
	$(PY) -m generator screenshots $(SRC_CART) --out docs/screenshots --label cart/label.png
	$(PY) build.py --out $(CART) --source-out $(SRC_CART)

# Redraw cart/spritesheet.png from its script (then `make screenshots` for the label).
art: $(STAMP)
	$(PY) cart/art/draw_art.py

test: $(STAMP)
	$(PY) -m pytest

# Every test but those marked slow (the exhaustive oracles, the waits on real time, the
# whole-cart builds, the fake-08 sessions), for the edit-test loop (the README says how long it
# took), in one process per core (pytest-xdist); `make test` before a commit.
test-fast: $(STAMP)
	$(PY) -m pytest -m "not slow" -n auto

bench: $(STAMP)
	$(PY) -m generator.dev.bench
	$(PY) -m generator.dev.bench_fix
	$(PY) -m generator.dev.bench_solve
	$(PY) -m generator.dev.bench_multi
	$(PY) -m generator.dev.bench_lua
	$(PY) -m generator.dev.bench_styles
	$(PY) -m generator.dev.bench_sound
	$(PY) -m generator.dev.bench_console
	$(PY) -m generator.dev.bench_web $(SRC_CART)

# Regenerate the default batch shipped in the repo. Sprite style: mirror-symmetric, outlined
# shapes (creatures, ships, totems) with short clues for the 128-pixel screen; the worlds take
# the first 88 from 0 and 89 from 122 of at least 2 pips (cart/worlds.json, "min_pips").
puzzles: $(STAMP)
	$(PY) -m generator generate -n 300 --size 15 --density 0.6 --seed 1 --style sprites --max-iterations 4 -o cart/puzzles.json

# Regenerate the picture batches from their text sources (fails if one needs guessing), and the
# sheets of each world's pictures in their colours (docs/colours-<world>.png, from the colour PNGs
# beside the text sources: cart/pictures/<file>/<name>.png).
pictures: $(STAMP)
	$(PY) -m generator import cart/pictures/valley.txt -o cart/pictures/valley.json --strict --sheet docs/pictures-valley.png
	$(PY) -m generator import cart/pictures/firewatch.txt -o cart/pictures/firewatch.json --strict --sheet docs/pictures-firewatch.png
	$(PY) -m generator import cart/pictures/valley-small.txt -o cart/pictures/valley-small.json --strict --sheet docs/pictures-valley-small.png
	$(PY) -m generator import cart/pictures/firewatch-small.txt -o cart/pictures/firewatch-small.json --strict --sheet docs/pictures-firewatch-small.png
	$(PY) -m generator.dev.colour_pictures sheets --out docs

# A colour PNG, coloured by the cart's shading rule, for every picture that has none yet: a start
# to paint over (never overwrites one).
colour-templates: $(STAMP)
	$(PY) -m generator.dev.colour_pictures template

# Jupyter (the `notebook` extra) in .venv, opened on the exploration notebook; no browser
# without a display, and --allow-root where we run as root (containers, CI machines).
notebook: $(STAMP)
	$(PY) -m pip install --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter lab notebooks/explore.ipynb $(if $(DISPLAY),,--no-browser) \
		$(if $(filter 0,$(shell id -u)),--allow-root) $(JUPYTER_ARGS)

# The README's figures (docs/figures/*.png), drawn by running the whole notebook with full
# samples (about a minute), and writes its outputs into notebooks/explore.ipynb so that the
# notebook shows its plots on the web; byte-identical for the same code and seed.
figures: $(STAMP)
	$(PY) -m generator.dev.runnotebook --publish --figures docs/figures

clean:
	rm -rf build
