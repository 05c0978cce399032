"""Each world's colour roles held to the contrast its texts and marks need, when the cart is built.

tests/cart/test_legibility.py measures every text and clue number on the displayed screen; this
is the same rule named by colour role, so that a world whose palette would print unreadable
text (a new world's, or a shipped one retouched) is refused by `make cart` in one line, before
anyone plays it. The pairs are where cart/*.lua draws text: ink role on background role; the
marks (tests/cart/test_cart_marks_contrast.py measures them on the screen) likewise.
"""
from __future__ import annotations

from generator import UserError
from generator.colour.contrast import contrast
from generator.colour.difference import ciede2000, srgb_to_lab
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
    # questions and share codes, the cursor's strips behind its clues, boards in progress
    ("text", "clue_highlight", TEXT),
    ("clue", "clue_highlight", TEXT),
    # the list's tiles: their numbers and sizes in the fill on paper (paper on the fill on a
    # board in progress)
    ("fill", "paper", TEXT),
    # placed runs' numbers, on both backgrounds
    ("dim_clue", "backdrop", DIM),
    ("dim_clue", "clue_highlight", DIM),
)


MARK = 3.0      # WCAG 2's non-text contrast (1.4.11): marks that carry information

# (mark role, the role under or beside it, what the cart draws so); at least MARK. The marks
# drawn in the text colour on the backdrop (the footer's pips, the list's cursor, the keyboard's
# box, the progress bar) are held by the text pairs above.
MARKS = (
    # (fill on paper, the tiles' pips and a board in progress, is a text pair above)
    ("fill", "grid", "a tile's fifth pip and a picture's corner mark beside its border"),
    # a player found ember lookout's crosses (2.60:1 on the lit lines) nearly invisible
    ("cross", "paper", "crosses on blank cells"),
    ("cross", "highlight", "crosses in the cursor's row and column"),
)
# The board's cursor is a frame on its cell's grid lines, ringed outside (on its neighbours'
# edges): the frame stands MARK from the grid and guide lines it covers, the ring MARK from
# filled cells and from the frame, so that the cursor shows on paper and among fills alike.
# The build picks both colours from the world's roles (cursor_frame); a frame that blinked
# between two fixed roles was faint on the grid in one of them (1.46:1 in pastel spires).
CURSOR_FRAME_OVER = ("grid", "guide")
CURSOR_RING_OVER = ("fill",)


def cursor_frame(name: str, display: list, ui: list[int],
                 where: str = "cart/worlds.json") -> tuple[int, int]:
    """The roles (as ROLES indices) the board's cursor is drawn in: its frame, the role
    standing furthest from the lines it covers (the least of its ratios to CURSOR_FRAME_OVER),
    and its ring, the role standing furthest from filled cells and from the frame; the first
    in ROLES order on a tie. A world where either stands under MARK is refused in one line."""
    def ratio(a: int, b: str) -> float:
        return contrast(display[ui[a]], display[ui[ROLES.index(b)]])

    def least(r: int, over: tuple) -> float:
        return min(ratio(r, b) for b in over)

    roles = range(len(ROLES))
    frame = max(roles, key=lambda r: (least(r, CURSOR_FRAME_OVER), -r))
    ring_over = CURSOR_RING_OVER + (ROLES[frame],)
    ring = max(roles, key=lambda r: (least(r, ring_over), -r))
    for role, over in ((frame, CURSOR_FRAME_OVER), (ring, ring_over)):
        if least(role, over) < MARK:
            bg = min(over, key=lambda b: ratio(role, b))
            raise UserError(f"{where} ({name}): no ui role stands {MARK}:1 from {bg!r} (the best, "
                            f"{ROLES[role]!r}, is {ratio(role, bg):.2f}:1), and the cart draws "
                            f"the board's cursor over it (docs/new-world.md, colour roles)")
    return frame, ring


# Behind the clues, side by side: the backdrop, every other line's band (the 'cursor' role) and
# the cursor's own line (clue_highlight). Readers counting a row of 1s on the lit row of pastel
# spires (its white 13.9 CIEDE2000 from the peach backdrop) counted one too few or too many: each
# pair of these stands at least BAND apart, so a line reads as its own.
BAND = 18.0
BANDS = ("backdrop", "cursor", "clue_highlight")

# Filled cells stand on the paper, framed by the backdrop: in the backdrop's colour (ember
# lookout's fill was its backdrop's slot, and two players took its filled rows for holes) they
# read as holes cut through the paper, not as paint. Fresh readers scored fills of that board
# from 1 (holes) to 5 (painted): every fill under 22 apart (CIEDE2000) from the backdrop scored
# 3 or less from one of them (black, 20.9 apart, 3 and 4; the backdrop's own, 1 from all four);
# crimson (25.7) 5 from all four, blue (31.2) 5 and 5, dark teal (39.3) 4 and 4.
FILL_APART = 22.0


def check_world(name: str, display: list, ui: list[int],
                where: str = "cart/worlds.json") -> tuple[int, int]:
    """Refuse world `name` if a pair of PAIRS is under its least contrast, a mark (MARKS,
    the cursor) under MARK, the fill closer to the backdrop than FILL_APART, or two of BANDS
    closer than BAND; else return the board cursor's
    two roles (cursor_frame), which the world's record keeps. `display` holds the 16 slots'
    RGB colours, `ui` the slot of each role in ROLES order."""
    def ratio(a: str, b: str) -> float:
        return contrast(display[ui[ROLES.index(a)]], display[ui[ROLES.index(b)]])

    def apart(a: str, b: str) -> float:
        return ciede2000(srgb_to_lab(display[ui[ROLES.index(a)]]),
                         srgb_to_lab(display[ui[ROLES.index(b)]]))

    def refuse(ink: str, bg: str, r: float, least: float, what: str) -> None:
        raise UserError(f"{where} ({name}): ui role {ink!r} on {bg!r} is {r:.2f}:1, and "
                        f"the cart {what}: it needs {least}:1 (docs/new-world.md, colour roles)")

    for ink, bg, least in PAIRS:
        if ratio(ink, bg) < least:
            refuse(ink, bg, ratio(ink, bg), least, "prints text so")
    for ink, bg, what in MARKS:
        if ratio(ink, bg) < MARK:
            refuse(ink, bg, ratio(ink, bg), MARK, f"draws {what} so")
    d = apart("fill", "backdrop")
    if d < FILL_APART:
        raise UserError(f"{where} ({name}): ui roles 'fill' and 'backdrop' are {d:.1f} apart "
                        f"(CIEDE2000), and filled cells in the backdrop's colour read as holes "
                        f"in the paper: they need {FILL_APART:g} (docs/new-world.md, colour roles)")
    for i, a in enumerate(BANDS):
        for b in BANDS[i + 1:]:
            d = apart(a, b)
            if d < BAND:
                raise UserError(f"{where} ({name}): ui roles {a!r} and {b!r} are {d:.1f} apart "
                                f"(CIEDE2000), and the cart draws them side by side behind the "
                                f"clues: they need {BAND:g} (docs/new-world.md, colour roles)")
    return cursor_frame(name, display, ui, where)
