"""Olšák's `.g` format (Mirek and Petr Olšák's griddler solver; pbnsolve reads it too), black
and white only.

    anything before the first line that starts with ':' is a comment
    : rows           (the rest of a ':' line is ignored)
    5 4              one line per row: its runs, separated by spaces or tabs
    7 3 1
                     an empty line is a row with no runs
    : columns
    5 12 2           one line per column
    : end            text after this line is ignored

A '#d' header declares colours, one line each (`key:char  #RRGGBB  name`, key '0' the
background), and runs then carry the key after the number (`2a`). A file whose runs use one
colour (some writers declare black alone and letter every run) is read as black and white;
runs in two or more colours are refused in one line, as are triddlers ('#t') and a colour
letter without a '#d' header. Without the closing ':' line the columns run to the end of
the file, and blank lines at the very end are not taken as empty columns (so an empty last
column needs the closing ':'; this writer always writes one).
"""
from __future__ import annotations

import re

from generator import UserError
from generator.files.userfile import whole_number
from generator.solver.clues import Clue, Clues

WRITER_LINE = "written by picross8"


def parse(text: str, name: str = "g") -> tuple[Clues, str | None]:
    """(clues, title): the title is the first non-blank comment line, if any."""
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith(":")]
    if len(starts) < 2:
        raise UserError(f"{name}: not an Olšák .g file (needs a ':' line before the rows and one "
                        "before the columns)")
    comments = lines[:starts[0]]
    palette = _palette(comments, name)
    title = next((ln.strip() for ln in comments
                  if ln.strip() and not ln.startswith("#") and ln.strip() != WRITER_LINE
                  and not (palette is not None and _PALETTE_LINE.match(ln))), None)
    if title and title.startswith("title "):      # how this writer marks it
        title = title[len("title "):].strip() or None
    rows_block = lines[starts[0] + 1:starts[1]]
    cols_block = lines[starts[1] + 1:starts[2]] if len(starts) > 2 else lines[starts[1] + 1:]
    if len(starts) == 2:
        while cols_block and not cols_block[-1].strip():
            cols_block.pop()
    colours: set = set()

    def clue(line: str, where: str) -> Clue:
        runs = []
        for tok in line.split():
            m = re.fullmatch(r"([0-9]+)([^0-9]?)", tok)
            if not m or (m.group(2) and palette is None):
                raise UserError(f"{name}: {where}: {tok!r} is not a whole number (colour runs are "
                                "not supported)")
            if m.group(2) and m.group(2) not in palette:
                raise UserError(f"{name}: {where}: {tok!r} has colour {m.group(2)!r}, which the "
                                "'#d' lines do not declare")
            run = whole_number(m.group(1), f"{name}: {where}")     # the digit limit of every reader
            if run:
                colours.add(m.group(2) or None)
            runs.append(run)
        return tuple(r for r in runs if r)
    rows = tuple(clue(ln, f"row {i + 1}") for i, ln in enumerate(rows_block))
    cols = tuple(clue(ln, f"column {i + 1}") for i, ln in enumerate(cols_block))
    if palette is not None:
        # a run without a letter is in the one ink when the palette has just one
        inks = [c for c in palette if c != "0"]
        used = {c if c else (inks[0] if len(inks) == 1 else None) for c in colours}
        if len(used) > 1:
            raise UserError(f"{name}: colour .g files are not supported (black and white only): "
                            f"runs in {len(used)} colours")
    if not rows or not cols:
        raise UserError(f"{name}: no {'rows' if not rows else 'columns'} between the ':' lines")
    return Clues(rows, cols), title


_PALETTE_LINE = re.compile(r"\s*(\S):(\S?)\s*(#?[0-9A-Fa-f]{3,6})?(\s+\S.*)?$")


def _palette(comments: list[str], name: str) -> dict[str, str] | None:
    """The colours a '#d' header declares (key -> its line), or None without one. Its lines
    read `key:char  #RRGGBB  name`; key '0' is the background."""
    heads = [i for i, ln in enumerate(comments) if re.match(r"#[dD]", ln)]
    if not heads:
        return None
    out = {}
    for ln in comments[heads[0] + 1:]:
        if ln.startswith("#"):
            break
        m = _PALETTE_LINE.match(ln)
        if m:
            out[m.group(1)] = ln.strip()
    return out


def dumps(clues: Clues, title: str | None = None) -> str:
    # "title " first, so a title starting with ':' or '#' cannot pass for a block or a directive
    head = ["title " + " ".join(title.split())] if title else []
    out = head + [WRITER_LINE, f": rows ({clues.width}x{clues.height}, width x height)"]
    out += [" ".join(map(str, c)) for c in clues.rows]
    out.append(": columns")
    out += [" ".join(map(str, c)) for c in clues.cols]
    out.append(": end")
    return "\n".join(out) + "\n"


_RUNS_LINE = re.compile(r"[ \t]*([0-9]+[A-Za-z]?([ \t]+[0-9]+[A-Za-z]?)*)?[ \t]*")


def sniff(text: str) -> bool:
    """Two ':' lines with lines of runs (whole numbers, perhaps lettered; or blank) between them."""
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith(":")]
    if len(starts) < 2 or starts[1] == starts[0] + 1:
        return False
    return all(_RUNS_LINE.fullmatch(ln) for ln in lines[starts[0] + 1:starts[1]])
