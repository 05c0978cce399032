"""The cart's music as its composer wrote it (cart/music.txt and cart/sfx.txt), as a timed list of
notes: the score that `make audio` marks on its spectrograms and that the tests hear the
synthesiser against. Read from the text, not from the cart, so it is an independent account of
what should sound.

    score = read_score("cart")
    notes, length = score.timeline(score.loop(0))     # world 1's loop: its notes and samples
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.cartbuild.music import parse_music
from generator.cartbuild.sfx import PITCHES, parse_sfx, statements
from generator.console.soundmem import decode_sfx
from generator.console.track import FREQ, TICK
from generator.files.userfile import read_text, require_file

NOTE_NAMES = {i: n for n, i in PITCHES.items()}


def note_name(pitch: int) -> str:
    """sfx.txt's name of a pitch: c2 is 24, a2 (440 Hz) is 33."""
    return f"{NOTE_NAMES[pitch % 12]}{pitch // 12}"


@dataclass(frozen=True)
class Note:
    channel: int
    start: int          # sample, from the start of the timeline
    length: int         # samples
    pitch: int
    wave: int
    vol: int
    fx: int
    slot: int           # the sfx
    pattern: int

    @property
    def name(self) -> str:
        return note_name(self.pitch)

    @property
    def freq(self) -> float:
        return float(FREQ[self.pitch])


@dataclass
class Score:
    patterns: dict          # pattern -> cartbuild.music.Pattern
    sfx: dict               # slot -> its 68 bytes
    names: dict             # slot -> the name sfx.txt gives it

    def loop(self, start: int) -> list[int]:
        """The patterns from `start` through the one flagged end or stop."""
        out, p = [], start
        while p in self.patterns:
            out.append(p)
            if self.patterns[p].flags & {"end", "stop"}:
                return out
            p += 1
        return out

    def pattern_samples(self, p: int) -> int:
        """The manual's rule (sfx.txt writes no loops): the left-most playing channel's 32
        notes."""
        slot = next(c for c in self.patterns[p].chans if c is not None)
        return 32 * self.sfx[slot][65] * TICK

    def timeline(self, patterns: list[int]) -> tuple[list[Note], int]:
        """Every sounding note of the patterns played in turn, and the total length."""
        notes, at = [], 0
        for p in patterns:
            for ch, slot in enumerate(self.patterns[p].chans):
                if slot is None:
                    continue
                s = decode_sfx(self.sfx[slot])
                length = s.speed * TICK
                for i in range(32):
                    if s.vol[i] and i * length < self.pattern_samples(p):
                        notes.append(Note(ch, at + i * length, length, s.pitch[i], s.wave[i],
                                          s.vol[i], s.fx[i], slot, p))
            at += self.pattern_samples(p)
        return notes, at


def read_score(cart_dir="cart") -> Score:
    """The score in `cart_dir`'s sfx.txt and music.txt (a missing or malformed file: one
    UserError naming it)."""
    d = Path(cart_dir)
    sfx_text = read_text(require_file(d / "sfx.txt", "sfx file"), "sfx file")
    sfx = parse_sfx(sfx_text, str(d / "sfx.txt"))
    names = {int(parts[0]): parts[1] for _, parts in statements(sfx_text, "sfx.txt")}
    music_path = require_file(d / "music.txt", "music file")
    patterns = parse_music(read_text(music_path, "music file"), sfx, str(music_path))
    return Score(patterns, sfx, names)
