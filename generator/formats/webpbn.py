"""webpbn's XML puzzle format (Jan Wolter, "XML Format for Paint-by-Number Puzzles", v0.3), the
format webpbn.com exports and pbnsolve reads; black-and-white grid puzzles only.

    <?xml version="1.0"?>
    <!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
    <puzzleset>
    <puzzle type="grid" defaultcolor="black">
    <title>...</title> <author>...</author> <copyright>...</copyright> (optional)
    <color name="white" char=".">fff</color>
    <color name="black" char="X">000</color>
    <clues type="columns"> <line><count>2</count><count>1</count></line> <line></line> ... </clues>
    <clues type="rows"> ... </clues>
    <solution type="goal"><image> |.XX..| |XX.X.| ... </image></solution>
    </puzzle>
    </puzzleset>

A file holds one puzzle or a <puzzleset> of several (each is read). `defaultcolor` (default
black) is the colour of a <count> without a color attribute and `backgroundcolor` (default
white) the empty cells'; a count of any other colour, a puzzle type other than "grid"
(triddlers) or an image with more than one colour is refused, as black-and-white is all a picross
has. An <image> is the grid row by row, each row between '|' bars, one colour character a cell
(whitespace ignored). A "goal" or "solution" image is read as the solution; a "saved" one as
cells already known ('?' unknown). Other elements (source, id, description, note, ...) are
skipped. The DOCTYPE is not fetched; entity bombs stop at expat's amplification limit (a
user error, tested).
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

import numpy as np

from generator import UserError
from generator.solver.clues import Clue, Clues

DEFAULT_COLOURS = {"white": ".", "black": "X"}


def _text(el) -> str:
    return "".join(el.itertext()).strip() if el is not None else ""


def _image(el, name: str, chars: dict[str, int], h: int, w: int, allow_unknown: bool) -> np.ndarray:
    text = re.sub(r"\s", "", _text(el.find("image")))
    rows = [r for r in text.split("|") if r]
    if "[" in text and not allow_unknown:
        raise UserError(f"{name}: the goal image has cells of several colours ('[...]')")
    rows = [re.sub(r"\[[^]]*\]", "?", r) for r in rows]
    if len(rows) != h or any(len(r) != w for r in rows):
        raise UserError(f"{name}: the image is not {h} rows of {w} cells (width x height {w}x{h})")
    out = np.empty((h, w), dtype=np.int8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "?" and allow_unknown:
                out[y, x] = -1
            elif ch in chars:
                out[y, x] = chars[ch]
            else:
                raise UserError(f"{name}: image row {y + 1} has {ch!r}, not a colour of the puzzle")
    return out


def _clues(puzzle, kind: str, name: str, default: str) -> tuple[Clue, ...]:
    block = [c for c in puzzle.findall("clues") if c.get("type") == kind]
    if len(block) != 1:
        raise UserError(f"{name}: expected one <clues type=\"{kind}\">, found {len(block)}")
    out = []
    for i, line in enumerate(block[0].findall("line"), 1):
        runs = []
        for count in line.findall("count"):
            colour = count.get("color", default)
            if colour != default:
                raise UserError(f"{name}: {kind} {i} has a {colour!r} count: colour puzzles are "
                                "not supported (black and white only)")
            try:
                runs.append(int(_text(count)))
            except ValueError:
                raise UserError(f"{name}: {kind} {i}: count {_text(count)!r} is not a whole number") from None
        out.append(tuple(r for r in runs if r))
    return tuple(out)


def parse(text: str, name: str = "webpbn"):
    """Every puzzle of a webpbn XML file, as (clues, known, solution, title) tuples."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise UserError(f"{name}: malformed XML ({e})") from None
    puzzles = [root] if root.tag == "puzzle" else root.findall("puzzle")
    if root.tag not in ("puzzle", "puzzleset"):
        raise UserError(f"{name}: not a webpbn puzzle file (root element <{root.tag}>)")
    if not puzzles:
        raise UserError(f"{name}: no <puzzle> in the file")
    out = []
    for k, pz in enumerate(puzzles, 1):
        where = name if len(puzzles) == 1 else f"{name}: puzzle {k}"
        if pz.get("type", "grid") != "grid":
            raise UserError(f"{where}: puzzle type {pz.get('type')!r} is not supported (grid only)")
        default, background = pz.get("defaultcolor", "black"), pz.get("backgroundcolor", "white")
        chars = dict(DEFAULT_COLOURS)
        for c in pz.findall("color"):
            if c.get("name") and c.get("char"):
                chars[c.get("name")] = c.get("char")
        rows, cols = _clues(pz, "rows", where, default), _clues(pz, "columns", where, default)
        clues = Clues(rows, cols)
        cell = {chars.get(background, "."): 0, chars.get(default, "X"): 1}
        solution = known = None
        for sol in pz.findall("solution"):
            kind = sol.get("type", "goal")
            if kind in ("goal", "solution") and solution is None:
                solution = _image(sol, where, cell, len(rows), len(cols), False) == 1
            elif kind == "saved" and known is None:
                known = _image(sol, where, cell, len(rows), len(cols), True)
                if (known == -1).all():
                    known = None
        title = _text(pz.find("title")) or None
        out.append((clues, known, solution, title))
    return out


def dumps(clues: Clues, solution: np.ndarray | None = None, title: str | None = None) -> str:
    """One puzzle as webpbn XML (black and white; the goal image when the solution is known)."""
    out = ['<?xml version="1.0"?>', '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">',
           "<puzzleset>", '<puzzle type="grid" defaultcolor="black">', "<source>picross8</source>"]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out += ['<color name="white" char=".">fff</color>', '<color name="black" char="X">000</color>']
    for kind, lines in (("columns", clues.cols), ("rows", clues.rows)):
        out.append(f'<clues type="{kind}">')
        out += ["<line>" + "".join(f"<count>{r}</count>" for r in c) + "</line>" for c in lines]
        out.append("</clues>")
    if solution is not None:
        out.append('<solution type="goal">')
        out.append("<image>")
        out += ["|" + "".join("X" if v else "." for v in row) + "|" for row in np.asarray(solution, bool)]
        out.append("</image>")
        out.append("</solution>")
    out += ["</puzzle>", "</puzzleset>"]
    return "\n".join(out) + "\n"


def sniff(text: str) -> bool:
    head = text.lstrip()[:400]
    return head.startswith("<") and bool(re.search(r"<(puzzleset|puzzle)\b", head))
