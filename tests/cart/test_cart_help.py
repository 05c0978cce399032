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


def _question_box(rgb: np.ndarray) -> bool:
    """Is the question's box (2..125 x 54..90, one colour inside its border) on the screen?"""
    inside = rgb[56:89, 4:124].reshape(-1, 3)
    return bool((inside == inside[0]).all(axis=1).mean() > 0.6) and \
        bool((rgb[54, 2:126] == rgb[54, 2]).all() and (rgb[90, 2:126] == rgb[90, 2]).all())


def test_clearing_a_blank_board_asks_nothing(built_cart):
    """Up+down (or the menu's clear board) on a blank board: no question over the board, a dull
    sound and "nothing to clear"; with a mark, the question as before."""
    p = Player(built_cart.path)
    p.open_puzzle(0, 30)
    p.idle(2)
    assert not p.board().any()
    sounds = len(p.c.sfx_calls)
    p.c.step(["up", "down"])
    p.idle(1)
    assert not p.g("question") and not _question_box(p.c.rgb())
    assert "nothing to clear" in p.c.text()
    assert [n for _, n, *_ in p.c.sfx_calls[sounds:]] == [19]
    p.c.choose_menuitem("clear board")
    p.idle(1)
    assert not p.g("question") and not _question_box(p.c.rgb())
    p.idle(60)
    p.press("o")
    p.c.step(["up", "down"])
    p.idle(1)
    assert p.g("question") and _question_box(p.c.rgb())
    assert "clear the whole board?" in p.c.text()


ARROWS = ("⬅️", "➡️", "⬆️", "⬇️")


def test_directions_are_words_not_button_glyphs(built_cart):
    """At 1x the d-pad's glyphs look like the 🅾️/❎ ones ("⬅️➡️ both: music" read as an o/x
    pair): the title, the worlds and create pages and the first puzzle's controls name the
    directions in words and print no arrow glyph; 🅾️ and ❎ stay glyphs."""
    p = Player(built_cart.path)
    p.idle(2)
    said = [p.c.text()]
    p.press("o")
    said.append(p.recent_text(2))
    p.to_create()
    said.append(p.recent_text(2))
    q = Player(built_cart.path)
    q.open_puzzle(0, 0)
    said.append(q.recent_text(8))           # (drawn once: the play screen keeps it)
    text = "\n".join(said)
    assert not [a for a in ARROWS if a in text], text
    for words in ("left+right: music", "up+down: clear", "d-pad: move", "🅾️ fill"):
        assert words in text, words
