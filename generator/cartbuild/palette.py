"""Snapping true colours to PICO-8's 32 (generator.pico8.COLOURS) by perceptual distance
(CIEDE2000).

sRGB (0-255) -> linear RGB -> CIE XYZ (D65) -> CIE L*a*b* -> CIEDE2000 colour difference
(Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes",
2005; tests/cartbuild/test_palette.py checks their published test pairs). RGB distance would call a
dark navy closer to black than to a dark blue; CIEDE2000 follows what the eye sees.

PICO-8 colour numbers: 0-15 are the standard palette, 128-143 the "secret" one. A display
palette `pal({[0]=c0, ..., c15}, 1)` maps each of the 16 screen slots to one of these 32.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from generator.pico8 import COLOURS

# A swatch farther than this (CIEDE2000) from every PICO-8 colour is refused: the cart
# could not show anything like it. 10 is "clearly a different colour" but the same family.
MAX_DELTA_E = 10.0


def rgb_hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb[:3])


# PICO-8 colour number -> (r, g, b)
PICO8 = COLOURS

_D65 = (0.95047, 1.0, 1.08883)


def srgb_to_lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an 8-bit sRGB colour."""
    def lin(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(float(c)) for c in rgb[:3])
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _D65))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 difference of two L*a*b* colours (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dLp = L2 - L1
    dCp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    else:
        dhp = h2p - h1p
        if dhp > 180:
            dhp -= 360
        elif dhp < -180:
            dhp += 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp) / 2)

    Lbar = (L1 + L2) / 2
    Cbar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2

    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lbar - 50) ** 2 / math.sqrt(20 + (Lbar - 50) ** 2)
    sc = 1 + 0.045 * Cbar
    sh = 1 + 0.015 * Cbar * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2
                     + rt * (dCp / sc) * (dHp / sh))


_PICO8_LAB = {k: srgb_to_lab(v) for k, v in PICO8.items()}


@dataclass(frozen=True)
class Snap:
    rgb: tuple[int, int, int]      # the drawn colour
    pico8: int                     # nearest PICO-8 colour number (0-15 or 128-143)
    delta_e: float                 # its CIEDE2000 distance


def snap(rgb) -> Snap:
    """Nearest PICO-8 colour by CIEDE2000 (ties go to the lower colour number)."""
    lab = srgb_to_lab(rgb)
    best = min(_PICO8_LAB, key=lambda k: (ciede2000(lab, _PICO8_LAB[k]), k))
    return Snap(tuple(int(c) for c in rgb[:3]), best, ciede2000(lab, _PICO8_LAB[best]))


# ---- the subdued backdrop: the world's art behind the play and solved screens ---------------

CLUE_ROLES = (6, 7, 10)     # ui roles drawn over the backdrop: clue, dim clue, text (cart/draw.lua)
KEEP_CONTRAST = 0.7         # each keeps at least this share of its contrast against the plain backdrop
DIM_TOWARDS = 0.4           # an art colour moves this far from the backdrop colour (in CIELAB)


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    """WCAG contrast ratio of two sRGB colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def dim_table(display: list, ui: list[int]) -> list[int]:
    """A draw-palette table (art slot -> screen slot) that draws the world's art subdued: each
    art colour becomes the screen colour nearest (CIEDE2000) to the point DIM_TOWARDS of the way
    from the backdrop colour (ui role 0) to it in CIELAB, chosen only among colours that keep
    every clue role at least KEEP_CONTRAST of its contrast against the plain backdrop.
    `display` holds the 16 slots' RGB colours."""
    bg = display[ui[0]]
    ok = [s for s in range(16)
          if all(contrast(display[s], display[ui[r]]) >= KEEP_CONTRAST * contrast(bg, display[ui[r]])
                 for r in CLUE_ROLES)]
    lab = [srgb_to_lab(c) for c in display]
    out = []
    for s in range(16):
        t = tuple(b + (a - b) * DIM_TOWARDS for a, b in zip(lab[s], lab[ui[0]]))
        out.append(min(ok, key=lambda j: ciede2000(lab[j], t)))
    return out
