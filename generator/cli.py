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
from generator.cli_batch import check_cmd, generate_cmd, stats_cmd; main.add_command(generate_cmd); main.add_command(check_cmd); main.add_command(stats_cmd)
from generator.cli_puzzle import cmd_export, cmd_render, cmd_show, cmd_solve; main.add_command(cmd_solve); main.add_command(cmd_show); main.add_command(cmd_render); main.add_command(cmd_export)  # noqa: E402,E501
