"""picross8's toolchain: random and hand-drawn nonograms, checked by a line solver.

Data flows one way: grid -> clues -> linesolve (and classify) -> batch -> build -> cart.
"""
from generator import startup as _startup

if _startup.started_as_program():     # Ctrl-C during the imports to come: one line (startup.py)
    _startup.quiet_interrupts()

MIN_SIZE = 1
MAX_CELLS = 1 << 26     # no fixed side limit: only what memory holds (a 8192x8192 board)
DEFAULT_SIZE = 15


class UserError(Exception):
    """An error the user caused (bad file, bad argument): the CLI prints one line and exits 1."""


def plural(n: int, word: str) -> str:
    """'1 iteration', '4 iterations'."""
    return f"{n} {word}{'' if n == 1 else 's'}"
