"""`picross import`, `picross explain`, `picross fix`: hand-drawn pictures in, batches out."""
from __future__ import annotations

import re
from pathlib import Path

import click
import numpy as np

from generator import UserError
from generator.files.atomic import BATCH, PNG, check_output, write_all, write_atomic
from generator.formats.puzzlefile import FORMATS, pick, read_puzzles
from generator.formats.batchfile import dumps
from generator.formats.record import Puzzle
from generator.files.userfile import read_bytes
from generator.errors import user_errors
from generator.cli.options import Whole
from generator.cli.share import import_code
from generator.puzzles.explain import explain, explain_clues, explanation_image, explanation_text
from generator.render.png import contact_sheet, grid_image, png_bytes, side_by_side
from generator.puzzles.fix import DEFAULT_MAX_FLIPS, fix, fix_report
from generator.puzzles.pictures import BLANK, PNG_MAGIC, TILE, check, inputs_of, load, load_all, to_batch
from generator.solver.verdict import MULTIPLE, UNIQUE, verdict

INDEX_HELP = ("Which picture or puzzle of the file, numbered from 0 as `import` and `show` show them "
              "(negative counts from the end); of a cart manifest, the cart's no. N in its first "
              "world. Default: the first.")
_tile_opt = click.option("--tile", default=TILE, show_default=True, type=Whole(1),
                         help="Tile size of PNG sheets.")
_format_opt = click.option("--format", "fmt", metavar="|".join(FORMATS),
                           help="Read FILE as a puzzle file of this format (default: a picture, "
                                "else the format its content shows).")


def _is_picture(path: Path) -> bool:
    """A PNG, or the pictures' text form ('#'/'.' rows, '; name' lines); anything else is read
    as a puzzle file (NON, webpbn XML, .g, Tk JSON, batch, typed clues)."""
    data = read_bytes(path, "picture or puzzle file")   # the limits and one-line errors of every reader
    if data[:8] == PNG_MAGIC or path.suffix.lower() == ".png":
        return True
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return True            # let the picture reader say what is wrong with it
    rows = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith(";")]
    return bool(rows) and all(re.fullmatch(r"[#.xX10]+", r) for r in rows) \
        and any(re.search(r"[#.xX]", r) for r in rows)


def _pick(file: str, index: int | None, tile: int, fmt: str | None = None) -> Puzzle:
    """What explain and fix work on: a picture, or a puzzle of a puzzle file (its solution when
    the file has one, else its clues and known cells); its source and name label the report."""
    path = Path(file)
    if fmt is None and _is_picture(path):
        return pick(load(file, tile), index, file, "picture")
    puzzles = read_puzzles(file, fmt)
    p = pick(puzzles, index, file)
    number = puzzles.number(index)
    p.source = f"{path.name} {p.source}" if puzzles.first else f"{path.name}#{number}"
    p.name = p.name or path.stem
    return p


def _label(p: Puzzle) -> str:
    return f"{p.source} {p.name}"


def _picture_of(pk: Puzzle) -> tuple[np.ndarray, str]:
    """The grid `fix` works on: the file's picture, else the clues' solution (the first of
    two when there are several), with a note saying which."""
    if pk.solution is not None:
        return pk.solution, ""
    v = verdict(pk.clues, pk.known)
    if v.classification == UNIQUE:
        return v.solutions[0], "(the file has clues only: fixing their one solution)\n"
    if v.classification == MULTIPLE:
        return v.solutions[0], "(the file has clues only and they have several solutions: fixing the first found)\n"
    raise UserError(f"{_label(pk)}: no picture fits these clues ({v.reason}), so there is nothing to fix")


@click.command("import")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Batch file to write.")
@click.option("--code", help="Instead of pictures: a share code (`picross share` prints one, the cart shows "
              "one); its puzzle is written whatever line logic makes of it, with the verdict.")
@click.option("--cart", type=click.Path(dir_okay=False),
              help="With an endless --code: the built cart (build/picross.p8) whose generator draws its puzzle.")
@click.option("--names", type=click.Path(dir_okay=False), help="One name per picture, in order (overrides).")
@_tile_opt
@click.option("--strict", is_flag=True, help="Exit 1 (writing nothing) unless every picture is kept.")
@click.option("--sheet", type=click.Path(dir_okay=False),
              help="Also write a contact sheet PNG of all pictures (unresolved cells tinted).")
@user_errors
def cmd_import(files, output, code, cart, names, tile, strict, sheet):
    """Import pictures (PNG sheets, single PNGs, text) and keep the line-solvable ones; or,
    with --code, the puzzle of a share code (with --strict: only if line-solvable)."""
    if code is not None:
        if files or names or sheet:
            raise UserError("--code imports one share code: give no picture files, --names or --sheet with it")
        return import_code(code, output, strict, cart)
    if cart is not None:
        raise UserError("--cart draws an endless share code's puzzle: give it with --code")
    if not files:
        raise UserError("give the picture files to import (or --code CODE for a share code)")
    inputs = inputs_of(files) + [names]
    check_output(output, BATCH, inputs)
    check_output(sheet, PNG, inputs, others=[output], flag="--sheet")
    pictures = load_all(files, names, tile)
    verdicts = [check(p) for p in pictures]
    for v in verdicts:
        click.echo(v.line())
    kept = sum(v.kept for v in verdicts)
    rejected = len(verdicts) - kept
    # refused before anything is written: a refusal leaves no output, not even the sheet
    if strict and rejected:
        raise UserError(f"{rejected} of {len(verdicts)} pictures are not line-solvable "
                        f"(see `picross explain` / `picross fix`)")
    if not kept:
        raise UserError("no line-solvable picture to write")
    outputs = [(output, dumps(to_batch(verdicts, [Path(f).name for f in files])))]
    if sheet:
        stalls = [None if v.kept or v.kind == BLANK else explain(v.puzzle.solution).unresolved
                  for v in verdicts]
        img = contact_sheet([p.solution for p in pictures], cell=7, columns=6,
                            names=[p.name for p in pictures], tints=stalls)
        outputs.append((sheet, png_bytes(img)))
    write_all(outputs)
    click.echo(f"{output}: {kept} pictures kept, {rejected} rejected")


@click.command("explain")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-i", "--index", type=Whole(), default=None, help=INDEX_HELP)
@click.option("--png", type=click.Path(dir_okay=False), help="Write the stall (and solutions) as a PNG.")
@_tile_opt
@_format_opt
@user_errors
def cmd_explain(file, index, png, tile, fmt):
    """Show where line logic stalls on a picture or puzzle (or two of its solutions).

    FILE is a picture (PNG, text) or any puzzle file `solve` reads."""
    check_output(png, PNG, inputs_of([file]), flag="--png")
    pk = _pick(file, index, tile, fmt)
    e = explain(pk.solution) if pk.solution is not None else explain_clues(pk.clues, known=pk.known)
    click.echo(f"{_label(pk)}: " + explanation_text(e))
    if png:
        write_atomic(png, png_bytes(explanation_image(e)))


@click.command("fix")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-i", "--index", type=Whole(), default=None, help=INDEX_HELP)
@click.option("--max-flips", default=DEFAULT_MAX_FLIPS, show_default=True, type=Whole(1, 6))
@click.option("--png", type=click.Path(dir_okay=False), help="Write before / after side by side.")
@_tile_opt
@_format_opt
@user_errors
def cmd_fix(file, index, max_flips, png, tile, fmt):
    """Propose the fewest cell flips that make a picture line-solvable.

    FILE is a picture (PNG, text) or any puzzle file `solve` reads (clues only: their solution)."""
    check_output(png, PNG, inputs_of([file]), flag="--png")
    pk = _pick(file, index, tile, fmt)
    grid, note = _picture_of(pk)
    result = fix(grid, max_flips)
    click.echo(note + f"{_label(pk)}: " + fix_report(grid, result))
    if result.best is not None:
        click.echo("\n".join("  " + row for row in _rows(result.best.grid, grid)))
    if png:
        before = explain(grid)
        images = [grid_image(before.partial)]
        if result.best is not None:
            changed = result.best.grid != grid
            images += [grid_image(grid, changed), grid_image(result.best.grid, changed)]
        write_atomic(png, png_bytes(side_by_side(images)))


def _rows(after, before):
    """The fixed picture as text, flipped cells shown as '+' (filled) / '-' (cleared)."""
    out = []
    for y in range(after.shape[0]):
        row = ""
        for x in range(after.shape[1]):
            if after[y, x] != before[y, x]:
                row += "+" if after[y, x] else "-"
            else:
                row += "#" if after[y, x] else "."
        out.append(row)
    return out
