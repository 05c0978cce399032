"""The `play` command: the terminal game (generator.play.terminal) on a puzzle file."""
from __future__ import annotations

import click

from generator import UserError
from generator.errors import user_errors
from generator.cli.options import Whole
from generator.formats.puzzlefile import FORMATS, read_puzzles
from generator.formats.record import Puzzle
from generator.puzzles.pictures import load as load_pictures


def read_playable(path: str, fmt: str | None) -> list[Puzzle]:
    """Any puzzle file the CLI reads; failing that, a picture file (text or PNG sheet)."""
    try:
        return read_puzzles(path, fmt)
    except UserError:
        if fmt is not None or path == "-":
            raise
        try:
            pictures = load_pictures(path)
        except (UserError, OSError, ValueError):
            pictures = []
        if not pictures:
            raise
        return pictures


@click.command("play")
@click.argument("file")
@click.option("-i", "--index", type=Whole(), default=None,
              help="Start on this puzzle (0-based; negative counts from the end); else the menu.")
@click.option("--format", "fmt", metavar="|".join(FORMATS),
              help="Input format (default: from the extension, else sniffed).")
@user_errors
def cmd_play(file, index, fmt):
    """Play the puzzles of FILE in the terminal (full screen; progress is saved).

    FILE: a batch, NON, Tk JSON, typed clues, or a picture file (text or PNG sheet).
    Keys: arrows or hjkl move, HJKL five cells, 0 $ g G to the edges, space fills, x crosses,
    e erases, p paints along as you move, u / ctrl-r undo / redo, q back to the menu.
    """
    from generator.play.terminal import play   # curses is only loaded for this command
    play(file, read_playable(file, fmt), index)
