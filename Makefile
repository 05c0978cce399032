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

# Until the cart assembly lands, `make cart` only sets up the toolchain.
cart: $(STAMP)
	$(PY) -m generator --help

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
