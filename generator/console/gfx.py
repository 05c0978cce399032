"""PICO-8's drawing API over Memory: primitives, sprites, the map, palettes, fill patterns.

All draw state lives in memory at PICO-8's addresses (see memory.py), so `poke(0x5f00+c, ...)`
and `pal(c, ...)` are the same thing. Coordinates are floored; camera is subtracted, then the
clip rectangle applies. Primitives draw the pen through the draw palette and the fill pattern;
sprites and the map draw through the draw palette and its transparency bits (palt).
"""
from __future__ import annotations

import math

import numpy as np

from generator.console.fixed import from_raw, integer, num, to_raw
from generator.console.memory import (CAMERA, CLIP, CURSOR, DISPLAY_PAL, DRAW_PAL, FILLP,
                                      MAP_AT, MAP_WIDTH, PEN, Memory)

MAP = 0x2000
MAP2 = 0x1000
FLAGS = 0x3000


class Gfx:
    def __init__(self, mem: Memory) -> None:
        self.mem = mem
        self._patterns: dict[bytes, np.ndarray] = {}

    # ---------------------------------------------------------------- state helpers
    def _camera(self) -> tuple[int, int]:
        return self.mem.int16(CAMERA), self.mem.int16(CAMERA + 2)

    def _clip(self) -> tuple[int, int, int, int]:
        r = self.mem.ram
        return r[CLIP], r[CLIP + 1], r[CLIP + 2], r[CLIP + 3]

    def _set_pen(self, col) -> None:
        if col is not None:
            self.mem.ram[PEN] = integer(col) & 0xFF

    def _pattern(self) -> np.ndarray:
        """4x4 screen colours the pen draws at (y&3, x&3); -1 where the pattern is transparent."""
        r = self.mem.ram
        key = bytes(r[DRAW_PAL:DRAW_PAL + 16]) + bytes((r[PEN],)) + bytes(r[FILLP:FILLP + 3])
        pat = self._patterns.get(key)
        if pat is None:
            if len(self._patterns) > 4096:
                self._patterns.clear()
            pat = self._patterns[key] = self._make_pattern()
        return pat

    def _make_pattern(self) -> np.ndarray:
        r = self.mem.ram
        pen = r[PEN]
        c1 = r[DRAW_PAL + (pen & 15)] & 15
        c2 = r[DRAW_PAL + (pen >> 4)] & 15
        bits = r[FILLP] | r[FILLP + 1] << 8
        second = -1 if r[FILLP + 2] & 1 else c2
        out = np.full(16, c1, dtype=np.int16)
        for i in range(16):
            if bits >> (15 - i) & 1:
                out[i] = second
        out = out.reshape(4, 4)
        out.flags.writeable = False
        return out

    def _fill(self, x0: int, y0: int, x1: int, y1: int, pat: np.ndarray) -> None:
        """Fill the screen rectangle x0..x1, y0..y1 (inclusive, after camera) with a pattern."""
        cx0, cy0, cx1, cy1 = self._clip()
        x0, y0 = max(x0, cx0), max(y0, cy0)
        x1, y1 = min(x1, cx1 - 1), min(y1, cy1 - 1)
        if x0 > x1 or y0 > y1:
            return
        region = self.mem.px[y0:y1 + 1, x0:x1 + 1]
        r = self.mem.ram
        if not (r[FILLP] or r[FILLP + 1]):   # no pattern: one colour
            region[:] = pat[0, 0]
            return
        ys = np.arange(y0, y1 + 1) & 3
        xs = np.arange(x0, x1 + 1) & 3
        vals = pat[ys[:, None], xs[None, :]]
        mask = vals >= 0
        region[mask] = vals[mask]

    def _plot(self, x: int, y: int, pat: np.ndarray) -> None:
        cx0, cy0, cx1, cy1 = self._clip()
        if cx0 <= x < cx1 and cy0 <= y < cy1:
            c = pat[y & 3, x & 3]
            if c >= 0:
                self.mem.px[y, x] = c

    def _window(self, x: int, y: int, shape) -> tuple[slice, slice, slice, slice] | None:
        """A (h, w) picture placed at screen x, y, cut to the clip rectangle: (screen rows,
        screen columns, picture rows, picture columns), or None when nothing shows."""
        cx0, cy0, cx1, cy1 = self._clip()
        h, w = shape
        x0, y0 = max(x, cx0), max(y, cy0)
        x1, y1 = min(x + w, cx1), min(y + h, cy1)
        if x0 >= x1 or y0 >= y1:
            return None
        return slice(y0, y1), slice(x0, x1), slice(y0 - y, y1 - y), slice(x0 - x, x1 - x)

    def _blit(self, src: np.ndarray, x: int, y: int) -> None:
        """Draw sheet colours `src` at screen x, y through the draw palette and palt."""
        win = self._window(x, y, src.shape)
        if win is None:
            return
        sy, sx, py, px = win
        lut = np.frombuffer(bytes(self.mem.ram[DRAW_PAL:DRAW_PAL + 16]), dtype=np.uint8)
        mapped = lut[src[py, px]]
        opaque = (mapped & 0x10) == 0
        region = self.mem.px[sy, sx]
        region[opaque] = mapped[opaque] & 15

    def stamp(self, mask: np.ndarray, x: int, y: int, col: int) -> None:
        """Set the pixels of a boolean mask at screen x, y to screen colour col (clipped)."""
        win = self._window(x, y, mask.shape)
        if win is not None:
            sy, sx, py, px = win
            self.mem.px[sy, sx][mask[py, px]] = col

    # ---------------------------------------------------------------- state API
    def cls(self, col=0) -> None:
        self.mem.px[:] = integer(col) & 15
        self.mem.ram[CLIP:CLIP + 4] = bytes([0, 0, 128, 128])
        self.mem.ram[CURSOR:CURSOR + 2] = bytes([0, 0])

    def color(self, col=6):
        old = self.mem.ram[PEN]
        self._set_pen(6 if col is None else col)
        return old

    def camera(self, x=0, y=0):
        old = self._camera()
        self.mem.set_int16(CAMERA, integer(x))
        self.mem.set_int16(CAMERA + 2, integer(y))
        return old

    def clip(self, x=None, y=None, w=None, h=None, previous=None):
        old = self._clip()
        if x is None:
            box = (0, 0, 128, 128)
        else:
            x0, y0 = integer(x), integer(y)
            x1, y1 = x0 + integer(w, 128), y0 + integer(h, 128)
            if previous:
                px0, py0, px1, py1 = old
                x0, y0, x1, y1 = max(x0, px0), max(y0, py0), min(x1, px1), min(y1, py1)
            box = tuple(min(max(v, 0), 128) for v in (x0, y0, x1, y1))
        self.mem.ram[CLIP:CLIP + 4] = bytes(box)
        return old[0], old[1], old[2] - old[0], old[3] - old[1]

    def pal(self, c0=None, c1=None, p=0):
        r = self.mem.ram
        if c0 is None:
            for c in range(16):
                r[DRAW_PAL + c] = c
                r[DISPLAY_PAL + c] = c
            r[DRAW_PAL] |= 0x10
            return
        if not isinstance(c0, (int, float, bool)):  # table form: pal(tbl, p)
            p = integer(c1, 0)
            for k, v in c0.items():
                if isinstance(k, (int, float)) and 0 <= k < 16:
                    self._pal1(int(k), v, p)
            return
        self._pal1(integer(c0) & 15, c0 if c1 is None else c1, integer(p, 0))

    def _pal1(self, c: int, v, p: int) -> None:
        r = self.mem.ram
        v = integer(v)
        if p == 0:
            r[DRAW_PAL + c] = (r[DRAW_PAL + c] & 0x10) | (v & 15)
        elif p == 1:
            r[DISPLAY_PAL + c] = v & 0x8F
        else:
            raise NotImplementedError(f"unimplemented PICO-8 API: pal(..., p={p})")

    def palt(self, c=None, t=None) -> None:
        r = self.mem.ram
        if c is None:
            bits = 0x8000
        elif t is None:
            bits = integer(c) & 0xFFFF
        else:
            c = integer(c) & 15
            r[DRAW_PAL + c] = (r[DRAW_PAL + c] & 15) | (0x10 if t else 0)
            return
        for i in range(16):
            r[DRAW_PAL + i] = (r[DRAW_PAL + i] & 15) | (0x10 if bits >> (15 - i) & 1 else 0)

    def fillp(self, p=0):
        r = self.mem.ram
        raw = to_raw(num(p))
        old = from_raw((r[FILLP] | r[FILLP + 1] << 8) << 16 | (0x8000 if r[FILLP + 2] & 1 else 0))
        pattern = raw >> 16 & 0xFFFF
        r[FILLP] = pattern & 0xFF
        r[FILLP + 1] = pattern >> 8
        r[FILLP + 2] = 1 if raw & 0x8000 else 0
        return old

    # ---------------------------------------------------------------- primitives
    def pset(self, x, y, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        self._plot(integer(x) - cx, integer(y) - cy, self._pattern())

    def pget(self, x, y) -> int:
        cx, cy = self._camera()
        x, y = integer(x) - cx, integer(y) - cy
        if 0 <= x < 128 and 0 <= y < 128:
            return int(self.mem.px[y, x])
        return 0

    def rectfill(self, x0, y0, x1, y1, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x0, x1 = sorted((integer(x0) - cx, integer(x1) - cx))
        y0, y1 = sorted((integer(y0) - cy, integer(y1) - cy))
        self._fill(x0, y0, x1, y1, self._pattern())

    def rect(self, x0, y0, x1, y1, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x0, x1 = sorted((integer(x0) - cx, integer(x1) - cx))
        y0, y1 = sorted((integer(y0) - cy, integer(y1) - cy))
        pat = self._pattern()
        self._fill(x0, y0, x1, y0, pat)
        self._fill(x0, y1, x1, y1, pat)
        self._fill(x0, y0 + 1, x0, y1 - 1, pat)
        self._fill(x1, y0 + 1, x1, y1 - 1, pat)

    def line(self, x0, y0, x1=None, y1=None, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x0, y0 = integer(x0) - cx, integer(y0) - cy
        x1, y1 = (x0, y0) if x1 is None else (integer(x1) - cx, integer(y1) - cy)
        pat = self._pattern()
        for x, y in line_points(x0, y0, x1, y1):
            self._plot(x, y, pat)

    def circ(self, x, y, r, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x, y, r = integer(x) - cx, integer(y) - cy, integer(r)
        pat = self._pattern()
        for dx, dy in circle_octant(r):
            for px, py in {(dx, dy), (dy, dx), (-dx, dy), (-dy, dx),
                           (dx, -dy), (dy, -dx), (-dx, -dy), (-dy, -dx)}:
                self._plot(x + px, y + py, pat)

    def circfill(self, x, y, r, col=None) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x, y, r = integer(x) - cx, integer(y) - cy, integer(r)
        pat = self._pattern()
        half = {}
        for dx, dy in circle_octant(r):
            for row, w in ((dy, dx), (-dy, dx), (dx, dy), (-dx, dy)):
                half[row] = max(half.get(row, 0), w)
        for row, w in half.items():
            self._fill(x - w, y + row, x + w, y + row, pat)

    def oval(self, x0, y0, x1, y1, col=None, fill=False) -> None:
        self._set_pen(col)
        cx, cy = self._camera()
        x0, x1 = sorted((integer(x0) - cx, integer(x1) - cx))
        y0, y1 = sorted((integer(y0) - cy, integer(y1) - cy))
        mask = oval_mask(x1 - x0 + 1, y1 - y0 + 1)
        if not fill:
            inner = np.zeros_like(mask)
            inner[1:-1, 1:-1] = (mask[1:-1, 1:-1] & mask[:-2, 1:-1] & mask[2:, 1:-1]
                                 & mask[1:-1, :-2] & mask[1:-1, 2:])
            mask = mask & ~inner
        pat = self._pattern()
        for (i, j) in zip(*np.nonzero(mask)):
            self._plot(x0 + int(j), y0 + int(i), pat)

    def ovalfill(self, x0, y0, x1, y1, col=None) -> None:
        self.oval(x0, y0, x1, y1, col, fill=True)

    # ---------------------------------------------------------------- sprites and map
    def sget(self, x, y) -> int:
        x, y = integer(x), integer(y)
        if 0 <= x < 128 and 0 <= y < 128:
            return int(self.mem.sheet()[y, x])
        return 0

    def sset(self, x, y, col=None) -> None:
        self._set_pen(col)
        x, y = integer(x), integer(y)
        if 0 <= x < 128 and 0 <= y < 128:
            a = self.mem.sheet_address() + y * 64 + x // 2
            b = self.mem.peek(a)
            c = self.mem.ram[PEN] & 15
            self.mem.poke(a, (b & 0xF0) | c if x % 2 == 0 else (b & 0x0F) | c << 4)

    def _sheet_rect(self, sx: int, sy: int, w: int, h: int) -> np.ndarray:
        """Sheet pixels sx..sx+w, sy..sy+h; outside the sheet reads as colour 0."""
        out = np.zeros((max(h, 0), max(w, 0)), dtype=np.uint8)
        sheet = self.mem.sheet()
        x0, y0, x1, y1 = max(sx, 0), max(sy, 0), min(sx + w, 128), min(sy + h, 128)
        if x0 < x1 and y0 < y1:
            out[y0 - sy:y1 - sy, x0 - sx:x1 - sx] = sheet[y0:y1, x0:x1]
        return out

    def spr(self, n, x, y, w=1, h=1, flip_x=False, flip_y=False) -> None:
        n = integer(n) & 0xFF
        src = self._sheet_rect(n % 16 * 8, n // 16 * 8,
                               math.floor(num(w, 1) * 8), math.floor(num(h, 1) * 8))
        if flip_x:
            src = src[:, ::-1]
        if flip_y:
            src = src[::-1, :]
        cx, cy = self._camera()
        self._blit(src, integer(x) - cx, integer(y) - cy)

    def sspr(self, sx, sy, sw, sh, dx, dy, dw=None, dh=None, flip_x=False, flip_y=False) -> None:
        sx, sy, sw, sh = integer(sx), integer(sy), integer(sw), integer(sh)
        dx, dy, dw, dh = integer(dx), integer(dy), integer(dw, sw), integer(dh, sh)
        # A negative destination size flips the picture, dx/dy then being its right/bottom
        # edge; a negative source size draws nothing (zep on the BBS: 0.1.1 "allows you to use
        # negative target dimensions with sspr()"; the BBS "sspr_tester" cart's notes).
        if dw < 0:
            dx, dw, flip_x = dx + dw, -dw, not flip_x
        if dh < 0:
            dy, dh, flip_y = dy + dh, -dh, not flip_y
        if sw <= 0 or sh <= 0 or dw == 0 or dh == 0:
            return
        src = self._sheet_rect(sx, sy, sw, sh)
        cols = np.arange(dw) * sw // dw
        rows = np.arange(dh) * sh // dh
        out = src[rows[:, None], cols[None, :]]
        if flip_x:
            out = out[:, ::-1]
        if flip_y:
            out = out[::-1, :]
        cx, cy = self._camera()
        self._blit(out, dx - cx, dy - cy)

    def _map_addresser(self):
        """A function giving the address of map cell x, y, or None outside the map. The map is
        where 0x5f56 and 0x5f57 say (manual, "Remapping Graphics and Map Data"): by default 128
        wide at 0x2000, its rows 32-63 in the shared 0x1000-0x1fff; else `width` wide from the
        given address (0x30-0x3f meaning 0x10-0x1f), as many rows as fit below 0x3000 (or
        0x10000)."""
        r = self.mem.ram
        base, width = r[MAP_AT] << 8, r[MAP_WIDTH] or 256
        if base == MAP and width == 128:
            return default_map_address
        if 0x3000 <= base < 0x4000:
            base -= 0x2000
        end = 0x3000 if base < 0x3000 else 0x10000

        def address(x: int, y: int):
            a = base + y * width + x
            return a if 0 <= x < width and y >= 0 and a < end else None
        return address

    def mget(self, x, y) -> int:
        a = self._map_addresser()(integer(x), integer(y))
        return 0 if a is None else self.mem.ram[a]

    def mset(self, x, y, v) -> None:
        a = self._map_addresser()(integer(x), integer(y))
        if a is not None:
            self.mem.poke(a, integer(v))

    def fget(self, n, f=None):
        flags = self.mem.ram[FLAGS + (integer(n) & 0xFF)]
        if f is None:
            return flags
        return bool(flags >> (integer(f) & 7) & 1)

    def fset(self, n, f=None, v=None) -> None:
        a = FLAGS + (integer(n) & 0xFF)
        if v is None:
            self.mem.ram[a] = integer(f) & 0xFF
        else:
            bit = 1 << (integer(f) & 7)
            self.mem.ram[a] = self.mem.ram[a] | bit if v else self.mem.ram[a] & ~bit

    def map(self, cel_x=0, cel_y=0, sx=0, sy=0, cel_w=128, cel_h=32, layers=0) -> None:
        cel_x, cel_y, sx, sy = integer(cel_x), integer(cel_y), integer(sx), integer(sy)
        cel_w, cel_h, layers = integer(cel_w, 128), integer(cel_h, 32), integer(layers)
        cx, cy = self._camera()
        sheet = self.mem.sheet()
        address = self._map_addresser()
        for j in range(cel_h):
            for i in range(cel_w):
                a = address(cel_x + i, cel_y + j)
                t = 0 if a is None else self.mem.ram[a]
                if t == 0 or (layers and self.mem.ram[FLAGS + t] & layers != layers):
                    continue
                src = sheet[t // 16 * 8:t // 16 * 8 + 8, t % 16 * 8:t % 16 * 8 + 8]
                self._blit(src, sx + i * 8 - cx, sy + j * 8 - cy)


def default_map_address(x: int, y: int):
    """The address of map cell x, y in PICO-8's default map layout (None outside it)."""
    if not (0 <= x < 128 and 0 <= y < 64):
        return None
    return MAP + y * 128 + x if y < 32 else MAP2 + (y - 32) * 128 + x


def line_points(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Pixels of a line, both ends included: step along the longer axis, round the other."""
    dx, dy = x1 - x0, y1 - y0
    n = max(abs(dx), abs(dy))
    if n == 0:
        return [(x0, y0)]
    return [(x0 + (i * dx * 2 + n) // (2 * n), y0 + (i * dy * 2 + n) // (2 * n))
            for i in range(n + 1)]


def circle_octant(r: int) -> list[tuple[int, int]]:
    """(dx, dy) with dx >= dy of a midpoint circle of radius r; empty for r < 0."""
    if r < 0:
        return []
    pts = []
    x, y, d = r, 0, 1 - r
    while y <= x:
        pts.append((x, y))
        y += 1
        if d < 0:
            d += 2 * y + 1
        else:
            x -= 1
            d += 2 * (y - x) + 1
    return pts


def oval_mask(w: int, h: int) -> np.ndarray:
    """Boolean h x w mask of the ellipse inscribed in a w x h box (pixel centres inside)."""
    ys = (np.arange(h) + 0.5 - h / 2) / (h / 2)
    xs = (np.arange(w) + 0.5 - w / 2) / (w / 2)
    return ys[:, None] ** 2 + xs[None, :] ** 2 <= 1.0
