"""A cart whose __sfx__ or __music__ section is malformed: the console (and its command line)
refuses it with one line naming the file's line and the field, never a traceback; well-formed
sections load as shrinko reads them."""
from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from soundkit import music_line, note, sfx_line
from generator import UserError
from generator.console.cart import read_p8
from generator.pico8 import MUSIC, SFX

GOOD_SFX = sfx_line([note(33, 2, 5, 1)] * 3, 12, loop=(1, 3))
GOOD_MUSIC = music_line([0, None, None, None], flags=3)


def cart_with(tmp_path, sfx_lines=(GOOD_SFX,), music_lines=(GOOD_MUSIC,)):
    text = "\n".join(["pico-8 cartridge // http://www.pico-8.com", "version 42", "__lua__", "x=1",
                      "__sfx__", *sfx_lines, "__music__", *music_lines]) + "\n"
    path = tmp_path / "bad.p8"
    path.write_text(text)
    return path


def refused(path) -> str:
    with pytest.raises(UserError) as e:
        read_p8(path)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(str(path))
    return msg


def test_good_sections_load_where_the_memory_map_says(tmp_path):
    rom = read_p8(cart_with(tmp_path)).rom
    assert rom[SFX + 64:SFX + 68] == bytes([0, 12, 1, 3])
    word = rom[SFX] | rom[SFX + 1] << 8
    assert (word & 63, word >> 6 & 7, word >> 9 & 7, word >> 12 & 7) == (33, 2, 5, 1)
    assert rom[MUSIC:MUSIC + 4] == bytes([0x80, 0xC2, 0x43, 0x44])


@pytest.mark.parametrize("line,where", [
    (GOOD_SFX[:7] + "x" + GOOD_SFX[8:], "line 6: __sfx__ sfx 0, loop end: 'x' is not a hex digit"),
    (GOOD_SFX[:2] + "g" + GOOD_SFX[3:], "line 6: __sfx__ sfx 0, speed: 'g'"),
    (GOOD_SFX[:8 + 5 * 2 + 3] + "9" + GOOD_SFX[8 + 5 * 2 + 4:], "note 2 volume: 9 is over 7"),
    (GOOD_SFX[:8 + 5 * 4 + 4] + "f" + GOOD_SFX[8 + 5 * 4 + 5:], "note 4 effect: 15 is over 7"),
    (GOOD_SFX[:8 + 5 * 7] + "40" + GOOD_SFX[8 + 5 * 7 + 2:], "note 7 pitch: 64 is over 63"),
    (GOOD_SFX[:8 + 5 * 9 + 2] + "?" + GOOD_SFX[8 + 5 * 9 + 3:], "note 9 waveform: '?' is not a hex digit"),
    (GOOD_SFX[:100], "line 6: __sfx__ sfx 0: 100 hex digits; an sfx line has 168"),
    (GOOD_SFX + "0", "169 hex digits"),
])
def test_a_malformed_sfx_line_names_its_line_and_field(tmp_path, line, where):
    assert where in refused(cart_with(tmp_path, (GOOD_SFX, line)[1:]))


@pytest.mark.parametrize("line,where", [
    ("0g 41424344", "line 8: __music__ pattern 0: flags: expected 'FF 01020304'"),
    ("00-41424344", "the space after the flags"),
    ("00 4142z344", "channel 2"),
    ("00 414243", "length"),
    ("00 4142434445", "length"),
])
def test_a_malformed_music_line_names_its_line_and_field(tmp_path, line, where):
    assert where in refused(cart_with(tmp_path, music_lines=(line,)))


def test_more_than_64_lines_is_refused(tmp_path):
    assert "sfx 64: the section has more than 64 lines" in refused(cart_with(tmp_path, [GOOD_SFX] * 65))
    assert "pattern 64" in refused(cart_with(tmp_path, music_lines=[GOOD_MUSIC] * 65))


def test_blank_lines_and_short_sections_are_fine(tmp_path):
    read_p8(cart_with(tmp_path, (GOOD_SFX, "", GOOD_SFX), ("", GOOD_MUSIC)))


def test_the_command_line_says_it_in_one_line(tmp_path):
    path = cart_with(tmp_path, music_lines=("00 41424x44",))
    r = subprocess.run([sys.executable, "-m", "generator.console", str(path)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "line 8: __music__ pattern 0: channel 2" in r.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abcdefxyz -\t", max_size=200), st.booleans())
def test_any_line_either_loads_or_is_one_clear_error(tmp_path_factory, line, as_sfx):
    d = tmp_path_factory.mktemp("fuzz")
    path = cart_with(d, (line,)) if as_sfx else cart_with(d, music_lines=(line,))
    try:
        read_p8(path)
    except UserError as e:
        assert "\n" not in str(e) and ("__sfx__" in str(e) or "__music__" in str(e))
