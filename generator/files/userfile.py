"""Reading any file a user handed us: one place for the limits, the encoding and JSON's shape.

Every reader of the toolchain (batches, puzzle files, pictures and their names, worlds.json,
sfx.txt, the cart's Lua, .p8 carts, cartdata, the build manifest) goes through these helpers, so a
file that is too big, not UTF-8, nested too deep or holding the wrong types becomes one
UserError naming the file (and the line or key), never a traceback. The limits are explicit and
generous; their errors say which limit was hit:

- MAX_FILE_BYTES: the longest file read (64 MiB; the shipped batch is about 100 KB);
- MAX_JSON_DEPTH: the deepest JSON nesting (a batch needs 4 levels);
- MAX_DIGITS: the biggest whole number, in digits (clue runs, sizes, counts, offsets);
- MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE: the largest image opened (checked before decoding).

Text is UTF-8; a leading byte-order mark is accepted and dropped.

`Fields` is the typed accessor for JSON objects: `f.int("width", lo=1)`, `f.str("name",
None)` (a default makes the key optional; a null is a wrong type, not an absent key), `f.list("rows", of=str)`, `f.obj("params")`; each error names the file and the key.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
from pathlib import Path

from generator import UserError, shown
from generator.files import pngcheck

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_JSON_DEPTH = 64
MAX_DIGITS = 19
MAX_IMAGE_SIDE = 4096          # docs/commands.md: images up to 4096x4096 pixels
MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE
BOM = "\ufeff"

_JSON_TYPES = {dict: "an object", list: "a list", str: "a string", int: "a whole number",
               float: "a number", bool: "true or false", type(None): "null"}


def kind(value) -> str:
    """What a JSON value is, in words ('a string', 'a list', ...)."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


# ---- bytes and text -----------------------------------------------------------------------

def read_bytes(path, what: str = "file", limit: int | None = None) -> bytes:
    """The file's bytes ('-' = stdin), refused past `limit` (default MAX_FILE_BYTES) bytes;
    OSErrors name the path."""
    limit = MAX_FILE_BYTES if limit is None else limit
    if str(path) == "-":
        data = sys.stdin.buffer.read(limit + 1)
        name = "<stdin>"
    else:
        path = Path(path)
        name = str(path)
        try:
            # opened without blocking: a FIFO no one writes to reads as empty instead of
            # waiting forever (one being written, as by `<(...)`, is read as usual)
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            with os.fdopen(fd, "rb") as f:
                if stat.S_ISDIR(os.fstat(fd).st_mode):
                    raise IsADirectoryError
                os.set_blocking(fd, True)
                data = f.read(limit + 1)
        except IsADirectoryError:
            raise UserError(f"{name}: is a directory, not a {what}") from None
        except OSError as e:
            raise UserError(f"{name}: {e.strerror or e}") from None
    if len(data) > limit:
        size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"
        raise UserError(f"{name}: longer than {size}, the longest {what} read")
    return data


def require_file(path, what: str = "file") -> Path:
    """`path` must name a regular file; else one line saying what it is instead (missing, a
    folder, a device), never just "not found" for something that is there."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise UserError(f"{path}: no such {what}") from None
    except OSError as e:
        raise UserError(f"{path}: {e.strerror or e}") from None
    if stat.S_ISDIR(mode):
        raise UserError(f"{path}: is a folder, not a {what}")
    if not stat.S_ISREG(mode):
        raise UserError(f"{path}: is a device or other special file, not a {what}")
    return path


def decode_text(data: bytes, name: str, what: str = "text file") -> str:
    """UTF-8 text, a byte-order mark dropped; anything else names the byte that is wrong."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise UserError(f"{name}: line {line}: not UTF-8 text (byte 0x{data[e.start]:02x}); "
                        f"a {what} must be UTF-8") from None
    if text.startswith(BOM):
        text = text[1:]
    if "\0" in text:
        line = text[:text.index("\0")].count("\n") + 1
        raise UserError(f"{name}: line {line}: a NUL byte; a {what} holds no binary data")
    return text


def read_text(path, what: str = "text file", limit: int | None = None) -> str:
    """A UTF-8 text file ('-' = stdin) within the size limit; see decode_text."""
    name = "<stdin>" if str(path) == "-" else str(path)
    return decode_text(read_bytes(path, what, limit), name, what)


# ---- PNG images -----------------------------------------------------------------------------

PNG_MAGIC = pngcheck.MAGIC
_COLOUR_TYPES = {0: "greyscale", 2: "RGB (no alpha)", 3: "palette (indexed colour)",
                 4: "greyscale with alpha", 6: "RGBA"}
# Pillow's messages may hold the repr of the buffer it read ("<_io.BytesIO object at 0x...>")
_REPR = re.compile(r"\s*<[\w.]+ object at 0x[0-9a-fA-F]+>")


def png_header(data: bytes, name: str, what: str = "PNG") -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) from a PNG's IHDR, before any decoding."""
    try:
        return pngcheck.header(data)
    except pngcheck.DamagedPng as e:
        why = f"not a PNG ({e})" if not data.startswith(PNG_MAGIC) else f"damaged PNG ({e})"
        raise UserError(f"{name}: cannot read {what} image: {why}") from None


def describe_png(depth: int, ctype: int) -> str:
    return f"{depth}-bit {_COLOUR_TYPES.get(ctype, f'colour type {ctype}')}"


def open_png(path, what: str = "PNG", rgba8_only: bool = False):
    """A PNG file as an RGBA array (h x w x 4 uint8). Size and pixel format are checked from its
    header before decoding: larger than MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE, 16 bits a channel,
    or (with `rgba8_only`) anything but 8-bit RGBA is a UserError that says so; then its whole
    structure (generator.files.pngcheck: chunks, checksums, the palette, pixel data as long as
    its rows need), and a pixel naming a palette entry the palette lacks; so is a file Pillow
    cannot decode."""
    import io
    import warnings

    import numpy as np
    from PIL import Image

    name = str(path)
    data = read_bytes(path, f"{what} image")
    try:
        w, h, depth, ctype = png_header(data, name, what)
    except UserError as e:
        raise UserError(f"{e}; it must be an 8-bit RGBA PNG" if rgba8_only else str(e)) from None
    if w > MAX_IMAGE_SIDE or h > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise UserError(f"{name}: {w}x{h} pixels is larger than the largest image read "
                        f"({MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} pixels)")
    if depth == 16 or (rgba8_only and (depth, ctype) != (8, 6)):
        want = ("an 8-bit RGBA PNG (true colour with an alpha channel)" if rgba8_only
                else "8 bits a channel or fewer")
        raise UserError(f"{name}: the {what} image is a {describe_png(depth, ctype)} PNG; it must be {want}")
    try:
        info = pngcheck.check_png(data)
    except pngcheck.DamagedPng as e:
        raise UserError(f"{name}: cannot read {what} image: damaged PNG ({e})") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=["PNG"]) as im:
                if im.mode == "P" and info.palette is not None:
                    top = im.getextrema()[1]
                    if top >= info.palette:
                        raise UserError(f"{name}: cannot read {what} image: damaged PNG (a pixel "
                                        f"names palette entry {top}; the palette has {info.palette})")
                return np.asarray(im.convert("RGBA"))
    except UserError:
        raise
    except Exception as e:   # Pillow raises many types for damaged files (OSError, SyntaxError, ...)
        detail = _REPR.sub("", str(e).splitlines()[0]) if str(e) else type(e).__name__
        raise UserError(f"{name}: cannot read {what} image: damaged PNG ({detail})") from None


# ---- numbers --------------------------------------------------------------------------------
# The one reader of a number a user wrote, in a file or on the command line (click options go
# through generator.cli.options, which calls these): ASCII digits only (Python's int() and
# float() also take Arabic-Indic, fullwidth and other Unicode digits, and float() takes 'nan'
# and 'inf'), at most MAX_DIGITS digits, finite.

_WHOLE = re.compile(r"-?[0-9]+")
_REAL_CHARS = 64
_REAL = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


class NumberError(ValueError):
    """Why a text is not the number asked for (the message names no file or option)."""


def parse_whole(text: str, lo: int | None = None, hi: int | None = None) -> int:
    """A decimal whole number in ASCII digits (optional '-'), within the digit limit and the
    range; else NumberError saying why."""
    t = text.strip()
    if not _WHOLE.fullmatch(t):
        raise NumberError(f"{shown(t)} is not a whole number (ASCII digits 0-9)")
    digits = len(t) - t.startswith("-")
    if digits > MAX_DIGITS:
        raise NumberError(f"a number of {digits} digits; the limit is {MAX_DIGITS} digits")
    n = int(t)
    _check_range(n, lo, hi)
    return n


def parse_real(text: str, lo: float | None = None, hi: float | None = None) -> float:
    """A decimal number in ASCII ('0.6', '-1', '2e-3'), finite (never nan or inf), within the
    range; else NumberError saying why."""
    t = text.strip()
    if len(t) > _REAL_CHARS:
        raise NumberError(f"a number of {len(t)} characters; the limit is {_REAL_CHARS}")
    if not _REAL.fullmatch(t):
        raise NumberError(f"{shown(t)} is not a number (ASCII digits, finite: not nan or inf)")
    v = float(t)
    if not math.isfinite(v):
        raise NumberError(f"{shown(t)} is too large a number")
    _check_range(v, lo, hi)
    return v


def _check_range(n, lo, hi) -> None:
    if lo is not None and n < lo or hi is not None and n > hi:
        span = f"{lo}..{hi}" if lo is not None and hi is not None else f">= {lo}" if lo is not None else f"<= {hi}"
        raise NumberError(f"{n} is out of range ({span})")


def whole_number(text: str, where: str, lo: int | None = None, hi: int | None = None) -> int:
    """parse_whole, its error a UserError naming `where` (the file and place)."""
    try:
        return parse_whole(text, lo, hi)
    except NumberError as e:
        raise UserError(f"{where}: {e}") from None


def _range(n, where: str, lo, hi) -> None:
    try:
        _check_range(n, lo, hi)
    except NumberError as e:
        raise UserError(f"{where}: {e}") from None


# ---- JSON -----------------------------------------------------------------------------------

def _parse_int(s: str) -> int:
    try:
        return parse_whole(s)           # JSON's whole numbers: the digit limit of every reader
    except NumberError as e:
        raise _TooBig(str(e)) from None


def _parse_float(s: str) -> float:
    v = float(s)
    if not math.isfinite(v):
        raise _TooBig(f"the number {s[:40]} is too big")
    return v


def _parse_constant(s: str):
    raise _TooBig(f"{s} is not a JSON number")


class _TooBig(ValueError):
    pass


_DEPTH_CHUNK = 1 << 22


def text_depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, strings left out, in one linear pass before
    parsing (so a deep or a large file costs no walk over the parsed value): escaped backslash
    pairs, then escaped quotes are dropped (str.replace, left to right, is JSON's own reading of
    a run of backslashes), so every quote left opens or closes a string; the brackets outside
    strings are summed with numpy, a chunk at a time (memory stays a few bytes a character)."""
    import numpy as np

    bare = text.replace("\\\\", "").replace('\\"', "")
    raw = np.frombuffer(bare.encode("utf-8", "replace"), dtype=np.uint8)
    if not raw.size:
        return 0
    inside = np.bitwise_xor.accumulate(raw == 0x22)        # in a string (or its closing quote)
    opens = (raw == 0x5b) | (raw == 0x7b)
    closes = (raw == 0x5d) | (raw == 0x7d)
    step = (opens.astype(np.int8) - closes)[~inside]
    depth = deepest = 0
    for at in range(0, step.size, _DEPTH_CHUNK):
        run = np.cumsum(step[at:at + _DEPTH_CHUNK], dtype=np.int64) + depth
        deepest = max(deepest, int(run.max()))
        depth = int(run[-1])
    return deepest


def parse_json(text: str, name: str):
    """JSON text -> value, within the limits; errors name `name` and the line."""
    if text.startswith(BOM):
        text = text[1:]
    too_deep = UserError(f"{name}: JSON nested deeper than {MAX_JSON_DEPTH} levels, the limit")
    if text_depth(text) > MAX_JSON_DEPTH:
        raise too_deep
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=_parse_constant)
    except json.JSONDecodeError as e:
        # some of json's messages end in "at" ("Invalid control character at"): one "at" here
        raise UserError(f"{name}: malformed JSON ({e.msg.removesuffix(' at')} at line {e.lineno}, "
                        f"column {e.colno})") from None
    except _TooBig as e:
        raise UserError(f"{name}: {e}") from None
    except RecursionError:
        raise too_deep from None
    return value


def read_json(path, what: str = "JSON file"):
    """A JSON file ('-' = stdin) within the limits; see parse_json."""
    name = "<stdin>" if str(path) == "-" else str(path)
    return parse_json(read_text(path, what), name)


# ---- typed fields ---------------------------------------------------------------------------

_MISSING = object()


class Fields:
    """Typed access to one JSON object: each error names `where` (file and place) and the key."""

    def __init__(self, value, where: str, what: str = "an object") -> None:
        if not isinstance(value, dict):
            raise UserError(f"{where}: must be {what}, not {kind(value)}")
        self.d = value
        self.where = where

    def __contains__(self, key) -> bool:
        return key in self.d

    def _get(self, key, optional):
        v = self.d.get(key, _MISSING)
        if v is _MISSING:
            if optional:
                return _MISSING
            raise UserError(f"{self.where}: missing '{key}'")
        return v

    def _bad(self, key, want, v) -> UserError:
        shown = repr(v) if isinstance(v, (int, float, str, bool)) and len(repr(v)) <= 40 else kind(v)
        return UserError(f"{self.where}: '{key}' must be {want}, not {shown}")

    def int(self, key, default=_MISSING, lo: int | None = None, hi: int | None = None):
        v = self._get(key, default is not _MISSING)
        if v is _MISSING:
            return default
        if not isinstance(v, int) or isinstance(v, bool):
            raise self._bad(key, "a whole number", v)
        _range(v, f"{self.where}: '{key}'", lo, hi)
        return v

    def number(self, key, default=_MISSING):
        v = self._get(key, default is not _MISSING)
        if v is _MISSING:
            return default
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise self._bad(key, "a number", v)
        return v

    def str(self, key, default=_MISSING):
        v = self._get(key, default is not _MISSING)
        if v is _MISSING:
            return default
        if not isinstance(v, str):
            raise self._bad(key, "a string", v)
        return v

    def list(self, key, of=None, default=_MISSING):
        """A list; with `of` (a type) every item must be of that type."""
        v = self._get(key, default is not _MISSING)
        if v is _MISSING:
            return default
        if not isinstance(v, list):
            raise self._bad(key, "a list", v)
        if of is not None:
            for i, x in enumerate(v):
                if not isinstance(x, of) or (of is int and isinstance(x, bool)):
                    raise UserError(f"{self.where}: '{key}'[{i}] must be {_JSON_TYPES.get(of, of.__name__)}, "
                                    f"not {kind(x)}")
        return v

    def obj(self, key, default=_MISSING) -> "Fields | None":
        v = self._get(key, default is not _MISSING)
        if v is _MISSING:
            return None if default is None else Fields(default, f"{self.where}: '{key}'")
        return Fields(v, f"{self.where}: '{key}'")
