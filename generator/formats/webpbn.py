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
white) the empty cells'; the counts must all be in one colour (the ink), whichever it is: some
writers set defaultcolor="white" and put color="black" on every count. Counts in two or more
colours, a puzzle type other than "grid" (triddlers) or an image with more than one colour is
refused in one line, as black-and-white is all a picross has. An <image> is the grid row by
row, each row between '|' bars, one colour character a cell (whitespace ignored). A "goal" or
"solution" image is read as the solution (a puzzle with no <clues> but a goal takes its clues
from the goal, as pbnsolve does); a "saved" one as cells already known ('?' unknown).
<clue type="Rows"> is read as <clues type="rows">. Other elements (source, id, description,
note, ...) are skipped. HTML's named entities (&copy;, &eacute;, ...) are read as the
characters they name, as webpbn's DTD would; the DTD is not fetched; entity bombs stop at
expat's amplification limit (a user error, tested).
"""
from __future__ import annotations

import re
from html.entities import name2codepoint
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

import numpy as np

from generator import UserError
from generator.files.userfile import whole_number
from generator.solver.clues import Clue, Clues, grid_clues

DEFAULT_COLOURS = {"white": ".", "black": "X"}


def _text(el) -> str:
    return "".join(el.itertext()).strip() if el is not None else ""


def _image_rows(el) -> list[str]:
    text = re.sub(r"\s", "", _text(el.find("image")))
    return [r for r in text.split("|") if r]


def _image(el, name: str, chars: dict[str, int], h: int, w: int, allow_unknown: bool) -> np.ndarray:
    rows = _image_rows(el)
    if any("[" in r for r in rows) and not allow_unknown:
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


def _clue_blocks(puzzle, kind: str, name: str):
    # <clues type="rows"> as the DTD says; a few writers say <clue>; the type in any case
    block = [c for c in puzzle if c.tag in ("clues", "clue") and (c.get("type") or "").lower() == kind]
    if len(block) > 1:
        raise UserError(f"{name}: expected one <clues type=\"{kind}\">, found {len(block)}")
    return block[0] if block else None


def _clues(block, kind: str, name: str, default: str) -> tuple[list[Clue], set[str]]:
    """The runs of each line, and the colours their counts are in."""
    out, colours = [], set()
    for i, line in enumerate(block.findall("line"), 1):
        runs = []
        for count in line.findall("count"):
            # ASCII digits, within the digit limit: the rule of every reader (NON, JSON, clues)
            n = whole_number(_text(count), f"{name}: {kind} {i}: count", lo=0)
            if n:
                runs.append(n)
                colours.add(count.get("color", default))
        out.append(tuple(runs))
    return out, colours


_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def _html_entities(text: str) -> str:
    """HTML's named entities (webpbn writes &copy; in copyrights; its DTD, which names them, is
    never fetched) as character references, unless the file declares an entity of that name."""
    declared = set(re.findall(r"<!ENTITY\s+%?\s*([\w.-]+)", text))

    def ref(m):
        name = m.group(1)
        if name in _XML_ENTITIES or name in declared or name not in name2codepoint:
            return m.group(0)
        return f"&#{name2codepoint[name]};"
    return re.sub(r"&([A-Za-z][A-Za-z0-9]*);", ref, text)


def parse(text: str, name: str = "webpbn"):
    """Every puzzle of a webpbn XML file, as (clues, known, solution, title) tuples."""
    try:
        root = ET.fromstring(_html_entities(text))
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
        blocks = {kind: _clue_blocks(pz, kind, where) for kind in ("rows", "columns")}
        goals = [s for s in pz.findall("solution") if s.get("type", "goal") in ("goal", "solution")]
        if blocks["rows"] is None or blocks["columns"] is None:
            if not goals or any(blocks.values()):
                missing = "rows" if blocks["rows"] is None else "columns"
                raise UserError(f"{where}: expected one <clues type=\"{missing}\">, found 0 "
                                "(and no goal image to take the clues from)")
        ink = default
        if blocks["rows"] is not None:
            rows, rc = _clues(blocks["rows"], "rows", where, default)
            cols, cc = _clues(blocks["columns"], "columns", where, default)
            inks = rc | cc
            if background in inks:
                raise UserError(f"{where}: a count in the background colour {background!r}")
            if len(inks) > 1:
                raise UserError(f"{where}: counts in colours {', '.join(sorted(inks))}: colour "
                                "puzzles are not supported (black and white only)")
            # the ink is the counts' one colour (some writers set defaultcolor="white" and
            # write color="black" on every count)
            ink = inks.pop() if inks else (default if default != background else "black")
        else:   # no clues, only the goal: its cells are the background and one other colour
            first = _image_rows(goals[0])
            used = {ch for r in first for ch in r} - {chars.get(background, ".")}
            if "[" in used or len(used) > 1:
                raise UserError(f"{where}: the goal image has cells of several colours: colour "
                                "puzzles are not supported (black and white only)")
            by_char = {v: n for n, v in chars.items()}
            ink = by_char.get(used.pop(), default) if used else default
            h, w = len(first), len(first[0]) if first else 0
            rows = cols = None
        cell = {chars.get(background, "."): 0, chars.get(ink, "X"): 1}
        solution = known = None
        if rows is None:
            solution = _image(goals[0], where, cell, h, w, False) == 1
            clues = grid_clues(solution)
        else:
            clues = Clues(tuple(rows), tuple(cols))
        for sol in pz.findall("solution"):
            kind = sol.get("type", "goal")
            if kind in ("goal", "solution") and solution is None:
                solution = _image(sol, where, cell, len(clues.rows), len(clues.cols), False) == 1
            elif kind == "saved" and known is None:
                known = _image(sol, where, cell, len(clues.rows), len(clues.cols), True)
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
