"""Shared fixtures: the repository root, the real cart built once per session, the CLI runner.

Test folders mirror generator/'s subpackages (solver, formats, render, puzzles, cartbuild,
console, cli, dev) plus cart/ for the game's Lua run in the headless console. Helper modules
beside this file (cartfixtures, devlog, soundkit) are importable from every folder: pytest puts
this folder on sys.path for its conftest.

Tests marked `slow` (registered in pyproject.toml) are the exhaustive oracles and the waits on
real time; `make test` runs them, `make test-fast` leaves them out.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from cartfixtures import REPO, BuiltCart, build_cart
from generator.cli import main

# no test fails by hypothesis's clock (its default deadline is 200 ms an example): a loaded
# machine is slower, not wrong; a test's own settings may still set one
settings.register_profile("picross8", deadline=None)
settings.load_profile("picross8")


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def built_cart(tmp_path_factory) -> BuiltCart:
    """The real cart, built once for the whole session (tests must not modify its files)."""
    return build_cart(tmp_path_factory.mktemp("built"))


@pytest.fixture(scope="session")
def cart(built_cart) -> tuple[Path, dict]:
    """(path, manifest) of the real cart, built once for the session."""
    return built_cart.path, built_cart.manifest


@pytest.fixture(scope="session")
def cart_path(built_cart) -> Path:
    """The real cart's path, built once for the session."""
    return built_cart.path


@pytest.fixture(scope="session")
def picross():
    """Run the `picross` CLI in-process: picross("solve", path, input=...) -> click Result."""
    def run(*args, input=None):
        return CliRunner().invoke(main, [str(a) for a in args], input=input)
    return run
