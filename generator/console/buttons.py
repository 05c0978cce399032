"""Scripted buttons for player 0: btn() and btnp() with PICO-8's key repeat.

btnp(i) is true on the frame a button goes down, then again after it has been held 15 frames,
then every 4 frames (30 fps; both doubled under _update60). A cart may poke its own delays at
0x5f5c (initial, 255 = never repeat) and 0x5f5d (repeat), in 30 fps frames; 0 = default. `repeat=False` plays a runtime whose btnp never
repeats (as some PICO-8 players on handhelds behave): true only on the frame of the press.
"""
from __future__ import annotations

from generator.console.fixed import integer
from generator.console.memory import BTNP_DELAY, BTNP_REPEAT

NAMES = {"left": 0, "right": 1, "up": 2, "down": 3, "o": 4, "x": 5}
DEFAULT_DELAY, DEFAULT_REPEAT = 15, 4


def button_index(b) -> int:
    """0-5 from an int or a name (left, right, up, down, o, x)."""
    if isinstance(b, str):
        if b.lower() not in NAMES:
            raise ValueError(f"unknown button {b!r}: use one of {', '.join(NAMES)} or 0-5")
        return NAMES[b.lower()]
    if isinstance(b, int) and 0 <= b < 6:
        return b
    raise ValueError(f"unknown button {b!r}: use one of {', '.join(NAMES)} or 0-5")


class Buttons:
    def __init__(self, ram: bytearray, repeat: bool = True) -> None:
        self.ram = ram
        self.repeat = repeat
        self.held = [False] * 6
        self.frames = [0] * 6   # frames held, 1 on the frame of the press
        self.fps = 30

    def next_frame(self, held) -> None:
        """Enter a frame with the set of buttons `held` (indices or names) down."""
        down = {button_index(b) for b in held}
        for i in range(6):
            self.held[i] = i in down
            self.frames[i] = self.frames[i] + 1 if i in down else 0

    def btn(self, i=None, p=0):
        if i is None:
            return sum(1 << b for b in range(6) if self.held[b]) if not p else 0
        i = integer(i)
        return bool(p in (None, 0) and 0 <= i < 6 and self.held[i])

    def _pressed(self, b: int) -> bool:
        k = self.frames[b] - 1  # 0 on the frame of the press
        if k < 0:
            return False
        if k == 0:
            return True
        if not self.repeat:
            return False
        scale = 2 if self.fps == 60 else 1
        delay = self.ram[BTNP_DELAY] or DEFAULT_DELAY
        every = self.ram[BTNP_REPEAT] or DEFAULT_REPEAT
        if delay == 255:
            return False
        delay, every = delay * scale, every * scale
        return k >= delay and (k - delay) % every == 0

    def btnp(self, i=None, p=0):
        if i is None:
            return sum(1 << b for b in range(6) if self._pressed(b)) if not p else 0
        i = integer(i)
        return bool(p in (None, 0) and 0 <= i < 6 and self._pressed(i))
