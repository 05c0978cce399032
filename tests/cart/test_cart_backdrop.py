"""The world's backdrop behind the play and solved screens, subdued so the clues over it stay
readable: checked on the screens the console draws, in both worlds."""
from __future__ import annotations

import pytest

from generator.cartbuild.palette import CLUE_ROLES, KEEP_CONTRAST, PICO8, contrast
from generator.console.player import Player, solution


@pytest.fixture(scope="module")
def cart(built_cart):
    return built_cart.path, built_cart.manifest


def check_region(p: Player, w: dict, box, want_clues: bool):
    """Every clue colour in box (x0, y0, x1, y1) keeps KEEP_CONTRAST of its contrast against the
    plain backdrop colour against every backdrop colour there, and the backdrop shows."""
    x0, y0, x1, y1 = box
    shown = {int(c) for c in p.c.display()[y0:y1, x0:x1].ravel()}
    colour = {r: w["pal"][w["ui"][r]] for r in range(16)}
    clue = {r: colour[r] for r in CLUE_ROLES if colour[r] in shown}
    behind = shown - set(clue.values()) - {colour[15], colour[8]}   # highlights are not backdrop
    assert behind - {colour[0]}, f"{w['name']}: no backdrop art in {box}"
    if want_clues:
        assert clue, f"{w['name']}: no clue drawn over the backdrop in {box}"
    for r, c in clue.items():
        plain = contrast(PICO8[c], PICO8[colour[0]])
        for b in behind:
            got = contrast(PICO8[c], PICO8[b])
            assert got >= KEEP_CONTRAST * plain, (w["name"], r, c, b, got, plain)
            if r != 7:                        # clues and text: WCAG AA for text
                assert got >= 4.5, (w["name"], r, c, b, got)


@pytest.mark.slow
@pytest.mark.parametrize("wi", [0, 1], ids=["spires", "lookout"])
def test_backdrop_behind_play_and_solved_keeps_clues_readable(cart, wi):
    path, m = cart
    w = m["worlds"][wi]
    k = next(i for i, q in enumerate(m["puzzles"][w["first"]:]) if q["size"] == 15)
    p = Player(path)
    p.open_puzzle(wi, k)
    p.move_to(0, 12)                         # the row highlight over the backdrop too
    p.idle(2)
    check_region(p, w, (0, 104, 52, 128), want_clues=True)
    p.enter(solution(m, w["first"] + k))
    p.idle(45)
    assert p.on("supd")
    check_region(p, w, (0, 106, 128, 128), want_clues=True)   # the time and the prompt, under the frame
