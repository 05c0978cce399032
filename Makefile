# picross8: every target sets up .venv on first use, so a fresh clone needs only
# `make cart` or `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CART   := build/picross.p8
PICO8  := $(shell command -v pico8 2>/dev/null)

.PHONY: cart png web run test bench puzzles art screenshots clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The cart and its manifest (build/picross.json); prints the token/char/ROM counts every time.
cart: $(STAMP)
	$(PY) build.py --out $(CART)

# The PNG cart (what the BBS and splore take); its label is the cart's __label__ (cart/label.png).
png: cart
	$(VENV)/bin/shrinko8 $(CART) $(CART).png
	@echo "wrote $(CART).png"

# The HTML player needs PICO-8 itself; without it, upload the .p8.png to the BBS instead.
web: cart
ifdef PICO8
	mkdir -p build/web
	$(PICO8) $(CART) -export build/web/picross.html
else
	@echo "make web: PICO-8 is needed to export the HTML player (pico8 is not on PATH); run 'make png' and upload build/picross.p8.png to the BBS instead."
endif

run: cart
ifdef PICO8
	$(PICO8) -run $(CART)
else
	@echo "make run: PICO-8 is not on PATH; install it to play $(CART) (or load build/picross.p8.png in the BBS web player)."
endif

# Pictures of the game played in the headless console (docs/screenshots/*.png, 4x); the title
# screen also becomes cart/label.png, the cart's __label__, so the cart is built again after.
screenshots: cart
	$(PY) -m generator screenshots $(CART) --out docs/screenshots --label cart/label.png
	$(PY) build.py --out $(CART)

# Redraw cart/spritesheet.png and cart/label.png from their script.
art: $(STAMP)
	$(PY) cart/art/draw_art.py

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m generator.bench
	$(PY) -m generator.bench_lua

# Regenerate the default batch shipped in the repo.
puzzles: $(STAMP)
	$(PY) -m generator generate -n 300 --size 15 --density 0.6 --seed 1 -o cart/puzzles.json

clean:
	rm -rf build
