"""`make audio`: the cart's music rendered by the console's synthesiser, to listen to and to look at.

    python -m generator.dev.audio build/picross.p8 [--cart-dir cart] [--wav-dir build/audio]
                                  [--png-dir docs/audio]

For each world (worlds.json order) one full cycle of its loop, started as the cart starts it
(music(16i, 500, 7): half a second's fade in), and the solve's jingle (music(63), until it
stops), each to <wav-dir>/<name>.wav (22,050 Hz mono 16-bit) and a spectrogram to
<png-dir>/<name>.png: time across, pitch up (log scale, ticks at the note names the music
uses), with the notes of cart/music.txt drawn over it, a colour a channel, so what sounds and
what is written can be compared by eye. Deterministic: the same cart gives the same bytes.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np

from generator import UserError
from generator.errors import ArgumentParser, fail
from generator.cartbuild.music import WORLD_STRIDE
from generator.cartbuild.worlds import read_worlds
from generator.console.cart import read_p8
from generator.console.synth import Synth
from generator.console.track import FREQ
from generator.console.wav import write_wav
from generator.console.waves import RATE
from generator.dev.score import Score, note_name, read_score
from generator.files.atomic import write_atomic
from generator.pico8 import COLOURS

JINGLE = 63
CHANNEL_COLOURS = ["#%02x%02x%02x" % COLOURS[c] for c in (10, 14, 12, 11)]   # yellow pink blue green


def render(rom: bytes, pattern: int, samples: int, fade_ms: int = 0, mask: int = 0) -> np.ndarray:
    """`samples` of music(pattern, fade_ms, mask) on a fresh console's synthesiser."""
    ram = bytearray(0x10000)
    ram[:len(rom)] = rom
    s = Synth(ram)
    s.music(pattern, fade_ms, mask)
    return s.render(samples)


def tunes(score: Score, worlds: list[str]) -> list[tuple[str, int, int, int, int]]:
    """(name, first pattern, fade ms, mask, samples): each world's loop and the jingle."""
    out = []
    for i, name in enumerate(worlds):
        p = WORLD_STRIDE * i
        out.append((name, p, 500, 7, score.timeline(score.loop(p))[1]))
    out.append(("jingle", JINGLE, 0, 0, score.timeline(score.loop(JINGLE))[1]))
    return out


ROW_SECONDS = 24       # a long loop is drawn in rows of whole patterns, each at most this long


def pattern_rows(score: Score, patterns: list[int]) -> list[list[tuple[int, int, int]]]:
    """The loop's patterns as (pattern, first sample, samples), split into rows of whole patterns
    of at most ROW_SECONDS each (a row holds at least one)."""
    rows, at = [[]], 0
    for p in patterns:
        n = score.pattern_samples(p)
        if rows[-1] and at + n - rows[-1][0][1] > ROW_SECONDS * RATE:
            rows.append([])
        rows[-1].append((p, at, n))
        at += n
    return rows


def spectrogram_png(samples: np.ndarray, score: Score, first: int, title: str,
                    nfft: int = 4096) -> bytes:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import patheffects

    hop = 256
    x = samples.astype(float) / 32768
    pad = np.concatenate((np.zeros(nfft // 2), x, np.zeros(nfft // 2)))
    frames = np.lib.stride_tricks.sliding_window_view(pad, nfft)[::hop] * np.hanning(nfft)
    spec = np.abs(np.fft.rfft(frames, axis=1)).T
    freqs = np.fft.rfftfreq(nfft, 1 / RATE)
    keep = (freqs >= 100) & (freqs <= 6000)
    db = 20 * np.log10(spec[keep] + 1e-6)
    times = np.arange(frames.shape[0]) * hop / RATE

    notes, _ = score.timeline(score.loop(first))
    rows = pattern_rows(score, score.loop(first))
    fig, axes = plt.subplots(len(rows), 1, figsize=(13, 1.0 + 3.4 * len(rows)), dpi=100,
                             squeeze=False)
    used = sorted({n.pitch for n in notes})
    left, right = [], []          # note names on both sides, so that close ones do not collide
    for p in used:
        (right if left and p - left[-1] < 2 and (not right or p - right[-1] >= 2) else left).append(p)
    outline = [patheffects.withStroke(linewidth=2.6, foreground="black")]
    for ax, row in zip(axes[:, 0], rows):
        a, b = row[0][1], row[-1][1] + row[-1][2]           # the row's samples
        cols = (times >= a / RATE - 0.1) & (times <= b / RATE + 0.1)
        ax.pcolormesh(times[cols], freqs[keep], db[:, cols], shading="nearest", cmap="magma",
                      vmin=db.max() - 70, vmax=db.max(), rasterized=True)
        ax.set_yscale("log")
        ax.set_ylim(100, 6000)
        ax.set_yticks([float(FREQ[p]) for p in left], [note_name(p) for p in left], fontsize=7)
        twin = ax.secondary_yaxis("right")
        twin.set_yticks([float(FREQ[p]) for p in right], [note_name(p) for p in right], fontsize=7)
        ax.minorticks_off()
        twin.minorticks_off()
        for n in notes:
            if a <= n.start < b:
                ax.hlines(n.freq, n.start / RATE, (n.start + n.length) / RATE,
                          colors=CHANNEL_COLOURS[n.channel], linewidth=1.3, path_effects=outline)
        for p, at, _ in row:
            ax.axvline(at / RATE, color="white", linewidth=0.6, linestyle=":", alpha=0.6)
            plays = " ".join(score.names[c] for c in score.patterns[p].chans if c is not None)
            ax.text(at / RATE + 0.05, 5400, f"pattern {p}", color="white", fontsize=7, va="top")
            ax.text(at / RATE + 0.05, 4300, plays, color="white", fontsize=6, va="top")
        ax.set_xlim(a / RATE, b / RATE)
        ax.set_ylabel("note")
    for ch in sorted({n.channel for n in notes}):
        axes[0, 0].plot([], [], color=CHANNEL_COLOURS[ch], linewidth=2, label=f"channel {ch}")
    axes[0, 0].legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncol=4, fontsize=7, frameon=False)
    axes[-1, 0].set_xlabel("seconds (pitch in the music's own note names; each pattern named with "
                           "the effects its channels play)")
    axes[0, 0].set_title(title, fontsize=10, loc="right")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    # 255 colours of the colour map, plus the channels' colours kept exact: a third of the bytes
    from PIL import Image
    small = io.BytesIO()
    Image.open(buf).convert("RGB").quantize(255, method=Image.Quantize.MAXCOVERAGE).save(
        small, format="PNG", optimize=True)
    return small.getvalue()


def main(argv=None) -> int:
    ap = ArgumentParser(prog="python -m generator.dev.audio", description=__doc__.split("\n\n")[0])
    ap.add_argument("cart", help="the built cart (make cart: build/picross.p8)")
    ap.add_argument("--cart-dir", default="cart", help="the cart's sources (music.txt, sfx.txt, worlds.json)")
    ap.add_argument("--wav-dir", default="build/audio")
    ap.add_argument("--png-dir", default="docs/audio")
    args = ap.parse_args(argv)
    try:
        rom = read_p8(args.cart).rom
        score = read_score(args.cart_dir)
        worlds = [w.name for w in read_worlds(Path(args.cart_dir) / "worlds.json").worlds]
        for name, first, fade, mask, samples in tunes(score, worlds):
            audio = render(rom, first, samples, fade, mask)
            wav = Path(args.wav_dir) / f"{name}.wav"
            write_wav(wav, audio)
            png = Path(args.png_dir) / f"{name}.png"
            title = (f"{name}: patterns {score.loop(first)[0]}-{score.loop(first)[-1]}, "
                     f"{samples / RATE:.2f} s, peak {int(np.abs(audio).max())} of 32767")
            nfft = 2048 if name == "jingle" else 4096      # its notes are a fifteenth of a second
            write_atomic(png, spectrogram_png(audio, score, first, title, nfft))
            print(f"wrote {wav} and {png} ({samples / RATE:.2f} s)")
    except UserError as e:
        fail(str(e))     # one line, exit status 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
