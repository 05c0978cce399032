"""The cart's music as a listener hears it (generator.dev.listen measures it; nobody here can
hear): no two channels a minor second, tritone or major seventh apart on a beat, in the score
and in the sound; the tune above the other channels in every section; no section far quieter or
louder than the rest; the seam's change of level no bigger than the loop's own; the sound
effects in each world's key and not louder than its music; the loops not built of one figure."""
from __future__ import annotations

import numpy as np
import pytest

from soundkit import RATE, rms, semitones, yin
from generator.console.cart import read_p8
from generator.console.synth import Synth
from generator.dev.listen import (HARSH, JINGLE, MAJOR, STEPS_A_BEAT, best_key, clashes, figures,
                                  level_db, pattern_starts, render, seam, section_levels,
                                  step_samples)
from generator.dev.score import read_score

WORLDS = {"spires": 0, "lookout": 16}
TUNES = {**WORLDS, "jingle": JINGLE}
EFFECTS = (0, 1, 2, 3, 5, 19)       # the cart's sound effects (4, 6, 7 are the jingle's parts)


@pytest.fixture(scope="module")
def score(repo):
    return read_score(repo / "cart")


@pytest.fixture(scope="module")
def rom(built_cart) -> bytes:
    return read_p8(built_cart.path).rom


@pytest.fixture(scope="module")
def rendered(rom, score):
    """name -> (mix, per channel) of one cycle of each tune, channels 0-2."""
    out = {}
    for name, first in TUNES.items():
        _, length = score.timeline(score.loop(first))
        out[name] = render(rom, first, length)
    return out


@pytest.mark.parametrize("name", sorted(TUNES))
def test_no_two_channels_clash_on_a_beat_in_the_score(score, name):
    """What music.txt and sfx.txt write: at every beat (4 steps), every pair of notes sounding
    on different channels, held ones too, is no minor 2nd, tritone or major 7th in any octave."""
    found = clashes(score, TUNES[name])
    assert not found, "\n".join(str(c) for c in found)


def heard_at_beats(score, first, per):
    """{(pattern, step): {channel: pitch heard (fractional)}} at each beat, by YIN on each
    channel just after the beat (past the 170-sample crossfade), where the channel sounds."""
    starts = pattern_starts(score, score.loop(first))
    out = {}
    for p in score.loop(first):
        for k in range(0, 32, STEPS_A_BEAT):
            t = starts[p] + k * step_samples(score, p) + 270
            heard = {}
            for c in range(3):
                x = per[c, t:t + 1800]
                f = yin(x, fmin=120) if rms(x) > 100 else None
                if f is not None:
                    heard[c] = semitones(f)
            out[(p, k)] = heard
    return out


@pytest.mark.parametrize("name", sorted(TUNES))
def test_no_two_channels_clash_on_a_beat_in_the_sound(score, rendered, name):
    """The same, heard: each channel of the built cart's sound pitch-tracked at every beat (an
    octave error of the tracker changes no interval class)."""
    _, per = rendered[name]
    heard = heard_at_beats(score, TUNES[name], per)
    assert sum(len(h) >= 2 for h in heard.values()) > 0.8 * len(heard)     # it heard chords
    bad = [(at, a, b) for at, h in heard.items() for a in h for b in h
           if a < b and round(abs(h[a] - h[b])) % 12 in HARSH]
    assert not bad, bad


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_the_tune_stands_above_the_other_channels_in_every_section(repo, score, rendered, name):
    """Channel 0 carries each section's tune (or, in a breakdown, its arpeggio): at least 5 dB(A)
    above each other channel, so that the bass does not bury it (A-weighted: the ear hears a
    low note quieter than its energy)."""
    mix, per = rendered[name]
    for section, pats, chans, _ in section_levels(per, mix, score, WORLDS[name], repo / "cart" / "music.txt"):
        assert chans[0] >= max(chans[1:]) + 5, f"{section} (patterns {pats}): {chans}"


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_no_section_is_far_quieter_or_louder_than_the_rest(repo, score, rendered, name):
    """Each section's mix within 5 dB(A) of the loop's median section: a breakdown may be
    softer, not drop away."""
    mix, per = rendered[name]
    levels = section_levels(per, mix, score, WORLDS[name], repo / "cart" / "music.txt")
    assert len(levels) >= 3
    median = float(np.median([m for *_, m in levels]))
    for section, _, _, m in levels:
        assert abs(m - median) <= 5, f"{section}: {m:.1f} dB(A), the loop's median {median:.1f}"


def test_the_worlds_and_the_jingle_play_at_about_one_level(rendered):
    """Walking from world to world does not jump in loudness (the loops' mixes within 3 dB(A)),
    and the solve's jingle, a small fanfare, is louder than either by 5 dB(A) at most."""
    levels = {name: level_db(mix) for name, (mix, _) in rendered.items()}
    assert abs(levels["spires"] - levels["lookout"]) <= 3, levels
    assert levels["jingle"] - min(levels["spires"], levels["lookout"]) <= 5, levels


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_the_seam_changes_level_no_more_than_the_loops_own_joins(rom, score, name):
    """From the last pattern back into the first, the level (half a second either side) moves
    no more than it does from one pattern to the next inside the loop (1 dB to spare)."""
    s = seam(rom, score, WORLDS[name])
    assert min(s.joins_db) - 1 <= s.change_db <= max(s.joins_db) + 1, s


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_the_sound_effects_are_in_every_worlds_key(score, name):
    """Whatever the player does sounds over the music: each effect's pitched notes (noise has
    no key) belong to the major scale of the key that fits the world's loop best."""
    notes, _ = score.timeline(score.loop(WORLDS[name]))
    tonic = best_key(notes)
    assert tonic == {"spires": 0, "lookout": 7}[name]          # C major, G major
    from generator.console.soundmem import decode_sfx
    for slot in EFFECTS:
        s = decode_sfx(score.sfx[slot])
        off = {s.pitch[i] for i in range(32) if s.vol[i] and s.wave[i] != 6
               and (s.pitch[i] - tonic) % 12 not in MAJOR}
        assert not off, f"sfx {slot} ({score.names[slot]}): pitches {sorted(off)} out of key"


def test_no_sound_effect_is_louder_than_the_music_under_it(rom, rendered):
    """Each effect alone on channel 3, while it sounds, at most 3 dB(A) above the quieter
    world's music: heard, not startling."""
    quiet = min(level_db(rendered[n][0]) for n in WORLDS)
    for slot in EFFECTS:
        ram = bytearray(0x10000)
        ram[:len(rom)] = rom
        s = Synth(ram)
        s.sfx(slot, 3)
        x = s.render(RATE)
        x = x[:np.nonzero(x)[0][-1] + 1]
        assert level_db(x) <= quiet + 3, f"sfx {slot}: {level_db(x):.1f} dB(A), music {quiet:.1f}"


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_the_loop_is_not_one_figure_over_and_over(score, name):
    """Of the loop's patterns (2 bars each), the tune plays a different figure in at least
    two thirds, and no channel plays any one figure in more than a third."""
    pats = score.loop(WORLDS[name])
    figs = figures(score, WORLDS[name])
    assert len({s for _, c, s in figs if c == 0}) >= 2 * len(pats) / 3
    assert max(n for n, _, _ in figs) <= len(pats) / 3
