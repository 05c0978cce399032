"""Snapping to PICO-8's 32 colours: each to itself, by the eye rather than by RGB, the nearest of all."""
import math

from generator.cartbuild.palette import PICO8, snap
from generator.colour.difference import ciede2000, srgb_to_lab


def test_every_pico8_colour_snaps_to_itself():
    for k, rgb in PICO8.items():
        s = snap(rgb)
        assert (s.pico8, s.delta_e) == (k, 0.0)


def test_snap_is_perceptual_not_rgb():
    # a sandy gold: RGB distance picks the coral 143 #ff9d81, CIEDE2000 the orange 9 #ffa300
    c = (241, 194, 107)
    rgb_nearest = min(PICO8, key=lambda k: sum((a - b) ** 2 for a, b in zip(PICO8[k], c)))
    assert rgb_nearest == 143
    assert snap(c).pico8 == 9


def test_snap_picks_the_minimum_over_all_32():
    for c in [(250, 200, 170), (120, 70, 100), (10, 90, 90), (240, 240, 130), (90, 60, 60)]:
        s = snap(c)
        lab = srgb_to_lab(c)
        assert math.isclose(s.delta_e, min(ciede2000(lab, srgb_to_lab(v)) for v in PICO8.values()))
