"""Which format a puzzle file is in, from its content: the extension only breaks a tie (content
that fits two formats) or decides for content that fits none (an empty or damaged file).

JSON by its keys (a batch's or the build manifest's "format", the Tk solver's clues); XML as webpbn's; Olšák's .g by
its ':' lines with runs between; NON by a line starting with one of its keywords; typed clues
by every line being runs and separators with a '--' or blank line between rows and columns.
Every test is one linear scan: no regex that backtracks over a large file.
"""
from __future__ import annotations

import re
from pathlib import Path

from generator import UserError
from generator.formats import olsak, webpbn
from generator.formats.batchfile import FORMAT as BATCH_FORMAT
from generator.formats.manifest import is_manifest
from generator.files.userfile import parse_json

_EXTENSIONS = {".non": "non", ".nonpack": "non", ".txt": "text", ".clues": "text", ".xml": "webpbn", ".pbn": "webpbn",
               ".g": "g"}

# what each format is called in messages
FORMAT_NAMES = {"batch": "a picross8 batch", "tk-json": "Tk solver JSON", "non": "NON",
                "text": "typed clues", "webpbn": "webpbn XML", "g": "Olšák .g",
                "manifest": "a picross8 cart manifest"}
_NON_KEY = re.compile(r"^[ \t]*(width|height|rows|columns)\b", re.M | re.I)
# a line of typed clues may hold only runs, separators and a '#' comment: one that does not
_NOT_CLUES = re.compile(r"^[ \t0-9.,-]*[^ \t0-9.,#\r\n-]", re.M)
_CLUE_SPLIT = re.compile(r"^[ \t]*(--)?[ \t]*\r?$", re.M)


def looks_like_clues(text: str) -> bool:
    """Typed clues: every line runs and separators (ASCII digits, spaces, '.', ',', '-', and a
    '#' comment), a digit somewhere, and a '--' or blank line between rows and columns."""
    return (not _NOT_CLUES.search(text) and bool(re.search(r"[0-9]", text))
            and bool(_CLUE_SPLIT.search(text.strip())))


def content_formats(text: str) -> list[str]:
    """The formats whose shape the text has, surest first ('json': batch or Tk, by its keys).
    Every test is one linear scan (no regex that backtracks on a large file)."""
    head = text.lstrip()[:1]
    if head in ("{", "["):
        return ["json"]
    if head == "<":
        return ["webpbn"]
    found = []
    if olsak.sniff(text):
        found.append("g")
    if _NON_KEY.search(text):
        found.append("non")
    if looks_like_clues(text):
        found.append("text")
    return found


def detect_format(name: str, text: str) -> str:
    """The format from the content, the extension breaking ties (see _detect)."""
    return _detect(name, text)[0]


def _detect(name: str, text: str) -> tuple[str, object, str]:
    """(format, the parsed JSON when detecting parsed it, else None, how it was decided).

    The content decides: JSON by its keys (a batch's or the build manifest's "format", the Tk solver's clues), XML as
    webpbn's, and the text formats by their shape (.g's ':' lines, NON's keywords, clue lines).
    Where the content fits several, or none (an empty file, a damaged one), the extension
    decides; a JSON file is parsed once, not once to detect and again to read."""
    ext = Path(name).suffix.lower() if name != "-" else ""
    by_ext = _EXTENSIONS.get(ext)
    found = content_formats(text)
    if found == ["json"]:
        data = parse_json(text, name)
        if isinstance(data, dict) and data.get("format") == BATCH_FORMAT:
            return "batch", data, "by its content"
        if is_manifest(data):
            return "manifest", data, "by its content"
        if isinstance(data, dict) and ("row_clues" in data or "col_clues" in data):
            return "tk-json", data, "by its content"
        raise UserError(f"{name}: unknown format (JSON that is neither a picross8 batch, a cart "
                        "manifest nor the Tk solver's puzzle)")
    if by_ext in found and len(found) > 1:
        return by_ext, None, f"by its content and its {ext} extension"
    if found:
        return found[0], None, "by its content"
    if by_ext is not None:
        return by_ext, None, f"by its {ext} extension; its content fits no format"
    if not text.strip():
        raise UserError(f"{name}: is empty (no puzzle in it)")
    raise UserError(f"{name}: unknown format (not batch JSON, Tk JSON, NON, webpbn XML, Olšák .g "
                    "or typed clues)")
