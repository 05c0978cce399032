# picross8: every target sets up .venv on first use, so a fresh clone needs only
# `make cart` or `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: cart test bench puzzles notebook figures clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Until the cart assembly lands, `make cart` re-verifies the default batch.
cart: $(STAMP)
	$(PY) -m generator check cart/puzzles.json

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m generator.bench

# Regenerate the default batch shipped in the repo. Smooth style: blob-like pictures with no
# solid rows or columns and short clues (4-5 numbers at most per line, not 6-7) for the
# 128-pixel screen; at 15x15 and 0.6 every accepted grid already takes 2 to 6 passes.
puzzles: $(STAMP)
	$(PY) -m generator generate -n 300 --size 15 --density 0.6 --seed 1 --style smooth -o cart/puzzles.json

# Jupyter (the `notebook` extra) in .venv, opened on the exploration notebook; no browser
# without a display, and --allow-root where we run as root (containers, CI machines).
notebook: $(STAMP)
	$(PY) -m pip install --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter lab notebooks/explore.ipynb $(if $(DISPLAY),,--no-browser) \
		$(if $(filter 0,$(shell id -u)),--allow-root) $(JUPYTER_ARGS)

# The README's figures, drawn by running the whole notebook (full samples, a few minutes).
figures: $(STAMP)
	$(PY) -m generator.runnotebook --figures docs/figures

clean:
	rm -rf build
