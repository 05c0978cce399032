"""What the console keeps of a frame: its buttons, its instruction count and what print() drew
in it (made every frame and every print, so cheap to make)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from generator.console.cart import p8_to_unicode


class PrintRecord(NamedTuple):
    """One print() call (a named tuple: made on every call, it must be cheap to make, so the
    text is kept as printed and turned into unicode only when asked for)."""
    p8scii: str    # the text as print() took it, a character a byte
    x: int
    y: int
    colour: int    # pen colour (draw slot 0-15, before the draw palette)

    @property
    def text(self) -> str:
        """The text in unicode (P8SCII glyphs as shrinko names them, e.g. "⬅️")."""
        return p8_to_unicode(self.p8scii)


@dataclass
class Frame:
    index: int
    buttons: frozenset
    instructions: int = 0
    prints: list = field(default_factory=list)
