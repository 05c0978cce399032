"""Helpers for the tests that listen: sfx and music written as .p8 text (the format a cart
holds, read back through the console's own cart reader), and measurements of rendered sound."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from generator.console.cart import read_p8
from generator.console.synth import Synth

RATE = 22050
TICK = 183


def freq(p: float) -> float:
    """The pitch formula: pitch p (c0 = 0) sounds at 440 * 2^((p - 33) / 12) Hz."""
    return 440 * 2 ** ((p - 33) / 12)


def note(pitch: int, wave: int = 0, vol: int = 5, fx: int = 0) -> str:
    """One note of an __sfx__ line: pitch (2 hex digits), waveform, volume, effect."""
    return f"{pitch:02x}{wave:x}{vol:x}{fx:x}"


REST = note(0, 0, 0, 0)


def sfx_line(notes, speed: int = 16, loop=(0, 0), mode: int = 0) -> str:
    notes = list(notes)
    return f"{mode:02x}{speed:02x}{loop[0]:02x}{loop[1]:02x}" + "".join(notes) + REST * (32 - len(notes))


def music_line(chans, flags: int = 0) -> str:
    """A pattern: sfx per channel (None: silent), flags 1 loop start, 2 loop end, 4 stop."""
    return f"{flags:02x} " + "".join(f"{0x41 + i:02x}" if c is None else f"{c:02x}"
                                     for i, c in enumerate(chans))


def cart_text(lua: str = "", sfx: dict | None = None, music: dict | None = None) -> str:
    sfx, music = sfx or {}, music or {}
    lines = ["pico-8 cartridge // http://www.pico-8.com", "version 42", "__lua__", lua]
    if sfx:
        lines.append("__sfx__")
        lines += [sfx.get(i, sfx_line([], speed=1)) for i in range(max(sfx) + 1)]
    if music:
        lines.append("__music__")
        lines += [music.get(i, music_line([None] * 4)) for i in range(max(music) + 1)]
    return "\n".join(lines) + "\n"


def synth(tmp_path: Path, sfx=None, music=None, seed: int = 0) -> Synth:
    """A synthesiser over the memory of a cart holding these sections."""
    path = tmp_path / f"s{len(list(tmp_path.glob('s*.p8')))}.p8"
    path.write_text(cart_text("", sfx, music))
    ram = bytearray(0x10000)
    rom = read_p8(path).rom
    ram[:len(rom)] = rom
    return Synth(ram, seed)


def channels(s: Synth, n: int) -> np.ndarray:
    """n samples, each channel on its own (4 x n, in 16-bit units)."""
    return s.render(n, channels=True)[1]


def peak_freq(x: np.ndarray, lo: float = 8.0) -> float:
    """The strongest frequency above `lo` Hz: a Hann-windowed FFT, 16 times zero-padded, and a
    parabola through the peak's log magnitudes."""
    x = np.asarray(x, dtype=float) - np.mean(x)
    n = len(x)
    spec = np.abs(np.fft.rfft(x * np.hanning(n), 16 * n))
    f = np.fft.rfftfreq(16 * n, 1 / RATE)
    spec[f < lo] = 0
    k = int(np.argmax(spec))
    a, b, c = np.log(spec[k - 1:k + 2] + 1e-12)
    shift = 0.5 * (a - c) / (a - 2 * b + c)
    return float((k + shift) * RATE / (16 * n))


def rms(x) -> float:
    x = np.asarray(x, dtype=float)
    return float(np.sqrt(np.mean(x * x))) if len(x) else 0.0


def harmonics(x: np.ndarray, f0: float, count: int = 8) -> np.ndarray:
    """Amplitude of harmonics 1..count of f0 in x (least squares on sines and cosines)."""
    t = np.arange(len(x)) / RATE
    cols = []
    for k in range(1, count + 1):
        cols += [np.sin(2 * np.pi * k * f0 * t), np.cos(2 * np.pi * k * f0 * t)]
    cols.append(np.ones_like(t))
    coef, *_ = np.linalg.lstsq(np.array(cols).T, np.asarray(x, dtype=float), rcond=None)
    return np.hypot(coef[0:-1:2], coef[1:-1:2])


def onsets(x: np.ndarray, threshold: float) -> np.ndarray:
    """Samples where |x|'s running peak (over 64 samples) rises past `threshold`."""
    env = _envelope(x)
    up = (env[1:] >= threshold) & (env[:-1] < threshold)
    return np.nonzero(up)[0] + 1


def _envelope(x: np.ndarray, width: int = 64) -> np.ndarray:
    a = np.abs(np.asarray(x, dtype=float))
    pad = np.concatenate((np.zeros(width - 1), a))
    return np.lib.stride_tricks.sliding_window_view(pad, width).max(axis=1)


def yin(x: np.ndarray, fmin: float = 60.0, fmax: float = 3000.0, threshold: float = 0.15):
    """The fundamental of a harmonic-rich tone (de Cheveigné and Kawahara's YIN: the first dip
    of the cumulative-mean-normalised difference function below `threshold`, refined by a
    parabola); None when nothing periodic is there."""
    x = np.asarray(x, dtype=float)
    lo, hi = int(RATE / fmax), int(RATE / fmin) + 2
    w = len(x) - hi
    if w < hi:
        raise ValueError("window too short for fmin")
    ref = x[:w]
    d = np.array([np.sum((ref - x[tau:tau + w]) ** 2) for tau in range(hi)])
    cmnd = np.ones(hi)
    cmnd[1:] = d[1:] * np.arange(1, hi) / np.maximum(np.cumsum(d[1:]), 1e-12)
    below = np.nonzero(cmnd[lo:] < threshold)[0]
    if not len(below):
        return None
    tau = lo + below[0]
    while tau + 1 < hi and cmnd[tau + 1] < cmnd[tau]:
        tau += 1
    if 1 <= tau < hi - 1:
        a, b, c = cmnd[tau - 1:tau + 2]
        tau = tau + 0.5 * (a - c) / (a - 2 * b + c)
    return RATE / tau


def semitones(f: float) -> float:
    """f as a pitch number (c0 = 0), fractional."""
    return 33 + 12 * np.log2(f / 440)
