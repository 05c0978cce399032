"""Music from a small readable text (cart/music.txt) to the bytes of PICO-8's music memory.

Each line `<pattern> <label> <ch0> <ch1> <ch2> <ch3> [start] [end] [stop]` describes one pattern
(the format is documented at the top of cart/music.txt): four channels, each an sfx slot or `.`
for a silent channel, and the flags. In memory (0x3100 + 4 * pattern) a pattern is four bytes,
one a channel: the sfx slot (bits 0-5), 0x40 for a silent channel, and bit 7 of bytes 0, 1 and 2
the loop-start, loop-end and stop flags. Unused patterns are silent on every channel
(0x41 0x42 0x43 0x44, as PICO-8 writes them): music that reaches one stops.

Checks, each a one-line error naming the file and line: a pattern once, channels naming effects
that sfx.txt defines and that make a sound, at least one channel playing, every `end` closing a
`start` over consecutive patterns (a gap would stop the music before the loop closes), and, for
the cart, one loop per world at pattern 16 * (its place in worlds.json), labelled with its name
and closed within its 16 patterns: the cart starts world w's music with music(w*16-16).
"""
from __future__ import annotations

import re

from generator import UserError
from generator.files.userfile import read_text, require_file, whole_number
from generator.pico8 import MUSIC, MUSIC_SIZE
from generator.cartbuild.sfx import statements

PATTERNS = MUSIC_SIZE // 4
SILENT = 0x40
FLAGS = {"start": 0, "end": 1, "stop": 2}    # flag -> the channel byte whose bit 7 holds it
WORLD_STRIDE = 16                              # world i's loop: patterns 16 * i to 16 * i + 15
_NUMBER = re.compile(r"^[0-9]+$")
_LABEL = re.compile(r"^[a-z][a-z0-9_-]*$")


class Pattern:
    def __init__(self, n: int, label: str, chans: list[int | None], flags: set[str], where: str):
        self.n, self.label, self.chans, self.flags, self.where = n, label, chans, flags, where

    def bytes(self) -> bytes:
        out = [SILENT | i + 1 if c is None else c for i, c in enumerate(self.chans)]
        for f in self.flags:
            out[FLAGS[f]] |= 0x80
        return bytes(out)


def parse_music(text: str, sfx: dict[int, bytes], where: str = "music") -> dict[int, Pattern]:
    """pattern -> Pattern, for every pattern described in `text`; `sfx` is sfx.parse_sfx's."""
    out: dict[int, Pattern] = {}
    for here, parts in statements(text, where):
        if len(parts) < 6 or not _NUMBER.match(parts[0]):
            raise UserError(f"{here}: expected '<pattern> <label> <ch0> <ch1> <ch2> <ch3> [start] [end] [stop]'")
        p = whole_number(parts[0], f"{here}: pattern", 0, PATTERNS - 1)
        if p in out:
            raise UserError(f"{here}: pattern {p} is used twice")
        if not _LABEL.match(parts[1]):
            raise UserError(f"{here}: label {parts[1]!r} must be a lower-case word")
        chans: list[int | None] = []
        for i, t in enumerate(parts[2:6]):
            if t == ".":
                chans.append(None)
                continue
            if not _NUMBER.match(t):
                raise UserError(f"{here}: channel {i} must be an sfx slot or '.', not {t!r}")
            slot = whole_number(t, f"{here}: channel {i}", 0, 63)
            if slot not in sfx:
                raise UserError(f"{here}: channel {i} plays sfx {slot}, which sfx.txt does not define")
            if not any(sfx[slot][1:64:2][k] & 0x0E for k in range(32)):
                raise UserError(f"{here}: channel {i} plays sfx {slot}, which is silent")
            chans.append(slot)
        if all(c is None for c in chans):
            raise UserError(f"{here}: every channel is silent (that pattern would stop the music)")
        flags = set()
        for f in parts[6:]:
            if f not in FLAGS:
                raise UserError(f"{here}: unknown flag {f!r} (start, end or stop)")
            if f in flags:
                raise UserError(f"{here}: flag {f!r} twice")
            flags.add(f)
        out[p] = Pattern(p, parts[1], chans, flags, here)
    _check_loops(out)
    return out


def _check_loops(pats: dict[int, Pattern]) -> None:
    """Every end closes a start, over patterns that are all there."""
    start = None
    for p in range(PATTERNS):
        pat = pats.get(p)
        if pat is None:
            if start is not None:
                raise UserError(f"{pats[start].where}: the loop starting at pattern {start} reaches "
                                f"pattern {p}, which is empty, before an 'end'")
            continue
        if "start" in pat.flags:
            start = p
        if "end" in pat.flags:
            if start is None:
                raise UserError(f"{pat.where}: 'end' with no 'start' before it")
            start = None
        if "stop" in pat.flags:
            start = None


def check_worlds(pats: dict[int, Pattern], worlds: list[str], where: str) -> None:
    """World i's loop starts at pattern 16*i, flagged start and labelled with its name, and ends
    within its 16 patterns (the next world's loop starts after them)."""
    for i, name in enumerate(worlds):
        p = WORLD_STRIDE * i
        pat = pats.get(p)
        if pat is None or pat.label != name or "start" not in pat.flags:
            raise UserError(f"{where}: world {name!r} needs its loop at pattern {p}, labelled "
                            f"{name!r} and flagged 'start' (the cart plays music({p}) for it)")
        last = p
        while not pats[last].flags & {"end", "stop"} and last + 1 in pats:
            last += 1
        if last >= p + WORLD_STRIDE:
            raise UserError(f"{where}: world {name!r}'s loop runs from pattern {p} to {last}; it must "
                            f"end by pattern {p + WORLD_STRIDE - 1}, where the next world's room begins")


def pack_music(rom: bytearray, path, sfx: dict[int, bytes], worlds: list[str] | None = None) -> dict[int, Pattern]:
    """Write the patterns described in the file at `path` into `rom`'s music memory."""
    path = require_file(path, "music file")
    pats = parse_music(read_text(path, "music file"), sfx, str(path))
    if worlds is not None:
        check_worlds(pats, worlds, str(path))
    for p in range(PATTERNS):
        rom[MUSIC + 4 * p:MUSIC + 4 * p + 4] = pats[p].bytes() if p in pats else bytes([0x41, 0x42, 0x43, 0x44])
    return pats
