"""`picross generate`, `picross check`, `picross stats`: making and auditing puzzle batches."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from generator import DEFAULT_SIZE, UserError
from generator.files.atomic import BATCH, check_output, write_atomic
from generator.formats.batchfile import dumps, parse_batch
from generator.puzzles.check import check_batch
from generator.files.userfile import read_json
from generator.errors import user_errors
from generator.startup import terminate_as_interrupt
from generator.puzzles.generate import (DEFAULT_MAX_TRIES, MAX_COUNT, STYLES, Params, cap_jobs,
                                        generate)
from generator.cli.options import Real, Whole
from generator.puzzles.stats import stats_lines


@click.command("generate")
@click.option("-n", "--count", type=Whole(), default=300, show_default=True,
              help=f"Puzzles to make (at most {MAX_COUNT:,}).")
@click.option("--size", type=Whole(), default=DEFAULT_SIZE, show_default=True, help="Width and height.")
@click.option("--width", type=Whole(), help="Width (overrides --size).")
@click.option("--height", type=Whole(), help="Height (overrides --size).")
@click.option("--density", type=Real(), default=0.6, show_default=True, help="Fraction of cells filled.")
@click.option("--seed", type=Whole(), default=1, show_default=True, help="Same seed, same batch.")
@click.option("--style", default="noise", show_default=True, metavar="|".join(STYLES),
              help="noise: cells filled at random; smooth: blurred noise, no solid lines, more picture-like; "
                   "sprite: mirrored outlined shapes; lopsided: no mirror; turned: the same upside down; "
                   "sprites: a mix of the three.")
@click.option("--jobs", "-j", type=Whole(), default=1, show_default=True,
              help="Worker processes, at most the CPUs this process may use (the batch does not "
                   "depend on it).")
@click.option("--min-iterations", type=Whole(), help="Keep puzzles needing at least this many passes.")
@click.option("--max-iterations", type=Whole(), help="Keep puzzles needing at most this many passes.")
@click.option("--no-blank-lines", is_flag=True, help="Reject grids with an empty or full row or column.")
@click.option("--max-tries", type=Whole(), default=DEFAULT_MAX_TRIES, show_default=True,
              help="Give up after this many candidate grids.")
@click.option("-o", "--output", required=True, help="Batch file to write ('-' = stdout).")
@user_errors
def generate_cmd(count, size, width, height, density, seed, style, jobs, min_iterations,
                 max_iterations, no_blank_lines, max_tries, output):
    """Generate random line-solvable puzzles into a batch file."""
    height, width = (size if n is None else n for n in (height, width))   # 0 is refused, not --size
    p = Params(count, height, width, density, seed, style, min_iterations,
               max_iterations, no_blank_lines, max_tries).check()
    if jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {jobs}")
    jobs = cap_jobs(jobs, lambda line: click.echo(line, err=True))
    check_output(output, BATCH)
    terminate_as_interrupt()     # a `kill` stops the workers and writes nothing, as Ctrl-C does
    start = time.perf_counter()
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=p.count, label="generating", file=sys.stderr) as bar:
                out = generate(p, jobs, bar.update)
        else:
            out = generate(p, jobs)
        write_atomic(output, dumps(out.batch))
    except KeyboardInterrupt:
        click.echo(f"\npicross: interrupted; {output} not written", err=True)
        sys.exit(130)
    took = time.perf_counter() - start
    n = len(out.batch.puzzles)
    click.echo(f"picross: {n} puzzles accepted of {out.tried} tried ({100 * n / out.tried:.1f}%) "
               f"in {took:.1f} s -> {output}", err=True)


@click.command("check")
@click.argument("batch", type=click.Path(path_type=Path))
@user_errors
def check_cmd(batch):
    """Re-verify a batch: clues match, line-solvable in the recorded iterations."""
    n, problems = check_batch(read_json(batch, "batch file"), str(batch))
    for _, line in problems:      # the report on stdout; the one error line on stderr
        click.echo(line)
    if problems:
        bad = len({i for i, _ in problems})
        raise UserError(f"{batch}: {bad} of {n} puzzles failed the check")
    click.echo(f"{batch}: {n} puzzles OK (clues match, line-solvable in the recorded iterations)")


@click.command("stats")
@click.argument("batch", type=click.Path(path_type=Path))
@user_errors
def stats_cmd(batch):
    """Counts, iterations histogram and acceptance rate of a batch."""
    b = parse_batch(read_json(batch, "batch file"), str(batch))
    click.echo("\n".join(stats_lines(b, str(batch))))
