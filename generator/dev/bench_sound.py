"""Bench: the console's synthesiser, CPU time to render one 30 fps frame (735 samples).

Target: at most 2 ms median a frame, 6% of a frame's 33 ms. Cases: nothing playing;
each of the cart's tunes (its loops with their fade-in and mask, the jingle); and a worst case
of four channels each using what costs most (vibrato, arpeggio, a custom instrument, noise,
the echo and the low-pass). The baseline, measured in the same run, is numpy computing 735
samples of a sine wave (np.sin over an arange), so the ratios travel between machines.
Run: python -m generator.dev.bench_sound [frames]
"""
from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

from generator.console.cart import read_p8
from generator.console.synth import Synth
from generator.files.userfile import parse_whole

FRAME = 735
TARGET_MS = 2.0
CART = Path("build/picross.p8")
TUNES = {"spires loop": (0, 500, 7), "lookout loop": (8, 500, 7), "jingle": (63, 0, 0)}


def per_frame(render, frames: int, prepare=None) -> np.ndarray:
    """CPU ms of each call of render() (one frame's samples); prepare() runs untimed before
    each (a tune that has ended starts again)."""
    out = np.empty(frames)
    for i in range(frames):
        if prepare:
            prepare()
        t = time.process_time()
        render()
        out[i] = (time.process_time() - t) * 1000
    return out


def machine() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def worst_case_ram() -> bytearray:
    """Four busy channels: sfx 8-11 with vibrato, arpeggio, custom instrument 0, noise; every
    sfx with REVERB 2 and DAMPEN 2 (editor byte 8 * (0 + 3*2 + 9*2))."""
    ram = bytearray(0x10000)
    mode = 8 * (3 * 2 + 9 * 2)

    def put(n, notes, speed):
        at = 0x3200 + 68 * n
        for i, (p, w, v, fx) in enumerate(notes):
            word = p | (w & 7) << 6 | v << 9 | fx << 12 | (w >> 3) << 15
            ram[at + 2 * i:at + 2 * i + 2] = word.to_bytes(2, "little")
        ram[at + 64:at + 68] = bytes([mode, speed, 0, 32])          # loops for ever
    put(0, [(24 + i % 5, 2, 7 - i % 4, 2) for i in range(32)], 1)   # the instrument: busy too
    put(8, [(30 + i % 12, 5, 5, 2) for i in range(32)], 2)
    put(9, [(36 + i % 7, 1, 5, 6) for i in range(32)], 2)
    put(10, [(28 + i % 9, 8, 6, 0) for i in range(32)], 3)
    put(11, [(40 + i % 11, 6, 4, 1) for i in range(32)], 1)
    return ram


def _again(s: Synth, pattern: int, fade: int, mask: int):
    def restart():
        if s.stat(54) == -1:
            s.music(pattern, fade, mask)
    return restart


def main(argv: list[str]) -> None:
    frames = parse_whole(argv[0], 1, 1_000_000) if argv else 900   # ASCII digits, as every number
    print("picross8 bench: the console's synthesiser")
    print(f"machine: {machine()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"numpy {np.__version__}; {time.strftime('%Y-%m-%d')}\n")
    phase = np.arange(FRAME) * (2 * np.pi * 440 / 22050)
    base = np.median(per_frame(lambda: np.sin(phase + 1.0), frames * 4))
    print(f"baseline: np.sin over 735 samples = {base * 1000:.1f} us (median of {frames * 4})\n")
    cases = {}      # name: (synth, what restarts it untimed)
    cases["nothing playing"] = (Synth(bytearray(0x10000)), None)
    if CART.exists():
        rom = read_p8(CART).rom
        for name, (pattern, fade, mask) in TUNES.items():
            ram = bytearray(0x10000)
            ram[:len(rom)] = rom
            s = Synth(ram)
            s.music(pattern, fade, mask)
            cases[name] = (s, _again(s, pattern, fade, mask))
    else:
        print(f"({CART} not built: `make cart` first for the cart's tunes)")
    s = Synth(worst_case_ram())
    for ch, n in enumerate((8, 9, 10, 11)):
        s.sfx(n, ch)
    cases["worst case: 4 busy channels"] = (s, None)
    print(f"| case                          | frames | median ms | p99 ms | median / baseline |")
    print(f"|-------------------------------|-------:|----------:|-------:|------------------:|")
    worst = 0.0
    for name, (synth, again) in cases.items():
        ms = per_frame(lambda: synth.render(FRAME), frames, again)
        med = float(np.median(ms))
        worst = max(worst, med)
        print(f"| {name:<29} | {frames:>6} | {med:>9.3f} | {np.percentile(ms, 99):>6.3f} | "
              f"{med / base:>17.0f} |")
    ok = worst <= TARGET_MS
    share = worst / (1000 / 30) * 100
    print(f"\nslowest median {worst:.3f} ms a frame (target <= {TARGET_MS} ms, {share:.1f}% of a "
          f"30 fps frame): {'within' if ok else 'NOT within'} the target")


if __name__ == "__main__":
    main(sys.argv[1:])
