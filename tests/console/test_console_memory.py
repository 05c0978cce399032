"""Console memory and line drawing over many inputs (hypothesis), without Lua."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.console.gfx import Gfx, line_points
from generator.console.memory import SCREEN, Memory

addr = st.integers(0, 0xFFFF)


@settings(max_examples=200, deadline=None)
@given(addr, st.binary(min_size=1, max_size=300))
def test_write_then_read_round_trips_across_the_screen(a, data):
    m = Memory()
    m.write(a, data)
    n = min(len(data), 0x10000 - a)
    assert m.read(a, n) == data[:n]
    assert bytes(m.peek(a + i) for i in range(n)) == data[:n]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 127), st.integers(0, 127), st.integers(0, 15))
def test_screen_bytes_are_pixel_pairs_low_nibble_left(x, y, c):
    m = Memory()
    m.px[y, x] = c
    b = m.peek(SCREEN + y * 64 + x // 2)
    assert (b & 15 if x % 2 == 0 else b >> 4) == c
    m2 = Memory()
    m2.poke(SCREEN + y * 64 + x // 2, b)
    assert m2.px[y, x] == c


@settings(max_examples=100, deadline=None)
@given(addr, addr, st.integers(0, 400))
def test_memcpy_equals_read_then_write(dest, src, n):
    rng = np.random.default_rng(dest * 65536 + src)
    m = Memory()
    m.write(0, rng.integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    expect = m.read(src, n)
    m.memcpy(dest, src, n)
    assert m.read(dest, len(expect)) == expect[:0x10000 - dest]


coord = st.integers(-40, 170)


@settings(max_examples=300, deadline=None)
@given(coord, coord, coord, coord)
def test_line_is_connected_one_pixel_per_step_with_both_ends(x0, y0, x1, y1):
    pts = line_points(x0, y0, x1, y1)
    assert pts[0] == (x0, y0) and pts[-1] == (x1, y1)
    assert len(pts) == max(abs(x1 - x0), abs(y1 - y0)) + 1
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        assert max(abs(bx - ax), abs(by - ay)) == 1


@settings(max_examples=100, deadline=None)
@given(coord, coord, coord, coord)
def test_rectfill_fills_exactly_the_clipped_box(x0, y0, x1, y1):
    m = Memory()
    m.reset_draw_state()
    Gfx(m).rectfill(x0, y0, x1, y1, 7)
    ys, xs = np.mgrid[0:128, 0:128]
    inside = ((min(x0, x1) <= xs) & (xs <= max(x0, x1))
              & (min(y0, y1) <= ys) & (ys <= max(y0, y1)))
    assert np.array_equal(m.px == 7, inside)
