"""How well one colour stands out on another: WCAG 2's relative luminance and contrast ratio.

The ratio is (L1 + 0.05) / (L2 + 0.05) of the lighter and the darker colour's relative
luminance, 1 (the same) to 21 (black on white); WCAG 2 asks 4.5:1 of body text and 3:1 of marks
that carry information (1.4.3, 1.4.11).
"""
from __future__ import annotations


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
