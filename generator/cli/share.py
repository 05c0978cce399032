"""`picross share`: a puzzle's share code; `picross import --code`: a share code's puzzle as a
one-puzzle batch (docs/share-codes.md; the format itself is generator.formats.sharecode).

A code holds a grid, and the cart plays the grid's clues, refusing a code whose puzzle line logic
cannot finish. So `share` needs a grid: the file's solution, else the one solution of its clues
(clues with none or several have no code); a puzzle the cart would refuse still gets its code,
with a note on stderr. `import --code` writes the code's puzzle whatever the classifier says, and
says what it says (a user importing a stalled design wants it in a file to `explain` or `fix`);
with --strict it writes only a line-solvable puzzle. An endless code holds a seed: with --cart
its puzzle is drawn by that built cart's own generator in the console
(generator.playtest.endless), else it is refused, saying so.
"""
from __future__ import annotations

import click

from generator import UserError, plural
from generator.errors import user_errors
from generator.cli.options import Whole
from generator.files.atomic import BATCH, check_output, write_atomic
from generator.formats.batchfile import Batch, dumps
from generator.formats.record import Puzzle
from generator.formats.puzzlefile import FORMATS, pick, read_puzzles
from generator.formats.sharecode import (KIND_OF_SIZE, MAX_SEED, Endless, decode, encode_grid,
                                         encode_seed, normalise)
from generator.solver.clues import grid_clues
from generator.solver.verdict import MULTIPLE, NONE, UNIQUE, Verdict, verdict

# the line every command that reads a puzzle file adds to its --help (generator.cli)
CODE_HINT = "A share code instead of a file: `picross import --code CODE -o FILE.json` first."


def _cart_size(p: Puzzle, label: str) -> None:
    h, w = p.clues.height, p.clues.width
    if h != w or h not in KIND_OF_SIZE:
        raise UserError(f"{label}: a {w}x{h} puzzle has no share code (codes hold the cart's "
                        "sizes: 5x5, 10x10, 15x15)")


def _grid_of(p: Puzzle, label: str):
    """The picture the code holds: the file's solution, else its clues' one solution."""
    if p.solution is not None:
        return p.solution
    v = verdict(p.clues, p.known)
    if v.classification == UNIQUE:
        return v.solution
    if v.classification == MULTIPLE:
        raise UserError(f"{label}: the clues have several solutions, and a code holds one "
                        "picture: no share code")
    if v.classification == NONE:
        raise UserError(f"{label}: no picture fits the clues ({v.reason}): no share code")
    raise UserError(f"{label}: the classifier could not decide whether the clues have one "
                    f"solution ({v.summary()}): no share code")


def _cart_verdict(v: Verdict) -> str:
    """What the cart will make of a grid's clues, in words."""
    if v.solved:
        return f"line-solvable in {plural(v.iterations, 'iteration')}"
    return f"needs a guess: line logic stalls after {plural(v.iterations, 'iteration')}; {v.summary()}"


@click.command("share")
@click.argument("file", required=False)
@click.option("-i", "--index", type=Whole(), default=None,
              help="Which puzzle of a batch, numbered from 0 (negative counts from the end); of a "
                   "cart manifest (build/picross.json), the cart's no. N in --world. Default: the first.")
@click.option("--world", default=None, metavar="NAME",
              help="With a cart manifest: the world whose puzzles -i numbers, as the cart does "
                   "(default: the cart's first world).")
@click.option("--format", "fmt", metavar="|".join(FORMATS),
              help="Input format (default: from the extension, else sniffed).")
@click.option("--endless", "seed", type=Whole(), default=None,
              help=f"Instead of a file: the code of the cart's endless puzzle of this seed (0-{MAX_SEED}).")
@user_errors
def cmd_share(file, index, world, fmt, seed):
    """Print the share code of a puzzle of FILE: one line, to paste in the cart or give to
    `picross import --code`.

    FILE is any puzzle file `solve` reads ('-' = stdin); the puzzle must be 5x5, 10x10 or
    15x15. A file of clues only is solved first: clues with no solution or several have no
    code. A puzzle line logic cannot finish gets its code with a note on stderr: the cart
    refuses to play it."""
    if (file is None) == (seed is None):
        raise UserError("give a puzzle FILE, or --endless SEED (one of them)")
    if seed is not None:
        click.echo(encode_seed(seed))
        return
    name = "<stdin>" if file == "-" else str(file)
    puzzles = read_puzzles(file, fmt, world)
    p = pick(puzzles, index, name)
    number = puzzles.number(index)
    label = (f"{name} {puzzles.scope.removeprefix('world ')} no. {number}" if puzzles.first
             else f"{name}#{number}")
    _cart_size(p, label)
    grid = _grid_of(p, label)
    try:
        code = encode_grid(grid)
    except UserError as e:       # an empty puzzle
        raise UserError(f"{label}: {e}") from None
    v = verdict(grid_clues(grid))
    if not v.solved:
        click.echo(f"picross: note: {label}: {_cart_verdict(v)}; the cart refuses this code "
                   "(see `picross explain` / `picross fix`)", err=True)
    click.echo(code)


def import_code(code: str, output: str, strict: bool, cart: str | None = None) -> None:
    """`picross import --code`: the code's puzzle as a one-puzzle batch in `output`; an
    endless code's puzzle is drawn by `cart` (a built .p8) in the console."""
    found = decode(code)
    check_output(output, BATCH, inputs=[cart])
    what = ""
    if isinstance(found, Endless):
        if cart is None:
            raise UserError(f"an endless code (seed {found.seed}) holds a seed, not a grid: the cart "
                            "draws its puzzle (play it there, or give --cart build/picross.p8 to draw "
                            "it here with the cart's own generator)")
        from generator.playtest.endless import endless_grid     # the console only for this
        what = f"endless seed {found.seed} drawn by {cart}, "
        found = endless_grid(cart, found.seed)
    v = verdict(grid_clues(found))
    n = found.shape[0]
    report = f"{normalise(code)}: {what}{n}x{n}, {_cart_verdict(v)}"
    if strict and not v.solved:
        raise UserError(f"{report} (--strict: not written)")
    batch = Batch([Puzzle.from_grid(found, iterations=v.iterations)], {"style": "share code", "sources": [normalise(code)]})
    write_atomic(output, dumps(batch))
    say = {"err": output == "-"}          # the batch itself may be on stdout
    click.echo(report, **say)
    tail = "" if v.solved else "; the cart refuses this puzzle (see `picross explain` / `picross fix`)"
    click.echo(f"{'<stdout>' if output == '-' else output}: 1 puzzle written{tail}", **say)
