"""How a solved picture without colours of its own is coloured: the cart's shading rule.

The twin of `shade` in cart/draw.lua (tests/cart holds them to the same answers). Light comes
from the top left; each filled cell gets one of the world's four picture roles:

  14 (shadow)    its right or lower neighbour is open (empty, or off the board);
  11 (lit)       otherwise, its left or upper neighbour is open;
  13 (half-lit)  otherwise, its lower-right neighbour is open;
  12 (body)      anything else.

So a shape reads as a lit solid with an outline on its shadow side, whatever its drawing. The
roles become colours through the world's ui table (the slot each role is drawn in,
cart/worlds.json) and its palette.
"""
from __future__ import annotations

import numpy as np

SHADOW, LIT, HALF, BODY = 14, 11, 13, 12


def shade_roles(solution) -> np.ndarray:
    """The role (11-14) of each filled cell, 0 on empty ones."""
    sol = np.asarray(solution, dtype=bool)
    h, w = sol.shape
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = sol

    def at(dy, dx):
        return pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]

    shadow = ~(at(0, 1) & at(1, 0))
    lit = ~shadow & ~(at(0, -1) & at(-1, 0))
    half = ~shadow & ~lit & ~at(1, 1)
    roles = np.select([shadow, lit, half], [SHADOW, LIT, HALF], BODY)
    return np.where(sol, roles, 0).astype(np.int8)


def shade_slots(solution, ui) -> np.ndarray:
    """The rule's colours as a world's screen slots (its ui table maps role -> slot); -1 on
    empty cells."""
    roles = shade_roles(solution)
    slots = np.asarray(ui, dtype=np.int8)[roles]
    return np.where(roles > 0, slots, -1).astype(np.int8)
