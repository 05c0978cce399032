"""Shared pieces of the CLI: the one-line user-error handler."""
from __future__ import annotations

import functools
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
        except OSError as e:
            click.echo(f"picross: error: {e.filename or ''}: {e.strerror}", err=True)
            sys.exit(1)
    return wrapper
