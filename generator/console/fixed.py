"""PICO-8's 16.16 fixed-point numbers as they cross between Lua and Python.

Numbers arrive from lupaz8 as exact Python ints or floats (multiples of 1/65536). Python must
hand back values that are already 16.16 and in range, or lupaz8 overflows.
"""
from __future__ import annotations

import math


def to_raw(v) -> int:
    """The 32-bit two's complement bits of a PICO-8 number (booleans and nil count as 0/1)."""
    if v is None or v is False:
        return 0
    if v is True:
        return 1 << 16
    return math.floor(v * 65536) & 0xFFFFFFFF


def from_raw(raw: int):
    """A Python number Lua reads back as the 16.16 value with these 32 bits."""
    raw &= 0xFFFFFFFF
    if raw & 0x80000000:
        raw -= 1 << 32
    if raw & 0xFFFF == 0:
        return raw >> 16
    return raw / 65536


def fix(v: float):
    """Round a Python float toward -inf to 16.16 and wrap it into PICO-8's range."""
    return from_raw(to_raw(v))


def parse_number(s: str):
    """A string as PICO-8's tonum() reads it (decimal, 0x hex or 0b binary, either with a
    fraction, optional sign, spaces around), as a 16.16 value; None if it is not a number."""
    t = s.strip(" \t\n\r\f\v")
    sign = -1 if t[:1] == "-" else 1
    t = t[1:] if t[:1] in "+-" and t else t
    if "_" in t:
        return None
    base = {"0x": 16, "0b": 2}.get(t[:2].lower())
    try:
        if base is None:
            if not t or not (t[0].isdigit() or t[0] == "."):   # no inf, nan
                return None
            return fix(sign * float(t))
        whole, _, frac = t[2:].partition(".")
        if not (whole or frac):
            return None
        value = int(whole or "0", base) + (int(frac, base) / base ** len(frac) if frac else 0)
    except ValueError:
        return None
    return fix(sign * value)


def num(v, default=0):
    """A Lua argument as a number: nil -> default, booleans as PICO-8 reads them, numeric
    strings converted as PICO-8 does (`sfx"3"`, `rnd"10"`)."""
    if v is None:
        return default
    if v is True:
        return 1
    if v is False:
        return 0
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str):
        n = parse_number(v)
        if n is not None:
            return n
    raise TypeError(f"expected a number, got {v!r}")


def integer(v, default=0) -> int:
    """A Lua argument floored to an int (the pixel/address form of a number)."""
    return math.floor(num(v, default))
