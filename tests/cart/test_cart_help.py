"""What the screens tell a player, read off the displayed pixels: the title's controls from its
first frames."""
import numpy as np

from generator.playtest.player import Player


def _inked(rgb: np.ndarray, y0: int, y1: int) -> int:
    """Pixels of rows y0..y1 not in the colour of the band's top-left pixel (the backdrop)."""
    band = rgb[y0:y1 + 1]
    return int((band != band[0, 0]).any(axis=2).sum())


def test_the_title_shows_its_controls_at_once(built_cart):
    """The controls (rows 60-93, under the logo's subtitle) are on the screen from the title's
    second frame, not after the logo has filled in."""
    p = Player(built_cart.path)
    p.idle(2)
    assert _inked(p.c.rgb(), 59, 94) > 300
    assert "double tap" in p.c.text()
