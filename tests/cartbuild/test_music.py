"""generator.cartbuild.music: cart/music.txt packed into __music__, checked against shrinko's
reading of the written .p8, and its mistakes refused in one line."""
import pytest

import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
from pico_cart import read_cart

from generator import UserError
from generator.cartbuild.music import PATTERNS, check_worlds, pack_music, parse_music
from generator.cartbuild.p8file import music_lines
from generator.cartbuild.sfx import SFX_BASE, SFX_BYTES, pack_sfx, parse_sfx
from generator.pico8 import MUSIC

EFFECTS = parse_sfx("1 a speed=9 c2:050\n2 b speed=9 e2:040\n3 quiet speed=9 c2:000 .\n")


def test_matches_shrinkos_reading(tmp_path):
    rom = bytearray(0x4300)
    text = "0 w 1 2 . . start\n1 w 2 . 1 .\n2 w . 1 . 2 end\n5 j 1 1 1 1 stop\n"
    (tmp_path / "m.txt").write_text(text)
    pack_music(rom, tmp_path / "m.txt", EFFECTS)
    cart = tmp_path / "c.p8"
    cart.write_text("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n\n__music__\n"
                    + "\n".join(music_lines(rom)) + "\n")
    theirs = bytes(read_cart(str(cart)).rom[MUSIC:MUSIC + 4 * PATTERNS])
    assert bytes(rom[MUSIC:MUSIC + 4 * PATTERNS]) == theirs
    assert music_lines(rom)[:3] == ["01 01024344", "00 02420144", "02 41014302"]
    assert music_lines(rom)[5] == "04 01010101"
    assert music_lines(rom)[3] == "00 41424344"          # empty: silent on every channel


def test_the_carts_music_packs_with_its_effects():
    rom = bytearray(0x4300)
    effects = pack_sfx(rom, "cart/sfx.txt")
    pats = pack_music(rom, "cart/music.txt", effects, ["spires", "lookout"])
    # one loop a world, 8-16 patterns, at 0 and 16; the jingle at 63 (the last) stops
    for start in (0, 16):
        loop = []
        p = start
        while True:
            loop.append(pats[p])
            if "end" in pats[p].flags:
                break
            p += 1
        assert 8 <= len(loop) <= 16 and "start" in loop[0].flags
        for pat in loop:
            assert pat.chans[3] is None                    # channel 3 is the effects'
            assert pat.chans[0] is not None                # the melody's channel sets the length
            for s in (c for c in pat.chans[:3] if c is not None):    # a channel may rest
                data = rom[SFX_BASE + s * SFX_BYTES:SFX_BASE + (s + 1) * SFX_BYTES]
                assert data[65] > 0 and any(b & 0x0E for b in data[1:64:2])
    assert "stop" in pats[63].flags and not set(range(32, 48)) & set(pats)   # a third world's room


@pytest.mark.parametrize("text, message", [
    ("0 w 1 2 .", "expected"),
    ("64 w 1 . . . start end", "pattern"),
    ("0 w 1 . . . start end\n0 w 1 . . . start end", "twice"),
    ("0 W 1 . . . start end", "label"),
    ("0 w x . . . start end", "sfx slot"),
    ("0 w 9 . . . start end", "does not define"),
    ("0 w 3 . . . start end", "silent"),
    ("0 w . . . . start end", "every channel"),
    ("0 w 1 . . . start loop", "unknown flag"),
    ("0 w 1 . . . end end", "twice"),
    ("0 w 1 . . . end", "no 'start'"),
    ("0 w 1 . . . start\n2 w 1 . . . end", "empty"),
])
def test_refuses_bad_lines(text, message):
    with pytest.raises(UserError, match=message) as e:
        parse_music(text, EFFECTS, "m.txt")
    assert "\n" not in str(e.value) and str(e.value).startswith("m.txt:")


def test_each_world_has_its_loop_where_the_cart_looks():
    pats = parse_music("0 spires 1 . . . start end\n16 lookout 1 . . . start end", EFFECTS)
    check_worlds(pats, ["spires", "lookout"], "m.txt")
    with pytest.raises(UserError, match="'lookout' needs its loop at pattern 16"):
        check_worlds(parse_music("0 spires 1 . . . start end\n17 lookout 1 . . . start end", EFFECTS),
                     ["spires", "lookout"], "m.txt")


def test_a_worlds_loop_stays_in_its_16_patterns():
    full = "".join(f"{p} spires 1 . . . {'start' if p == 0 else ''} {'end' if p == 15 else ''}\n"
                   for p in range(16))
    check_worlds(parse_music(full + "16 lookout 1 . . . start end", EFFECTS), ["spires", "lookout"], "m.txt")
    over = full.replace(" end\n", "\n") + "16 spires 1 . . . end\n"
    with pytest.raises(UserError, match="runs from pattern 0 to 16; it must end by pattern 15") as e:
        check_worlds(parse_music(over, EFFECTS), ["spires"], "m.txt")
    assert "\n" not in str(e.value)


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(UserError, match="no such music file"):
        pack_music(bytearray(0x4300), tmp_path / "nope.txt", EFFECTS)


def test_each_worlds_loop_varies_as_it_goes():
    """A minute of music in sections, not one phrase over and over: each world's loop plays at
    least 8 melodies (channel 0) and 6 bass lines (channel 1), and no two consecutive patterns
    come back together (a repeat is a single pattern, then the music moves on)."""
    effects = parse_sfx(open("cart/sfx.txt").read())
    pats = parse_music(open("cart/music.txt").read(), effects)
    for first in (0, 16):
        loop = [first]
        while "end" not in pats[loop[-1]].flags:
            loop.append(loop[-1] + 1)
        chans = [tuple(pats[p].chans) for p in loop]
        assert len({c[0] for c in chans}) >= 8 and len({c[1] for c in chans}) >= 6
        pairs = list(zip(chans, chans[1:] + chans[:1]))      # the last pattern leads to the first
        assert len(set(pairs)) == len(pairs), f"loop at {first}: two patterns in a row recur"
