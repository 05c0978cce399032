"""`picross import`, `picross explain`, `picross fix`: hand-drawn pictures in, batches out."""
from __future__ import annotations

from pathlib import Path

import click

from generator import UserError
from generator.formats.atomic import BATCH, PNG, check_output, write_atomic
from generator.formats.puzzlefile import pick
from generator.formats.batchfile import write_batch
from generator.errors import user_errors
from generator.puzzles.explain import explain, explanation_image, explanation_text
from generator.render.png import contact_sheet, grid_image, png_bytes, side_by_side
from generator.puzzles.fix import DEFAULT_MAX_FLIPS, fix, fix_report
from generator.puzzles.pictures import BLANK, TILE, Picture, check, inputs_of, load, load_all, to_batch

INDEX_HELP = "Which picture of the file, numbered from 0 as `import` shows them (negative counts from the end)."
_tile_opt = click.option("--tile", default=TILE, show_default=True, type=click.IntRange(1),
                         help="Tile size of PNG sheets.")


def _pick(file: str, index: int, tile: int) -> Picture:
    return pick(load(file, tile), index, file, "picture")


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Batch file to write.")
@click.option("--names", type=click.Path(dir_okay=False), help="One name per picture, in order (overrides).")
@_tile_opt
@click.option("--strict", is_flag=True, help="Exit 1 (writing nothing) unless every picture is kept.")
@click.option("--sheet", type=click.Path(dir_okay=False),
              help="Also write a contact sheet PNG of all pictures (unresolved cells tinted).")
@user_errors
def cmd_import(files, output, names, tile, strict, sheet):
    """Import pictures (PNG sheets, single PNGs, text) and keep the line-solvable ones."""
    inputs = inputs_of(files) + [names]
    check_output(output, BATCH, inputs)
    check_output(sheet, PNG, inputs, others=[output], flag="--sheet")
    pictures = load_all(files, names, tile)
    verdicts = [check(p) for p in pictures]
    for v in verdicts:
        click.echo(v.line())
    if sheet:
        stalls = [None if v.kept or v.kind == BLANK else explain(v.picture.grid).unresolved
                  for v in verdicts]
        img = contact_sheet([p.grid for p in pictures], cell=7, columns=6,
                            names=[p.name for p in pictures], tints=stalls)
        write_atomic(sheet, png_bytes(img))
    kept = sum(v.kept for v in verdicts)
    rejected = len(verdicts) - kept
    if strict and rejected:
        raise UserError(f"{rejected} of {len(verdicts)} pictures are not line-solvable "
                        f"(see `picross explain` / `picross fix`)")
    if not kept:
        raise UserError("no line-solvable picture to write")
    write_batch(output, to_batch(verdicts, [Path(f).name for f in files]))
    click.echo(f"{output}: {kept} pictures kept, {rejected} rejected")


@click.command("explain")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-i", "--index", default=0, show_default=True, help=INDEX_HELP)
@click.option("--png", type=click.Path(dir_okay=False), help="Write the stall (and solutions) as a PNG.")
@_tile_opt
@user_errors
def cmd_explain(file, index, png, tile):
    """Show where line logic stalls on a picture (or two of its solutions)."""
    check_output(png, PNG, inputs_of([file]), flag="--png")
    pic = _pick(file, index, tile)
    e = explain(pic.grid)
    click.echo(f"{pic.source} {pic.name}: " + explanation_text(e))
    if png:
        write_atomic(png, png_bytes(explanation_image(e)))


@click.command("fix")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-i", "--index", default=0, show_default=True, help=INDEX_HELP)
@click.option("--max-flips", default=DEFAULT_MAX_FLIPS, show_default=True, type=click.IntRange(1, 6))
@click.option("--png", type=click.Path(dir_okay=False), help="Write before / after side by side.")
@_tile_opt
@user_errors
def cmd_fix(file, index, max_flips, png, tile):
    """Propose the fewest cell flips that make a picture line-solvable."""
    check_output(png, PNG, inputs_of([file]), flag="--png")
    pic = _pick(file, index, tile)
    result = fix(pic.grid, max_flips)
    click.echo(f"{pic.source} {pic.name}: " + fix_report(pic.grid, result))
    if result.best is not None:
        click.echo("\n".join("  " + row for row in _rows(result.best.grid, pic.grid)))
    if png:
        before = explain(pic.grid)
        images = [grid_image(before.partial)]
        if result.best is not None:
            changed = result.best.grid != pic.grid
            images += [grid_image(pic.grid, changed), grid_image(result.best.grid, changed)]
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
