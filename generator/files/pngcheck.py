"""A PNG's structure, checked before Pillow decodes it (Pillow forgives what a user must hear of).

`check_png(data)` walks the chunks (PNG specification, 3rd edition, sections 5 and 11) and
says in words what is wrong with a damaged file: a chunk cut short or with a wrong checksum, an
IHDR of an impossible kind (bit depth and colour type, compression, filter, interlace), a palette
image with no PLTE (or one too long for its bit depth), no IDAT or IDAT chunks not in one run,
no IEND, and pixel data that inflates to fewer bytes than the image's rows need (Pillow reads
such an image as complete, the missing rows black: a truncated sheet would import as a filled
picture). Inflating stops at the size the header implies, so a zlib bomb costs nothing more.
The caller has already refused images too large to open, so the size is bounded.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

MAGIC = b"\x89PNG\r\n\x1a\n"
# bit depths allowed for each colour type, and the samples a pixel has
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7: (first row, first column, row step, column step) of each of the seven passes
_ADAM7 = ((0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2),
          (1, 0, 2, 1))


@dataclass(frozen=True)
class PngInfo:
    width: int
    height: int
    depth: int
    ctype: int
    palette: int | None      # PLTE entries, when there is a PLTE


class DamagedPng(ValueError):
    """What is wrong with the file, in words (the caller names the file)."""


def raw_size(width: int, height: int, depth: int, ctype: int, interlace: int) -> int:
    """Bytes of filtered pixel data (a filter byte a row) the image's rows need."""
    bits = depth * _SAMPLES[ctype]
    passes = _ADAM7 if interlace else ((0, 0, 1, 1),)
    total = 0
    for y0, x0, dy, dx in passes:
        rows, cols = -(-(height - y0) // dy), -(-(width - x0) // dx)
        if rows > 0 and cols > 0:
            total += rows * (1 + (cols * bits + 7) // 8)
    return total


def header(data: bytes) -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) from the IHDR, which must come first."""
    if not data.startswith(MAGIC):
        raise DamagedPng("it is a JPEG" if data.startswith(b"\xff\xd8\xff") else "bad signature")
    if len(data) < 33 or data[12:16] != b"IHDR":
        raise DamagedPng("no IHDR header")
    w, h = struct.unpack(">II", data[16:24])
    return w, h, data[24], data[25]


def check_png(data: bytes) -> PngInfo:
    """The file's IHDR facts once its whole structure is sound; else DamagedPng says why."""
    w, h, depth, ctype = header(data)
    pos, seen, palette, idat, inflate, got = len(MAGIC), [], None, None, None, 0
    need = None
    while True:
        if pos + 8 > len(data):
            raise DamagedPng("truncated: it ends before its IEND chunk" if seen else "truncated")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        name = kind.decode("latin-1")
        body = data[pos + 8:pos + 8 + length]
        if len(body) < length or pos + 12 + length > len(data):
            raise DamagedPng(f"truncated: its {name!r} chunk is cut short")
        crc = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        if zlib.crc32(kind + body) != crc:
            raise DamagedPng(f"its {name!r} chunk fails its checksum")
        pos += 12 + length
        if not seen:
            if kind != b"IHDR" or length != 13:
                raise DamagedPng("no IHDR header")
            comp, filt, interlace = body[10], body[11], body[12]
            if not w or not h:
                raise DamagedPng(f"its header says {w}x{h} pixels")
            if depth not in _DEPTHS.get(ctype, ()):
                raise DamagedPng(f"its header's bit depth {depth} with colour type {ctype} is not a PNG's")
            if comp or filt or interlace > 1:
                raise DamagedPng("its header names an unknown compression, filter or interlace method")
            need = raw_size(w, h, depth, ctype, interlace)
        elif kind == b"IHDR":
            raise DamagedPng("two IHDR chunks")
        elif kind == b"PLTE":
            if length % 3 or not 0 < length // 3 <= min(256, 1 << depth if ctype == 3 else 256):
                raise DamagedPng(f"its palette has {length} bytes, not 1 to "
                                 f"{min(256, 1 << depth if ctype == 3 else 256)} colours of 3")
            if idat is not None:
                raise DamagedPng("its PLTE chunk comes after the pixel data")
            palette = length // 3
        elif kind == b"IDAT":
            if idat is not None and seen[-1] != b"IDAT":
                raise DamagedPng("its IDAT chunks are not in one run")
            if ctype == 3 and palette is None:
                raise DamagedPng("a palette image without its PLTE (palette) chunk")
            if idat is None:
                idat, inflate = True, zlib.decompressobj()
            try:     # never past one byte more than the rows need (max_length 0 = no limit)
                if got <= need:
                    got += len(inflate.decompress(inflate.unconsumed_tail + body, need + 1 - got))
            except zlib.error as e:
                raise DamagedPng(f"its pixel data does not inflate ({e})") from None
        elif kind == b"IEND":
            break
        seen.append(kind)
    if idat is None:
        raise DamagedPng("no pixel data (IDAT chunk)")
    if ctype == 3 and palette is None:
        raise DamagedPng("a palette image without its PLTE (palette) chunk")
    if ctype in (0, 4) and palette is not None:
        raise DamagedPng("a greyscale image with a PLTE chunk")
    if got < need:
        raise DamagedPng(f"truncated pixel data: {got} of the {need} bytes its {w}x{h} pixels need")
    return PngInfo(w, h, depth, ctype, palette)
