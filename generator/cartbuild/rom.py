"""The cart's ROM image (0x0000-0x42ff) and where each thing lives in it.

    address        size   PICO-8 section          picross8 use
    0x0000-0x0fff  4096   __gfx__ rows 0-63       the art: sprites 0-127 (cart/spritesheet.png)
    0x1000-0x1fff  4096   __gfx__ rows 64-127     puzzles 0-136
    0x2000-0x2fff  4096   __map__ rows 0-31       puzzles 136-273 (puzzle 136 straddles)
    0x3000-0x30ff   256   __gff__                 puzzles 273-280 (no sprite flags: fget is 0)
    0x3100-0x31ff   256   __music__               free for the game's music
    0x3200-0x42ff  4352   __sfx__                 free for the game's sound effects

Puzzles: puzzle p (0-based, in the order of cart/worlds.json), row r (0-based) is the 16-bit
little-endian word at PZ_BASE + p*30 + r*2, read in the cart with `peek2`; bit x is column x
(bit 15 is always 0). A 15x15 solution takes 30 bytes, so the 8448 bytes hold 281 puzzles;
unused puzzle bytes stay zero.
The sprite editor shows the puzzle area as noise, the map editor as tiles, the flags as flags: do not
edit either in PICO-8 and save over the built cart; the PNG and the batches are the sources.
"""
from __future__ import annotations

import numpy as np

from generator import UserError
from generator.solver.grid import line_to_bits

from generator.pico8 import (GFF, GFF_SIZE, GFX, GFX_SIZE, MAP, MAP_SIZE, MUSIC,  # noqa: F401
                             MUSIC_SIZE, ROM_SIZE, SFX, SFX_SIZE, SPRITE_ROW_BYTES)

ART_ROWS = 64                       # sprite rows the art may use (sprites 0-127)
PZ_BASE = GFX + ART_ROWS * SPRITE_ROW_BYTES       # 0x1000
PZ_END = GFF + GFF_SIZE             # 0x3100 (exclusive)
PZ_SIZE = 15                        # puzzles are 15x15
PZ_BYTES = PZ_SIZE * 2              # 15 rows of 2 bytes
PZ_CAPACITY = (PZ_END - PZ_BASE) // PZ_BYTES


def puzzle_address(p: int) -> int:
    return PZ_BASE + p * PZ_BYTES


def puzzle_bytes(solution: np.ndarray) -> bytes:
    """30 bytes: each row as a little-endian 16-bit word, column x at bit x."""
    return b"".join(line_to_bits(row).to_bytes(2, "little") for row in np.asarray(solution, dtype=bool))


# cart/save.lua keeps 6 bits (solved + best time) per puzzle in bytes 65-255 of cartdata
SAVE_RECORDS = 254


def check_capacity(count: int) -> None:
    """Refuse more puzzles than the ROM holds (with byte counts) or the save data can track."""
    need = count * PZ_BYTES
    free = PZ_END - PZ_BASE
    if need > free:
        raise UserError(f"{count} puzzles need {need} bytes of ROM at {PZ_BYTES} bytes each, but only "
                        f"{free} bytes are free (0x{PZ_BASE:04x}-0x{PZ_END - 1:04x}: "
                        f"{PZ_CAPACITY} puzzles); drop {count - PZ_CAPACITY} puzzles")
    if count > SAVE_RECORDS:
        raise UserError(f"{count} puzzles fit in ROM, but the cart's save data keeps progress for "
                        f"{SAVE_RECORDS} (cart/save.lua); drop {count - SAVE_RECORDS} puzzles")


def pack_puzzles(rom: bytearray, solutions: list[np.ndarray]) -> None:
    """Write every solution at its address (refuses a set that does not fit, with byte counts)."""
    check_capacity(len(solutions))
    for p, sol in enumerate(solutions):
        a = puzzle_address(p)
        rom[a:a + PZ_BYTES] = puzzle_bytes(sol)


def pack_sprites(rom: bytearray, slots: np.ndarray) -> None:
    """Sprite pixels (rows x 128 slots) into gfx memory: the LEFT pixel of a pair is the low nibble."""
    s = np.asarray(slots, dtype=np.uint8)
    if s.shape[0] > ART_ROWS:
        raise ValueError("art taller than the art rows")
    pairs = (s[:, 0::2] | (s[:, 1::2] << 4)).astype(np.uint8)
    rom[GFX:GFX + pairs.size] = pairs.tobytes()


def read_puzzle(rom, p: int) -> np.ndarray:
    """The inverse of puzzle_bytes, from a ROM image (bytes-like)."""
    a = puzzle_address(p)
    words = [int.from_bytes(bytes(rom[a + 2 * r:a + 2 * r + 2]), "little") for r in range(PZ_SIZE)]
    return np.array([[(w >> x) & 1 for x in range(PZ_SIZE)] for w in words], dtype=bool)


def new_rom() -> bytearray:
    return bytearray(ROM_SIZE)
