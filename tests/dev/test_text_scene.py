"""The benchmark's pictures of text (generator.dev.text_scene): the same picture for the same
seed, every letter a 5-row glyph, lines of text with blank rows between them."""
import numpy as np

from generator.dev.text_scene import FONT, GLYPH_H, LINE_GAP, glyph, text_picture


def test_every_letter_is_a_rectangle_of_five_rows_with_ink_in_each_column():
    assert sorted(FONT) == [chr(c) for c in range(ord("a"), ord("z") + 1)]
    for letter in FONT:
        g = glyph(letter)
        assert g.shape[0] == GLYPH_H and 1 <= g.shape[1] <= 5, letter
        assert g.any(axis=0).all(), letter
    assert len({glyph(c).tobytes() for c in FONT}) == len(FONT)


def test_lines_of_text_between_blank_rows_the_same_for_the_same_seed():
    a = text_picture(np.random.default_rng(4), 59, 99)
    b = text_picture(np.random.default_rng(4), 59, 99)
    assert (a == b).all()
    assert not (a == text_picture(np.random.default_rng(5), 59, 99)).all()
    step = GLYPH_H + LINE_GAP
    for y in range(59):
        if y % step >= GLYPH_H:
            assert not a[y].any(), y
    lines = [a[y:y + GLYPH_H] for y in range(0, 59 - GLYPH_H + 1, step)]
    assert len(lines) == 8 and all(line.any(axis=0).sum() > 60 for line in lines)
    assert 0.2 < a.mean() < 0.4
