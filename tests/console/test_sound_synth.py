"""The synthesiser, heard: each waveform's harmonics against its definition, every pitch against
the formula, note lengths at each speed, each effect's envelope, loops, custom instruments and
the filters, measured on rendered samples of sfx written as .p8 text."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from soundkit import (RATE, REST, TICK, channels, freq, harmonics, note, onsets, peak_freq, rms,
                      sfx_line, synth)
from generator.console.waves import white

FADE = 170


def steady(tmp_path, wave, pitch=21, vol=7, mode=0, speed=64, notes=32):
    """Channel 0's samples of one long held note (steady part only)."""
    s = synth(tmp_path, {0: sfx_line([note(pitch, wave, vol)] * notes, speed, mode=mode)})
    s.sfx(0, 0)
    return channels(s, notes * speed * TICK)[0][2000:-2000]


def series(points, count=8):
    """Harmonic amplitudes 1..count of a piecewise-linear period given as (t, value) points."""
    t = np.arange(8192) / 8192
    x = np.interp(t, *zip(*points))
    c = np.abs(np.fft.rfft(x))[1:count + 1]
    return c / c[0]


n = np.arange(1, 9)
ODD = n % 2 == 1
EXPECTED = {
    0: np.where(ODD, 1 / n**2, 0),                               # triangle: odd, 1/n^2
    1: series([(0, -1), (7 / 8, 1), (1, -1)]),                   # rises 7/8, falls 1/8
    2: 1 / n,                                                    # saw: every harmonic, 1/n
    3: np.where(ODD, 1 / n, 0),                                  # square: odd, 1/n
    4: np.abs(np.sin(np.pi * n * 0.316)) / n / np.sin(np.pi * 0.316),   # 31.6% pulse
    5: series([(0, -3), (0.25, 3), (0.5, -3), (0.75, 1), (1, -3)]),     # organ: two triangles
}
PEAK = {0: 0.5, 1: 0.5, 2: 0.653 / 2, 3: 0.25, 4: 0.25, 5: 1 / 3}


@pytest.mark.slow
@pytest.mark.parametrize("wave", sorted(EXPECTED))
def test_each_waveforms_harmonics_match_its_definition(tmp_path, wave):
    x = steady(tmp_path, wave)
    h = harmonics(x, freq(21))
    assert np.allclose(h / h[0], EXPECTED[wave], atol=0.02), np.round(h / h[0], 3)
    # the level: volume 7 of 7 is the shape's peak, halved for the channel
    assert abs(np.abs(x).max() / 32767 - PEAK[wave] * 0.5) < 0.01


def test_the_phaser_beats_a_triangle_against_one_at_109_110(tmp_path):
    x = steady(tmp_path, 7, pitch=33)
    f = freq(33)
    h1, h2 = harmonics(x, f, 1)[0], harmonics(x, f * 109 / 110, 1)[0]
    assert abs(h2 / h1 - 0.5) < 0.05
    env = np.array([np.abs(x[i:i + 200]).max() for i in range(0, len(x) - 200, 200)])
    assert env.max() > 1.4 * env.min()         # the two voices beat: f/110 = 4 Hz


def test_noise_is_broadband_and_brighter_at_higher_pitches(tmp_path):
    def centroid(pitch):
        x = steady(tmp_path, 6, pitch=pitch, speed=16)
        spec = np.abs(np.fft.rfft(x)) ** 2
        f = np.fft.rfftfreq(len(x), 1 / RATE)
        return (spec * f).sum() / spec.sum(), spec
    low, spec = centroid(12)
    high, _ = centroid(60)
    assert high > 3 * low
    assert spec.max() < 0.01 * spec.sum()       # no tone: no bin holds 1% of the power


def test_every_pitch_sounds_at_the_formula_within_half_a_percent(tmp_path):
    speed = 48
    s = synth(tmp_path, {0: sfx_line([note(p, 0, 5) for p in range(32)], speed),
                         1: sfx_line([note(p, 0, 5) for p in range(32, 64)], speed)})
    length = speed * TICK
    heard = []
    for n in (0, 1):
        s.sfx(n, 0)
        x = channels(s, 32 * length)[0]
        heard += [peak_freq(x[i * length + 400:(i + 1) * length - 400]) for i in range(32)]
    want = freq(np.arange(64))
    err = np.abs(np.array(heard) / want - 1)
    worst = int(err.argmax())
    assert err.max() < 0.005, f"pitch {worst}: {heard[worst]:.2f} Hz, want {want[worst]:.2f}"


@pytest.mark.parametrize("speed", [1, 2, 3, 7, 16, 31, 64, 255])
def test_a_note_lasts_speed_times_183_samples(tmp_path, speed):
    s = synth(tmp_path, {0: sfx_line([note(33, 3, 6), REST, note(33, 3, 6), REST, note(40, 3, 6)], speed)})
    s.sfx(0, 0)
    length = speed * TICK
    x = channels(s, 5 * length + 2 * FADE + 10)[0]
    starts = onsets(x, 1000)
    assert len(starts) == 3 and np.allclose(np.diff(starts), 2 * length, atol=1)
    # the sfx ends after its last sounding note (the 5th): silent from then on, after the fade
    assert not x[5 * length + FADE + 1:].any()


def test_the_sfx_ends_on_the_exact_sample(tmp_path):
    s = synth(tmp_path, {0: sfx_line([note(33, 0, 5)] * 3, speed=5)})
    s.sfx(0, 2)
    s.render(3 * 5 * TICK - 1)
    assert (s.stat(48), s.stat(52)) == (0, 2)
    s.render(1)
    assert (s.stat(48), s.stat(52)) == (-1, -1)


def inst_freq(x, window=512):
    """Instantaneous frequency of a clean tone from its upward zero crossings (interpolated)."""
    x = np.asarray(x, dtype=float)
    i = np.nonzero((x[:-1] < 0) & (x[1:] >= 0))[0]
    t = i + x[i] / (x[i] - x[i + 1])
    return (t[1:] + t[:-1]) / 2, RATE / np.diff(t)


def test_slide_glides_from_the_previous_pitch_and_volume_to_its_own(tmp_path):
    speed = 32
    s = synth(tmp_path, {0: sfx_line([note(24, 0, 2), note(36, 0, 6, fx=1)], speed)})
    s.sfx(0, 0)
    length = speed * TICK
    x = channels(s, 2 * length)[0][length:]
    t, f = inst_freq(x)
    glide = freq(24) + (freq(36) - freq(24)) * t / length      # linear in frequency
    assert np.abs(f / glide - 1).max() < 0.01
    assert abs(f[0] / freq(24) - 1) < 0.02 and abs(f[-1] / freq(36) - 1) < 0.01
    quarter = length // 4
    levels = [rms(x[i * quarter:(i + 1) * quarter]) for i in range(4)]
    assert levels == sorted(levels) and levels[3] > 2 * levels[0]    # volume 2 up to 6


def test_vibrato_is_a_quarter_semitone_either_way_at_7_5_hz(tmp_path):
    s = synth(tmp_path, {0: sfx_line([note(33, 0, 5, fx=2)] * 4, 64)})
    s.sfx(0, 0)
    x = channels(s, 4 * 64 * TICK)[0][200:-200]
    t, f = inst_freq(x)
    depth = f / freq(33) - 1
    quarter_semitone = 2 ** (0.25 / 12) - 1
    assert abs(depth.max() / quarter_semitone - 1) < 0.15
    assert abs(-depth.min() / quarter_semitone - 1) < 0.15
    # rate: the frequency swings 7.5 times a second
    grid = np.arange(t[0], t[-1], 32)
    wobble = np.interp(grid, t, depth)
    spec = np.abs(np.fft.rfft(wobble - wobble.mean(), 16 * len(grid)))
    rate = np.argmax(spec) * (RATE / 32) / (16 * len(grid))
    assert abs(rate - 7.5) < 0.3


def test_drop_falls_to_nothing_over_the_note(tmp_path):
    speed = 64
    s = synth(tmp_path, {0: sfx_line([note(45, 0, 5, fx=3)], speed)})
    s.sfx(0, 0)
    length = speed * TICK
    x = channels(s, length)[0]
    t, f = inst_freq(x[:int(0.8 * length)])
    for at in (0.1, 0.3, 0.5, 0.7):
        near = np.abs(t / length - at) < 0.02
        assert abs(f[near].mean() / (freq(45) * (1 - at)) - 1) < 0.03


@pytest.mark.parametrize("fx,ramp", [(4, "up"), (5, "down"), (0, "flat")])
def test_fades_ramp_the_volume_over_the_note(tmp_path, fx, ramp):
    speed = 32
    s = synth(tmp_path, {0: sfx_line([note(45, 3, 7, fx=fx), note(45, 3, 7, fx=fx)], speed)})
    s.sfx(0, 0)
    length = speed * TICK
    x = channels(s, 2 * length)[0][length:]        # the second note (the first has no crossfade)
    t = np.arange(length) / length
    envelope = {"up": t, "down": 1 - t, "flat": np.ones(length)}[ramp]
    q = length // 4
    parts = [slice(i * q + (FADE if i == 0 else 0), (i + 1) * q) for i in range(4)]  # after the crossfade
    levels = np.array([rms(x[part]) for part in parts])
    want = np.array([rms(envelope[part]) for part in parts])
    assert np.allclose(levels / levels.max(), want / want.max(), atol=0.03)


@pytest.mark.parametrize("fx,speed,step_ticks", [(6, 16, 4), (7, 16, 8), (6, 8, 2), (7, 8, 4)])
def test_arpeggios_step_through_their_group_of_four(tmp_path, fx, speed, step_ticks):
    group = [36, 40, 43, 48]
    s = synth(tmp_path, {0: sfx_line([note(p, 0, 5, fx) for p in group * 2], speed)})
    s.sfx(0, 0)
    step = step_ticks * TICK
    x = channels(s, 4 * speed * TICK)[0]
    t, f = inst_freq(x)
    heard = [np.median(f[(t > i * step + FADE) & (t < (i + 1) * step)]) for i in range(len(x) // step)]
    want = [freq(group[i % 4]) for i in range(len(heard))]
    assert len(heard) >= 4 and np.allclose(heard, want, rtol=0.005), (heard, want)


def pitches(x, length, count):
    return [int(round(33 + 12 * np.log2(peak_freq(x[i * length + 100:(i + 1) * length - 100]) / 440)))
            for i in range(count)]


def test_a_loop_repeats_until_released_then_plays_on_to_the_end(tmp_path):
    speed = 4
    length = speed * TICK
    s = synth(tmp_path, {0: sfx_line([note(36 + i, 0, 5) for i in range(6)], speed, loop=(2, 4))})
    s.sfx(0, 1)
    x = channels(s, 10 * length)[1]
    assert pitches(x, length, 10) == [36, 37, 38, 39, 38, 39, 38, 39, 38, 39]
    assert s.stat(47) == 0                          # still playing: it loops for ever
    s.sfx(-2, 1)                                    # release: on past the loop end
    x = channels(s, 6 * length)[1]
    assert pitches(x, length, 4) == [38, 39, 40, 41]
    assert s.stat(47) == -1 and not x[4 * length + FADE + 1:].any()


def test_a_loop_end_of_zero_makes_the_start_a_length(tmp_path):
    s = synth(tmp_path, {0: sfx_line([note(36, 0, 5)] * 32, 2, loop=(8, 0))})
    s.sfx(0, 0)
    s.render(8 * 2 * TICK - 1)
    assert s.stat(46) == 0
    s.render(1)
    assert s.stat(46) == -1


def test_offset_and_length_play_a_slice(tmp_path):
    speed = 4
    length = speed * TICK
    s = synth(tmp_path, {0: sfx_line([note(36 + i, 0, 5) for i in range(12)], speed)})
    s.sfx(0, 3, 4, 3)
    assert s.stat(53) == 4
    x = channels(s, 3 * length)[3]
    assert pitches(x, length, 3) == [40, 41, 42] and s.stat(49) == -1


def test_a_custom_instrument_plays_its_sfx_at_the_notes_pitch(tmp_path):
    # instrument (sfx 0): c2 then g2, a note each 8 ticks; played from e2 it sounds e2 then b2
    speed = 8
    length = speed * TICK
    s = synth(tmp_path, {0: sfx_line([note(24, 0, 7), note(31, 0, 7)], speed),
                         1: sfx_line([note(28, 8, 7, 0), note(28, 8, 7, 0)], 2 * speed)})
    s.sfx(1, 0)
    x = channels(s, 2 * length)[0]
    assert abs(peak_freq(x[200:length - 200]) / freq(28) - 1) < 0.005
    assert abs(peak_freq(x[length + 200:2 * length - 200]) / freq(35) - 1) < 0.005
    loud = rms(x[200:length - 200])
    s.sfx(1, 0)                                     # volume 3 of 7: 3/7 as loud
    s2 = synth(tmp_path, {0: sfx_line([note(24, 0, 7), note(31, 0, 7)], speed),
                          1: sfx_line([note(28, 8, 3, 0)], 2 * speed)})
    s2.sfx(1, 0)
    quiet = rms(channels(s2, length)[0][200:length - 200])
    assert abs(quiet / loud - 3 / 7) < 0.02


@pytest.mark.parametrize("main,retrigger", [
    ([note(28, 8, 7)] * 4, False),                  # same pitch: the bell rings on, fading
    ([note(28, 8, 7, 3)] * 4, True),                # effect 3: struck again each note
    ([note(28, 8, 7), note(29, 8, 7)] * 2, True),   # a new pitch: struck again
])
def test_custom_instruments_retrigger_as_the_manual_says(tmp_path, main, retrigger):
    speed = 8
    length = speed * TICK
    bell = sfx_line([note(24, 0, v) for v in (7, 5, 3, 1)], speed)
    s = synth(tmp_path, {0: bell, 1: sfx_line(main, speed)})
    s.sfx(1, 0)
    x = channels(s, 4 * length)[0]
    levels = np.array([rms(x[i * length + FADE:(i + 1) * length]) for i in range(4)])
    if retrigger:
        assert levels.min() > 0.9 * levels.max()
    else:
        assert np.allclose(levels / levels[0], [1, 5 / 7, 3 / 7, 1 / 7], atol=0.03)


def test_noiz_is_white_noise_and_buzz_makes_noise_brown(tmp_path):
    def band_ratio(mode, pitch):
        x = steady(tmp_path, 6, pitch=pitch, speed=16, mode=mode)
        spec = np.abs(np.fft.rfft(x)) ** 2
        f = np.fft.rfftfreq(len(x), 1 / RATE)
        return spec[(f > 5000) & (f < 10000)].mean() / spec[(f > 200) & (f < 2000)].mean()
    assert 0.7 < band_ratio(2, 24) < 1.4 and 0.7 < band_ratio(2, 60) < 1.4    # flat at any pitch
    plain_low, plain_high = band_ratio(0, 24), band_ratio(0, 60)
    assert plain_low < 0.25 * plain_high < 0.1                                # pitch sets brightness
    brown_low, brown_high = band_ratio(4, 24), band_ratio(4, 60)
    assert brown_high < 0.1 * plain_high and 0.5 < brown_high / brown_low < 2  # dark, any pitch


def test_buzz_changes_the_shape(tmp_path):
    x = steady(tmp_path, 3, mode=4)                # square: high 40% of the cycle, not half
    assert abs((x > 0).mean() - 0.4) < 0.01
    plain = steady(tmp_path, 3)
    assert abs((plain > 0).mean() - 0.5) < 0.01


@pytest.mark.parametrize("detune,ratio", [(1, 200 / 199), (2, 400 / 199)])
def test_detune_adds_a_second_voice(tmp_path, detune, ratio):
    x = steady(tmp_path, 2, pitch=21, mode=8 * detune)
    plain = steady(tmp_path, 2, pitch=21)
    f = freq(21) * ratio
    assert harmonics(x, f, 1)[0] > 0.4 * harmonics(x, freq(21), 1)[0]
    assert harmonics(plain, f, 1)[0] < 0.05 * harmonics(plain, freq(21), 1)[0]


@pytest.mark.parametrize("reverb,delay", [(1, 2 * TICK), (2, 4 * TICK)])
def test_reverb_echoes_two_or_four_ticks_later_at_half(tmp_path, reverb, delay):
    # one short note, then rests while the sfx plays on (a quiet last note keeps it going)
    notes = [note(45, 3, 7)] + [REST] * 12 + [note(45, 3, 1)]
    s = synth(tmp_path, {0: sfx_line(notes, 1, mode=8 * 3 * reverb)})
    s.sfx(0, 0)
    x = channels(s, 10 * TICK)[0]
    blip = rms(x[FADE:TICK])
    echo = rms(x[delay + FADE:delay + TICK])
    assert abs(echo / blip - 0.5) < 0.05
    gap = x[TICK + FADE:delay - 10]
    assert rms(gap) < 0.02 * blip                   # nothing between the note and its echo


@pytest.mark.parametrize("dampen,cut_db", [(1, -6), (2, -12)])
def test_dampen_takes_the_top_off(tmp_path, dampen, cut_db):
    x = steady(tmp_path, 2, pitch=21, mode=8 * 9 * dampen, notes=4)
    plain = steady(tmp_path, 2, pitch=21, notes=4)
    top = round(9000 / freq(21)) * freq(21)        # a harmonic of the saw near 9 kHz
    ratio = harmonics(x, top, 1)[0] / harmonics(plain, top, 1)[0]
    low = harmonics(x, freq(21), 1)[0] / harmonics(plain, freq(21), 1)[0]
    assert abs(20 * np.log10(ratio) - cut_db) < 1.5 and abs(low - 1) < 0.03


def test_four_channels_sum_and_clip_without_wrapping(tmp_path):
    loud = sfx_line([note(50, 6, 7)] * 32, 8)      # noise at full volume: each near full scale
    s = synth(tmp_path, {i: loud for i in range(4)})
    for i in range(4):
        s.sfx(i, i)
    mix, per = s.render(8000, channels=True)
    total = per.sum(axis=0)
    assert (np.abs(total) > 32767).any()           # the sum goes past 16 bits...
    assert (mix == np.trunc(np.clip(total, -32767.9, 32767.9))).all()   # ...and is clipped
    assert (np.sign(mix[np.abs(total) > 1000]) == np.sign(total[np.abs(total) > 1000])).all()


def test_the_same_seed_gives_the_same_samples(tmp_path):
    noisy = {0: sfx_line([note(30, 6, 5)] * 8, 4)}
    a, b, c = synth(tmp_path, noisy, seed=1), synth(tmp_path, noisy, seed=1), synth(tmp_path, noisy, seed=2)
    for s in (a, b, c):
        s.sfx(0)
    x, y, z = a.render(5000), b.render(5000), c.render(5000)
    assert (x == y).all() and not (x == z).all()


def test_notes_start_and_stop_without_clicks(tmp_path):
    """Every note change crossfades: no sample-to-sample step bigger than the waveform's own
    (a triangle at this pitch moves at most 4 * peak * f / RATE a sample)."""
    notes = [note(p, 0, v) for p, v in [(33, 7), (0, 0), (40, 3), (45, 7), (28, 0), (33, 7)]]
    s = synth(tmp_path, {0: sfx_line(notes, 2)})
    s.sfx(0, 0)
    x = channels(s, 6 * 2 * TICK + 400)[0]
    slope = 4 * 0.25 * 32767 * freq(45) / RATE
    assert np.abs(np.diff(x)).max() <= slope * 1.05
    s.sfx(0, 0)
    s.render(300)
    s.sfx(-1)                                       # stopped mid-note: a fade, not a cut
    assert np.abs(np.diff(channels(s, 400)[0])).max() <= slope * 1.05


def _fmix32_int(h: int) -> int:
    """MurmurHash3's finaliser on a Python int (the oracle for waves.white's numpy form)."""
    h ^= h >> 16
    h = h * 0x85EBCA6B & 0xFFFFFFFF
    h ^= h >> 13
    h = h * 0xC2B2AE35 & 0xFFFFFFFF
    return h ^ h >> 16


@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1), st.integers(1, 40))
def test_white_noise_is_the_hashed_counter_across_the_wrap(key, start, n):
    x = white(key, start, n)
    want = [(_fmix32_int(((start + j) % 2 ** 32 * 0x9E3779B9 + key) % 2 ** 32) >> 8) / 2 ** 23 - 1
            for j in range(n)]
    assert list(x) == want and x.min() >= -1 and x.max() < 1


def test_silence_by_the_short_path_is_the_long_paths_silence(tmp_path):
    """An idle synthesiser skips the mixing loop: frame by frame, through a note with echo that
    ends, a silence, and a second note, its samples are those of the full loop (channels=True
    always runs it), and so are the channels' echo histories it leaves."""
    line = {0: sfx_line([note(24, 3, 6, fx=0)] * 2 + [REST] * 2, 8)}
    short, full = synth(tmp_path, line), synth(tmp_path, line)
    took = 0
    for s in (short, full):
        s.sfx(0, 0)
    for frame in range(40):
        if frame == 25:
            for s in (short, full):
                s.sfx(0, 1)
        took += short.pattern == -1 and all(ch.idle() for ch in short.channels)
        a = short.render(735)
        b = full.render(735, channels=True)[0]
        assert np.array_equal(a, b), frame
        for x, y in zip(short.channels, full.channels):
            assert np.array_equal(x.hist, y.hist), frame
    assert took > 5
