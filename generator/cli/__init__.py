"""The `picross` command line: one click group; each module of this package holds a family of
commands (batch: generate/check/stats; puzzle: solve/show/render/export; pictures:
import/explain/fix; screenshots; play: the terminal game; share: share codes).

User errors (generator.UserError, and click's own usage errors) print one line on stderr and
exit 1, never a traceback.

May import anything below it: solver, formats, render, puzzles, cartbuild, console.
"""
from __future__ import annotations

import inspect

import click

from generator.errors import run_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="picross8")
def main() -> None:
    """Generate, solve, check and export picross (nonogram) puzzles for the picross8 cart."""


def run(argv: list[str] | None = None) -> None:
    """Console-script entry: click's usage errors become one line and exit status 1."""
    run_command(main, "picross", argv)


# Command families register here, one line each.
from generator.cli.batch import check_cmd, generate_cmd, stats_cmd  # noqa: E402
from generator.cli.pictures import cmd_explain, cmd_fix, cmd_import  # noqa: E402
from generator.cli.play import cmd_play  # noqa: E402
from generator.cli.puzzle import cmd_export, cmd_render, cmd_show, cmd_solve  # noqa: E402
from generator.cli.screenshots import screenshots  # noqa: E402
from generator.cli.share import CODE_HINT, cmd_share  # noqa: E402

for _cmd in (generate_cmd, check_cmd, stats_cmd, cmd_solve, cmd_show, cmd_render, cmd_export,
             cmd_import, cmd_explain, cmd_fix, screenshots, cmd_play, cmd_share):
    main.add_command(_cmd)

# every command that reads a puzzle file says, last in its --help, how to use a share code
for _cmd in (check_cmd, stats_cmd, cmd_solve, cmd_show, cmd_render, cmd_export, cmd_explain,
             cmd_fix, cmd_play):
    _cmd.help = f"{inspect.cleandoc(_cmd.help)}\n\n{CODE_HINT}"
