"""RGB as terminal colour numbers: the nearest of xterm's 256 and of the 8 basic colours."""
from hypothesis import given, strategies as st

from generator.play.xterm import BASIC8, basic8, xterm256

rgb = st.tuples(*[st.integers(0, 255)] * 3)


def _xterm_rgb(n):
    """xterm's own table: the 6x6x6 cube from 16, the 24 greys from 232."""
    if n >= 232:
        return (8 + 10 * (n - 232),) * 3
    n -= 16
    return tuple((0, 95, 135, 175, 215, 255)[d] for d in (n // 36, n // 6 % 6, n % 6))


def test_terminal_colour_numbers():
    assert xterm256((0, 0, 0)) == 16 and xterm256((255, 255, 255)) == 231
    assert xterm256((128, 128, 128)) == 244 and xterm256((255, 0, 77)) == 197
    assert basic8((255, 0, 77)) == 1 and basic8((41, 173, 255)) == 6


@given(rgb)
def test_xterm256_is_the_nearest_of_its_cube_and_greys(c):
    def d(n):
        return sum((a - b) ** 2 for a, b in zip(c, _xterm_rgb(n)))
    assert 16 <= xterm256(c) <= 255
    assert d(xterm256(c)) == min(d(n) for n in range(16, 256))


@given(rgb)
def test_basic8_never_picks_black(c):
    n = basic8(c)
    assert 1 <= n <= 7 and BASIC8[n] != (0, 0, 0)
