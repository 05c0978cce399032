"""Writing the PICO-8 text cart (.p8) from Lua code, a ROM image and a label picture.

Sections come in the order PICO-8 writes them: __lua__, __gfx__, __label__, __gff__, __map__,
__sfx__, __music__. A ROM section is written whole when any of its bytes is non-zero and left
out otherwise (PICO-8 fills a missing section with zeros). Nothing depends on the clock or on
dict order, so the same inputs give the same bytes.
"""
from __future__ import annotations

import re

import numpy as np

from generator import UserError
from generator.cartbuild.rom import GFF, GFF_SIZE, GFX, GFX_SIZE, MAP, MAP_SIZE, MUSIC, MUSIC_SIZE, SFX, SFX_SIZE

HEADER = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n"
_SECTION_LINE = re.compile(r"^__[a-z0-9]+__\s*$")
_EXT_DIGITS = "0123456789abcdefghijklmnopqrstuv"


def _hex(bs) -> str:
    return "".join("%02x" % b for b in bs)


def gfx_lines(rom) -> list[str]:
    """128 rows of 128 pixels; in memory the left pixel of a pair is the low nibble."""
    out = []
    for y in range(128):
        row = rom[GFX + y * 64:GFX + y * 64 + 64]
        out.append("".join("%x%x" % (b & 15, b >> 4) for b in row))
    return out


def byte_lines(rom, base: int, rows: int, width: int) -> list[str]:
    return [_hex(rom[base + y * width:base + (y + 1) * width]) for y in range(rows)]


def sfx_lines(rom) -> list[str]:
    """64 sfx: 4 header bytes (mode, speed, loop start, loop end), then 32 notes of 5 digits."""
    out = []
    for n in range(64):
        a = SFX + n * 68
        notes = []
        for i in range(32):
            v = rom[a + 2 * i] | (rom[a + 2 * i + 1] << 8)
            wave = ((v >> 6) & 7) | ((v >> 12) & 8)
            notes.append("%02x%x%x%x" % (v & 63, wave, (v >> 9) & 7, (v >> 12) & 7))
        out.append(_hex(rom[a + 64:a + 68]) + "".join(notes))
    return out


def music_lines(rom) -> list[str]:
    """64 patterns: a flags byte (bit i from channel i's top bit), a space, four sfx ids."""
    out = []
    for n in range(64):
        chans = rom[MUSIC + 4 * n:MUSIC + 4 * n + 4]
        flags = sum(((c >> 7) & 1) << i for i, c in enumerate(chans))
        out.append("%02x " % flags + _hex(c & 127 for c in chans))
    return out


def label_lines(label: np.ndarray) -> list[str]:
    """128 rows; colours 0-15 as 0-f and the secret colours 128-143 as g-v (16-31)."""
    return ["".join(_EXT_DIGITS[int(v)] for v in row) for row in label]


def _used(rom, base, size) -> bool:
    return any(rom[base:base + size])


def cart_text(code: str, rom, label: np.ndarray | None) -> str:
    """The whole .p8 file."""
    for i, line in enumerate(code.split("\n")):
        if _SECTION_LINE.match(line):
            raise UserError(f"Lua line {i + 1} {line.strip()!r} would read as a cart section header")
    parts = [HEADER, "__lua__\n", code if code.endswith("\n") else code + "\n"]

    def section(name, lines):
        parts.append(f"__{name}__\n")
        parts.extend(line + "\n" for line in lines)

    if _used(rom, GFX, GFX_SIZE):
        section("gfx", gfx_lines(rom))
    if label is not None:
        section("label", label_lines(label))
    if _used(rom, GFF, GFF_SIZE):
        section("gff", byte_lines(rom, GFF, 2, 128))
    if _used(rom, MAP, MAP_SIZE):
        section("map", byte_lines(rom, MAP, 32, 128))
    if _used(rom, SFX, SFX_SIZE):
        section("sfx", sfx_lines(rom))
    if _used(rom, MUSIC, MUSIC_SIZE):
        section("music", music_lines(rom))
    return "".join(parts)
