"""Where an sfx is and what its current note sounds like: `Track` steps through an sfx note by
note (loops, the LEN form, offset and length, the end), and `Track.voice` gives the note's
`Voice` over the next samples with its effect applied, as the manual names the effects:

  1 slide      from the previous note's pitch and volume to this one's, reaching them at the
               note's end (as zepto8 and fake-08 measured it; from c2 and silence at the start)
  2 vibrato    +-a quarter semitone, a triangle 7.5 times a second
  3 drop       the frequency falls linearly to nothing over the note
  4, 5 fades   the volume rises from 0, or falls to 0, over the note
  6, 7 arpeggios   the note's group of 4 in turn, a step every 4 (fast) or 8 (slow) ticks,
               halved at speed <= 8

A note lasts speed * 183 samples; pitch p sounds at 440 * 2^((p - 33) / 12) Hz.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.console.soundmem import NOTES, Sfx
from generator.console.waves import RATE

TICK = 183                     # samples a tick; a note lasts speed ticks
C2 = 24                        # custom instruments play relative to c2
# pitch p's frequency, rounded to a multiple of 2^-32 Hz so that every host's pow() (libm's,
# V8's: they differ in the last bit for 18 of the 64) gives the same table
FREQ = np.round(440 * 2 ** ((np.arange(64) - 33) / 12) * 2 ** 32) / 2 ** 32
SEMITONE = 2 ** (1 / 12)
VIBRATO_HZ = 7.5               # vibrato: a triangle of +-a quarter semitone, 7.5 times a second


@dataclass(frozen=True)
class Voice:
    """What a channel sounds for one segment: waveform (-1 silent), frequency and volume (a
    number, or an array over the segment), the pitch (for noise) and the sfx's filters."""
    w: int
    f: object = 0.0
    v: object = 0.0
    key: int = 0
    noiz: bool = False
    buzz: bool = False
    detune: int = 0
    reverb: int = 0
    dampen: int = 0

    def ends(self) -> tuple[float, float, float, float]:
        """Frequency and volume at the first and last sample."""
        f, v = self.f, self.v
        f0, f1 = (float(f[0]), float(f[-1])) if isinstance(f, np.ndarray) else (float(f),) * 2
        v0, v1 = (float(v[0]), float(v[-1])) if isinstance(v, np.ndarray) else (float(v),) * 2
        return f0, f1, v0, v1


SILENT = Voice(-1)


class Track:
    """Where one sfx is: its note, the samples into that note, how many notes it may still
    play, and the previous note (for slides)."""

    def __init__(self, n: int, s: Sfx, offset: int = 0, length: int = 0, music: bool = False,
                 sub: int = 0) -> None:
        self.n, self.music, self.can_loop = n, music, True
        self.note, self.sub = offset, sub
        self.left = length if length > 0 else None
        self.prev_key, self.prev_vol = C2, 0.0    # a slide from nothing starts at c2
        self.entries = 0                          # notes entered (launch included)
        if s.loops and self.note >= s.loop_end:
            self.note = (self.note - s.loop_start) % (s.loop_end - s.loop_start) + s.loop_start
        self.ended = self.note >= self._end(s)

    def _end(self, s: Sfx) -> int:
        if s.loops and self.can_loop:
            return NOTES
        return s.length if self.music else min(s.length, s.audible_end)

    def span(self, s: Sfx) -> int:
        """Samples until the next change: the note's end, or an arpeggio's next step."""
        length = TICK * s.speed
        span = max(1, length - self.sub)
        fx = s.fx[self.note]
        if fx >= 6 and s.vol[self.note]:
            step = _arp_step(s, fx)
            pos = self.note * length + self.sub
            span = min(span, step - pos % step)
        return span

    def advance(self, k: int, s: Sfx) -> None:
        self.sub += k
        length = TICK * s.speed
        if self.sub < length:
            return
        self.sub = 0
        self.prev_key, self.prev_vol = s.pitch[self.note], s.vol[self.note] / 7
        self.note += 1
        self.entries += 1
        if self.left is not None:
            self.left -= 1
            if self.left <= 0:
                self.ended = True
        if s.loops and self.can_loop and self.note >= s.loop_end:
            self.note = s.loop_start
        if self.note >= min(self._end(s), NOTES):
            self.ended = True

    def voice(self, s: Sfx, m: int, drop: bool = True) -> Voice:
        """The current note over the next m samples, its effect applied."""
        i = self.note
        key, v0, fx = s.pitch[i], s.vol[i] / 7, s.fx[i]
        if not v0:
            return Voice(-1, key=key, noiz=s.noiz, buzz=s.buzz, detune=s.detune,
                         reverb=s.reverb, dampen=s.dampen)
        f, v = FREQ[key], v0
        length = TICK * s.speed
        if fx in (1, 3, 4, 5):
            t = (self.sub + np.arange(m)) / length
            if fx == 1:     # from the previous note's pitch and volume to this one's
                f = FREQ[self.prev_key] + (f - FREQ[self.prev_key]) * t
                if self.prev_vol:
                    v = self.prev_vol + (v0 - self.prev_vol) * t
            elif fx == 3 and drop:
                f = f * (1.0 - t)
            elif fx == 4:
                v = v0 * t
            elif fx == 5:
                v = v0 * (1.0 - t)
        elif fx == 2:
            pos = i * length + self.sub + np.arange(m)
            lfo = np.abs((VIBRATO_HZ * pos / RATE) % 1.0 - 0.5) - 0.25
            f = f * (1.0 + lfo * (SEMITONE - 1.0))
        elif fx >= 6:
            n = (i * length + self.sub) // _arp_step(s, fx)
            f = FREQ[s.pitch[(i & ~3) | (n & 3)]]
        return Voice(s.wave[i], f, v, key, s.noiz, s.buzz, s.detune, s.reverb, s.dampen)


def _arp_step(s: Sfx, fx: int) -> int:
    """Samples an arpeggio step lasts: 4 ticks (fast) or 8 (slow), halved at speed <= 8."""
    ticks = 4 if fx == 6 else 8
    return TICK * (ticks // 2 if s.speed <= 8 else ticks)
