"""Reading a .p8 text cart: its Lua source (as P8SCII) and its 0x4300 bytes of ROM data.

shrinko's reader does the parsing (gfx nibble order, the sfx note packing, music flags) and
inlines any `#include`. The Lua comes back as a P8SCII string: one character per byte 0-255.
The sound sections are checked first (`check_sound_sections`), since shrinko pads short lines
and drops bits it cannot store: a malformed __sfx__ or __music__ line is one error naming the
file's line, the sfx or pattern, and the field.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator import UserError
import re

from generator.files.userfile import Fields, read_json, read_text
from generator.pico8 import ROM_SIZE

MAX_CART_BYTES = 4 * 1024 * 1024   # a .p8 of a full cart is about 200 KB


def read_cartdata(path) -> dict:
    """A cartdata store file (JSON: {cartdata id: [up to 64 whole numbers, each a 32-bit word]});
    absent is empty; any other shape is a UserError naming the file and key."""
    path = Path(path)
    if not path.exists():
        return {}
    data = read_json(path, "cartdata file")
    f = Fields(data, str(path), "an object of cartdata ids")
    for key in data:
        words = f.list(key, of=int)
        if len(words) > 64:
            raise UserError(f"{path}: '{key}' has {len(words)} words; cartdata holds 64")
        for i, v in enumerate(words):
            if not -2**31 <= v < 2**32:
                raise UserError(f"{path}: '{key}'[{i}] = {v} does not fit 32 bits")
    return data


@dataclass(frozen=True)
class Cart:
    name: str
    lua: str          # P8SCII: chr(0)..chr(255), one per PICO-8 byte
    rom: bytes        # 0x0000-0x42ff: gfx, gfx2/map2, map, flags, music, sfx
    lua_first_line: int  # 1-based line of the .p8 file holding the first Lua line


@lru_cache(maxsize=4096)   # a cart prints the same few strings every frame
@lru_cache(maxsize=1)
def _p8_table() -> dict[int, str]:
    """str.translate's table from P8SCII codes to the unicode shrinko's from_p8str gives them
    (made once: print() records every call's text with it)."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_defs import from_p8str
    return {code: from_p8str(chr(code)) for code in range(256)}


def p8_to_unicode(text: str) -> str:
    """P8SCII (one char per byte) to the unicode PICO-8 shows, e.g. chr(0x8b) -> "⬅️"."""
    return text.translate(_p8_table())


SFX_HEADER_FIELDS = ("editor mode", "speed", "loop start", "loop end")
NOTE_FIELDS = ("pitch", "pitch", "waveform", "volume", "effect")
SFX_LINE, MUSIC_LINE, SOUND_LINES = 168, 11, 64
_HEX = set("0123456789abcdefABCDEF")
_MUSIC = re.compile(r"^[0-9a-fA-F]{2} [0-9a-fA-F]{8}$")


def _sfx_field(i: int) -> str:
    """The field that hex digit i of an __sfx__ line belongs to."""
    if i < 8:
        return SFX_HEADER_FIELDS[i // 2]
    note, k = divmod(i - 8, 5)
    return f"note {note} {NOTE_FIELDS[k]}"


def check_sound_sections(lines: list[str], where: str) -> None:
    """__sfx__: up to 64 lines of 168 hex digits (8 of header, then 32 notes of 5: pitch 00-3f,
    waveform 0-f, volume 0-7, effect 0-7); __music__: up to 64 lines 'FF 01020304'. Blank lines
    are skipped (as PICO-8's reader does). Anything else: a UserError naming line and field."""
    section, count = None, 0
    for n, line in enumerate(lines, 1):
        clean = line.strip()
        if line.startswith("__") and clean.endswith("__"):
            section, count = clean[2:-2], 0
            continue
        if section not in ("sfx", "music") or not clean:
            continue
        here = f"{where}: line {n}: __{section}__ {'sfx' if section == 'sfx' else 'pattern'} {count}"
        count += 1
        if count > SOUND_LINES:
            raise UserError(f"{here}: the section has more than {SOUND_LINES} lines")
        if section == "music":
            if not _MUSIC.match(clean):
                bad = next((i for i, ch in enumerate(clean[:MUSIC_LINE])
                            if (ch != " " if i == 2 else ch not in _HEX)), None)
                field = ("flags" if bad < 2 else "the space after the flags" if bad == 2
                         else f"channel {(bad - 3) // 2}") if bad is not None else "length"
                raise UserError(f"{here}: {field}: expected 'FF 01020304' (flags, then 4 channel "
                                f"bytes), got {clean[:40]!r}")
            continue
        bad = next((i for i, ch in enumerate(clean) if ch not in _HEX), None)
        if bad is not None:
            raise UserError(f"{here}, {_sfx_field(bad)}: {clean[bad]!r} is not a hex digit")
        if len(clean) != SFX_LINE:
            raise UserError(f"{here}: {len(clean)} hex digits; an sfx line has {SFX_LINE}")
        for note in range(32):
            at = 8 + 5 * note
            pitch, vol, fx = int(clean[at:at + 2], 16), int(clean[at + 3], 16), int(clean[at + 4], 16)
            for field, value, top in (("pitch", pitch, 63), ("volume", vol, 7), ("effect", fx, 7)):
                if value > top:
                    raise UserError(f"{here}, note {note} {field}: {value} is over {top}")


def read_p8(path: str | os.PathLike) -> Cart:
    """Read a .p8 text cart; a missing or malformed file is a UserError."""
    path = Path(path)
    if not path.exists():
        raise UserError(f"{path}: no such cart")
    text = read_text(path, ".p8 text cart", MAX_CART_BYTES)
    lines = text.splitlines()
    if not lines or not lines[0].startswith("pico-8 cartridge"):
        raise UserError(f"{path}: not a .p8 text cart (no 'pico-8 cartridge' header)")
    header = next((i for i, line in enumerate(lines) if line.strip() == "__lua__"), None)
    check_sound_sections(re.split(r"\r?\n", text), str(path))
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_cart import read_cart
    try:
        cart = read_cart(str(path))
    except Exception as e:  # shrinko raises its own error types for malformed sections
        detail = " ".join(str(e).split()) or type(e).__name__
        raise UserError(f"{path}: unreadable cart: {detail[:200]}") from None
    rom = bytes(cart.rom[:ROM_SIZE])
    first = header + 2 if header is not None else 1
    return Cart(name=path.name, lua=cart.code, rom=rom, lua_first_line=first)


PEEK_OPERATORS = {"@": "peek", "%": "peek2", "$": "peek4"}
PEEK_LOCALS = {op: f"__console_{name}" for op, name in PEEK_OPERATORS.items()}
_peek_cache: dict[str, str] = {}


def route_peek_operators(lua: str) -> str:
    """The cart's Lua with each unary `@x`, `%x`, `$x` turned into a call of the console's
    peek/peek2/peek4 (lupaz8 compiles those operators to reads of its own memory, which the
    console's memory is not). shrinko's parser tells the unary operators from `a % b`, strings
    and comments; each operand keeps its extent (`@a.b[1]^2+1` is `peek(a.b[1]^2)+1`) and the
    text keeps its lines. The calls go through locals bound at the top of the chunk, so a cart
    that swaps _ENV or redefines peek still reads memory. A source shrinko cannot parse is
    returned as it is (Lua then reports its own syntax error)."""
    if not any(op in lua for op in PEEK_OPERATORS):
        return lua
    if lua in _peek_cache:
        return _peek_cache[lua]
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_parse import NodeType, parse
    from pico_srcdefs import Source
    from pico_tokenize import tokenize
    source = Source("cart", lua)
    try:
        tokens, errors = tokenize(source)
        root, errors2 = (None, errors) if errors else parse(source, tokens)
    except Exception:  # shrinko raises its own error types on malformed code
        root, errors2 = None, ["unparsable"]
    if root is None or errors2:
        return lua
    edits: list[tuple[int, int, str]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if getattr(node, "type", None) == NodeType.unary_op and node.op in PEEK_OPERATORS:
            edits.append((node.idx, node.endidx, node.op))
        stack.extend(ch for ch in getattr(node, "children", ()) or () if ch is not None)
    if not edits:
        result = lua
    else:
        # (a space before the call: a minified cart's "and@e" must not become one name)
        inserts = [(i, 1, " " + PEEK_LOCALS[op] + "(") for i, _, op in edits]
        inserts += [(end, 0, ")") for _, end, _ in edits]
        text = lua
        for pos, cut, new in sorted(inserts, key=lambda e: (e[0], e[1]), reverse=True):
            text = text[:pos] + new + text[pos + cut:]
        binds = ",".join(PEEK_LOCALS.values()) + "=" + ",".join(PEEK_OPERATORS.values())
        result = f"local {binds} " + text
    if len(_peek_cache) > 16:
        _peek_cache.clear()
    _peek_cache[lua] = result
    return result


def _long_bracket(lua: str, i: int) -> int:
    """The level (number of '=') of a long bracket opening `[=*[` at lua[i], or -1 (also when
    lua[i] is not '[': `-- [[` is a short comment)."""
    if lua[i:i + 1] != "[":
        return -1
    j = i + 1
    while j < len(lua) and lua[j] == "=":
        j += 1
    return j - i - 1 if j < len(lua) and lua[j] == "[" else -1


def nested_comment_reading(lua: str) -> tuple[str, list[int]]:
    """The cart's Lua read as PICO-8 up to 0.2.5d read its long comments: a `[[` inside a
    `--[[ ]]` comment opens a nested pair, and the comment ends at the `]]` that closes the
    outer one (brackets of the comment's own level, `[=[` in `--[=[`, nest likewise; long
    strings never nest). Returns (text, the 1-based lines where such comments start).

    Each comment whose nested reading differs from the plain one (it holds an opening bracket
    of its level) keeps its brackets but has its text blanked: spaces, and every line break
    kept, so the plain reading of the result is the nested reading of the cart and every line
    and column stays where it was. Strings, short comments (`--` and `//`) and long strings are
    skipped as lupaz8's lexer reads them. A comment the nested reading leaves unclosed is kept
    as it is (the cart's own syntax error stands)."""
    out, lines = [], []
    n, i, copied = len(lua), 0, 0
    while i < n:
        ch = lua[i]
        if ch in "\"'":                      # quoted string: to its quote or the line's end
            i += 1
            while i < n and lua[i] != ch and lua[i] != "\n":
                if lua[i] == "\\":
                    i += 1
                    if i < n and lua[i] == "z":        # \z skips the following white space
                        while i + 1 < n and lua[i + 1] in " \t\r\n\f\v":
                            i += 1
                i += 1
            i += 1
        elif ch == "[" and _long_bracket(lua, i) >= 0:   # long string: to its first closing
            level = _long_bracket(lua, i)
            end = lua.find("]" + "=" * level + "]", i + level + 2)
            i = n if end < 0 else end + level + 2
        elif lua.startswith("--", i) and i + 2 < n and _long_bracket(lua, i + 2) >= 0:
            level = _long_bracket(lua, i + 2)
            opener, closer = "[" + "=" * level + "[", "]" + "=" * level + "]"
            body = i + 2 + len(opener)
            depth, j, nested = 1, body, False
            while j < n and depth:
                if lua.startswith(opener, j):
                    depth, nested, j = depth + 1, True, j + len(opener)
                elif lua.startswith(closer, j):
                    depth, j = depth - 1, j + len(closer)
                else:
                    j += 1
            if depth:                        # unclosed: leave the cart's error to Lua
                i = n
                continue
            if nested:
                end = j - len(closer)
                out.append(lua[copied:body])
                out.append("".join(c if c in "\r\n" else " " for c in lua[body:end]))
                copied = end
                lines.append(lua.count("\n", 0, i) + 1)
            i = j
        elif lua.startswith("--", i) or lua.startswith("//", i):   # short comment
            end = lua.find("\n", i)
            i = n if end < 0 else end
        else:
            i += 1
    out.append(lua[copied:])
    return "".join(out), lines
