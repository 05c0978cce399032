"""The `picross` command line: one group; each cli_*.py module holds a family of commands.

User errors (generator.UserError) print one line on stderr and exit 1, never a traceback.
"""
from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="picross8")
def main() -> None:
    """Generate, solve, check and export picross (nonogram) puzzles for the picross8 cart."""


# Command families register here, one line each.
from generator.cli_screenshots import screenshots; main.add_command(screenshots)  # noqa: E402
