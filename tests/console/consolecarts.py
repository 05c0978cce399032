"""Helpers for the console's conformance tests: tiny carts written to a temp dir, booted."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.console import Console

CARTS = Path(__file__).resolve().parent / "carts"


def p8_text(lua: str, **sections: str) -> str:
    """A .p8 cart: Lua, then sections given as gfx=..., map=..., gff=... (hex lines)."""
    parts = ["pico-8 cartridge // http://www.pico-8.com", "version 42", "__lua__", lua]
    for name, body in sections.items():
        if body:
            parts += [f"__{name}__", body]
    return "\n".join(parts) + "\n"


@pytest.fixture
def make(tmp_path):
    """make(lua, gfx=..., map=..., **console_kw) -> a booted Console on a cart in tmp_path."""
    count = [0]
    section_names = ("gfx", "gff", "map", "sfx", "music")

    def _make(lua, **kw):
        sections = {k: kw.pop(k) for k in section_names if k in kw}
        count[0] += 1
        path = tmp_path / f"g{count[0]}.p8"
        path.write_text(p8_text(lua, **sections), encoding="utf-8")
        return Console.load(path, **kw).boot()
    return _make
