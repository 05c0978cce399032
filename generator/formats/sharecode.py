"""Share codes: one line of text naming a puzzle of a cart size, or an endless puzzle's seed.

The format is docs/share-codes.md's (the cart reads and writes the same codes in Lua):

    kind  body  check           kind: 5, a (10), f (15) for a grid; e for an endless seed
    1     n     2   symbols     body: the cells row by row, 5 to a symbol, first cell the top
                                bit (5, 20, 45 symbols); an endless seed as 3 symbols

in the 32 symbols of ALPHABET. The check: h = 0, then h = (h * 31 + v + 1) % 1021 for every
symbol value v of kind and body; written as h // 32, h % 32.

Reading (`decode`) drops spaces, tabs, line ends and '-', reads ASCII uppercase as lowercase,
'o' as '0' and 'i', 'l' as '1', and refuses, in one line (a UserError) saying which: no code at
all, a symbol outside the alphabet (which, and where in the text given), an unknown kind, a
length other than the kind's, a check that does not match ("damaged"), a grid with no filled
cell ("empty"). Whether line logic finishes a grid is not this module's business: the cart
refuses a code that needs a guess, the CLI reports the classifier's verdict.

May import: generator (UserError), numpy. Nothing of the solver is needed.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator import UserError

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
VALUE = {s: v for v, s in enumerate(ALPHABET)}
KINDS = {"5": 5, "a": 10, "f": 15}          # a grid code's kind symbol -> the board's side
KIND_OF_SIZE = {n: k for k, n in KINDS.items()}
ENDLESS = "e"
SEED_SYMBOLS = 3
MAX_SEED = 32767                             # what the cart's srand takes; 32**3 - 1
MODULUS = 1021
CHECK_SYMBOLS = 2

# what a reader drops, and the usual misreadings it corrects (after ASCII lowercasing)
_DROPPED = frozenset(" \t\r\n-")
_READ_AS = {"o": "0", "i": "1", "l": "1"}


def length_of(kind: str) -> int:
    """The whole code's length, in symbols, for a kind symbol (one of KINDS or ENDLESS)."""
    body = SEED_SYMBOLS if kind == ENDLESS else KINDS[kind] ** 2 // 5
    return 1 + body + CHECK_SYMBOLS


def check_of(symbols: str) -> str:
    """The two check symbols of a kind and body."""
    h = 0
    for s in symbols:
        h = (h * 31 + VALUE[s] + 1) % MODULUS
    return ALPHABET[h // 32] + ALPHABET[h % 32]


def with_check(symbols: str) -> str:
    """A kind and body made a whole code (no check that they make a puzzle: see encode_grid)."""
    return symbols + check_of(symbols)


@dataclass(frozen=True)
class Endless:
    """What an endless code names: the seed the cart draws its endless puzzle from."""
    seed: int


# ---- writing ------------------------------------------------------------------------------

def encode_grid(grid) -> str:
    """The code of a square 5x5, 10x10 or 15x15 grid (bool, or 0/1 numbers; True/1 filled).
    A grid of another size, one with unknown cells, or an empty one is a UserError."""
    g = np.asarray(grid)
    if g.ndim != 2:
        raise UserError(f"a share code holds a 2-D board, not an array of shape {g.shape}")
    h, w = g.shape
    if h != w or h not in KIND_OF_SIZE:
        raise UserError(f"a share code holds a 5x5, 10x10 or 15x15 board (the cart's sizes); "
                        f"this one is {w}x{h} (width x height)")
    if g.dtype != bool:
        if not np.isin(g, (0, 1)).all():
            raise UserError("a share code holds a finished board: cells filled (1) or empty (0), "
                            "not unknown")
        g = g.astype(bool)
    if not g.any():
        raise UserError("the board is empty (no filled cell): no puzzle to share")
    bits = g.ravel().astype(np.uint8).reshape(-1, 5)
    values = bits @ np.array([16, 8, 4, 2, 1], dtype=np.int64)
    return with_check(KIND_OF_SIZE[h] + "".join(ALPHABET[v] for v in values.tolist()))


def encode_seed(seed: int) -> str:
    """The code of the endless puzzle drawn from `seed` (0 to MAX_SEED)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise UserError(f"an endless seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    seed = int(seed)
    body = "".join(ALPHABET[(seed >> shift) & 31] for shift in (10, 5, 0))
    return with_check(ENDLESS + body)


# ---- reading ------------------------------------------------------------------------------

def _shown(ch: str) -> str:
    """A character as a message shows it: printable ASCII quoted, a byte that was not UTF-8
    (argv carries it as a surrogate, U+DC80..U+DCFF) as that byte, anything else by code point."""
    if " " < ch <= "~":
        return repr(ch)
    if "\udc80" <= ch <= "\udcff":
        return f"byte 0x{ord(ch) - 0xdc00:02x} (not UTF-8 text)"
    return f"U+{ord(ch):04X}" + (f" {ch!r}" if ch.isprintable() else "")


def normalise(text: str) -> str:
    """The code's symbols as the reading rules give them (see the module docstring); a
    character that is no symbol is a UserError naming it and its place in `text`."""
    if not isinstance(text, str):
        raise UserError("a share code is text")
    out = []
    for place, ch in enumerate(text, 1):
        if ch in _DROPPED:
            continue
        if "A" <= ch <= "Z":
            ch = ch.lower()
        ch = _READ_AS.get(ch, ch)
        if ch not in VALUE:
            raise UserError(f"share code: {_shown(text[place - 1])} "
                            f"(character {place:,} of the text) is not a code symbol; codes use "
                            "the digits and the letters a-z except u")
        out.append(ch)
    return "".join(out)


def _kind_name(kind: str) -> str:
    return "an endless" if kind == ENDLESS else f"a {KINDS[kind]}x{KINDS[kind]}"


def decode(text: str) -> np.ndarray | Endless:
    """What a code names: a bool grid (5x5, 10x10 or 15x15), or an Endless seed. A text that is
    no well-formed code of a puzzle is a UserError saying what is wrong."""
    code = normalise(text)
    if not code:
        raise UserError("share code: there is none (the text is blank)")
    kind = code[0]
    if kind != ENDLESS and kind not in KINDS:
        raise UserError(f"share code: unknown kind {kind!r} (its first symbol: 5 for 5x5, a for "
                        "10x10, f for 15x15, e for endless)")
    want = length_of(kind)
    if len(code) != want:
        short = "missing" if len(code) < want else "too many"
        raise UserError(f"share code: {_kind_name(kind)} code has {want} symbols, this one has "
                        f"{len(code):,} ({short})")
    body, check = code[:-CHECK_SYMBOLS], code[-CHECK_SYMBOLS:]
    if check_of(body) != check:
        raise UserError("share code: damaged (its check does not match: a symbol mistyped, "
                        "swapped or lost)")
    values = [VALUE[s] for s in body[1:]]
    if kind == ENDLESS:
        # (3 symbols hold at most 32**3 - 1 = MAX_SEED: every endless code's seed is in range)
        return Endless((values[0] << 10) | (values[1] << 5) | values[2])
    n = KINDS[kind]
    bits = (np.array(values, dtype=np.uint8)[:, None] >> np.arange(4, -1, -1)) & 1
    grid = bits.astype(bool).reshape(n, n)
    if not grid.any():
        raise UserError("share code: the board is empty (no filled cell), so there is no puzzle")
    return grid
