"""The cart's music measured as a careful listener would hear it, since nobody here can:

    python -m generator.dev.listen build/picross.p8 [--cart-dir cart]

For each world's loop and the solve's jingle it prints
  - the loop: its length, and its seam (the last pattern into the first, from a rendering of two
    cycles): the largest sample step there against the music's own steps, and the level in the
    half second either side;
  - clashes: notes on different channels sounding together a minor second, tritone or major
    seventh apart (any octave) at a beat, with their pattern and step; and, per section, the
    key that fits its notes best and the notes outside it;
  - balance: each channel's level per section (A-weighted RMS in dB of full scale, so that a
    bass is heard as an ear hears it, quieter than its energy), the melody's margin over the
    loudest other channel, the mix's peak;
  - monotony: the distinct effects a channel plays, the most repeated 2-bar figure, and per
    section its pitch range, notes a second and instruments;
  - the sound effects on the fourth channel: their pitches against each world's key, and their
    level against the music's.

The score is cart/music.txt and cart/sfx.txt read as text (generator.dev.score); the sound is
the built cart's, rendered by the console's synthesiser. A section is a run of patterns that a
comment block right above a pattern line in music.txt opens, named by the block's first line up to
its colon. Deterministic.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator import UserError
from generator.cartbuild.music import WORLD_STRIDE
from generator.cartbuild.worlds import read_worlds
from generator.console.cart import read_p8
from generator.console.synth import Synth
from generator.console.track import TICK
from generator.console.waves import RATE
from generator.dev.score import Note, Score, note_name, read_score
from generator.errors import ArgumentParser, fail

JINGLE = 63
STEPS_A_BEAT = 4              # every effect of the music: 4 notes a beat, 32 (two bars) a pattern
HARSH = {1: "minor 2nd", 6: "tritone", 11: "major 7th"}      # interval classes, in semitones
MAJOR = (0, 2, 4, 5, 7, 9, 11)
PITCH_CLASSES = "C C# D D# E F F# G G# A A# B".split()
# Krumhansl and Kessler's major-key profile (Cognitive Foundations of Musical Pitch, 1990):
# how well each scale degree fits a major key, from listeners' ratings
KK_MAJOR = (6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88)


@dataclass(frozen=True)
class Clash:
    pattern: int
    step: int                 # 0-31 within the pattern
    kind: str
    a: Note
    b: Note

    def __str__(self) -> str:
        return (f"pattern {self.pattern} step {self.step}: {self.kind}, channel {self.a.channel} "
                f"{self.a.name} (vol {self.a.vol}) against channel {self.b.channel} {self.b.name} "
                f"(vol {self.b.vol})")


def pattern_starts(score: Score, patterns: list[int]) -> dict[int, int]:
    """Pattern -> its first sample in the loop's timeline."""
    out, at = {}, 0
    for p in patterns:
        out[p] = at
        at += score.pattern_samples(p)
    return out


def step_samples(score: Score, p: int) -> int:
    """A step (one note) of pattern p, in samples: its first playing channel's speed."""
    slot = next(c for c in score.patterns[p].chans if c is not None)
    return score.sfx[slot][65] * TICK


def clashes(score: Score, first: int, every: int = STEPS_A_BEAT) -> list[Clash]:
    """Pairs of notes on different channels that sound together a minor second, tritone or
    major seventh apart (in any octave) at a step of a pattern that is a multiple of `every`
    (a beat; 1: every step): held notes count at each beat they reach."""
    patterns = score.loop(first)
    notes, _ = score.timeline(patterns)
    starts = pattern_starts(score, patterns)
    out = []
    for p in patterns:
        step = step_samples(score, p)
        for k in range(0, 32, every):
            t = starts[p] + k * step
            sounding = [n for n in notes if n.start <= t < n.start + n.length]
            for i, a in enumerate(sounding):
                for b in sounding[i + 1:]:
                    kind = HARSH.get(abs(a.pitch - b.pitch) % 12)
                    if kind and a.channel != b.channel:
                        out.append(Clash(p, k, kind, a, b))
    return out


def sections(score: Score, first: int, music_txt: Path) -> list[tuple[str, list[int]]]:
    """The loop's sections: (name, patterns), a section opened by each comment block in
    music.txt that stands right above one of the loop's patterns (no blank line between), named
    by the block's first line up to a colon."""
    loop = set(score.loop(first))
    out, name = [], None
    for line in music_txt.read_text().splitlines():
        words = line.split()
        if not words:
            name = None               # a comment opens a section only right above its pattern
            continue
        if words[0].startswith("#"):
            if name is None:
                name = line.lstrip("# ").split(":")[0].strip()
            continue
        p = int(words[0])
        if p in loop:
            if name is not None or not out:
                out.append((name or f"patterns from {p}", []))
            out[-1][1].append(p)
        name = None
    return out


def weights(notes: list[Note]) -> np.ndarray:
    """How much each pitch class sounds: samples x volume, summed."""
    w = np.zeros(12)
    for n in notes:
        w[n.pitch % 12] += n.length * n.vol
    return w


def best_key(notes: list[Note]) -> int:
    """The major key (tonic's pitch class) whose Krumhansl-Kessler profile correlates best with
    the notes' weights (a relative minor reads as its major: the same notes)."""
    w = weights(notes)
    scores = [np.corrcoef(w, np.roll(KK_MAJOR, k))[0, 1] for k in range(12)]
    return int(np.argmax(scores))


def out_of_key(notes: list[Note], tonic: int) -> list[Note]:
    return [n for n in notes if (n.pitch - tonic) % 12 not in MAJOR]


# ---- what sounds ---------------------------------------------------------------------------
def render(rom: bytes, first: int, samples: int, fade_ms: int = 0, mask: int = 0):
    """(mix, per channel) of music(first, fade_ms, mask) on a fresh synthesiser."""
    ram = bytearray(0x10000)
    ram[:len(rom)] = rom
    s = Synth(ram)
    s.music(first, fade_ms, mask)
    return s.render(samples, channels=True)


def a_weighting(freqs: np.ndarray) -> np.ndarray:
    """IEC 61672's A-weighting as a gain (1 at 1 kHz): how much quieter the ear hears a tone
    of each frequency than one at 1 kHz of the same energy."""
    f2 = np.asarray(freqs, float) ** 2
    ra = (12194.0 ** 2 * f2 ** 2) / ((f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2))
                                     * (f2 + 12194.0 ** 2))
    return ra * 10 ** (2.0 / 20)


def level_db(x: np.ndarray, weighted: bool = True) -> float:
    """RMS of int16-scaled samples in dB of full scale (-inf for silence), A-weighted unless
    told not to."""
    x = np.asarray(x, float) / 32768
    if weighted and len(x):
        spec = np.fft.rfft(x)
        x = np.fft.irfft(spec * a_weighting(np.fft.rfftfreq(len(x), 1 / RATE)), len(x))
    r = float(np.sqrt(np.mean(x ** 2))) if len(x) else 0.0
    return 20 * np.log10(r) if r > 0 else float("-inf")


def section_levels(per: np.ndarray, mix: np.ndarray, score: Score, first: int, music_txt: Path):
    """[(section name, patterns, [A-weighted dB per channel 0-2], the mix's dB)]."""
    starts = pattern_starts(score, score.loop(first))
    out = []
    for name, pats in sections(score, first, music_txt):
        a = starts[pats[0]]
        b = starts[pats[-1]] + score.pattern_samples(pats[-1])
        out.append((name, pats, [level_db(per[c, a:b]) for c in range(3)], level_db(mix[a:b])))
    return out


@dataclass(frozen=True)
class Seam:
    cycle: int               # samples in one cycle
    jump: float              # the largest sample step within 800 samples of the seam
    own: float               # the music's own 99.9th percentile step, elsewhere
    change_db: float         # the mix's level in the half second after the seam less before it
    joins_db: list           # the same at each join of two patterns inside the loop


def level_change(mix: np.ndarray, at: int) -> float:
    """The mix's level (dB(A)) in the half second after sample `at` less in the half before."""
    half = RATE // 2
    return level_db(mix[at:at + half]) - level_db(mix[at - half:at])


def seam(rom: bytes, score: Score, first: int) -> Seam:
    """Two cycles of the loop as the cart starts it (half a second's fade in, channels 0-2),
    measured at the join of the first cycle into the second, and the loop's own joins of one
    pattern into the next (from the second pattern on, after the fade in) to compare."""
    patterns = score.loop(first)
    _, cycle = score.timeline(patterns)
    mix, _ = render(rom, first, 2 * cycle + RATE, 500, 7)
    step = np.abs(np.diff(mix.astype(float)))
    rest = np.concatenate((step[RATE:cycle - 800], step[cycle + 800:2 * cycle]))
    starts = pattern_starts(score, patterns)
    return Seam(cycle, float(step[cycle - 800:cycle + 800].max()), float(np.percentile(rest, 99.9)),
                level_change(mix, cycle), [level_change(mix, starts[p]) for p in patterns[1:]])


# ---- monotony ------------------------------------------------------------------------------
def onsets(notes: list[Note]) -> list[Note]:
    """The notes a listener hears begin: not a held note's continuation (the same pitch and
    instrument straight after a note on its channel that did not fade out)."""
    out, last = [], {}
    for n in sorted(notes, key=lambda n: (n.channel, n.start)):
        prev = last.get(n.channel)
        held = (prev is not None and prev.start + prev.length == n.start and prev.pitch == n.pitch
                and prev.wave == n.wave and prev.fx != 5 and n.fx not in (4, 1))
        if not held:
            out.append(n)
        last[n.channel] = n
    return out


def figures(score: Score, first: int) -> list[tuple[int, int, int]]:
    """(plays, channel, sfx) of each channel's 2-bar figures (a pattern's effect), most played
    first."""
    count: dict[tuple[int, int], int] = {}
    for p in score.loop(first):
        for c, slot in enumerate(score.patterns[p].chans):
            if slot is not None:
                count[(c, slot)] = count.get((c, slot), 0) + 1
    return sorted(((n, c, s) for (c, s), n in count.items()), key=lambda t: (-t[0], t[1], t[2]))


# ---- the report ----------------------------------------------------------------------------
def key_name(tonic: int) -> str:
    return f"{PITCH_CLASSES[tonic]} major"


def report(rom: bytes, score: Score, cart_dir: Path, tunes: list[tuple[str, int]]) -> list[str]:
    music_txt = cart_dir / "music.txt"
    lines = []
    keys = {}
    for name, first in tunes:
        patterns = score.loop(first)
        notes, length = score.timeline(patterns)
        loops = first != JINGLE
        mix, per = render(rom, first, length, 0, 7 if loops else 0)
        lines.append(f"== {name}: patterns {patterns[0]}-{patterns[-1]}, {length / RATE:.2f} s"
                     f"{' before it repeats' if loops else ' (plays once)'}, "
                     f"peak {int(np.abs(mix).max())} of 32767")
        if loops:
            s = seam(rom, score, first)
            lines.append(f"  seam: largest step {s.jump:.0f} (the music's own 99.9th percentile "
                         f"{s.own:.0f}); level change {s.change_db:+.1f} dB (the loop's own joins "
                         f"{min(s.joins_db):+.1f} to {max(s.joins_db):+.1f} dB)")
        found = clashes(score, first)
        lines.append(f"  clashes on a beat: {len(found)}")
        lines += [f"    {c}" for c in found]
        weak = [c for c in clashes(score, first, every=1) if c.step % STEPS_A_BEAT]
        lines.append(f"  between beats (passing): {len(weak)}")
        keys[name] = best_key(notes)
        lines.append(f"  key of the whole: {key_name(keys[name])}")
        starts = pattern_starts(score, patterns)
        secs = sections(score, first, music_txt)
        levels = section_levels(per, mix, score, first, music_txt)
        for (sname, pats), (_, _, chans, m) in zip(secs, levels):
            sec_notes = [n for n in notes if n.pattern in pats]
            tonic = best_key(sec_notes)
            odd = out_of_key(sec_notes, tonic)
            heard = onsets(sec_notes)
            secs_long = sum(score.pattern_samples(p) for p in pats) / RATE
            lo, hi = min(n.pitch for n in sec_notes), max(n.pitch for n in sec_notes)
            waves = sorted({n.wave for n in sec_notes})
            melody = [n for n in sec_notes if n.channel == 0]
            mrange = (f"{note_name(min(n.pitch for n in melody))}-{note_name(max(n.pitch for n in melody))}"
                      if melody else "none")
            lines.append(f"  section '{sname}' (patterns {pats[0]}-{pats[-1]}, {secs_long:.1f} s): "
                         f"{key_name(tonic)}, {len(odd)} notes out of it"
                         f"{' (' + ', '.join(sorted({n.name for n in odd})) + ')' if odd else ''}")
            lines.append(f"    levels dB(A): " + ", ".join(f"ch{c} {v:.1f}" for c, v in enumerate(chans))
                         + f", mix {m:.1f}; melody over the loudest other "
                         f"{chans[0] - max(chans[1:]):+.1f} dB")
            lines.append(f"    pitch {note_name(lo)}-{note_name(hi)} (melody {mrange}), "
                         f"{len(heard) / secs_long:.1f} notes a second, waves {waves}")
        figs = figures(score, first)
        distinct = [len({s for _, c, s in figs if c == ch}) for ch in range(4)]
        lines.append(f"  distinct 2-bar figures per channel: {distinct[:3]}; most played: "
                     + ", ".join(f"ch{c} sfx {s} ({score.names[s]}) x{n}" for n, c, s in figs[:3]))
        del starts
    # the effects on channel 3, against each world's key and level
    lines.append("== sound effects (channel 3)")
    effects = sorted(s for s in score.sfx if s < 8 or s == 19)
    for slot in effects:
        if slot in (4, 6, 7):
            continue                  # the jingle's parts
        n, _ = score_timeline_of_sfx(score, slot)
        pcs = sorted({x.pitch % 12 for x in n if x.wave != 6})
        outside = {w: [PITCH_CLASSES[p] for p in pcs if (p - k) % 12 not in MAJOR]
                   for w, k in keys.items() if w != "jingle"}
        ram = bytearray(0x10000)
        ram[:len(rom)] = rom
        s = Synth(ram)
        s.sfx(slot, 3)
        x = s.render(RATE)
        lines.append(f"  sfx {slot} {score.names[slot]}: peak {int(np.abs(x).max())}, "
                     f"{level_db(x[:max(1, int(np.count_nonzero(x)))]):.1f} dB(A) while it sounds; "
                     "out of key: " + "; ".join(f"{w} {', '.join(v) or 'none'}" for w, v in outside.items()))
    return lines


def score_timeline_of_sfx(score: Score, slot: int):
    """One effect's notes, as a score's timeline of a single-channel pattern."""
    from generator.console.soundmem import decode_sfx
    s = decode_sfx(score.sfx[slot])
    length = s.speed * TICK
    return [Note(3, i * length, length, s.pitch[i], s.wave[i], s.vol[i], s.fx[i], slot, -1)
            for i in range(32) if s.vol[i]], 32 * length


def main(argv=None) -> int:
    ap = ArgumentParser(prog="python -m generator.dev.listen", description=__doc__.split("\n\n")[0])
    ap.add_argument("cart", help="the built cart (make cart: build/picross.p8)")
    ap.add_argument("--cart-dir", default="cart", help="the cart's sources (music.txt, sfx.txt, worlds.json)")
    args = ap.parse_args(argv)
    try:
        rom = read_p8(args.cart).rom
        cart_dir = Path(args.cart_dir)
        score = read_score(cart_dir)
        worlds = [w.name for w in read_worlds(cart_dir / "worlds.json").worlds]
        tunes = [(w, WORLD_STRIDE * i) for i, w in enumerate(worlds)] + [("jingle", JINGLE)]
        print("\n".join(report(rom, score, cart_dir, tunes)))
    except UserError as e:
        fail(str(e))
    return 0


if __name__ == "__main__":
    sys.exit(main())
