"""Puzzle files in and out: picross8 batches, the Tk solver's JSON, NON files and typed clues.

Reading gives a list of Puzzle records (generator.formats.record: clues, plus known cells, a
solution and a title as the name where the file has them); every reader ends in clues.validate, so a file that cannot describe a puzzle is a one-line
UserError (clues that are clues but fit no grid are read: that is the solver's verdict). The
format comes from `fmt`, else from the content, the extension breaking ties
(generator.formats.detect); an error in reading says which format was assumed and why:

- "batch": generator.formats.batchfile's JSON (`"format": "picross8-batch"`), one entry per puzzle.
- "tk-json": the Tk nonogram solver's JSON: `width`, `height`, `row_clues`, `col_clues` (lists of
  lists of run lengths, [] for an empty line; an empty list of clues is every line empty, as
  that solver reads it) and an optional `grid` of -1 unknown / 0 empty / 1 filled, read as
  cells already known ([] = none known).
- "non": the common NON text format (Steve Simpson's, with nonogram-db's additions): `width N`,
  `height N`, then `rows` and `columns` each followed by one line per row/column of runs
  separated by commas (or, as some writers do, spaces); `0` is an empty line, and a blank line is
  one too when the block is exactly that many lines (else blank lines are ignored). Keys are
  separated from values by spaces or tabs, in any case; '#' lines are comments; `title "..."`
  (HTML entities decoded) and `goal "0110..."` (the solution, row by row, 0 = empty; every goal
  given must fit, the first is kept) are read, other keys (`by`, `copyright`, `catalogue`,
  `license`, `color`, ...) and unknown lines are ignored. `rows N` / `columns N` with a number
  mean `height N` / `width N`. A run may carry a colour letter (`3a`); runs (or goal cells) in
  two or more colours are refused as a colour puzzle. A `.nonpack` bundle (puzzles separated by
  a line `====`) holds several puzzles.
- "webpbn": webpbn's XML (generator.formats.webpbn), one entry per <puzzle>; black and white.
- "g": Olšák's .g text (generator.formats.olsak); black and white.
- "manifest": the build's manifest (build/picross.json, generator.formats.manifest): the puzzles
  of one world of the built cart, numbered from 1 as the cart numbers them (Numbered).
- "text": clues typed by hand: the row clues one per line, top to bottom, then a line `--` (or a
  blank line), then the column clues, left to right. A clue is runs separated by spaces, dots or
  commas (`3 1 2`, `3.1.2`, `3,1,2`); `0` or `-` is an empty line; `#` starts a comment.
"""
from __future__ import annotations

import html
import json
import re
import numpy as np

from generator import UserError, shown
from generator.files.atomic import Kind, write_atomic
from generator.formats.batchfile import parse_batch
from generator.formats.record import Puzzle
from generator.formats.detect import FORMAT_NAMES, _detect, content_formats, detect_format  # noqa: F401
from generator.solver.clues import Clue, Clues, grid_clues, validate
from generator.solver.grid import UNKNOWN, check_size
from generator.files import userfile
from generator.formats import manifest, olsak, webpbn
from generator.files.userfile import parse_json, whole_number

FORMATS = ("batch", "tk-json", "non", "text", "webpbn", "g", "manifest")
EXPORT_FORMATS = ("non", "tk-json", "webpbn", "g")


# ---- reading -----------------------------------------------------------------------------

def read_text(path: str) -> str:
    """The file's text ('-' = stdin), within generator.files.userfile's limits."""
    return userfile.read_text(path, "puzzle file")


class Numbered(list):
    """A file's puzzles as it numbers them: from `first` (0 in every file; 1 in a cart manifest,
    as the cart numbers a world's puzzles), `scope` naming what holds them in messages ("the
    file", "world spires")."""

    def __init__(self, items, first: int = 0, scope: str = "the file") -> None:
        super().__init__(items)
        self.first, self.scope = first, scope

    def number(self, index: int | None) -> int:
        """The number `index` names, negative ones counted from the end (pick checks range)."""
        if index is None:
            return self.first
        return index + len(self) + self.first if index < 0 else index


def read_puzzles(path: str, fmt: str | None = None, world: str | None = None) -> Numbered:
    """Every puzzle in the file (a batch has many, the other formats one; a cart manifest the
    puzzles of `world`, default its first). An error in reading it says which format it was
    read as, and why."""
    text = read_text(path)
    name = "<stdin>" if path == "-" else str(path)
    data, why = None, "as --format says"
    if fmt is None:
        fmt, data, why = _detect(name, text)
    if fmt not in FORMATS:
        raise UserError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if world is not None and fmt != "manifest":
        raise UserError(f"{name}: --world names a world of a cart manifest (build/picross.json); "
                        f"this file is read as {FORMAT_NAMES[fmt]}")
    try:
        if fmt == "manifest":
            world, puzzles = manifest.world_puzzles(parse_json(text, name) if data is None else data,
                                                    name, world)
            return Numbered(puzzles, 1, f"world {world}")
        return Numbered(parse_puzzles(text, fmt, name, data))
    except UserError as e:
        raise UserError(f"{e} (read as {FORMAT_NAMES[fmt]}, {why})") from None


def pick(items: list, index: int | None, name: str, what: str = "puzzle"):
    """items[index] by the file's numbering (Numbered: from 0, or from 1 in a cart manifest as
    the cart numbers them; negative counts from the end; None is the first); a number out of
    range is a user error that says the range."""
    n = len(items)
    first = getattr(items, "first", 0)
    scope = getattr(items, "scope", "the file")
    index = first if index is None else index
    if first <= index < first + n:
        return items[index - first]
    if -n <= index < 0:
        return items[index]
    how = "numbered from 0" if first == 0 else f"numbered from {first}, as the cart numbers them"
    span = "it has none" if not n else f"{how}: {first}..{first + n - 1}, or -{n}..-1 from the end"
    raise UserError(f"{name}: no {what} {index} ({scope} has {n}; {span})")


def read_puzzle(path: str, index: int | None = None, fmt: str | None = None,
                world: str | None = None) -> Puzzle:
    return pick(read_puzzles(path, fmt, world), index, "<stdin>" if path == "-" else str(path))


def parse_puzzles(text: str, fmt: str, name: str = "puzzle", data=None) -> list[Puzzle]:
    """The puzzles of `text` in format `fmt`; `data`: its JSON, when already parsed."""
    if fmt in ("batch", "tk-json") and data is None:
        data = parse_json(text, name)
    if fmt == "batch":
        batch = parse_batch(data, name)
        if not batch.puzzles:
            raise UserError(f"{name}: the batch has no puzzles")
        return batch.puzzles
    if fmt == "tk-json":
        return [parse_tk_json(data, name)]
    if fmt == "non":
        chunks = split_non_pack(text)
        if len(chunks) == 1:
            return [parse_non(text, name)]
        return [parse_non(c, f"{name}: puzzle {k}") for k, c in enumerate(chunks, 1)]
    if fmt == "text":
        return [parse_clue_text(text, name)]
    if fmt == "webpbn":
        return [_from_webpbn(p, name) for p in webpbn.parse(text, name)]
    if fmt == "g":
        clues, title = olsak.parse(text, name)
        return [Puzzle(_checked(clues, name), name=title)]
    if fmt == "manifest":
        return manifest.world_puzzles(parse_json(text, name) if data is None else data, name)[1]
    raise UserError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


def _from_webpbn(parsed, name: str) -> Puzzle:
    clues, known, solution, title = parsed
    clues = _checked(clues, name)
    if solution is not None and grid_clues(solution) != clues:
        raise UserError(f"{name}: the goal image does not match the clues")
    return Puzzle(clues, known=known, solution=solution, name=title)


def _checked(clues: Clues, name: str) -> Clues:
    try:
        return validate(clues)
    except UserError as e:
        raise UserError(f"{name}: {e}") from None


def _clue_list(value, what: str, name: str) -> tuple[Clue, ...]:
    if not isinstance(value, list):
        raise UserError(f"{name}: '{what}' must be a list of lists of numbers")
    out = []
    for i, c in enumerate(value):
        if not isinstance(c, list) or not all(isinstance(r, int) and not isinstance(r, bool) for r in c):
            raise UserError(f"{name}: {what}[{i}] must be a list of whole numbers, got {c!r}")
        out.append(tuple(r for r in c if r != 0))   # [0] also means an empty line
    return tuple(out)


def parse_tk_json(data, name: str = "tk-json") -> Puzzle:
    if not isinstance(data, dict):
        raise UserError(f"{name}: expected a JSON object with width, height, row_clues, col_clues")
    for key in ("width", "height", "row_clues", "col_clues"):
        if key not in data:
            raise UserError(f"{name}: missing '{key}'")
    w, h = data["width"], data["height"]
    if not isinstance(w, int) or not isinstance(h, int):
        raise UserError(f"{name}: width and height must be whole numbers")
    try:
        check_size(h, w)
    except UserError as e:
        raise UserError(f"{name}: {e}") from None
    # the Tk solver reads an empty list of clues as every line empty, and an empty grid as unknown
    rows = _clue_list(data["row_clues"], "row_clues", name) or ((),) * h
    cols = _clue_list(data["col_clues"], "col_clues", name) or ((),) * w
    if len(rows) != h or len(cols) != w:
        raise UserError(f"{name}: {len(rows)} row clues and {len(cols)} column clues "
                        f"for a {w}x{h} puzzle (width x height)")
    clues = _checked(Clues(rows, cols), name)
    known = None
    if data.get("grid") not in (None, []):
        g = data["grid"]
        if (not isinstance(g, list) or len(g) != h
                or not all(isinstance(r, list) and len(r) == w for r in g)
                or not all(v in (-1, 0, 1) and not isinstance(v, bool) for r in g for v in r)):
            raise UserError(f"{name}: 'grid' must be {h} rows of {w} values -1, 0 or 1")
        known = np.array(g, dtype=np.int8).reshape(h, w)
        if (known == UNKNOWN).all():
            known = None
    title = data.get("title") if isinstance(data.get("title"), str) else None
    return Puzzle(clues, known=known, name=title)


def _non_value(rest: str) -> str:
    rest = rest.strip()
    if len(rest) >= 2 and rest[0] == rest[-1] == '"':
        rest = rest[1:-1]
    return rest


_NON_RUN = re.compile(r"([0-9]+)([A-Za-z]?)")


def _non_rule(line: str, name: str, where: str, colours: set) -> Clue:
    """One rule: runs separated by commas (Simpson's format) or by spaces (some writers), each a
    number with an optional colour letter after it (nonogram-db's colour extension); the letters
    seen are added to `colours`."""
    parts = [p.strip() for p in line.split(",")] if "," in line else line.split()
    runs = []
    for part in parts:
        m = _NON_RUN.fullmatch(part)
        if not m:
            raise UserError(f"{name}: {where}: {line.strip()[:40]!r} is not a comma-separated list of numbers")
        runs.append(whole_number(m.group(1), f"{name}: {where}"))
        if m.group(2) and int(m.group(1)):
            colours.add(m.group(2))
    return tuple(r for r in runs if r)


def _non_block(block: list[str], n: int, key: str, name: str) -> list[str]:
    """The n rule lines of a block. Simpson's rule: blank lines are ignored ('0' is an empty
    line); some writers (picrossh's export, nonogram-db's spec) write an empty line as a blank
    line instead, which shows as exactly n lines after the keyword (then only blank lines)."""
    filled = [b for b in block if b]
    if len(filled) == n:
        return filled
    if len(block) >= n and not any(block[n:]):
        return block[:n]
    raise UserError(f"{name}: '{key}' has {len(filled)} rules, expected {n}")


def split_non_pack(text: str) -> list[str]:
    """A .nonpack bundle's puzzles: NON texts separated by a line '===='."""
    chunks = re.split(r"^[ \t]*====[ \t]*\r?$", text, flags=re.M)
    return [c for c in chunks if c.strip()] or [text]


def parse_non(text: str, name: str = "non") -> Puzzle:
    lines = [ln.strip() for ln in text.splitlines()]
    sizes: dict[str, int] = {}
    sections: dict[str, list[str]] = {}
    goals: list[tuple[int, str]] = []
    title = None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = re.match(r"([A-Za-z_][\w-]*)\s*(.*)", line)
        if not m:
            continue        # blank lines, comments ('#'), and anything else unrecognised
        key, rest = m.group(1).lower(), m.group(2)
        if key in ("width", "height") or (key in ("rows", "columns") and rest.strip()):
            n = whole_number(rest, f"{name}: line {i}: '{key}'")
            dim = "width" if key in ("width", "columns") else "height"
            if sizes.get(dim, n) != n:
                raise UserError(f"{name}: line {i}: {dim} {n}, but {sizes[dim]} earlier")
            sizes[dim] = n
        elif key in ("rows", "columns"):
            if key in sections:
                raise UserError(f"{name}: line {i}: a second '{key}' section")
            # the block of rule lines up to the next keyword line ('#' lines are comments)
            block = []
            while i < len(lines) and not re.match(r"[A-Za-z]", lines[i]):
                if not lines[i].startswith("#"):
                    block.append(lines[i])
                i += 1
            sections[key] = block
        elif key == "title":
            title = html.unescape(_non_value(rest)) or None
        elif key == "goal":
            goals.append((i, rest.strip().strip('"')))
        # anything else (by, copyright, catalogue, license, color, maxrule, ...) is ignored
    width, height = sizes.get("width"), sizes.get("height")
    if width is None or height is None:
        raise UserError(f"{name}: a NON file needs 'width' and 'height'")
    try:
        check_size(height, width)
    except UserError as e:
        raise UserError(f"{name}: {e}") from None
    rules, colours = {}, set()
    for key, n in (("rows", height), ("columns", width)):
        if key not in sections:
            raise UserError(f"{name}: no '{key}' section")
        use = _non_block(sections[key], n, key, name)
        rules[key] = tuple(_non_rule(b, name, f"{key} {j + 1}", colours) if b else ()
                           for j, b in enumerate(use))
    for _, goal in goals:
        colours |= set(goal) - set("01") - set(" \t")
    if len(colours) > 1:
        raise UserError(f"{name}: a colour puzzle (runs of colours {', '.join(sorted(colours))}): "
                        "colour puzzles are not supported (black and white only)")
    clues = _checked(Clues(rules["rows"], rules["columns"]), name)
    solution = None
    for line, goal in goals:       # the first goal is the solution; every goal must fit
        cells = re.sub(r"\s", "", goal)
        if len(cells) != width * height:
            raise UserError(f"{name}: line {line}: goal has {len(cells)} cells, expected {width * height}")
        grid = np.array([c != "0" for c in cells], dtype=bool).reshape(height, width)
        if grid_clues(grid) != clues:
            raise UserError(f"{name}: line {line}: the goal does not match the clues")
        if solution is None:
            solution = grid
    return Puzzle(clues, solution=solution, name=title)


def parse_clue_text(text: str, name: str = "text") -> Puzzle:
    lines = [re.sub(r"#.*", "", ln).strip() for ln in text.splitlines()]
    if any(ln == "--" for ln in lines):
        cut = lines.index("--")
        groups = [[ln for ln in lines[:cut] if ln], [ln for ln in lines[cut + 1:] if ln]]
        if any(ln == "--" for ln in groups[1]):
            raise UserError(f"{name}: more than one '--' line")
    else:
        groups, cur = [], []
        for ln in lines + [""]:
            if ln:
                cur.append(ln)
            elif cur:
                groups.append(cur)
                cur = []
    if len(groups) != 2 or not groups[0] or not groups[1]:
        raise UserError(f"{name}: expected row clues, then a '--' (or blank) line, then column clues")

    def clue(line: str) -> Clue:
        return () if line == "-" else parse_clue(line, f"{name}: clue {shown(line)}")

    rows, cols = (tuple(clue(ln) for ln in g) for g in groups)
    return Puzzle(_checked(Clues(rows, cols), name))


def parse_clue(text: str, where: str = "clue") -> Clue:
    """'3 1 2', '3.1.2', '3,1,2' or '0' / '' for an empty line; each run read by whole_number
    (ASCII digits, the digit limit), as every reader reads a run."""
    parts = text.replace(".", " ").replace(",", " ").split()
    runs = tuple(whole_number(p, where, lo=0) for p in parts)
    return () if runs in ((), (0,)) else runs       # a 0 among runs: clues.validate refuses it


# ---- writing -----------------------------------------------------------------------------

def dumps_non(p: Puzzle) -> str:
    out = []
    if p.name:
        out.append(f'title "{p.name}"')
    out += [f"width {p.clues.width}", f"height {p.clues.height}", "", "rows"]
    out += [",".join(map(str, c)) or "0" for c in p.clues.rows]
    out += ["", "columns"]
    out += [",".join(map(str, c)) or "0" for c in p.clues.cols]
    if p.solution is not None:
        cells = "".join("1" if v else "0" for v in np.asarray(p.solution, dtype=bool).ravel())
        out += ["", f'goal "{cells}"']
    return "\n".join(out) + "\n"


def dumps_tk_json(p: Puzzle) -> str:
    """The Tk solver's JSON; its grid holds the known cells (all -1 when none), not the answer."""
    h, w = p.clues.height, p.clues.width
    grid = p.known if p.known is not None else np.full((h, w), UNKNOWN, dtype=np.int8)
    d = {"width": w, "height": h,
         "row_clues": [list(c) for c in p.clues.rows], "col_clues": [list(c) for c in p.clues.cols],
         "grid": [[int(v) for v in row] for row in grid]}
    # one line per clue and per grid row keeps the file readable and diffable
    parts = []
    for key, value in d.items():
        if isinstance(value, list):
            rows = ",\n".join(f"    {json.dumps(v)}" for v in value)
            parts.append(f'  "{key}": [\n{rows}\n  ]')
        else:
            parts.append(f'  "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def dumps(p: Puzzle, fmt: str) -> str:
    if fmt == "non":
        return dumps_non(p)
    if fmt == "tk-json":
        return dumps_tk_json(p)
    if fmt == "webpbn":
        return webpbn.dumps(p.clues, p.solution, p.name)
    if fmt == "g":
        return olsak.dumps(p.clues, p.name)
    raise UserError(f"cannot export to {fmt!r} (known: {', '.join(EXPORT_FORMATS)})")


def _sniffs_as(head: bytes, fmt: str) -> bool:
    try:
        return detect_format("", head.decode("utf-8-sig")) == fmt
    except (UserError, ValueError):
        return False


# what an existing file must be for `picross export` to replace it (generator.files.atomic)
OUTPUT_KINDS = {"non": Kind("a NON file", lambda head: _sniffs_as(head, "non")),
                "tk-json": Kind("a Tk solver JSON puzzle", lambda head: _sniffs_as(head, "tk-json")),
                "webpbn": Kind("a webpbn XML puzzle", lambda head: _sniffs_as(head, "webpbn")),
                "g": Kind("an Olšák .g puzzle", lambda head: _sniffs_as(head, "g"))}


def write_puzzle(path: str, p: Puzzle, fmt: str) -> None:
    write_atomic(path, dumps(p, fmt))      # '-': stdout

