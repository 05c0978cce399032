"""One-line user errors for every command line (picross, build.py, the console): a UserError
or an unreadable file becomes one line on stderr and exit status 1, never a traceback.

A byte of argv or of a file name that is not UTF-8 is shown as the byte the user typed
(\\xff), never as the surrogate Python carries it as (generator.printable).

The line is capped at MAX_LINE characters (a message quoting a 300 KB line of a file says
how much it left out), and what a command printed is flushed before it returns, so a full or
closed stdout is an error naming <stdout>, not a success.
"""
from __future__ import annotations

import argparse
import errno
import functools
import os
import sys

import click

from generator import UserError, printable
from generator.startup import quiet_interrupts

MAX_LINE = 400          # characters of an error line, at most


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """`text` as one line of at most `limit` characters, saying how much was cut."""
    text = " ".join(text.split()) if "\n" in text or "\r" in text else text
    if len(text) <= limit:
        return text
    keep = limit - 40
    return f"{text[:keep]}... ({len(text) - keep:,} more characters)"


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# errors of writing that name no file: every file picross writes or reads names its path in
# its own errors, so one of these comes from printing to stdout (a full disk, a closed pipe)
_WRITE_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF, errno.EPIPE}


def _stdout_failed(e: OSError) -> bool:
    """Whether stdout is what could not be written."""
    if e.errno in _WRITE_ERRNOS:
        return True
    try:
        sys.stdout.flush()
    except OSError:
        return True
    except ValueError:
        return False
    return False


def fail(message: str) -> None:
    click.echo(f"picross: error: {one_line(printable(message))}", err=True)
    sys.exit(1)


def user_errors(fn):
    """Turn a UserError (and unreadable files) into one line on stderr and exit status 1."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            out = fn(*args, **kwargs)
            sys.stdout.flush()        # what the command printed: a full stdout fails here
            return out
        except UserError as e:
            if str(e).startswith("<stdout>:"):      # stdout is full or gone: say so once
                _quiet_stdout()
            fail(str(e))
        except BrokenPipeError:
            # the reader went away (`picross ... | head`): not an error worth a message
            _quiet_stdout()
            sys.exit(1)
        except OSError as e:
            where = e.filename or ("<stdout>" if _stdout_failed(e) else None)
            if where == "<stdout>":
                _quiet_stdout()
            fail(f"{where}: {e.strerror or e}" if where else f"{e.strerror or e}")
    return wrapper


def run_command(command: click.Command, prog_name: str, argv: list[str] | None = None) -> None:
    """Run a click command as a program: usage errors become one line and exit status 1,
    Ctrl-C a short note and 130, never a traceback."""
    quiet_interrupts(prog_name)
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.Abort:
        click.echo(f"{prog_name}: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as e:
        click.echo(f"picross: error: {one_line(printable(e.format_message()))}", err=True)
        sys.exit(1)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, for the scripts that use it (the cart's window, the dev scripts): a
    wrong argument is one line `PROG: error: ...` and exit status 1, as click's usage errors
    are under run_command, not argparse's usage text first and status 2."""

    def error(self, message: str):
        print(f"{self.prog}: error: {one_line(printable(message))}", file=sys.stderr)
        sys.exit(1)
