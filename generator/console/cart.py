"""Reading a .p8 text cart: its Lua source (as P8SCII) and its 0x4300 bytes of ROM data.

shrinko's reader does the parsing (gfx nibble order, the sfx note packing, music flags) and
inlines any `#include`. The Lua comes back as a P8SCII string: one character per byte 0-255.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator import UserError
from generator.pico8 import ROM_SIZE



@dataclass(frozen=True)
class Cart:
    name: str
    lua: str          # P8SCII: chr(0)..chr(255), one per PICO-8 byte
    rom: bytes        # 0x0000-0x42ff: gfx, gfx2/map2, map, flags, music, sfx
    lua_first_line: int  # 1-based line of the .p8 file holding the first Lua line


def p8_to_unicode(text: str) -> str:
    """P8SCII (one char per byte) to the unicode PICO-8 shows, e.g. chr(0x8b) -> "⬅️"."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_defs import from_p8str
    return from_p8str(text)


def read_p8(path: str | os.PathLike) -> Cart:
    """Read a .p8 text cart; a missing or malformed file is a UserError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such cart")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a .p8 text cart (not UTF-8)")
    lines = text.splitlines()
    if not lines or not lines[0].startswith("pico-8 cartridge"):
        raise UserError(f"{path}: not a .p8 text cart (no 'pico-8 cartridge' header)")
    header = next((i for i, line in enumerate(lines) if line.strip() == "__lua__"), None)
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_cart import read_cart
    try:
        cart = read_cart(str(path))
    except Exception as e:  # shrinko raises its own error types for malformed sections
        raise UserError(f"{path}: unreadable cart: {e}")
    rom = bytes(cart.rom[:ROM_SIZE])
    first = header + 2 if header is not None else 1
    return Cart(name=path.name, lua=cart.code, rom=rom, lua_first_line=first)
