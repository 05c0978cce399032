"""The shipped cart's Lua: the assembled source minified by shrinko8, and the names it gave.

cart/*.lua is written with descriptive names (a name's length costs no tokens); the cart that
players get is minified by `shrinko8 --minify`, which renames locals and globals to one or two
letters and drops spaces, line breaks and comments (OPTIONS: nothing else). The compressed size
(the PNG cart's limit) falls by about an eighth; the token count is the source's.

What keeps its name:
- PICO-8's API and the callbacks the host calls (`_init`, `_update`, `_draw`): shrinko keeps
  every built-in name on its own.
- Every table member (`--preserve "*.*"`): the cart reads some members through strings (the
  screens by name, in go() with `go"title"`; each world's fields under the names split from a
  string in the generated constants), which a member rename would break.

The rename map (`names`) maps each renamed global of the source to its minified name, for the
tools and tests that read a shipped cart's globals (the web page's tests); the tests that read
the cart by its source names play the unminified cart the build also makes (`source_text`), whose
behaviour tests/compat/test_minified_parity.py holds identical, frame for frame.

The title (the first two comment lines, which PICO-8 shows on the PNG cart's label) is put back
in front of the minified code: shrinko drops all comments.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator import UserError
from generator.cartbuild.lua import shrinko_parse
from generator.cartbuild.p8file import HEADER
from generator.cartbuild.tokens import _shrinko8

# shrinko8's options: minify by renaming locals and globals (no table member) and dropping
# spaces, line breaks and comments; no token changes (shrinko would write `^^` as `~`, which
# fake-08 and zepto8 do not read), no constant folding and no reordering of statements, so the
# shipped cart runs the same statements as the source, token for token (equal counts)
OPTIONS = ["--minify", "--preserve", "*.*", "--no-minify-tokens", "--no-minify-consts",
           "--no-minify-reorder"]


@dataclass(frozen=True)
class Minified:
    lua: str                 # the minified code, the title's comment lines first
    names: dict[str, str]    # source global -> minified global (the renamed ones only)


def title_lines(code: str) -> list[str]:
    """The leading comment lines of the assembled code that PICO-8 takes as the title (two)."""
    out = []
    for line in code.splitlines()[:2]:
        if not line.startswith("--"):
            break
        out.append(line)
    return out


def read_rename_map(text: str) -> dict[str, str]:
    """shrinko8's --rename-map lines `global NEW <- OLD` as {OLD: NEW} (locals and members are
    left out: nothing outside the cart can name a local, and members keep their names)."""
    names = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "global" and parts[2] == "<-":
            names[parts[3]] = parts[1]
    return names


def _lua_section(p8_text: str) -> str:
    """The __lua__ section of a .p8 text (everything from its line to the next section)."""
    lines = p8_text.splitlines()
    start = lines.index("__lua__") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("__") and
                lines[i].rstrip().endswith("__") and len(lines[i].strip()) > 4), len(lines))
    return "\n".join(lines[start:end]) + "\n"


def space_numbers(code: str) -> str:
    """A space after every number that runs straight into a name or keyword (`254eD`, `1do`):
    shrinko writes them so, PICO-8 reads them, but not every other player does
    (generator.cartbuild.portable)."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_tokenize import TokenType

    tokens, _, errors = shrinko_parse(code, "the minified cart", tree=False)
    if errors:
        raise UserError(f"the minified cart does not tokenize: {str(errors[0]).splitlines()[0]}")
    cuts = [b.idx for a, b in zip(tokens, tokens[1:])
            if a.type == TokenType.number and a.endidx == b.idx
            and b.type in (TokenType.ident, TokenType.keyword)]
    out, at = [], 0
    for cut in cuts:
        out += [code[at:cut], " "]
        at = cut
    return "".join(out) + code[at:]


def minify(code: str) -> Minified:
    """`code` (a cart's whole Lua) minified by shrinko8, with its rename map; a UserError in one
    line when shrinko refuses it."""
    with tempfile.TemporaryDirectory() as d:
        src, out, names = Path(d) / "in.p8", Path(d) / "out.p8", Path(d) / "names.txt"
        src.write_text(HEADER + "__lua__\n" + code)
        r = subprocess.run(_shrinko8() + [str(src), str(out), *OPTIONS, "--rename-map", str(names)],
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        if r.returncode != 0:
            lines = (r.stderr or r.stdout).replace(str(src), "the assembled cart").strip().splitlines()
            detail = " ".join((lines[-1] if lines else f"exit status {r.returncode}").split())
            raise UserError(f"shrinko8 could not minify the cart: {detail}")
        lua = space_numbers(_lua_section(out.read_text()))
        rename_map = names.read_text()
    title = title_lines(code)
    return Minified("".join(t + "\n" for t in title) + lua, read_rename_map(rename_map))
