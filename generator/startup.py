"""Ctrl-C and SIGTERM at any moment of a program's life: one line, never a traceback.

A command handles Ctrl-C itself once it runs (generator.errors.run_command: "interrupted",
exit 130); `quiet_interrupts` covers the moments before and after, the imports above all
(numpy, click, Pillow: the first half-second of every command), where a KeyboardInterrupt
would reach the interpreter's top level and print a traceback: the hook prints one line
instead, and the interpreter then ends by SIGINT as it does for any unhandled Ctrl-C (status
130). Only this module's own imports (the standard library's sys and os) come before it.

`terminate_as_interrupt` makes SIGTERM raise KeyboardInterrupt too, so a `kill` unwinds the
same way as Ctrl-C: temporary files removed, worker processes stopped (generate --jobs).
"""
from __future__ import annotations

import os
import sys


def program_name() -> str:
    """How the running program is called in messages: `picross` for the picross script and
    `python -m generator`, else the script's name or `python -m <module>`."""
    argv = getattr(sys, "orig_argv", None) or sys.argv
    if "-m" in argv[:-1]:
        module = argv[argv.index("-m") + 1]
        return "picross" if module == "generator" else f"python -m {module}"
    return os.path.basename(sys.argv[0]) or "picross"


def quiet_interrupts(prog: str | None = None) -> None:
    """From now on, a KeyboardInterrupt no code caught prints `<prog>: interrupted`, not a
    traceback (other exceptions are left to the hook that was there)."""
    if getattr(sys.excepthook, "quiet_interrupts", False):
        return
    previous = sys.excepthook

    def hook(kind, value, tb):
        if issubclass(kind, KeyboardInterrupt):
            try:
                sys.stderr.write(f"{prog or program_name()}: interrupted\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            return
        previous(kind, value, tb)
    hook.quiet_interrupts = True
    sys.excepthook = hook


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def terminate_as_interrupt() -> None:
    """SIGTERM raises KeyboardInterrupt in the main thread (only there can Python set it)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_interrupt)


def started_as_program() -> bool:
    """True while `python -m generator...` locates its module (sys.argv[0] is then '-m') or
    the picross script starts: the first import of the package, before any heavy one."""
    return sys.argv[:1] == ["-m"] or os.path.basename(sys.argv[0] if sys.argv else "") == "picross"
