"""A pure-Python reading of docs/share-codes.md, written from the doc alone, for the cart's tests
(tests/cart/test_share.py, test_editor.py) to hold cart/share.lua to: encode a grid or an endless
seed, decode a text by the doc's reading rules (the reason it is refused, or the puzzle)."""
from __future__ import annotations

import numpy as np

AB = "0123456789abcdefghjkmnpqrstvwxyz"
LENGTH = {5: 8, 10: 23, 15: 48, 14: 6}
NO_KIND = "a code starts 5, a, f or e"      # the first symbol is no kind


def check(values: list[int]) -> list[int]:
    h = 0
    for v in values:
        h = (h * 31 + v + 1) % 1021
    return [h // 32, h % 32]


def encode(grid: np.ndarray) -> str:
    n = grid.shape[0]
    bits = "".join("1" if c else "0" for c in np.asarray(grid, dtype=bool).ravel())
    vals = [n] + [int(bits[i:i + 5], 2) for i in range(0, len(bits), 5)]
    return "".join(AB[v] for v in vals + check(vals))


def encode_seed(seed: int) -> str:
    vals = [14, seed >> 10 & 31, seed >> 5 & 31, seed & 31]
    return "".join(AB[v] for v in vals + check(vals))


def shown(ch: str) -> str:
    """How the cart shows a character of outside text: printable ASCII as itself (capitals as
    small letters: the code font's case), a tab or line end as a space, anything else (P8SCII's
    print commands 0-15, wide glyphs) as "?"."""
    return " " if ch in "\t\n\r" else ch.lower() if " " <= ch <= "~" else "?"


def reference_decode(text: str):
    """(kind, grid or seed) or the reason it is refused, by the doc's reading rules (a code of
    the wrong length: its symbols so far of the length its kind needs, "12/48", or "too long")."""
    table = {c: i for i, c in enumerate(AB)} | {"o": 0, "i": 1, "l": 1}
    vals = []
    for k, ch in enumerate(text, 1):
        if ch in " \t\r\n-":
            continue
        low = ch.lower() if "A" <= ch <= "Z" else ch
        if low not in table:
            return f"bad symbol {shown(ch)} at {k}"
        vals.append(table[low])
    if not vals:
        return "no code"
    kind = vals[0]
    if kind not in LENGTH:
        return NO_KIND
    if len(vals) != LENGTH[kind]:
        return "too long" if len(vals) > LENGTH[kind] else f"{len(vals)}/{LENGTH[kind]}"
    if check(vals[:-2]) != vals[-2:]:
        return "damaged"
    if kind == 14:
        return kind, vals[1] * 1024 + vals[2] * 32 + vals[3]
    bits = "".join(f"{v:05b}" for v in vals[1:-2])
    grid = np.array([c == "1" for c in bits]).reshape(kind, kind)
    return ("empty" if not grid.any() else (kind, grid))


def grid_of(rows) -> np.ndarray:
    return np.array([[ch == "#" for ch in r] for r in rows])


def type_symbol(p, ch: str) -> None:
    """On the cart's code screen, Player p moves the keyboard's cursor (ki: the symbol's value,
    8 to a row) onto symbol ch and types it with O."""
    k = AB.index(ch)
    while int(p.g("key_index")) != k:
        ki = int(p.g("key_index"))
        if ki // 8 != k // 8:
            p.press("down" if k // 8 > ki // 8 else "up")
        else:
            p.press("right" if k > ki else "left")
    p.press("o")
