"""The six buttons of player 0 by name, for scripts and the command line.

btn() and btnp() themselves, with PICO-8's key repeat, are the runtime's
(generator/runtime/input.lua): the console hands it the mask of the buttons held each frame.
"""
from __future__ import annotations


NAMES = {"left": 0, "right": 1, "up": 2, "down": 3, "o": 4, "x": 5}


def button_index(b) -> int:
    """0-5 from an int or a name (left, right, up, down, o, x)."""
    if isinstance(b, str):
        if b.lower() not in NAMES:
            raise ValueError(f"unknown button {b!r}: use one of {', '.join(NAMES)} or 0-5")
        return NAMES[b.lower()]
    if isinstance(b, int) and 0 <= b < 6:
        return b
    raise ValueError(f"unknown button {b!r}: use one of {', '.join(NAMES)} or 0-5")
