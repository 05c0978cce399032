"""The cart's ROM image (0x0000-0x42ff) and where each thing lives in it.

    address        size   PICO-8 section          picross8 use
    0x0000-0x0fff  4096   __gfx__ rows 0-63       the art: sprites 0-127 (cart/spritesheet.png)
    0x1000-0x1fff  4096   __gfx__ rows 64-127     the puzzle table, then the puzzles
    0x2000-0x2fdf  4064   __map__ rows 0-31       more puzzles
    0x2fe0-0x30ff   288   __map__'s end, __gff__  the code font's glyphs (codefont.py; no
                                                  sprite flags: fget is 0)
    0x3100-0x31ff   256   __music__               free for the game's music
    0x3200-0x42ff  4352   __sfx__                 free for the game's sound effects

Puzzles (0-based, in the order the build places them) start with a table of one byte each at
PZ_BASE: the low nibble is the size in fives (1: 5x5, 2: 10x10, 3: 15x15), the high nibble the
difficulty pips (1-5, generator.puzzles.difficulty). The solutions follow the table, back to back
in the same order: n rows of a puzzle n cells wide, each row little-endian in `row_bytes(n)`
bytes (1 for 5x5, 2 for 10x10 and 15x15), bit x = column x. So 5x5 takes 5 bytes, 10x10 20,
15x15 30; the cart reads a row with `peek2(a+r*k)&(1<<n)-1` (k = n\\8+1) and works out each
puzzle's address from the table when it starts. The puzzles end where the code font begins
(FONT_BASE, the area's last FONT_BYTES): the 8160 bytes hold 263 puzzles of 15x15 (with their
table bytes); unused bytes stay zero.
The sprite editor shows the puzzle area as noise, the map editor as tiles, the flags as flags: do not
edit either in PICO-8 and save over the built cart; the PNG and the batches are the sources.
"""
from __future__ import annotations

import numpy as np

from generator import UserError
from generator.solver.grid import line_to_bits

from generator.cartbuild.codefont import FONT_BYTES
from generator.pico8 import (GFF, GFF_SIZE, GFX, GFX_SIZE, MAP, MAP_SIZE, MUSIC,  # noqa: F401
                             MUSIC_SIZE, ROM_SIZE, SFX, SFX_SIZE, SPRITE_ROW_BYTES)

ART_ROWS = 64                       # sprite rows the art may use (sprites 0-127)
PZ_BASE = GFX + ART_ROWS * SPRITE_ROW_BYTES       # 0x1000
FONT_BASE = GFF + GFF_SIZE - FONT_BYTES           # 0x2fe0: the code font, to 0x30ff
PZ_END = FONT_BASE                  # the puzzles' end (exclusive)
PZ_SIZES = (5, 10, 15)              # the board sizes the cart plays (square)
PZ_BYTES = 15 * 2                   # a 15x15 puzzle's bytes (the largest)
PZ_CAPACITY = (PZ_END - PZ_BASE) // (PZ_BYTES + 1)   # 15x15 puzzles, with their table bytes


def row_bytes(n: int) -> int:
    return 1 if n <= 8 else 2


def puzzle_size(n: int) -> int:
    """Bytes of an n x n solution."""
    return n * row_bytes(n)


def puzzle_addresses(sizes: list[int]) -> list[int]:
    """Where each puzzle's solution starts, after the table of len(sizes) bytes."""
    out, a = [], PZ_BASE + len(sizes)
    for n in sizes:
        out.append(a)
        a += puzzle_size(n)
    return out


def puzzle_bytes(solution: np.ndarray) -> bytes:
    """Each row little-endian in row_bytes(n) bytes, column x at bit x."""
    sol = np.asarray(solution, dtype=bool)
    k = row_bytes(sol.shape[1])
    return b"".join(line_to_bits(row).to_bytes(k, "little") for row in sol)


# cart/save.lua keeps 6 bits (solved + best time) per puzzle in bytes 65-255 of cartdata
SAVE_RECORDS = 254


def check_capacity(sizes: list[int]) -> None:
    """Refuse more puzzles than the ROM holds (with byte counts) or the save data can track."""
    count = len(sizes)
    need = count + sum(puzzle_size(n) for n in sizes)
    free = PZ_END - PZ_BASE
    if need > free:
        raise UserError(f"{count} puzzles need {need} bytes of ROM (a table byte and 5-30 bytes each), "
                        f"but only {free} bytes are free (0x{PZ_BASE:04x}-0x{PZ_END - 1:04x}: "
                        f"{PZ_CAPACITY} puzzles of 15x15; the code font takes 0x{FONT_BASE:04x}-"
                        f"0x{FONT_BASE + FONT_BYTES - 1:04x}); drop {need - free} bytes of puzzles")
    if count > SAVE_RECORDS:
        raise UserError(f"{count} puzzles fit in ROM, but the cart's save data keeps progress for "
                        f"{SAVE_RECORDS} (cart/save.lua); drop {count - SAVE_RECORDS} puzzles")


def pack_puzzles(rom: bytearray, solutions: list[np.ndarray], pips: list[int] | None = None) -> int:
    """Write the table and every solution (refuses a set that does not fit, with byte counts);
    returns the bytes used."""
    sizes = [np.asarray(s).shape[1] for s in solutions]
    for s in solutions:
        h, w = np.asarray(s).shape
        if h != w or w not in PZ_SIZES:
            raise ValueError(f"a {w}x{h} puzzle: the cart plays 5x5, 10x10 and 15x15")
    check_capacity(sizes)
    pips = pips or [1] * len(solutions)
    for p, (n, d) in enumerate(zip(sizes, pips)):
        assert 1 <= d <= 5
        rom[PZ_BASE + p] = n // 5 | d << 4
    for a, sol in zip(puzzle_addresses(sizes), solutions):
        b = puzzle_bytes(sol)
        rom[a:a + len(b)] = b
    return len(sizes) + sum(puzzle_size(n) for n in sizes)


def pack_sprites(rom: bytearray, slots: np.ndarray) -> None:
    """Sprite pixels (rows x 128 slots) into gfx memory: the LEFT pixel of a pair is the low nibble."""
    s = np.asarray(slots, dtype=np.uint8)
    if s.shape[0] > ART_ROWS:
        raise ValueError("art taller than the art rows")
    pairs = (s[:, 0::2] | (s[:, 1::2] << 4)).astype(np.uint8)
    rom[GFX:GFX + pairs.size] = pairs.tobytes()


def read_puzzle(rom, p: int, count: int) -> np.ndarray:
    """The inverse of pack_puzzles for puzzle p of `count`, from a ROM image (bytes-like)."""
    sizes = [(rom[PZ_BASE + i] & 15) * 5 for i in range(count)]
    a, n = puzzle_addresses(sizes)[p], sizes[p]
    k = row_bytes(n)
    words = [int.from_bytes(bytes(rom[a + k * r:a + k * r + k]), "little") for r in range(n)]
    return np.array([[(w >> x) & 1 for x in range(n)] for w in words], dtype=bool)


def read_pips(rom, p: int) -> int:
    return rom[PZ_BASE + p] >> 4


def new_rom() -> bytearray:
    return bytearray(ROM_SIZE)
