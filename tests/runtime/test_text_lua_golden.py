"""text.lua's pictures of representative strings, recorded from the console's Python print()
(text.py, which the differential test in test_text_lua.py compares with while it exists):
each case's return value, cursor and pen after, and a SHA-256 prefix of the screen."""
from __future__ import annotations

import hashlib

import pytest

from textlua import TextLua, state

# (string, arguments (x, y, col) / col / None for the cursor, state, return value,
#  (cursor x, cursor y, pen) after, screen digest)
GOLDEN = [
    ('hello world', (3, 4, 7), {}, 47, (3, 10, 7), 'c2a284bf1a1e3a4f'),
    ('0123456789\n!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', (0, 10, 12), {}, 128, (0, 22, 12),
     '3b2865c13b0921b3'),
    ('\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f\nðñòóôõö÷øùúûüýþÿ',
     (0, 30, 9), {}, 128, (0, 42, 9), '617af4473efc3b22'),
    ('ABCDEFGHIJKLMNOPQRSTUVWXYZ\nabcdefghijklmnopqrstuvwxyz', (1, 50, 6), {}, 105,
     (1, 62, 6), 'd035d9e9c975fc80'),
    ('\x06wwide\x06-w \x06ttall\x06-t \x06w\x06tboth', (0, 70, 10), {}, 88, (0, 82, 10),
     '4d3d5bee52d1423b'),
    ('\x02c\x0c1blue bg\x02e\x0c0 pink', (2, 90, None), {}, 50, (2, 96, 0), '82f7267e2ff93197'),
    ('\x01*a\x013\x8b\x0320\x0410\x05kkx', (4, 100, 11), {}, 30, (4, 95, 11), '2f5a154833aab22f'),
    ('tab\tstop\tstops\n\x06s9a\tb\tc', (0, 110, 8), {}, 68, (0, 122, 8), 'cf85c3040b9ea778'),
    ('back\x08\x08ck\rB\n\x06hhome\ngo\x06gG\x06j88j', (20, 20, 14), {}, 36, (20, 38, 14),
     '3a01026447182315'),
    ('\x06x6wide \x06y9tall\nrows', (10, 40, 3), {}, 64, (10, 58, 3), 'f7aba616f3671309'),
    ('\x06:447cb67c3e7f0106\x06.\x01\x02\x04\x08\x10 @\x80cat', (30, 60, 7), {}, 58,
     (30, 68, 7), '616652b62a2b81b2'),
    ('\x0efont\x0f font\n\x0e\x80\x81\x90\x91\tx\x06w\x06tWT', (5, 5, 7), {'font': True}, 58,
     (5, 26, 7), '03a5bb8f2908a964'),
    ('camera', (70, 70, 8), {'cam': (-20, 15)}, 94, (70, 76, 8), 'd2c8c9b38d885950'),
    ('at the cursor\nand scrolled', None, {'cursor': (10, 120), 'screen': 3}, 62,
     (10, 128, 7), '5a956e468196aabe'),
    ('\x0c5pen', 4, {'cursor': (0, 64)}, 12, (0, 70, 5), '962303dace2e5024'),
    # text.py left the cursor at (0, 12); PICO-8 leaves it after a \0-ended text: (16, 6)
    ('\x06c1cls\nthen\x00not this', None, {'screen': 2}, 16, (16, 6, 7), 'da4817fdfc09bcee'),
]


@pytest.fixture(scope="module")
def lua():
    return TextLua()


def call(args):
    if args is None:
        return (1, None, None, None)
    if isinstance(args, int):
        return (2, None, None, args)
    if args[2] is None:
        return (3, args[0], args[1], None)
    return (4, *args)


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: repr(c[0])[:24])
def test_text_lua_draws_the_recorded_picture(lua, case):
    s, args, kw, right, cursor, digest = case
    got_right, after, _ = lua.run(state(**kw), s, *call(args))
    ds = after[0x800:0x840]
    assert got_right == right
    assert (ds[0x26], ds[0x27], ds[0x25]) == cursor
    assert hashlib.sha256(after[0x840:]).hexdigest()[:16] == digest
