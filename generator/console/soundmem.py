"""The sound data in PICO-8's memory, decoded: an sfx (0x3200 + 68 n) and a music pattern
(0x3100 + 4 p), as the synthesiser reads them while it plays (a cart may poke them).

An sfx is 32 notes of 16 bits, little-endian: pitch (bits 0-5), waveform (6-8, plus bit 15 for
the custom instruments 8-15, which play sfx 0-7), volume (9-11), effect (12-14); then the
editor-mode byte, whose bit 0 is the editor mode, bit 1 NOIZ, bit 2 BUZZ and the rest
(byte // 8) the three-way switches in base 3: DETUNE = that % 3, REVERB = // 3 % 3,
DAMPEN = // 9 % 3 (as zepto8 and fake-08 decode it, and as the BBS's bit dumps show); the speed
(ticks a note; 0 plays as 1); loop start; loop end.
A pattern is four bytes: the sfx (bits 0-5), 0x40 for a silent channel, bit 7 of bytes 0, 1, 2:
loop start, loop end, stop.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.pico8 import MUSIC, SFX

SFX_BYTES = 68
NOTES = 32


@dataclass(frozen=True)
class Sfx:
    pitch: tuple[int, ...]     # 0-63 (c0 = 0)
    wave: tuple[int, ...]      # 0-7 built in, 8-15 sfx 0-7 as an instrument
    vol: tuple[int, ...]       # 0-7
    fx: tuple[int, ...]        # 0-7
    noiz: bool
    buzz: bool
    detune: int                # 0-2
    reverb: int                # 0-2
    dampen: int                # 0-2
    speed: int                 # 1-255 (ticks of 183 samples a note)
    loop_start: int
    loop_end: int

    @property
    def loops(self) -> bool:
        """The manual: looping is off when the start index >= the end index."""
        return self.loop_end > self.loop_start

    @property
    def length(self) -> int:
        """Notes it plays when not looping: a loop end of 0 makes the loop start its length
        (the editor's LEN); else all 32."""
        if self.loop_end == 0 and self.loop_start > 0:
            return min(self.loop_start, NOTES)
        return NOTES

    @property
    def audible_end(self) -> int:
        """One past the last note with a volume (0 if none): a sound effect (not music) that
        does not loop stops there, as zepto8 and fake-08 do."""
        return max((i + 1 for i, v in enumerate(self.vol) if v), default=0)


def decode_sfx(raw: bytes) -> Sfx:
    words = np.frombuffer(raw[:64], dtype="<u2").astype(np.int64)
    mode, speed, start, end = raw[64:68]
    switches = mode >> 3
    return Sfx(
        pitch=tuple((words & 63).tolist()),
        wave=tuple((((words >> 6) & 7) | ((words >> 12) & 8)).tolist()),
        vol=tuple(((words >> 9) & 7).tolist()),
        fx=tuple(((words >> 12) & 7).tolist()),
        noiz=bool(mode & 2), buzz=bool(mode & 4),
        detune=switches % 3, reverb=switches // 3 % 3, dampen=switches // 9 % 3,
        speed=max(1, speed), loop_start=start, loop_end=end)


@dataclass(frozen=True)
class Pattern:
    channels: tuple[int | None, ...]   # sfx per channel, None when silent
    start: bool
    end: bool
    stop: bool


def decode_pattern(raw: bytes) -> Pattern:
    return Pattern(channels=tuple(None if b & 0x40 else b & 0x3F for b in raw[:4]),
                   start=bool(raw[0] & 0x80), end=bool(raw[1] & 0x80), stop=bool(raw[2] & 0x80))


class SoundMemory:
    """Decoded sfx and patterns read from `ram` (a bytearray of the console's memory), each
    decoded again only when its bytes changed."""

    def __init__(self, ram) -> None:
        self.ram = ram
        self._sfx: dict[int, tuple[bytes, Sfx]] = {}

    def sfx(self, n: int) -> Sfx:
        at = SFX + SFX_BYTES * n
        raw = bytes(self.ram[at:at + SFX_BYTES])
        hit = self._sfx.get(n)
        if hit is None or hit[0] != raw:
            hit = self._sfx[n] = (raw, decode_sfx(raw))
        return hit[1]

    def pattern(self, p: int) -> Pattern:
        return decode_pattern(bytes(self.ram[MUSIC + 4 * p:MUSIC + 4 * p + 4]))
