"""The cart's code screen (create, then enter a code) under hostile pastes: every byte 0-255, alone
and inside a code, and every P8SCII command sequence (PICO-8's print reads characters 0-15 as
commands: `\\^@` writes memory, `\\a` plays sound, `\\v` decorates, ...). None may reach print:
the screen shows the pasted text as printable ASCII (capitals as small letters, a tab or line end
as a space, anything else "?", all in the code font), the message under it is one readable line, nothing fails, and neither the save
(0x5e00-0x5eff) nor the cart's data in memory changes."""
from __future__ import annotations

import re

import pytest

from generator.playtest.player import Player, saved_progress

from cartfixtures import code_groups

SAVE = range(0x5E00, 0x5F00)
# the cart's own data (gfx, map, flags, music, sfx) and the user memory it leaves alone
DATA = range(0x0000, 0x5600)
MESSAGE = re.compile(r"^(bad symbol [ -~] at \d+|a code starts 5, a, f or e|\d+/\d+|too long|damaged|"
                     r"empty|pick or paste a code|checking|needs a guess)$")


def printable(text: str) -> str:
    """How the screen must show outside text, written from the rule (independent of the Lua)."""
    return "".join(" " if c in "\t\n\r" else c.lower() if " " <= c <= "~" else "?" for c in text)


@pytest.fixture(scope="module")
def screen(built_cart):
    """A player on the code screen, with progress in the save (best times and a board)."""
    path = built_cart.path
    store = saved_progress(path, {0: 75, 5: 300})
    p = Player(path, store)
    p.open_puzzle(0, 2)
    p.press("o")                                # a board in progress
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("x")                                # the list, then the worlds
    p.idle(1)
    p.to_create()
    for _ in range(3):
        p.press("down")                         # 5x5, 10x10, 15x15, enter a code
    p.press("o")
    assert p.on("code_update")
    p.idle(2)
    return p


def paste_and_read(p: Player, text: str) -> tuple[str, str]:
    """Paste `text` (after a neutral one, so that it is read as new); (shown text, message)."""
    p.c.paste("0")
    p.idle(1)
    p.c.paste(text)
    p.idle(2)
    prints = p.c.frames[-1].prints
    shown = [r.p8scii for r in prints if (r.x, r.y) == (4, 12)]
    message = [r.text for r in prints if r.y == 90]
    assert len(shown) == 1 and len(message) == 1, [r.text for r in prints]
    return shown[0], message[0]


def hostile_texts():
    yield from (chr(b) for b in range(256))
    yield from ("5az" + chr(b) + "z" for b in range(256))
    # every "\^" command (a byte after chr(6), on or turned off with "-"), with parameters that
    # would write the save's header or beyond
    for b in range(256):
        yield "\x06" + chr(b) + "5e000004ffffffff"
        yield "\x06-" + chr(b) + "0"
    yield "\x06@5e000004ffffffff"
    yield "\x06!5e00ffffffff"
    yield "5azz\x06@5e000004ffffffffe4wm"
    # every other command with parameters and at the end of the text
    for c in range(16):
        for tail in ("", "0", "f", "z", "ff", "5e", "\x06", "\x00abc"):
            yield chr(c) + tail
            yield "5azze4w" + chr(c) + tail


@pytest.mark.slow
def test_every_byte_and_p8scii_command_pasted_is_shown_safely(screen):
    p = screen
    save = p.c.peek(SAVE.start, len(SAVE))
    data = p.c.peek(DATA.start, len(DATA))
    for text in hostile_texts():
        shown, message = paste_and_read(p, text)
        want = printable(text[:255])
        assert shown == "\x0e" + code_groups(want[:48]), repr(text)   # (\14: the code font)
        assert MESSAGE.match(message), (repr(text), message)
        bad = re.match(r"bad symbol (.) at (\d+)", message)
        if bad:
            assert bad.group(1) == want[int(bad.group(2)) - 1], repr(text)
        assert p.on("code_update"), repr(text)
        assert p.c.peek(SAVE.start, len(SAVE)) == save, repr(text)
        assert p.c.peek(DATA.start, len(DATA)) == data, repr(text)
    assert p.c.max_instructions <= p.c.budget


def test_the_lua_rule_maps_every_byte_to_one_printable_character(screen):
    c = screen.c
    for b in range(256):
        got = c.exec(f"return printable(chr({b}))")
        assert got == printable(chr(b)), b
