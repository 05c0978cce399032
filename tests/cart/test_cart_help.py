"""What the screens tell a player, read off the displayed pixels: the title's controls from its
first frames."""
import numpy as np

from generator.playtest.player import Player

from cartfixtures import question_box_bottom


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
    """Is the question's box (one colour inside its border) on the screen?"""
    return question_box_bottom(rgb) is not None


def test_clearing_a_blank_board_asks_nothing(built_cart):
    """Up+down (or the menu's clear board) on a blank board: no question over the board, a dull
    sound and "no marks" under the clock (whole, left of the board); with a mark, the
    question as before."""
    p = Player(built_cart.path)
    p.open_puzzle(0, 30)
    p.idle(2)
    assert not p.board().any()
    sounds = len(p.c.sfx_calls)
    p.c.step(["up", "down"])
    p.idle(1)
    assert not p.g("question") and not _question_box(p.c.rgb())
    said = p.c.find_print("no marks")
    assert said and said.x >= 0 and said.x + 4 * len(said.text) <= 52, said
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
    for words in ("left+right: undo", "up+down: clear all", "d-pad: move", "🅾️ fill"):
        assert words in text, words


def _list_on(p: Player, k: int) -> None:
    """From the title to the first world's list, on its puzzle k (from 0; a fresh save)."""
    p.idle(2)
    p.press("o")
    p.press("o")
    while int(p.g("puzzle_index")) < k:
        p.press("down" if k - int(p.g("puzzle_index")) >= 7 else "right")
    p.c.exec("redraw=true")
    p.idle(2)


def _footer(p: Player, y: int) -> list:
    return [r for r in p.c.frames[-1].prints if r.y == y]


def test_the_lists_footer_names_the_marks(built_cart):
    """The footer labels the pips "difficulty" (right before them, at 113..127 on line 120) and
    echoes a picture tile's corner mark (PICO-8's 「, as the tile draws it) beside "picture",
    ink on the footer's ground, the tile's own mark being the same shape."""
    from generator.runtime.font import default_font
    font = default_font()
    corner = {(c, r) for r in range(6) for c in range(8) if font[8 * 24 + r] >> c & 1}
    manifest = built_cart.manifest
    w = manifest["worlds"][0]
    pic = next(k for k in range(w["count"]) if manifest["puzzles"][w["first"] + k]["name"])
    plain = next(k for k in range(w["count"]) if not manifest["puzzles"][w["first"] + k]["name"])
    for k in sorted((pic, plain)):
        p = Player(built_cart.path)
        _list_on(p, k)
        label = [r for r in _footer(p, 120) if r.text == "difficulty"]
        assert label and label[0].x + 4 * len("difficulty") <= 113
        size = [r for r in p.c.frames[-1].prints if "x" in r.text and r.text[0].isdigit()]
        assert len(size) == 1
        rgb = p.c.rgb()
        ground = rgb[size[0].y + 6, 127]
        if k == pic:
            r = size[0]
            assert r.p8scii.endswith("\x18 picture")
            gx = r.x + 4 * r.p8scii.index("\x18")
            ink = {(c, rr) for rr in range(6) for c in range(4)
                   if (rgb[r.y + rr, gx + c] != ground).any()}
            assert ink == corner, sorted(ink)
            tile = (1 + k % 7 * 18, 12 + (k // 7 - int(p.g("top_row"))) * 18)
            tile_ground = rgb[tile[1] + 15, tile[0] + 15]
            tink = {(c, rr) for rr in range(6) for c in range(4)
                    if (rgb[tile[1] + 1 + rr, tile[0] + 1 + c] != tile_ground).any()}
            assert tink == corner, sorted(tink)
        else:
            assert "picture" not in size[0].p8scii


def test_the_prompts_stay_on_the_screen(built_cart):
    """The title's and the world screen's prompts (what 🅾️ and ❎ do) are drawn on every frame
    of a second: a player glancing at the blinking "🅾️ play ❎ back" caught it off three times
    and took the world for one with no way in."""
    p = Player(built_cart.path)
    p.idle(2)
    for prompt in ("options", "play"):
        for _ in range(30):
            p.idle(1)
            assert prompt in p.recent_text(1), prompt
        p.press("o")                                 # the title: on to the worlds
        p.idle(2)
