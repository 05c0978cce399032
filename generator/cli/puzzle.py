"""CLI commands that work on single puzzles: solve, show, render, export.

Every command reads any puzzle file generator.formats.puzzlefile knows (batch, tk-json, non, text; '-' is
stdin) and picks one puzzle of a batch with --index, numbered from 0 like every puzzle number the
toolchain prints (negative counts from the end).
"""
from __future__ import annotations

import json
import sys
import time

import click
import numpy as np

from generator import UserError
from generator.render.text import board_lines, header
from generator.files.atomic import PNG, check_output, write_atomic
from generator.errors import user_errors
from generator.cli.options import Real, Whole
from generator.formats.puzzlefile import (EXPORT_FORMATS, FORMATS, OUTPUT_KINDS, pick, read_puzzle,
                                          read_puzzles, write_puzzle)
from generator.solver.grid import UNKNOWN, rows_to_text
from generator.solver.linesolve import solve
from generator.solver.verdict import DEFAULT_NODE_LIMIT, MULTIPLE, NONE, verdict

# formats are checked by generator.formats.puzzlefile, so a wrong one is a one-line user error
_format_opt = click.option("--format", "fmt", metavar="|".join(FORMATS),
                           help="Input format (default: from the extension, else sniffed).")
INDEX_HELP = ("Which puzzle of a batch, numbered from 0 (negative counts from the end); of a cart "
              "manifest (build/picross.json), the cart's no. N in --world. Default: the first.")
_index_opt = click.option("-i", "--index", type=Whole(), default=None, help=INDEX_HELP)
WORLD_HELP = ("With a cart manifest (build/picross.json): the world whose puzzles -i numbers, as the "
              "cart does (default: the cart's first world).")
_world_opt = click.option("--world", default=None, metavar="NAME", help=WORLD_HELP)
_ascii_opt = click.option("--ascii", "plain", is_flag=True,
                          help="Plain ASCII cells: '#' filled, 'x' crossed, '?' unknown.")


def _plain_wanted(plain: bool) -> bool:
    """Plain cells when asked, or when stdout cannot encode the block characters."""
    if plain:
        return True
    try:
        "█░".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


BIG = 10_000        # cells: from here on, `solve` reports its progress on stderr
_ECHO_LINES = 256   # lines of a board written at once


def _echo_board(*args, **kwargs) -> None:
    """A board (render.text.board_lines' arguments) on stdout, a block of lines at a time."""
    lines = board_lines(*args, **kwargs)
    while True:
        block = [line for _, line in zip(range(_ECHO_LINES), lines)]
        if not block:
            return
        click.echo("\n".join(block))


def _echo_json(value) -> None:
    """json.dumps(value) and a newline, written as the encoder makes it (a huge board's rows
    are never joined into one string)."""
    for chunk in json.JSONEncoder().iterencode(value):
        click.echo(chunk, nl=False)
    click.echo()


class _Progress:
    """Line logic's progress on a big board, on stderr: the first iteration at once, then at
    most one line a second (a 512x512 board takes a while; it must not look hung)."""

    def __init__(self, cells: int):
        self.cells, self.last = cells, 0.0

    def __call__(self, iterations: int, known: int) -> None:
        now = time.monotonic()
        if iterations == 1 or now - self.last >= 1:
            self.last = now
            click.echo(f"picross: line logic iteration {iterations}: {known:,} of {self.cells:,} "
                       f"cells known ({100 * known / self.cells:.0f}%)", err=True)


@click.command("solve")
@click.argument("file")
@_index_opt
@_format_opt
@click.option("--steps", is_flag=True, help="Print the grid after each iteration.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
@click.option("--node-limit", default=DEFAULT_NODE_LIMIT, show_default=True, type=Whole(0),
              help="Search nodes the classifier spends before its SAT step, when line logic stalls.")
@click.option("--time-limit", type=Real(0), default=None,
              help="Seconds the classifier may take; past them it answers 'unknown' (default: none).")
@_world_opt
@_ascii_opt
@user_errors
def cmd_solve(file, index, fmt, steps, as_json, node_limit, time_limit, world, plain):
    """Solve FILE by line logic, then classify what is left.

    FILE is a picross8 batch, the Tk solver's JSON, a NON file, webpbn XML, an Olšák .g file
    or typed clues ('-' = stdin). A unique solution is printed, the cells line logic could not
    reach marked; for several solutions, two of them.
    """
    p = read_puzzle(file, index, fmt, world)
    cells = p.clues.height * p.clues.width
    progress = _Progress(cells) if cells >= BIG else None
    say = lambda text: click.echo(f"picross: {text}", err=True)      # noqa: E731
    v = verdict(p.clues, p.known, node_limit, record_steps=steps and not as_json,
                progress=progress, time_limit=time_limit, announce=say if progress else None,
                heartbeat=say)
    if as_json:
        out = {"status": v.status, "classification": v.classification,
               "iterations": v.iterations, "grid": rows_to_text(v.partial), "nodes": v.nodes,
               "method": v.method,
               "solution": rows_to_text(v.solution) if v.solution is not None else None}
        if v.classification == MULTIPLE:
            out["solutions"] = [rows_to_text(s) for s in v.solutions]
        if v.classification == NONE:
            out["reason"] = v.reason
        if v.time_hit:
            out["time_limit_hit"] = True
        _echo_json(out)
        return
    plain = _plain_wanted(plain)
    for i, g in enumerate(v.steps, 1):
        click.echo(f"-- iteration {i} --\n")
        _echo_board(p.clues, g, plain)
        click.echo()
    click.echo(header(v.status, v.iterations) + "\n")
    _echo_board(p.clues, v.partial, plain)
    if v.solved:
        return
    unreached = v.unresolved
    marks = "'@' filled, '-' empty" if plain else "'▓' filled, '·' empty"
    if v.solution is not None:
        click.echo(f"\n-- the solution ({marks}: the {int(unreached.sum())} cells line logic "
                   "could not reach) --\n")
        _echo_board(p.clues, v.solution, plain, mark=unreached)
    elif v.classification == MULTIPLE:
        differ = v.solutions[0] != v.solutions[1]
        for i, sol in enumerate(v.solutions, 1):
            click.echo(f"\n-- solution {i} of at least 2 ({marks}: the {int(differ.sum())} cells "
                       "where the two differ) --\n")
            _echo_board(p.clues, sol, plain, mark=differ)
    click.echo("\n" + v.summary())   # the verdict comes last, under the boards


@click.command("show")
@click.argument("file")
@click.option("-i", "--index", type=Whole(), default=None, help="Only this puzzle, numbered from 0 "
              "(negative counts from the end); of a cart manifest, the cart's no. N in --world.")
@_format_opt
@_world_opt
@_ascii_opt
@user_errors
def cmd_show(file, index, fmt, world, plain):
    """Show the puzzles of FILE: clues, and solutions where known."""
    puzzles = read_puzzles(file, fmt, world)
    picked = range(len(puzzles)) if index is None else [index]
    if index is not None:
        pick(puzzles, index, "<stdin>" if file == "-" else file)
    plain = _plain_wanted(plain)
    for n, i in enumerate(picked):
        number = puzzles.number(i) if index is not None else i + puzzles.first
        p = puzzles[number - puzzles.first]
        title = f" {p.name}" if p.name else ""
        what = f"{puzzles.scope.removeprefix('world ')} no." if puzzles.first else "puzzle"
        click.echo(("\n" if n else "") + f"-- {what} {number}{title}: {p.clues.width}x{p.clues.height} --\n")
        _echo_board(p.clues, p.solution if p.solution is not None else p.known, plain)


@click.command("render")
@click.argument("file")
@click.option("-o", "--output", required=True, help="PNG file to write.")
@_index_opt
@click.option("--sheet", is_flag=True, help="A contact sheet of every puzzle in FILE.")
@click.option("--blank", is_flag=True, help="Clues and an empty grid (to print and solve).")
@click.option("--cell", default=None, type=Whole(2, 64), help="Cell size in pixels.")
@_format_opt
@_world_opt
@user_errors
def cmd_render(file, output, index, sheet, blank, cell, fmt, world):
    """Render a puzzle of FILE (or a contact sheet of all) as a PNG.

    A puzzle shows its solution when the file has one, else what the line solver finds,
    unknown cells highlighted.
    """
    from generator.render import png as render   # Pillow is only loaded for this command

    check_output(output, PNG, inputs=[file])

    def grid_of(p):
        if blank:
            return np.full((p.clues.height, p.clues.width), UNKNOWN, dtype=np.int8)
        return p.solution if p.solution is not None else solve(p.clues, p.known).grid

    if sheet:
        img = render.contact_sheet([grid_of(p) for p in read_puzzles(file, fmt, world)], cell=cell or 4)
    else:
        p = read_puzzle(file, index, fmt, world)
        img = render.puzzle_image(p.clues, None if blank else grid_of(p), cell=cell or 16)
    write_atomic(output, render.png_bytes(img))


@click.command("export")
@click.argument("file")
@click.option("--format", "out_fmt", metavar="|".join(EXPORT_FORMATS), required=True,
              help="Format to write.")
@click.option("-o", "--output", required=True, help="File to write ('-' = stdout).")
@_index_opt
@click.option("--input-format", "fmt", metavar="|".join(FORMATS),
              help="Input format (default: from the extension, else sniffed).")
@_world_opt
@user_errors
def cmd_export(file, out_fmt, output, index, fmt, world):
    """Export one puzzle of FILE as NON, the Tk solver's JSON, webpbn XML or Olšák .g."""
    if out_fmt not in EXPORT_FORMATS:
        raise UserError(f"cannot export to {out_fmt!r} (known: {', '.join(EXPORT_FORMATS)})")
    check_output(output, OUTPUT_KINDS[out_fmt], inputs=[file])
    write_puzzle(output, read_puzzle(file, index, fmt, world), out_fmt)
