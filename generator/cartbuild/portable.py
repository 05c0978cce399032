r"""Syntax and API corners that PICO-8 implementations read differently: the build refuses them.

A cart is played in PICO-8 itself, in fake-08 (the 3DS, Switch, Vita and most Linux handhelds)
and in zepto8; the build checks it with shrinko and lupaz8 (z8lua). Each of those reads its
own Lua dialect, and a cart that one of them rejects is, for that player, no cart at all:
fake-08 falls back to its own default cart on a syntax error. So the build holds the cart's
Lua to the forms all of them read alike, and refuses each other form in one line naming the
file, line and column (`check_portable`).

What each reads, measured by compiling every form below with lupaz8, shrinko's parser, and
the Lua of fake-08 (github jtothebell/z8lua 42d7801d, the fork fake-08 f6bab5a7 builds) and of
zepto8 (github samhocevar/z8lua, branch zepto8, 2c9fe69d), on 2026-12-01; PICO-8's own column
is its manual and changelog (0.2.x), which tests/cartbuild/test_portable.py names form by form:

| form | PICO-8 | lupaz8 | shrinko | fake-08 | zepto8 | here |
| --- | --- | --- | --- | --- | --- | --- |
| `a ~ b` (xor) | yes (0.2.5 on; the manual spells it `^^`) | yes | yes | no | no | refused: write `^^` |
| `?` after other code on its line | yes (0.2.2 on) | yes | yes | yes | no | refused |
| `if (c)` / `while (c)` with the statement on a later line | no | no | yes | no | no | refused |
| `[[` inside a long comment or long string | nests up to 0.2.5d, not from 0.2.5f | ends at the first `]]` | ends at the first `]]` | nests | ends at the first `]]` | refused |
| `//` line comment | yes, undocumented | yes | yes | yes | yes | refused: write `--` |
| a number running into a name (`1e5`, `0x1p4`) | no | no | no | no | `1e5` is 100000 | refused |
| `\u{...}` string escape | no | no | yes | no | no | refused |
| `^^ ~ & \| << >> >>> <<> >>< \ @ % $ != ..=`, every compound assignment, `?` first on a line, one-line `if (c) s [else s]` / `while (c) s`, `0x` / `0b` literals with fractions, long strings and comments without `[[` inside, `goto`, P8SCII escapes `\* \# \- \| \+ \^ \x \z \ddd` | yes | yes | yes | yes | yes | allowed |

and the API corners that fake-08 is known to treat differently from PICO-8
(../shared/fake08/README.md, checked with its runner):

| call | PICO-8 | fake-08 | here |
| --- | --- | --- | --- |
| `poke2(a, v1, v2, ...)`, `poke4(...)` with several values | a word per value | a byte per value | refused: one value per call |
| `btnp(...)` | repeats after 0x5f5c frames, then every 0x5f5d | repeats on another schedule | refused: count frames from `btn()` |
| `x % 0` with a literal 0 | 0 | x | refused |
| `time()`, `t()` | stops while the pause menu is open | runs on | refused: count frames in `_update` |

Every form is judged on shrinko's token stream and syntax tree, so strings and comments are
never mistaken for code.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from generator import UserError


@dataclass(frozen=True)
class Finding:
    line: int      # 1-based, in the source given
    col: int       # 1-based
    what: str      # the form, as the message names it
    why: str       # which players read it otherwise, and what to write instead


BINARY_XOR = ("binary `~` (xor)", "fake-08 and zepto8 read `~` only as unary not; write `^^`")
PRINT_MID_LINE = ("`?` after other code on its line",
                  "zepto8 reads the `?` print shorthand only at the start of a line; use print()")
SHORT_SPLIT = ("one-line `if (c)`/`while (c)` whose statement is on a later line",
               "only shrinko reads it; put the statement on the same line or use `then`/`do`")
NESTED_LONG = ("`[[` inside a long {kind}",
               "fake-08 (and PICO-8 up to 0.2.5d) nest it, PICO-8 0.2.5f on, lupaz8 and zepto8 "
               "end at the first `]]`; use `[=[`...`]=]` without `[[` inside, or line comments")
SLASH_COMMENT = ("`//` comment", "undocumented in PICO-8's manual; write `--`")
NUMBER_NAME = ("a number running into a name ({text})",
               "exponents are not PICO-8 syntax (zepto8 reads `1e5` as 100000, the rest refuse); "
               "write the value, or put a space between")
U_ESCAPE = ("`\\u` string escape", "only shrinko reads it; write the character or `\\x..` bytes")
BAD_ESCAPE = ("unknown string escape `\\{ch}`", "not an escape every player reads")
POKE_MULTI = ("{name} with several values",
              "fake-08 writes one byte per value where PICO-8 writes a word; one value per call")
BTNP = ("btnp()", "fake-08 repeats held buttons on another schedule than PICO-8; count frames from btn()")
TIME = ("{name}()", "fake-08's clock runs on while its pause menu is open (PICO-8's stops, as zepto8 "
        "has it since b2929a4); count frames in _update")
MOD_ZERO = ("`% 0`", "PICO-8 and lupaz8 give 0, fake-08 and zepto8 give the left side")

# the escapes every player reads after a backslash (digits: \ddd; a newline continues the string)
_ESCAPES = set("abfnrtvxz\\\"'*#-|+^\n") | set("0123456789")
_LONG_OPEN = re.compile(r"\[=*\[")


def _lines(text: str):
    """(line, col) of an offset, 1-based."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(idx: int) -> tuple[int, int]:
        i = bisect.bisect_right(starts, idx) - 1
        return i + 1, idx - starts[i] + 1
    return where


def _long_close(text: str, open_at: int) -> tuple[int, int]:
    """(start of the content, end of the closing bracket) of the long bracket opening at
    `open_at`, closed by the first matching `]=*]` (as PICO-8 0.2.5f on, lupaz8 and shrinko
    read it); the end of the text when unclosed (the parsers have refused that already)."""
    m = _LONG_OPEN.match(text, open_at)
    level = m.end() - m.start() - 2
    close = text.find("]" + "=" * level + "]", m.end())
    return m.end(), (len(text) if close < 0 else close + level + 2)


def _gap_findings(text: str, start: int, end: int, at) -> list[Finding]:
    """Comments in the text between two tokens."""
    out, i = [], start
    while i < end:
        if text.startswith("--", i):
            if _LONG_OPEN.match(text, i + 2):
                body, close = _long_close(text, i + 2)
                inner = text.find("[[", body, max(body, close - 2))
                if inner >= 0:
                    out.append(Finding(*at(inner), NESTED_LONG[0].format(kind="comment"), NESTED_LONG[1]))
                i = close
            else:
                nl = text.find("\n", i)
                i = end if nl < 0 else nl
        elif text.startswith("//", i):
            out.append(Finding(*at(i), *SLASH_COMMENT))
            nl = text.find("\n", i)
            i = end if nl < 0 else nl
        else:
            i += 1
    return out


def _string_findings(tok, text: str, at) -> list[Finding]:
    s, base = tok.value, tok.idx
    if s.startswith("["):
        body, close = _long_close(text, base)
        inner = text.find("[[", body, max(body, close - 2))
        return [Finding(*at(inner), NESTED_LONG[0].format(kind="string"), NESTED_LONG[1])] if inner >= 0 else []
    out, i = [], 1
    while i < len(s) - 1:
        if s[i] == "\\":
            ch = s[i + 1]
            if ch == "u":
                out.append(Finding(*at(base + i), *U_ESCAPE))
            elif ch not in _ESCAPES:
                out.append(Finding(*at(base + i), BAD_ESCAPE[0].format(ch=ch), BAD_ESCAPE[1]))
            i += 2
        else:
            i += 1
    return out


def _node_findings(root, tokens, at) -> list[Finding]:
    from pico_parse import NodeType
    out = []
    starts = [t.idx for t in tokens]
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        kind = getattr(node, "type", None)
        if kind == NodeType.binary_op and node.op == "~":
            out.append(Finding(*at(node.children[1].idx), *BINARY_XOR))
        elif kind in (NodeType.binary_op, NodeType.op_assign) and getattr(node, "op", "") == "%":
            right = node.children[-1]
            if getattr(right, "type", None) == NodeType.const and _is_zero(right):
                out.append(Finding(*at(right.idx), *MOD_ZERO))
        elif kind in (NodeType.if_, NodeType.while_) and getattr(node, "short", False):
            cond = next((c for c in node.children if getattr(c, "type", None) == NodeType.group), None)
            k = bisect.bisect_left(starts, cond.endidx) if cond is not None else len(starts)
            if k < len(starts) and at(tokens[k].idx)[0] != at(cond.endidx - 1)[0]:
                out.append(Finding(*at(tokens[k].idx), *SHORT_SPLIT))
        elif kind == NodeType.call:
            fn = node.children[0] if node.children else None
            name = getattr(fn, "name", None) if getattr(fn, "type", None) == NodeType.var else None
            args = [c for c in node.children[1:] if getattr(c, "is_node", False)]
            if name in ("poke2", "poke4") and len(args) > 2:
                out.append(Finding(*at(node.idx), POKE_MULTI[0].format(name=f"{name}()"), POKE_MULTI[1]))
            elif name == "btnp":
                out.append(Finding(*at(node.idx), *BTNP))
            elif name in ("time", "t"):
                out.append(Finding(*at(node.idx), TIME[0].format(name=name), TIME[1]))
        stack.extend(c for c in (getattr(node, "children", None) or ()) if getattr(c, "is_node", False))
    return out


def _is_zero(node) -> bool:
    tok = node.children[0] if node.children else node
    v = getattr(tok, "value", "")
    return bool(re.fullmatch(r"0x0*\.?0*|0b0*\.?0*|0*\.?0+|0+\.", v, re.I))


def findings(tokens, root, text: str) -> list[Finding]:
    """Every non-portable form in `text`, given shrinko's tokens and tree of it, in order;
    with `root` None (a text shrinko cannot parse), the forms its tokens show."""
    from pico_tokenize import TokenType
    at = _lines(text)
    out = []
    prev_end = 0
    prev = None
    for tok in tokens:
        out += _gap_findings(text, prev_end, tok.idx, at)
        if tok.type == TokenType.string:
            out += _string_findings(tok, text, at)
        elif tok.type == TokenType.punct and tok.value == "?" and prev is not None \
                and at(prev.endidx - 1)[0] == at(tok.idx)[0]:
            out.append(Finding(*at(tok.idx), *PRINT_MID_LINE))
        elif tok.type == TokenType.ident and prev is not None and prev.type == TokenType.number \
                and prev.endidx == tok.idx:
            out.append(Finding(*at(prev.idx), NUMBER_NAME[0].format(text=text[prev.idx:tok.endidx]),
                               NUMBER_NAME[1]))
        prev_end, prev = tok.endidx, tok
    out += _gap_findings(text, prev_end, len(text), at)
    if root is not None:
        out += _node_findings(root, tokens, at)
    return sorted(out, key=lambda f: (f.line, f.col))


def check_portable(tokens, root, text: str, where: str, why: str = "not every PICO-8 player reads it") -> None:
    """A UserError naming the first non-portable form (file:line:col), and how many more."""
    found = findings(tokens, root, text)
    if found:
        f = found[0]
        more = f" ({len(found) - 1} more)" if len(found) > 1 else ""
        raise UserError(f"{where}:{f.line}:{f.col}: {f.what}: {f.why}{more} ({why}; nothing written)")
