"""picross8's toolchain: random and hand-drawn nonograms, checked by a line solver.

Data flows one way: grid -> clues -> linesolve (and classify) -> batch -> build -> cart.
"""
import re

from generator import startup as _startup

if _startup.started_as_program():     # Ctrl-C during the imports to come: one line (startup.py)
    _startup.quiet_interrupts()

MIN_SIZE = 1
MAX_CELLS = 1 << 26     # no fixed side limit: only what memory holds (a 8192x8192 board)
DEFAULT_SIZE = 15


_ESCAPED_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")
_RAW_BYTE = re.compile("[\udc80-\udcff]")


def printable(text: str) -> str:
    """A message that may hold text from argv or a file name, as it can be printed: a byte that
    was not UTF-8 (Python carries it as a surrogate, U+DC80..U+DCFF) is written \\xNN, the
    byte the user typed, both raw and where repr() already escaped it ('\\udcff')."""
    text = _RAW_BYTE.sub(lambda m: f"\\x{ord(m.group()) - 0xdc00:02x}", text)
    return _ESCAPED_BYTE.sub(r"\1\\x\2", text)


def shown(text: str, limit: int = 40) -> str:
    """A user's text quoted for a message: its first `limit` characters, repr-quoted, a byte
    that was not UTF-8 as \\xNN (see printable)."""
    return printable(repr(text[:limit]))


class UserError(Exception):
    """An error the user caused (bad file, bad argument): the CLI prints one line and exits 1."""


def plural(n: int, word: str) -> str:
    """'1 iteration', '4 iterations'."""
    return f"{n} {word}{'' if n == 1 else 's'}"
