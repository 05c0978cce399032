"""Sound effects from a small readable text (cart/sfx.txt) to the bytes of PICO-8's sfx memory.

Each line `<slot> <name> speed=<n> <note> ...` describes one effect (the format is documented at
the top of cart/sfx.txt). In memory (0x3200 + 68 * slot) an effect is 32 notes of two bytes,
little-endian: pitch (bits 0-5), waveform (6-8), volume (9-11), effect (12-14); then four bytes:
editor mode, speed, loop start, loop end. Unused notes are silent (all zero).
"""
from __future__ import annotations

import re

from generator import UserError
from generator.files.userfile import read_text, require_file, whole_number

SFX_BASE = 0x3200
SFX_BYTES = 68
SLOTS = 64
NOTES = 32
PITCHES = {n: i for i, n in enumerate("c c# d d# e f f# g g# a a# b".split())}
_NUMBER = re.compile(r"^[0-9]+$")
_NOTE = re.compile(r"^([a-g]#?)([0-5]):([0-7])([0-7])([0-7])$")


def note_word(text: str, where: str) -> int:
    """One note as its 16-bit value; '.' is a rest."""
    if text == ".":
        return 0
    m = _NOTE.match(text)
    if not m or m.group(1) not in PITCHES:
        raise UserError(f"{where}: note {text!r} is not <pitch><octave>:<wave><volume><effect>")
    pitch = PITCHES[m.group(1)] + 12 * int(m.group(2))
    if pitch > 63:
        raise UserError(f"{where}: note {text!r} is above d#5, PICO-8's highest pitch")
    wave, vol, fx = (int(m.group(i)) for i in (3, 4, 5))
    return pitch | wave << 6 | vol << 9 | fx << 12


def statements(text: str, where: str):
    """(where:line, words) of each line of a sound text file that is not blank or a # comment
    (sfx.txt and music.txt share this form)."""
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield f"{where}:{n}", line.split()


def parse_sfx(text: str, where: str = "sfx") -> dict[int, bytes]:
    """slot -> its 68 bytes, for every effect described in `text`."""
    out: dict[int, bytes] = {}
    for here, parts in statements(text, where):
        if len(parts) < 4 or not _NUMBER.match(parts[0]) or not parts[2].startswith("speed="):
            raise UserError(f"{here}: expected '<slot> <name> speed=<n> <note> ...'")
        slot = whole_number(parts[0], f"{here}: slot", 0, SLOTS - 1)
        if slot in out:
            raise UserError(f"{here}: slot {slot} is used twice")
        speed = parts[2][len("speed="):]
        if not _NUMBER.match(speed):
            raise UserError(f"{here}: speed must be 1-255")
        speed = whole_number(speed, f"{here}: speed", 1, 255)
        notes = parts[3:]
        if len(notes) > NOTES:
            raise UserError(f"{here}: {len(notes)} notes; an effect holds {NOTES}")
        data = bytearray(SFX_BYTES)
        for i, t in enumerate(notes):
            w = note_word(t, here)
            data[2 * i], data[2 * i + 1] = w & 0xFF, w >> 8
        data[64:68] = bytes([0, speed, 0, 0])
        out[slot] = bytes(data)
    return out


def pack_sfx(rom: bytearray, path) -> dict[int, bytes]:
    """Write the effects described in the file at `path` into `rom`'s sfx memory; returns them."""
    path = require_file(path, "sound effects file")
    text = read_text(path, "sound effects file")
    effects = parse_sfx(text, str(path))
    for slot, data in effects.items():
        at = SFX_BASE + SFX_BYTES * slot
        rom[at:at + SFX_BYTES] = data
    return effects
