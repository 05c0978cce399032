"""Each world's colour roles held to the contrast its texts need, when the cart is built.

tests/cart/test_legibility.py measures every text and clue number on the displayed screen; this
is the same rule named by colour role, so that a world whose palette would print unreadable
text (a new world's, or a shipped one retouched) is refused by `make cart` in one line, before
anyone plays it. The pairs are where cart/*.lua draws text: ink role on background role.
"""
from __future__ import annotations

from generator import UserError
from generator.cartbuild.palette import contrast
from generator.cartbuild.worlds import ROLES

TEXT = 4.5      # WCAG 2's AA for body text: PICO-8's 3x5 font is as small as text gets
DIM = 1.5       # a dimmed clue number recedes, yet can still be read

# (ink role, background role, least contrast)
PAIRS = (
    # the screens' texts, clue numbers and the cursor's lit ones, on the backdrop
    ("text", "backdrop", TEXT),
    ("clue", "backdrop", TEXT),
    # secondary text (tips, "back", counts, the words where the clock stands)
    ("picture_half_lit", "backdrop", TEXT),
    # questions and share codes, the bands under every other column's clues, boards in progress
    ("text", "clue_highlight", TEXT),
    ("clue", "clue_highlight", TEXT),
    # placed runs' numbers, on both backgrounds
    ("dim_clue", "backdrop", DIM),
    ("dim_clue", "clue_highlight", DIM),
)


def check_world(name: str, display: list, ui: list[int], where: str = "cart/worlds.json") -> None:
    """Refuse world `name` if a pair of PAIRS is under its least contrast. `display` holds the
    16 slots' RGB colours, `ui` the slot of each role in ROLES order."""
    for ink, bg, least in PAIRS:
        a, b = display[ui[ROLES.index(ink)]], display[ui[ROLES.index(bg)]]
        ratio = contrast(a, b)
        if ratio < least:
            raise UserError(f"{where} ({name}): ui role {ink!r} on {bg!r} is {ratio:.2f}:1, and "
                            f"the cart prints text so: it needs {least}:1 (docs/new-world.md, "
                            "colour roles)")
