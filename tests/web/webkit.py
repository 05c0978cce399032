"""What the page's tests need, found once: emscripten, node, chromium and Playwright; each
missing one makes its tests skip with one line saying what to install."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from cartfixtures import REPO

CACHE = REPO / "build" / "web-src"
CHROMIUM = Path("/usr/bin/chromium")


def need_emcc() -> None:
    if not shutil.which("emcc"):
        pytest.skip("emscripten is not installed (apt-get install emscripten): no wasm build")


def need_node() -> str:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (apt-get install nodejs): no wasm checks")
    return node


def need_browser() -> None:
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("playwright is not installed (pip install -e '.[dev]'): no browser tests")
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (apt-get install chromium): no browser tests")


def need_runtime() -> None:
    if importlib.util.find_spec("generator.runtime") is None:
        pytest.skip("the shared PICO-8 runtime (generator/runtime) is not in this tree: no page")


def z8_factory() -> Path:
    """build/web-src/z8.js: z8lua in wasm (fetched, verified, patched, compiled; cached)."""
    need_emcc()
    from generator.web.compile import compile_z8
    from generator.web.sources import luaz8_sources
    return compile_z8(luaz8_sources(CACHE), CACHE / "z8.js")
