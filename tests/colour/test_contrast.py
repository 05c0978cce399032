"""WCAG 2's contrast ratio against the figures its definition gives, and its symmetry."""
import pytest
from hypothesis import given, strategies as st

from generator.colour.contrast import contrast, luminance

rgb = st.tuples(*[st.integers(0, 255)] * 3)


def test_the_ends_of_the_scale():
    assert luminance((0, 0, 0)) == 0.0
    assert luminance((255, 255, 255)) == pytest.approx(1.0)
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)


@pytest.mark.parametrize("ink,paper,ratio", [
    ((0x77, 0x77, 0x77), (255, 255, 255), 4.48),    # the grey just short of AA body text
    ((0x76, 0x76, 0x76), (255, 255, 255), 4.54),    # and the one that passes
    ((255, 0, 0), (255, 255, 255), 4.00),
    ((0, 0, 255), (0, 0, 0), 2.44),
])
def test_known_pairs(ink, paper, ratio):
    assert contrast(ink, paper) == pytest.approx(ratio, abs=0.01)


@given(rgb, rgb)
def test_symmetric_and_between_1_and_21(a, b):
    r = contrast(a, b)
    assert r == contrast(b, a)
    assert 1.0 <= r <= 21.0 + 1e-9
    assert (r == 1.0) == (luminance(a) == luminance(b))
