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

Colour declarations (a '#d' line before the clues) and triddlers ('#t') are refused, as is a
run with a colour letter after it. Without the closing ':' line the columns run to the end of
the file, and blank lines at the very end are not taken as empty columns (so an empty last
column needs the closing ':'; this writer always writes one).
"""
from __future__ import annotations

import re

from generator import UserError
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
    for ln in comments:
        if re.match(r"#[dD]", ln):
            raise UserError(f"{name}: colour .g files are not supported (black and white only)")
        if re.match(r"#[tT]", ln):
            raise UserError(f"{name}: triddlers are not supported")
    title = next((ln.strip() for ln in comments
                  if ln.strip() and not ln.startswith("#") and ln.strip() != WRITER_LINE), None)
    if title and title.startswith("title "):      # how this writer marks it
        title = title[len("title "):].strip() or None
    rows_block = lines[starts[0] + 1:starts[1]]
    cols_block = lines[starts[1] + 1:starts[2]] if len(starts) > 2 else lines[starts[1] + 1:]
    if len(starts) == 2:
        while cols_block and not cols_block[-1].strip():
            cols_block.pop()

    def clue(line: str, where: str) -> Clue:
        runs = []
        for tok in line.split():
            if not tok.isdigit():
                raise UserError(f"{name}: {where}: {tok!r} is not a whole number (colour runs are "
                                "not supported)")
            runs.append(int(tok))
        return tuple(r for r in runs if r)

    rows = tuple(clue(ln, f"row {i + 1}") for i, ln in enumerate(rows_block))
    cols = tuple(clue(ln, f"column {i + 1}") for i, ln in enumerate(cols_block))
    if not rows or not cols:
        raise UserError(f"{name}: no {'rows' if not rows else 'columns'} between the ':' lines")
    return Clues(rows, cols), title


def dumps(clues: Clues, title: str | None = None) -> str:
    # "title " first, so a title starting with ':' or '#' cannot pass for a block or a directive
    head = ["title " + " ".join(title.split())] if title else []
    out = head + [WRITER_LINE, f": rows ({clues.width}x{clues.height}, width x height)"]
    out += [" ".join(map(str, c)) for c in clues.rows]
    out.append(": columns")
    out += [" ".join(map(str, c)) for c in clues.cols]
    out.append(": end")
    return "\n".join(out) + "\n"


def sniff(text: str) -> bool:
    """Two ':' lines with lines of whole numbers (or blank) between them."""
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith(":")]
    if len(starts) < 2 or starts[1] == starts[0] + 1:
        return False
    return all(re.fullmatch(r"[\d \t]*", ln) for ln in lines[starts[0] + 1:starts[1]])
