"""The cart's own music, listened to: the built cart's loops and jingle rendered by the console's
synthesiser and pitch-tracked note by note against cart/music.txt and cart/sfx.txt (read as
text, generator.dev.score: the composer's account, not the cart's bytes); spires' melody in
its pentatonic scale; each loop joining its start without a click; nothing clipping; and the
cart played with buttons sounding its world's music and the solve's jingle."""
from __future__ import annotations

import numpy as np
import pytest

from soundkit import RATE, rms, semitones, yin
from generator.console.cart import read_p8
from generator.playtest.player import Player, solution
from generator.console.synth import Synth
from generator.dev.score import read_score

FADE = 170
LOOPS = {"spires": 0, "lookout": 16, "jingle": 63}
PENTATONIC = {0, 2, 4, 7, 9}        # c d e g a


@pytest.fixture(scope="module")
def score(repo):
    return read_score(repo / "cart")


def render(rom, pattern, samples, fade=0, mask=0):
    """music(pattern, fade, mask) on a fresh synthesiser over the built cart's memory."""
    ram = bytearray(0x10000)
    ram[:len(rom)] = rom
    s = Synth(ram)
    s.music(pattern, fade, mask)
    mix, per = s.render(samples, channels=True)
    return s, mix, per


@pytest.fixture(scope="module")
def built(built_cart) -> bytes:
    """The built cart's ROM (its __sfx__ and __music__ as the console reads them)."""
    return read_p8(built_cart.path).rom


def heard_notes(per, notes):
    """(note, the pitch heard on its channel, or None if nothing periodic) for each note."""
    out = []
    for n in notes:
        keep = 0.6 if n.fx == 5 else 1.0            # a fade-out: its loud first part
        a = n.start + FADE + 100
        b = n.start + int(n.length * keep) - 50
        f = yin(per[n.channel, a:b], fmin=120)
        out.append((n, None if f is None else semitones(f)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LOOPS))
def test_the_notes_that_sound_are_the_ones_music_txt_writes(built, score, name):
    notes, length = score.timeline(score.loop(LOOPS[name]))
    _, _, per = render(built, LOOPS[name], length)
    wrong = [(n.channel, n.start / RATE, n.name, h) for n, h in heard_notes(per, notes)
             if h is None or abs(h - n.pitch) > 0.35]
    assert not wrong, f"{len(wrong)} of {len(notes)} notes heard off: {wrong[:5]}"
    # and nothing sounds where the score is silent (a channel's rests, after the crossfade)
    for ch in range(4):
        sounding = np.zeros(length, bool)
        for n in notes:
            if n.channel == ch:
                sounding[n.start:n.start + n.length + FADE] = True
        assert np.abs(per[ch][~sounding]).max(initial=0) == 0, f"channel {ch}"


def test_spires_melody_stays_in_c_major_pentatonic(built, score):
    notes, length = score.timeline(score.loop(0))
    _, _, per = render(built, 0, length)
    melody = [(n, h) for n, h in heard_notes(per, notes) if n.channel == 0]
    assert len(melody) > 100
    classes = {round(h) % 12 for _, h in melody}
    assert classes <= PENTATONIC and len(classes) == 5


@pytest.mark.parametrize("name", ["spires", "lookout"])
def test_the_loop_joins_its_start_without_a_click(built, score, name):
    first = LOOPS[name]
    notes, cycle = score.timeline(score.loop(first))
    s, mix, per = render(built, first, 2 * cycle + RATE, fade=500, mask=7)
    assert s.stat(54) == first and s.stat(55) == 2 * len(score.loop(first))   # twice round
    step = np.abs(np.diff(mix.astype(float)))
    join = step[cycle - 800:cycle + 800]
    rest = np.concatenate((step[RATE:cycle - 800], step[cycle + 800:2 * cycle]))
    assert join.max() <= np.percentile(rest, 99.9) * 1.05
    # the second time round sounds as the first did once its fade-in was over: each channel's
    # loudness, 50 ms by 50 ms. The oscillators' phases run on, so the samples differ, and so
    # does what a window holds of a wave's part-cycle: 50 ms holds 7 cycles of the lowest note
    # (d1), 20 ms under 3, whose loudness can swing 7%. A window in which a new pitch starts on
    # the channel is left out: the new note's first samples are as loud as the phase it starts at
    w = RATE // 20
    def loudness(x):
        return np.sqrt((x[:len(x) // w * w].reshape(-1, w) ** 2).mean(axis=1))
    held = {(n.channel, n.start + n.length, n.pitch) for n in notes}     # notes held on
    for ch, x in enumerate(per[:3]):
        a, b = loudness(x[RATE:cycle]), loudness(x[cycle + RATE:2 * cycle])
        steady = np.ones(len(a), bool)
        for n in notes:
            if n.channel == ch and n.start >= RATE and (ch, n.start, n.pitch) not in held:
                k = (n.start - RATE) // w
                steady[k:k + 2] = False        # the crossfade may reach into the next window
        assert steady.mean() > 0.7
        assert np.abs(a - b)[steady].max() < 0.06 * a.max(), f"channel {ch}"


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_nothing_clips(built, score, name):
    _, length = score.timeline(score.loop(LOOPS[name]))
    _, mix, per = render(built, LOOPS[name], length)
    assert np.abs(per).max() < 0.99 * 32767 and np.abs(mix).max() < 16384   # half scale to spare
    # with the loudest sound effect on channel 3 at once, still well clear of full scale
    s, mix, _ = render(built, LOOPS[name], 2 * RATE)
    loudest = max(range(8), key=lambda n: max(built[0x3200 + 68 * n + 2 * i + 1] >> 1 & 7
                                              for i in range(32)))
    s.sfx(loudest, 3)
    assert np.abs(s.render(RATE)).max() < 32767 * 0.75


def test_the_cart_sounds_its_worlds_music_and_the_jingle(built_cart):
    p = Player(built_cart.path)
    p.idle(10)
    assert rms(p.c.audio()[-735 * 5:]) == 0                    # the title is quiet
    start = len(p.c.audio())
    p.press("o")                                               # the worlds screen: spires
    p.idle(60)
    x = p.c.audio()[start:]
    assert p.c.synth.stat(54) == 0 and rms(x[RATE:2 * RATE]) > 500
    assert rms(x[:RATE // 4]) < rms(x[RATE:2 * RATE]) / 2      # faded in over half a second
    p.press("right")                                           # lookout: its own loop
    p.idle(5)
    assert p.c.synth.stat(54) == 16
    p.press("o")
    p.press("o")
    p.enter(solution(built_cart.manifest, p.g("puzzle")))
    assert p.on("solved_update") and p.c.synth.stat(54) == 63           # the jingle
    at = len(p.c.audio())
    p.idle(90)                                                 # 2.1 s of jingle, then quiet
    x = p.c.audio()[at:]
    assert rms(x[:RATE]) > 500 and p.c.synth.stat(54) == -1
    assert rms(x[int(2.3 * RATE):]) == 0 or p.c.synth.stat(46) == -1
