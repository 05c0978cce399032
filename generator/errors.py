"""One-line user errors for every command line (picross, build.py, the console): a UserError
or an unreadable file becomes one line on stderr and exit status 1, never a traceback."""
from __future__ import annotations

import functools
import os
import sys

import click

from generator import UserError


def user_errors(fn):
    """Turn a UserError (and unreadable files) into one line on stderr and exit status 1."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except UserError as e:
            click.echo(f"picross: error: {e}", err=True)
            sys.exit(1)
        except BrokenPipeError:
            # the reader went away (`picross ... | head`): not an error worth a message
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except OSError as e:
            click.echo(f"picross: error: {e.filename or ''}: {e.strerror}", err=True)
            sys.exit(1)
    return wrapper


def run_command(command: click.Command, prog_name: str, argv: list[str] | None = None) -> None:
    """Run a click command as a program: usage errors become one line and exit status 1,
    Ctrl-C a short note and 130, never a traceback."""
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.Abort:
        click.echo(f"{prog_name}: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as e:
        click.echo(f"picross: error: {e.format_message()}", err=True)
        sys.exit(1)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
