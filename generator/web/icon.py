"""The page's icon (its tab's favicon): the cart's label (the .p8's __label__ section, the
picture splore and the BBS show) as a PNG data URL, inline so that the page needs no file
beside it and a server is never asked for /favicon.ico. A cart without a label gets an empty
icon, which asks no server either."""
from __future__ import annotations

import base64
import io
from pathlib import Path

from PIL import Image

from generator.pico8 import COLOURS, SECRET_BASE

NO_ICON = "data:,"
SIZE = 128
# a label pixel is one character: 0-9 a-f the standard colours, g-v the secret ones
DIGITS = "0123456789abcdefghijklmnopqrstuv"


def label_pixels(p8_text: str) -> list[int] | None:
    """The __label__ section's 128x128 colours (0-15, 128-143), row by row; None when the cart
    has none or it is not 128 lines of 128 colour characters."""
    lines = p8_text.splitlines()
    try:
        start = lines.index("__label__") + 1
    except ValueError:
        return None
    rows = lines[start:start + SIZE]
    if len(rows) < SIZE or any(len(r) < SIZE for r in rows):
        return None
    out = []
    for row in rows:
        for ch in row[:SIZE].lower():
            k = DIGITS.find(ch)
            if k < 0:
                return None
            out.append(k if k < 16 else SECRET_BASE + k - 16)
    return out


def icon_url(cart_path) -> str:
    """The cart's label as a data:image/png URL, or NO_ICON."""
    pixels = label_pixels(Path(cart_path).read_text(encoding="utf-8", errors="replace"))
    if pixels is None:
        return NO_ICON
    image = Image.new("RGB", (SIZE, SIZE))
    image.putdata([COLOURS[c] for c in pixels])
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
