"""generator.cartbuild.sfx against shrinko's reading of the same effects written in .p8 text form."""
import pytest

import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
from pico_cart import read_cart

from generator import UserError
from generator.cartbuild.sfx import SFX_BASE, SFX_BYTES, pack_sfx, parse_sfx


def p8_sfx_line(speed, notes):
    """The __sfx__ text of one effect: header bytes, then pitch(2) wave vol fx per note."""
    body = "".join(f"{p:02x}{w:x}{v:x}{f:x}" for p, w, v, f in notes)
    return f"00{speed:02x}0000" + body.ljust(160, "0")


def test_matches_shrinkos_reading(tmp_path):
    notes = [(24, 0, 5, 0), (31, 6, 2, 3), (63, 7, 7, 5), (0, 0, 0, 0), (49, 3, 4, 1)]
    text = "2 demo speed=9 c2:050 g2:623 d#5:775 . c#4:341\n"
    cart = tmp_path / "c.p8"
    cart.write_text("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n\n"
                    "__sfx__\n" + "0" * 168 + "\n" + "0" * 168 + "\n" + p8_sfx_line(9, notes) + "\n")
    rom = read_cart(str(cart)).rom
    want = bytes(rom[SFX_BASE + 2 * SFX_BYTES:SFX_BASE + 3 * SFX_BYTES])
    assert parse_sfx(text)[2] == want


def test_the_carts_effects_pack(tmp_path):
    rom = bytearray(0x4300)
    pack_sfx(rom, "cart/sfx.txt")
    # fill, cross, clear, line, solved, move: all present and audible
    for slot in range(6):
        data = rom[SFX_BASE + slot * SFX_BYTES:SFX_BASE + (slot + 1) * SFX_BYTES]
        assert data[65] > 0 and any(data[1:64:2])


@pytest.mark.parametrize("line", ["0 x speed=2 h4:050", "0 x speed=2 e5:050", "0 x speed=0 c1:050",
                                  "0 x c1:050", "64 x speed=2 c1:050", "0 x speed=2 c1:85"])
def test_refuses_bad_lines(line):
    with pytest.raises(UserError):
        parse_sfx(line)


def test_refuses_a_slot_twice():
    with pytest.raises(UserError, match="twice"):
        parse_sfx("1 a speed=2 c1:050\n1 b speed=2 c1:050")
