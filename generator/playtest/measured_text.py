"""What a player can read: texts and clue numbers measured on the displayed screen.

The console is told where the cart writes (`instrument` wraps the cart's `print` and its clue
`num` to note each call's place, text and screen slot); everything else is measured on the
pixels as displayed at the end of the frame, after both palettes, as a player sees them:

- a text's ink is the pixels its glyphs set (PICO-8's font, drawn where the cart printed it)
  that still show its colour when the frame is done; a clue number's ink is the pixels of its
  box (`clue_box`) in its colour (none when the whole box is: covered by a box of that colour);
- a text's background is the most common colour of the pixels touching the ink (the 8-neighbour
  ring around every stroke, the ink left out): what the strokes must stand out from; a clue
  number's, the most common colour in its box between its strokes (the band or highlight it
  sits on; its box is no wider than a column);
- contrast is WCAG 2's ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05), 1 to 21;
- two clue numbers are apart by the background pixels between their inks (Chebyshev: 0 when
  they touch, diagonally too); `apart` says whether a player sees them as two: side by side on
  one line at least 2 px, and at least 3 px more than the 1 px inside a two-digit number when
  one of them is one (readers took "1 11 1" 3 px apart for "1 1 1 1", and "15" 1 px from a "1"
  for "151"), but column numbers on different backgrounds (neighbouring columns' bands) 1 px;
  on lines one above the other 1 px, PICO-8's own line spacing (a column's numbers,
  neighbouring rows' clues);
- a clue number's surround (its box, and the gap either side of it along its row, or the line
  above and below it in its column) shows one colour besides its ink: the plain backdrop or a
  highlight, never the backdrop's art (a fence behind a row clue read as one more "1").

This measures; the rules it is held to (4.5:1 for text, 1.5:1 and at most half the live
contrast for dimmed clues) are in tests/cart/test_legibility.py.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from generator import runtime
from generator.colour.contrast import contrast
from generator.console.memory import DISPLAY_PAL, Memory
from generator.console.picture import display_colours
from generator.pico8 import COLOURS

# Lua run once after boot: each print and num call of a frame is noted in __seen (reset by
# `seen`): kind, text or value, x, y on the screen (less the camera, 0x5f28: the list's tiles
# are drawn with the camera on their corner), the screen slot it draws in (after the draw
# palette)
INSTRUMENT = """
__seen={}
local _print,_num=print,draw_number
local function cam(x,y)
 if (y) return x-peek2(0x5f28),y-peek2(0x5f2a)
 return x,y
end
function print(...)
 local s,x,y,c=...
 if (y==nil) c=x
 x,y=cam(x,y)
 add(__seen,{"t",tostr(s),x,y,peek(0x5f00+((c or peek(0x5f25))&15))&15})
 return _print(...)
end
if _num then
 function draw_number(v,x,y,c)
  local sx,sy=cam(x,y)
  add(__seen,{"n",tostr(v),sx,sy,peek(0x5f00+(c&15))&15,c,clue_font and clue_font[12],clue_font and clue_font[13]})
  return _num(v,x,y,c)
 end
end
"""


def instrument(console) -> None:
    console.exec(INSTRUMENT, "=measured_text")


def clue_box(value: int, height: int = 4, width: int = 3) -> tuple[int, int]:
    """(width, height) of a clue number as cart/draw.lua's draw_number draws it: digits `width`
    px wide (4 for the rows' font, 3 for the columns') and `height` tall (4 for the rows' font,
    5 for the columns'); a 1 in the 4 px font is its flag, stroke and foot, 3 px. In the rows'
    font 10-15 are a flag and stroke (2 px), a 1 px gap and a digit (11: 6 px, its second 1
    footed); in the columns' 10-15 are a bar, a gap
    and a digit, 11 two bars 1 px apart, 3 px (drawn 1 px in from where it is placed: see
    `seen`)."""
    if width > 3 and value > 9:
        return 3 + clue_box(value - 10, height, width)[0], height
    if value == 11:
        return 3, height
    if value > 9:
        return 2 + width, height
    return (3 if width > 3 and value == 1 else width), height


@dataclass
class Item:
    kind: str                # "text" (print) or "clue" (num)
    text: str                # P8SCII text, or the clue's value
    x: int
    y: int
    role: int | None         # clue numbers: the cart's colour role (6 clue, 7 dim)
    ink: np.ndarray          # (k, 2) y, x of the ink pixels still showing
    drawn: int               # pixels the glyphs set (the ink when nothing covers it)
    ink_rgb: tuple
    bg_rgb: tuple | None
    ratio: float             # ink against background; 0 when nothing of it shows
    behind: int = 0          # clue numbers: colours in its surround other than its ink (1: plain)
    box: tuple = (3, 4)      # clue numbers: (width, height) of its box (clue_box)

    @property
    def visible(self) -> bool:
        return self.drawn > 0 and len(self.ink) * 2 >= self.drawn

    def where(self) -> str:
        return f"{self.kind} {self.text!r} at {self.x},{self.y}"


# Lua run in a bare runtime: the screen cleared, identity palettes, pen 1, the full clip, no
# camera, then the text drawn as print() draws it (text.lua's draw_text, no cursor or scroll)
PAINT = """
local rt = ...
return function(s, x, y)
 rt.reset()
 memset(0x6000, 0, 0x2000)
 poke(0x5f00, 0)
 poke(0x5f25, 1)
 rt.draw_text(s, x, y)
end
"""


@functools.lru_cache(maxsize=1)
def _painter():
    """(paint(text, x, y), memory): generator/runtime in a lupaz8 of its own."""
    from lupaz8 import luaz8
    lua = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True)
    rt = runtime.load(lua)
    mem = Memory(lua)
    mem.clear()
    return lua.execute(PAINT, rt), mem


@functools.lru_cache(maxsize=4096)
def _text_pixels(text: str, x: int, y: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """(mask, (y0, y1, x0, x1)): the pixels print(text, x, y) sets, drawn on a blank screen with
    PICO-8's font by the runtime, within their bounding box (empty when none is on screen)."""
    paint, mem = _painter()
    paint(text, x, y)
    px = mem.px
    ys, xs = np.nonzero(px)
    if not len(ys):
        return np.zeros((0, 0), dtype=bool), (0, 0, 0, 0)
    box = (int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1)
    return px[box[0]:box[1], box[2]:box[3]] != 0, box


def _ring(mask: np.ndarray) -> np.ndarray:
    """The pixels 8-touching `mask` (padded by one all round), outside it."""
    h, w = mask.shape
    grown = np.zeros((h + 2, w + 2), dtype=bool)
    for dy in range(3):
        for dx in range(3):
            grown[dy:dy + h, dx:dx + w] |= mask
    inner = np.zeros_like(grown)
    inner[1:-1, 1:-1] = mask
    return grown & ~inner


def _window(a: np.ndarray, y0: int, y1: int, x0: int, x1: int, fill) -> np.ndarray:
    """a[y0:y1, x0:x1], reaching off the screen (filled with `fill` there)."""
    out = np.full((y1 - y0, x1 - x0), fill, dtype=a.dtype)
    sy0, sy1, sx0, sx1 = max(y0, 0), min(y1, 128), max(x0, 0), min(x1, 128)
    if sy0 < sy1 and sx0 < sx1:
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = a[sy0:sy1, sx0:sx1]
    return out


def seen(console) -> list[Item]:
    """Every text and clue number the cart drew in the frame just run, measured on the display,
    and the record emptied for the next frame."""
    n = int(console.exec("return #__seen", "=measured_text") or 0)
    t = console.global_("__seen")
    raw = [t[i + 1] for i in range(n)]
    if n:
        console.exec("__seen={}", "=measured_text")
    lut = np.frombuffer(console.mem.read(DISPLAY_PAL, 16), dtype=np.uint8) & 0x8F
    shown = display_colours(console.mem).astype(np.int16)   # each pixel's colour (0-15, 128-143)
    items = []
    for r in raw:
        kind, text = ("text" if r[1] == "t" else "clue"), str(r[2])
        x, y, slot = int(r[3]), int(r[4]), int(r[5])
        role = None if kind == "text" else int(r[6])
        high = 4 if kind == "text" or r[7] is None else int(r[7]) + 1   # the font num drew in
        wide = 3 if kind == "text" or r[8] is None else int(r[8])
        if kind == "clue" and text == "11" and wide < 4:
            x += 1                      # draw_number draws the columns' 11's bars 1 px in from x
        m = _measure(kind, text, x, y, int(lut[slot]), shown, high, wide)
        if m is not None:
            items.append(Item(kind, text, x, y, role, *m))
    return items


_measured: dict = {}


def _measure(kind: str, text: str, x: int, y: int, colour: int, shown: np.ndarray, high: int = 4,
             wide: int = 3):
    """(ink, drawn, ink rgb, background rgb, ratio) of one text or clue number (`high` px tall),
    and for a clue number the colours behind it (`_behind`), or None when none of it is on
    screen."""
    m = _measure_once(kind, text, x, y, colour, shown, high, wide)
    if m is None or kind != "clue":
        return m
    w, h = clue_box(int(float(text)), high, wide)
    return m + (_behind(shown, x, y, x + w, y + h, colour), (w, h))


def _measure_once(kind: str, text: str, x: int, y: int, colour: int, shown: np.ndarray,
                  high: int = 4, wide: int = 3):
    """`_measure`'s first five, the same item on the same pixels measured once."""
    if kind == "text":
        drawn, (y0, y1, x0, x1) = _text_pixels(text, x, y)
    else:
        w, h = clue_box(int(float(text)), high, wide)
        y0, y1, x0, x1 = y, y + h, x, x + w
        drawn = None
    if y1 <= y0 or x1 <= x0:
        return None
    here = _window(shown, y0 - 1, y1 + 1, x0 - 1, x1 + 1, -1)
    key = (kind, text, x, y, colour, high, wide, here.tobytes())
    if key in _measured:
        return _measured[key]
    if drawn is None:
        drawn = here[1:-1, 1:-1] == colour
        if drawn.all():                      # no glyph fills its box: covered by its colour
            drawn = np.zeros_like(drawn)
    ink = drawn & (here[1:-1, 1:-1] == colour)
    ring = _ring(drawn) & (here != colour) & (here >= 0)
    if kind == "clue" and (~drawn).any():
        ring = np.zeros_like(ring)           # a clue number: what shows in its box between strokes
        ring[1:-1, 1:-1] = ~drawn
    bg_rgb, ratio = None, 0.0
    if ink.any() and ring.any():
        vals, counts = np.unique(here[ring], return_counts=True)
        bg_rgb = _rgb(int(vals[counts.argmax()]))
        ratio = contrast(_rgb(colour), bg_rgb)
    ys, xs = np.nonzero(ink)
    m = (np.stack([ys + y0, xs + x0], axis=1), int(drawn.sum()), _rgb(colour), bg_rgb, ratio)
    if len(_measured) > 50_000:
        _measured.clear()
    _measured[key] = m
    return m


BOARD_X = 52     # cart/draw.lua's bx: row clues stand left of the board, column clues above it


def _behind(shown: np.ndarray, x0: int, y0: int, x1: int, y1: int, colour: int) -> int:
    """How many colours other than the ink show in a clue number's surround: its box widened by
    the widest gap a neighbour must keep either side along a row (up to the board), or by a line
    above and below in a column (its stack's line spacing); off the screen left out."""
    if x1 <= BOARD_X:
        d = INSIDE_GAP + OUTSIDE_MORE
        here = _window(shown, y0, y1, x0 - d, min(x1 + d, BOARD_X), -1)
    else:
        here = _window(shown, y0 - 1, y1 + 1, x0, x1, -1)
    return len(set(np.unique(here).tolist()) - {colour, -1})


def _rgb(c: int) -> tuple[int, int, int]:
    return tuple(COLOURS[c & 0x8F])


def gap(a: Item, b: Item) -> int:
    """Background pixels between two inks, the closer way (0: they touch, diagonally too)."""
    if not len(a.ink) or not len(b.ink):
        return 99
    d = np.abs(a.ink[:, None, :] - b.ink[None, :, :]).max(axis=2)
    return int(d.min()) - 1


def one_line(a: Item, b: Item) -> bool:
    """Are two inks on one line, side by side (their rows overlap)? Otherwise they are on lines
    one above the other (a column clue's numbers, neighbouring rows' clues, a lifted number),
    read apart as lines of text are."""
    return bool(a.ink[:, 0].min() <= b.ink[:, 0].max() and b.ink[:, 0].min() <= a.ink[:, 0].max())


SIDE_GAP = 2       # background pixels between single-digit numbers side by side
INSIDE_GAP = 1     # the gap inside a two-digit number (cart/draw.lua's num: a bar, 1 px, a digit)
OUTSIDE_MORE = 3   # beside a two-digit number, a gap wider than INSIDE_GAP by this much
LINE_GAP = 1       # between numbers on different lines (PICO-8's own line spacing)
COLUMN_GAP = 1     # between column numbers side by side on different backgrounds (their bands)


def side_gap(a: Item, b: Item) -> int:
    """Least background pixels between two numbers side by side on one line: INSIDE_GAP +
    OUTSIDE_MORE when either has two digits (so that its own gap reads as inside it), else
    SIDE_GAP."""
    two = max(int(float(a.text)), int(float(b.text))) > 9
    return INSIDE_GAP + OUTSIDE_MORE if two else SIDE_GAP


def apart(a: Item, b: Item, g: int) -> bool:
    """Does a player see two clue numbers `g` background pixels apart as two numbers: side by
    side at least `side_gap`, or, column numbers (above the board), COLUMN_GAP on different
    backgrounds (neighbouring columns' bands: a two-digit number fills its 5 px column); on
    different lines at least LINE_GAP?"""
    if one_line(a, b):
        column = min(a.ink[:, 1].min(), b.ink[:, 1].min()) >= BOARD_X
        if column and a.bg_rgb != b.bg_rgb and g >= COLUMN_GAP:
            return True
        return g >= side_gap(a, b)
    return g >= LINE_GAP


def neighbours(items: list[Item], within: int = INSIDE_GAP + OUTSIDE_MORE) -> list[tuple[Item, Item, int]]:
    """Pairs of clue numbers a player may not tell apart (`apart` fails), with their gap."""
    clues = [it for it in items if it.kind == "clue" and len(it.ink)]
    if len(clues) < 2:
        return []
    b = np.array([(it.ink[:, 0].min(), it.ink[:, 0].max(), it.ink[:, 1].min(), it.ink[:, 1].max())
                  for it in clues])
    near = ((b[None, :, 0] <= b[:, None, 1] + within) & (b[:, None, 0] <= b[None, :, 1] + within)
            & (b[None, :, 2] <= b[:, None, 3] + within) & (b[:, None, 2] <= b[None, :, 3] + within))
    out = []
    for i, j in zip(*np.nonzero(np.triu(near, 1))):
        g = gap(clues[i], clues[j])
        if not apart(clues[i], clues[j], g):
            out.append((clues[i], clues[j], g))
    return out
