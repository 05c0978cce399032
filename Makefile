# picross8: every target sets up .venv on first use, so a fresh clone needs only
# `make cart` or `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: cart test bench puzzles clean

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

clean:
	rm -rf build
