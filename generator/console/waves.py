"""PICO-8's eight instruments as numpy functions of the oscillator's phase (in cycles).

    samples = wave(WAVE_TRIANGLE, phase)              # phase: float64 array, cycles
    samples = wave(WAVE_SAW, phase, buzz=True)

The shapes and their loudness are the ones zepto8 and fake-08 measured from PICO-8's own WAV
exports (the manual names the instruments and the filters, but gives no shapes); each is written
here from that description. Peak values, before the note's volume:
  0 triangle      symmetric triangle, +-0.5
  1 tilted saw    rises for 7/8 of the cycle, falls for 1/8, +-0.5 (buzz: 39/40 rising)
  2 saw           ramp from 0 up to 0.5, jump to -0.5, up to 0, times 0.653 (+-0.33)
  3 square        +-0.25, half the cycle each (buzz: 40% high)
  4 pulse         +-0.25, 31.6% of the cycle high (buzz: 25.5%)
  5 organ         two triangles a cycle: a tall one (-3..3) and a short one (-3..1), /9
  6 noise         white noise through a one-pole low-pass whose corner follows the pitch
  7 phaser        a triangle plus a quieter one at 109/110 of its frequency, beating, /6
BUZZ changes each shape as listed in `_buzzed`; DETUNE adds a second voice (`DETUNE_RATIO`);
NOIZ and BUZZ on the noise instrument follow the manual's words ("NOIZ: generate pure white
noise", "when BUZZ is used with instrument 6, and NOIZ is off, pure brown noise is
generated"), which the two implementations do not do.
"""
from __future__ import annotations

import math

import numpy as np

(WAVE_TRIANGLE, WAVE_TILTED, WAVE_SAW, WAVE_SQUARE, WAVE_PULSE, WAVE_ORGAN, WAVE_NOISE,
 WAVE_PHASER) = range(8)
NAMES = ("triangle", "tilted saw", "saw", "square", "pulse", "organ", "noise", "phaser")

RATE = 22050
NOISE_TOP = 1760 * math.sqrt(2)           # pitch 63 (d#5, 440 * 2^2.5): the noise is white there
NOISE_CHUNK = 64                           # samples per closed-form step of the noise filter

# DETUNE-1 and DETUNE-2: a second voice at this many times the phase, at half the volume
# (triangle: a fourth below or a fifth above; organ's second voice for DETUNE-2 is a triangle)
DETUNE_RATIO = {
    WAVE_TRIANGLE: (3 / 4, 3 / 2),
    WAVE_ORGAN: (200 / 199, 800 / 199),
    WAVE_PHASER: (49 / 50, 400 / 199),
}
DETUNE_OTHER = (200 / 199, 400 / 199)


def _tri(t):
    """1 - |4t - 2|: -1 at t = 0 and 1, +1 at t = 0.5."""
    return 1.0 - np.abs(4.0 * t - 2.0)


def _tilted(t, rise: float):
    """-1 rising to +1 over `rise` of the cycle, then falling back to -1."""
    return np.where(t < rise, 2.0 * t / rise - 1.0, 2.0 * (1.0 - t) / (1.0 - rise) - 1.0)


def _shape(w: int, phase: np.ndarray) -> np.ndarray:
    t = phase % 1.0
    if w == WAVE_TRIANGLE:
        return 0.5 * _tri(t)
    if w == WAVE_TILTED:
        return 0.5 * _tilted(t, 0.875)
    if w == WAVE_SAW:
        return 0.653 * np.where(t < 0.5, t, t - 1.0)
    if w == WAVE_SQUARE:
        return np.where(t < 0.5, 0.25, -0.25)
    if w == WAVE_PULSE:
        return np.where(t < 0.316, 0.25, -0.25)
    if w == WAVE_ORGAN:
        return np.where(t < 0.5, 3.0 - np.abs(24.0 * t - 6.0), 1.0 - np.abs(16.0 * t - 12.0)) / 9.0
    if w == WAVE_PHASER:
        return (2.0 - np.abs(8.0 * t - 4.0) + _tri((phase * (109 / 110)) % 1.0)) / 6.0
    raise ValueError(f"no such waveform {w}")


def _buzzed(w: int, phase: np.ndarray) -> np.ndarray:
    """The BUZZ filter's variant of waveform w (the measured alterations, see the docstring)."""
    t = phase % 1.0
    if w == WAVE_TRIANGLE:      # three parts triangle, one part tilted saw
        return 0.5 * (0.75 * _tri(t) + 0.25 * _tilted(t, 0.875))
    if w == WAVE_TILTED:
        return 0.5 * _tilted(t, 0.975)
    if w == WAVE_SAW:           # a small step down every other cycle
        step = np.where(np.abs(phase % 2.0 - 1.0) < 0.5, 0.085, 0.0)
        return 0.653 * (0.83 * np.where(t < 0.5, t, t - 1.0) - step)
    if w == WAVE_SQUARE:
        return np.where(t < 0.4, 0.25, -0.25)
    if w == WAVE_PULSE:
        return np.where(t < 0.255, 0.25, -0.25)
    if w == WAVE_ORGAN:         # the tall triangle cut off below -1.875
        tall = (3.0 - np.abs(24.0 * t - 6.0)) * 2.0 + 3.0
        tall = np.where(tall > -1.875, tall * 0.2 - 1.0, tall + 0.5)
        return np.where(t < 0.5, tall, 1.5 - np.abs(16.0 * t - 12.0)) / 9.0
    if w == WAVE_PHASER:        # plus the even harmonics a triangle lacks
        extra = (0.25 - np.abs((2.0 * phase + 0.5) % 1.0 - 0.5)
                 + 0.125 - np.abs(0.5 * ((4.0 * phase) % 1.0) - 0.25))
        return (2.0 - np.abs(8.0 * t - 4.0) + _tri((phase * (109 / 110)) % 1.0) + extra) / 6.0
    raise ValueError(f"no such waveform {w}")


def wave(w: int, phase: np.ndarray, buzz: bool = False, detune: int = 0) -> np.ndarray:
    """Waveform w (0-5, 7; noise is `NoiseSource`) at each phase, with BUZZ and DETUNE-1/2."""
    out = (_buzzed if buzz else _shape)(w, phase)
    if detune:
        ratio = DETUNE_RATIO.get(w, DETUNE_OTHER)[detune - 1]
        second = WAVE_TRIANGLE if (w == WAVE_ORGAN and detune == 2) else w
        out = out + 0.5 * (_buzzed if buzz else _shape)(second, phase * ratio)
    return out


class NoiseSource:
    """Instrument 6: uniform white noise in [-1, 1] through a one-pole low-pass,
    y[n] = (y[n-1] + s x[n]) / (1 + s) with s = frequency / d#5's, so the pitch sets how bright
    the hiss is (s = 1 at the top), then scaled by 1.5 (1 + (1 - pitch/63)^2) to keep low noise
    as loud as high. NOIZ: the white noise itself (no filter), at 0.5. BUZZ without NOIZ: brown
    noise, a leaky running sum of the white noise that ignores the pitch. Deterministic: the
    white noise is `white(key, k)` for the source's k-th sample, a hash any host can compute
    exactly (the page's synth.js does), so the same seed gives the same samples everywhere."""

    BROWN_LEAK = 0.99
    BROWN_GAIN = 0.12

    def __init__(self, seed: int = 0) -> None:
        self.key = _fmix32(np.array([(seed ^ 0x5F8) & MASK32], dtype=np.uint64))[0]
        self.count = 0                       # white-noise samples drawn so far
        self.y = 0.0

    def render(self, freq, n: int, key: int, noiz: bool = False, buzz: bool = False,
               y0: float | None = None) -> tuple[np.ndarray, float]:
        """n samples at `freq` (a number or an array of n); returns them and the filter's last
        output (the state). y0: start from this state instead of the source's own."""
        x = white(self.key, self.count, n)
        self.count = (self.count + n) & MASK32
        y = self.y if y0 is None else y0
        if noiz:
            return 0.5 * x, y
        if buzz:
            s = np.full(n, (1.0 - self.BROWN_LEAK) / self.BROWN_LEAK)
        else:
            s = np.clip(np.broadcast_to(np.asarray(freq, dtype=float), (n,)) / NOISE_TOP, 1e-6, 100.0)
        out = np.empty(n)
        for c in range(0, n, NOISE_CHUNK):
            y = _one_pole(x[c:c + NOISE_CHUNK], s[c:c + NOISE_CHUNK], y, out[c:c + NOISE_CHUNK])
        if buzz:
            return out * (self.BROWN_GAIN / (1.0 - self.BROWN_LEAK) ** 0.5), y
        factor = 1.0 - key / 63.0
        return out * (1.5 * (1.0 + factor * factor)), y


MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B9            # 2^32 / the golden ratio: spreads consecutive counters apart


def _fmix32(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finaliser (published constants) on uint64 arrays holding 32-bit
    values: every input bit changes about half the output bits."""
    h = h ^ (h >> 16)
    h = (h * 0x85EBCA6B) & MASK32
    h = h ^ (h >> 13)
    h = (h * 0xC2B2AE35) & MASK32
    return h ^ (h >> 16)


def white(key: int, start: int, n: int) -> np.ndarray:
    """n white-noise samples, uniform on [-1, 1) in steps of 2^-23: sample k of a stream is the
    top 24 bits of fmix32(k * GOLDEN + key), all mod 2^32. Counter-based, so numpy computes a
    block at once and JavaScript (Math.imul) gets the same bits."""
    k = (np.arange(n, dtype=np.uint64) + np.uint64(start)) & MASK32
    h = _fmix32((k * GOLDEN + np.uint64(key)) & MASK32)
    return (h >> 8).astype(np.float64) * 2.0 ** -23 - 1.0


def _one_pole(x: np.ndarray, s: np.ndarray, y0: float, out: np.ndarray) -> float:
    """y[k] = a[k] (y[k-1] + s[k] x[k]), a = 1/(1+s), in closed form over a short chunk:
    y[k] = A[k] (y0 + sum_j<=k s[j] x[j] / A[j-1]) with A the running product of a."""
    a = 1.0 / (1.0 + s)
    A = np.cumprod(a)
    prev = np.concatenate(([1.0], A[:-1]))
    out[:] = A * (y0 + np.cumsum(s * x / prev))
    return float(out[-1])
