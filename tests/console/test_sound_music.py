"""Music and the sound API, heard: pattern order and flags, a pattern's length, fades, the
channel mask, sfx over music, sfx(-1)/sfx(-2)/sfx(n, -2), stat(46..57); and the console's
interfaces: audio() per frame, stat() from Lua, --wav."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from soundkit import (RATE, TICK, cart_text, channels, freq, music_line, note, peak_freq, rms,
                      sfx_line, synth)
from generator.console import Console
from generator.console.wav import read_wav

FADE = 170
SPEED = 4
PATTERN = 32 * SPEED * TICK        # samples of a pattern of speed-4 sfx


def tone(pitch, wave=0, vol=5, speed=SPEED, **kw):
    """An sfx of 32 notes of one pitch."""
    return sfx_line([note(pitch, wave, vol)] * 32, speed, **kw)


def heard_pitch(x) -> int | None:
    if rms(x) < 100:
        return None
    return int(round(33 + 12 * np.log2(peak_freq(x) / 440)))


def pattern_pitches(x, count, length=PATTERN):
    return [heard_pitch(x[i * length + 400:(i + 1) * length - 400]) for i in range(count)]


def test_patterns_play_in_order_and_loop_back_to_the_start(tmp_path):
    s = synth(tmp_path, {i: tone(36 + 2 * i) for i in range(4)},
              {0: music_line([0, None, None, None]),
               1: music_line([1, None, None, None], flags=1),       # loop start
               2: music_line([2, None, None, None]),
               3: music_line([3, None, None, None], flags=2)})      # loop end
    s.music(0)
    seen = []
    for _ in range(8):
        seen.append((s.stat(54), s.stat(55), s.stat(56)))
        s.render(PATTERN)
    assert [p for p, _, _ in seen] == [0, 1, 2, 3, 1, 2, 3, 1]
    assert [n for _, n, _ in seen] == list(range(8)) and all(t == 0 for _, _, t in seen)
    s.render(1000)
    assert s.stat(56) == 1000 // TICK and s.stat(57) is True
    s2 = synth(tmp_path, {i: tone(36 + 2 * i) for i in range(4)},
               {0: music_line([0, None, None, None]), 1: music_line([1, None, None, None], flags=1),
                2: music_line([2, None, None, None]), 3: music_line([3, None, None, None], flags=2)})
    s2.music(0)
    x = channels(s2, 8 * PATTERN)[0]
    assert pattern_pitches(x, 8) == [36, 38, 40, 42, 38, 40, 42, 38]


def test_a_loop_end_without_a_start_goes_back_to_pattern_0(tmp_path):
    s = synth(tmp_path, {0: tone(36), 1: tone(40)},
              {0: music_line([0, None, None, None]), 1: music_line([1, None, None, None], flags=2)})
    s.music(1)
    x = channels(s, 3 * PATTERN)[0]
    assert pattern_pitches(x, 3) == [40, 36, 40]


def test_stop_and_an_empty_pattern_end_the_music(tmp_path):
    sfx = {0: tone(36), 1: tone(40)}
    s = synth(tmp_path, sfx, {0: music_line([0, None, None, None], flags=4),
                              1: music_line([1, None, None, None])})   # pattern 2: empty
    s.music(0)
    x = channels(s, 2 * PATTERN)[0]
    assert pattern_pitches(x, 2) == [36, None] and s.stat(54) == -1 and s.stat(57) is False
    assert s.stat(55) == -1 and not x[PATTERN + FADE:].any()
    s.music(1)                                      # plays pattern 1, then finds nothing
    x = channels(s, 2 * PATTERN)[0]
    assert pattern_pitches(x, 2) == [40, None] and s.stat(54) == -1


def test_a_pattern_lasts_as_its_leftmost_non_looping_channel(tmp_path):
    sfx = {0: tone(36, speed=8), 1: tone(40, speed=4), 2: tone(43, speed=2, loop=(0, 4)),
           3: sfx_line([note(45, 0, 5)] * 32, 4, loop=(8, 0))}      # LEN 8
    cases = [([0, 1, None, None], 32 * 8), ([1, 0, None, None], 32 * 4),
             ([2, 0, None, None], 32 * 8),          # the looping one does not count
             ([2, None, None, None], 32 * 2),       # all loop: the longest, 32 notes
             ([3, 0, None, None], 8 * 4)]           # LEN 8 at speed 4
    for chans, ticks in cases:
        s = synth(tmp_path, sfx, {0: music_line(chans, flags=4)})
        s.music(0)
        s.render(ticks * TICK - 1)
        assert s.stat(54) == 0, chans
        s.render(1)
        assert s.stat(54) == -1, chans


def test_fade_in_and_fade_out(tmp_path):
    s = synth(tmp_path, {0: tone(45, 3, 7)}, {0: music_line([0, None, None, None], flags=1 | 2)})
    s.music(0, 1000)
    x = channels(s, RATE * 3 // 2)[0]
    tenth = RATE // 10
    levels = [rms(x[i * tenth:(i + 1) * tenth]) for i in range(15)]
    full = levels[-1]
    for i in range(10):                             # a linear ramp over the first second
        assert abs(levels[i] / full - (i + 0.5) / 10) < 0.03
    s.music(-1, 500)
    x = channels(s, RATE)[0]
    assert rms(x[:tenth]) / full == pytest.approx(0.9, abs=0.03)
    assert rms(x[4 * tenth:5 * tenth]) / full < 0.15
    assert not x[RATE // 2 + FADE:].any() and s.stat(54) == -1


def test_music_minus_one_stops_at_once_without_a_click(tmp_path):
    s = synth(tmp_path, {0: tone(45, 0, 7)}, {0: music_line([0, None, None, None])})
    s.music(0)
    s.render(1000)
    s.music(-1)
    assert s.stat(54) == -1 and s.stat(46) == -1
    x = channels(s, 400)[0]
    assert not x[FADE:].any()
    slope = 4 * 0.25 * 32767 * freq(45) / RATE
    assert np.abs(np.diff(x)).max() <= slope * 1.05


def test_sfx_picks_a_free_channel_the_mask_keeps_musics_own(tmp_path):
    sfx = {0: tone(36), 1: tone(40), 5: tone(50)}
    s = synth(tmp_path, sfx, {0: music_line([0, 1, None, None])})
    s.music(0)
    s.sfx(5)
    assert [s.stat(46 + i) for i in range(4)] == [0, 1, 5, -1]      # the first idle channel
    s.music(0, 0, 1 | 2 | 4)                       # channels 0-2 reserved for music
    s.sfx(-1)
    s.sfx(5)
    assert [s.stat(46 + i) for i in range(4)] == [0, 1, -1, 5]
    s.sfx(5)                                       # already playing: restarted where it is
    assert [s.stat(46 + i) for i in range(4)] == [0, 1, -1, 5]


def test_every_channel_busy_takes_musics_then_the_fastest(tmp_path):
    sfx = {i: tone(36 + i, speed=4 + i) for i in range(8)}
    s = synth(tmp_path, sfx, {0: music_line([0, None, None, None])})
    s.music(0)
    for n in (1, 2, 3):
        s.sfx(n)
    assert [s.stat(46 + i) for i in range(4)] == [0, 1, 2, 3]
    s.sfx(4)                                       # music's channel goes first
    assert s.stat(46) == 4
    s.sfx(5)                                       # then the fastest sfx (1, speed 5)
    assert [s.stat(46 + i) for i in range(4)] == [4, 5, 2, 3]


def test_an_sfx_over_music_gives_the_channel_back_where_the_music_is(tmp_path):
    # music: channel 0 climbs a semitone a note; an sfx takes channel 0 for 4 notes
    climb = sfx_line([note(24 + i, 0, 5) for i in range(32)], SPEED)
    s = synth(tmp_path, {0: climb, 7: sfx_line([note(60, 3, 5)] * 4, SPEED)},
              {0: music_line([0, None, None, None])})
    s.music(0)
    length = SPEED * TICK
    s.render(2 * length)
    s.sfx(7, 0)
    x = channels(s, 10 * length)[0]
    heard = [heard_pitch(x[i * length + FADE:(i + 1) * length - 100]) for i in range(10)]
    assert heard == [60] * 4 + [24 + i for i in range(6, 12)]
    assert s.stat(46) == 0 and s.stat(50) == 12


def test_sfx_minus_one_silences_sounds_but_not_music(tmp_path):
    sfx = {0: tone(36), 1: tone(40), 2: tone(43), 3: tone(47)}
    s = synth(tmp_path, sfx, {0: music_line([0, None, None, None])})
    s.music(0)
    s.sfx(1, 1), s.sfx(2, 2), s.sfx(3, 3)
    s.render(500)
    s.sfx(-1, 2)                                    # just channel 2
    assert [s.stat(46 + i) for i in range(4)] == [0, 1, -1, 3]
    s.sfx(-1)                                       # every sound; the music plays on
    assert [s.stat(46 + i) for i in range(4)] == [0, -1, -1, -1]
    per = channels(s, 2000)
    assert not per[1:, FADE:].any() and rms(per[0]) > 1000
    s.sfx(1, 1)
    s.sfx(1, -2)                                    # stop sfx 1 wherever it plays
    assert s.stat(47) == -1


def test_stat_16_to_26_are_46_to_56(tmp_path):
    s = synth(tmp_path, {0: tone(36), 1: tone(40)}, {0: music_line([0, None, None, None])})
    s.music(0)
    s.sfx(1, 2, 5)
    s.render(3000)
    assert [s.stat(n) for n in range(16, 27)] == [s.stat(n) for n in range(46, 57)]
    assert [s.stat(n) for n in range(46, 58)] == [0, -1, 1, -1, 4, -1, 9, -1, 0, 0, 16, True]


def cart(tmp_path, lua, **sections):
    path = tmp_path / "c.p8"
    path.write_text(cart_text(lua, **sections))
    return path


def test_the_console_sounds_735_samples_a_frame_and_lua_sees_stat(tmp_path):
    lua = """function _update() f=(f or 0)+1 if (f==2) sfx(0,1)
 log=(log or "")..stat(47)..","..stat(51).." " end"""
    c = Console.load(cart(tmp_path, lua, sfx={0: sfx_line([note(33, 0, 5)] * 2, 1)})).boot()
    c.run_frames(3)
    assert len(c.audio()) == 3 * 735 and c.audio().dtype == np.int16
    assert str(c.global_("log")) == "-1,-1 0,0 -1,-1 "   # two notes of 183: over by frame 3
    x = c.audio()             # frame 2's call (at time 2/30) sounds from sample 1470
    assert not x[:1470].any() and rms(x[1470:1470 + 366]) > 500


def test_sixty_fps_carts_get_367_or_368_a_frame(tmp_path):
    c = Console.load(cart(tmp_path, "function _update60() end")).boot()
    c.run_frames(7)
    assert len(c.audio()) == 7 * RATE // 60


def test_wav_of_a_run_is_exactly_n_30ths_of_a_second(tmp_path):
    path = cart(tmp_path, "sfx(0)", sfx={0: sfx_line([note(33, 0, 5)] * 32, 8)})
    out = tmp_path / "run.wav"
    r = subprocess.run([sys.executable, "-m", "generator.console", str(path), "--frames", "45",
                        "--wav", str(out)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    rate, x = read_wav(out)
    assert rate == RATE and len(x) == 45 * 735
    c = Console.load(path).boot()
    c.run_frames(45)
    assert (x == c.audio()).all()
    assert out.read_bytes()[:4] == b"RIFF" and out.read_bytes()[22:24] == b"\x01\x00"  # mono


@pytest.mark.parametrize("bad", ["cart", "out", "text", "stdout", "directory"])
def test_wav_follows_the_outputs_rules(tmp_path, bad):
    path = cart(tmp_path, "", sfx={0: sfx_line([], 1)})
    shot = tmp_path / "shot.png"
    target = {"cart": path, "out": shot, "text": tmp_path / "notes.txt", "stdout": "-",
              "directory": tmp_path}[bad]
    if bad == "text":
        target.write_text("my notes\n")
    before = path.read_bytes()
    r = subprocess.run([sys.executable, "-m", "generator.console", str(path), "--out", str(shot),
                        "--wav", str(target)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1
    assert path.read_bytes() == before
    if bad == "text":
        assert target.read_text() == "my notes\n"
