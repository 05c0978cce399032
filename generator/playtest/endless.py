"""The cart's endless puzzle of a seed, drawn headless: a built cart's own generator
(cart/endless.lua) run in the console, the way the cart draws it when a player comes back to an
endless puzzle (the seed saved, an endless board in progress), so `picross import --code e...`
gets the grid the cart shows. The console's rnd is PICO-8's (the runtime's random.lua): same seed, same sprite.

An endless code names a seed, not a grid: the grid is whatever the given cart's generator
draws from it, so another version of endless.lua may draw another puzzle.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from generator import UserError
from generator.errors import one_line
from generator.console.console import CartError
from generator.playtest.player import Player, shipped_names

MAX_FRAMES = 900        # 30 s of the cart's time; it takes a few frames
ENDLESS_SLOT = 255      # the save's board id of the endless puzzle (cart/endless.lua)


def endless_grid(cart: str | Path, seed: int) -> np.ndarray:
    """The 15x15 bool grid the built `cart` draws for endless `seed` (0..32767); a minified cart
    is read through the rename map in the manifest beside it."""
    try:
        p = Player(Path(cart), names=shipped_names(Path(cart)))
        p.idle(2)
        p.exec(f"recent_boards={{{ENDLESS_SLOT}}} endless_seed={int(seed)} start_endless()")
        for _ in range(MAX_FRAMES):
            if p.g("play_update") and p.on("play_update"):           # the play screen: the puzzle is drawn
                break
            p.idle(1)
        else:
            raise UserError(f"{cart}: no endless puzzle after {MAX_FRAMES} frames")
        try:
            grid = p.sol()
        except (TypeError, ValueError, KeyError, IndexError):     # globals that are not picross8's
            grid = None
        if grid is None or grid.shape != (15, 15):
            raise UserError(f"{cart}: its endless puzzle is not a 15x15 board (is it picross8?)")
    except CartError as e:
        raise UserError(f"{cart}: cannot draw an endless puzzle with this cart "
                        f"({one_line(str(e).splitlines()[0] if str(e) else 'a Lua error', 200)})") from None
    if not grid.any():
        raise UserError(f"{cart}: its endless puzzle is empty")
    return grid
