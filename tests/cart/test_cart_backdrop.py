"""The world's backdrop behind the solved screen, subdued so the texts over it stay readable, and
none behind the play screen's clues (readers took its fence for one more "1"): checked on the
screens the console draws, in both worlds."""
from __future__ import annotations

import pytest

from generator.cartbuild.palette import CLUE_ROLES, KEEP_CONTRAST, PICO8
from generator.colour.contrast import contrast
from generator.playtest.player import Player, solution


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


def only_plain(p: Player, w: dict, box) -> None:
    """Nothing but the plain backdrop, the highlights, the column bands (9) and the clue colours
    in box."""
    x0, y0, x1, y1 = box
    shown = {int(c) for c in p.c.display()[y0:y1, x0:x1].ravel()}
    colour = {r: w["pal"][w["ui"][r]] for r in range(16)}
    allowed = {colour[r] for r in (0, 8, 9, 15, *CLUE_ROLES)}
    assert shown <= allowed, (w["name"], shown - allowed)
    assert {colour[r] for r in CLUE_ROLES} & shown


@pytest.mark.slow
@pytest.mark.parametrize("wi", [0, 1], ids=["spires", "lookout"])
def test_no_backdrop_behind_clues_and_a_readable_one_when_solved(cart, wi):
    path, m = cart
    w = m["worlds"][wi]
    k = next(i for i, q in enumerate(m["puzzles"][w["first"]:]) if q["size"] == 15)
    p = Player(path)
    p.open_puzzle(wi, k)
    p.move_to(0, 12)                         # the row highlight over the backdrop too
    p.idle(2)
    # (the clue areas up to the 1 px beside the board, where the cursor's ring may lie)
    only_plain(p, w, (0, 52, 51, 128))
    only_plain(p, w, (52, 0, 128, 51))
    p.enter(solution(m, w["first"] + k))
    p.idle(45)
    assert p.on("solved_update")
    check_region(p, w, (0, 106, 128, 128), want_clues=True)   # the time and the prompt, under the frame
