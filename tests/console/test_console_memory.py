"""Console memory (the host's view of lupaz8's memory) and the runtime's rectangles and lines,
over many inputs (hypothesis)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from lupaz8 import luaz8

from generator import runtime
from generator.console.memory import SCREEN, Memory

addr = st.integers(0, 0xFFFF)

LUA = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True)
RT = runtime.load(LUA)
MEM = Memory(LUA)
G = LUA.globals()


def fresh() -> Memory:
    MEM.clear()
    RT.reset()
    return MEM


@settings(max_examples=200, deadline=None)
@given(addr, st.binary(min_size=1, max_size=300))
def test_write_then_read_round_trips_across_the_screen(a, data):
    m = fresh()
    m.write(a, data)
    n = min(len(data), 0x10000 - a)
    assert m.read(a, n) == data[:n]
    assert bytes(m.peek(a + i) for i in range(n)) == data[:n]
    assert bytes(G.peek(a + i - (0x10000 if a + i >= 0x8000 else 0)) for i in range(n)) == data[:n]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 127), st.integers(0, 127), st.integers(0, 15))
def test_screen_bytes_are_pixel_pairs_low_nibble_left(x, y, c):
    m = fresh()
    G.pset(x, y, c)
    b = m.peek(SCREEN + y * 64 + x // 2)
    assert (b & 15 if x % 2 == 0 else b >> 4) == c
    assert m.px[y, x] == c and np.count_nonzero(m.px) == (c != 0)


@settings(max_examples=100, deadline=None)
@given(addr, addr, st.integers(0, 400))
def test_memcpy_equals_read_then_write(dest, src, n):
    rng = np.random.default_rng(dest * 65536 + src)
    m = fresh()
    m.write(0, rng.integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    expect = m.read(src, n)
    m.memcpy(dest, src, n)
    assert m.read(dest, len(expect)) == expect[:0x10000 - dest]


coord = st.integers(-40, 170)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 127), st.integers(0, 127), st.integers(0, 127), st.integers(0, 127))
def test_line_is_connected_one_pixel_per_step_with_both_ends(x0, y0, x1, y1):
    m = fresh()
    G.line(x0, y0, x1, y1, 7)
    ys, xs = np.nonzero(m.px == 7)
    pts = set(zip(xs.tolist(), ys.tolist()))
    assert (x0, y0) in pts and (x1, y1) in pts
    assert len(pts) == max(abs(x1 - x0), abs(y1 - y0)) + 1
    # one pixel per step along the longer axis, each 8-touching the next
    major = 0 if abs(x1 - x0) >= abs(y1 - y0) else 1
    order = sorted(pts, key=lambda p: p[major])
    for (ax, ay), (bx, by) in zip(order, order[1:]):
        assert max(abs(bx - ax), abs(by - ay)) == 1


@settings(max_examples=100, deadline=None)
@given(coord, coord, coord, coord)
def test_rectfill_fills_exactly_the_clipped_box(x0, y0, x1, y1):
    m = fresh()
    G.rectfill(x0, y0, x1, y1, 7)
    ys, xs = np.mgrid[0:128, 0:128]
    inside = ((min(x0, x1) <= xs) & (xs <= max(x0, x1))
              & (min(y0, y1) <= ys) & (ys <= max(y0, y1)))
    assert np.array_equal(m.px == 7, inside)


@settings(max_examples=100, deadline=None)
@given(coord, coord, st.integers(0, 60))
def test_circfill_is_the_midpoint_disc(x, y, r):
    # every pixel within r - 0.5 of the centre is in, none beyond r + 0.5
    m = fresh()
    G.circfill(x, y, r, 7)
    ys, xs = np.mgrid[0:128, 0:128]
    d2 = (xs - x) ** 2 + (ys - y) ** 2
    drawn = m.px == 7
    assert drawn[d2 <= (r - 0.5) ** 2].all() if r > 0 else True
    assert not drawn[d2 > (r + 0.5) ** 2].any()
