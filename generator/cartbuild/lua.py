"""Assembling the cart's Lua: a generated chunk of constants, then cart/main.lua with every
`#include file.lua` line replaced by that file's text, recursively and in order (as PICO-8 does
when it loads a .p8 that includes .lua files; paths are relative to the including file).

The pieces are kept apart (`Piece`) so the build can count tokens per source file, and check
each file parses before anything is written: `check_piece` parses one file with shrinko (what
counts the tokens) and compiles it with lupaz8 (z8lua: PICO-8's own Lua dialect, `+=`, `!=`,
`?`, `\\`, ...) and holds it to the forms every PICO-8 player reads alike
(`generator.cartbuild.portable`), and `check_cart` compiles the whole assembled cart, naming the source file and
line of an error.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator import UserError
from generator.cartbuild.portable import check_portable
from generator.cartbuild.worlds import reads_as_number
from generator.files.userfile import read_text, require_file

_INCLUDE = re.compile(r"^\s*#include\s+(\S+)\s*$")


@dataclass(frozen=True)
class Piece:
    name: str        # file name as the build reports it ("generated" for the constants)
    text: str        # the file's own lines, its #include lines left out
    path: Path | None = None   # the file it came from
    source: str = ""           # the file's text, #include lines blanked (line numbers kept)


def is_comment_line(line: str) -> bool:
    """A line that is only a comment, and not one of shrinko's `--lint:` directives (the cart
    keeps those) or a block comment (left alone)."""
    s = line.lstrip()
    return s.startswith("--") and not s.startswith(("--lint:", "--[")) and not line.rstrip().endswith("[[")


def inline_includes(path: Path, root: Path | None = None, stack: tuple = (), seen: set | None = None,
                    origins: list | None = None, drop_comments: bool = False):
    """(assembled code, [Piece, ...] in include order) for the Lua file at `path`. With
    `origins`, (file name, line) of every assembled line is appended to it. With
    `drop_comments`, lines that are only a comment stay out of the assembled code (they cost
    the cart compressed bytes; the pieces keep them)."""
    root = root or path.parent
    seen = set() if seen is None else seen
    key = path.resolve()
    if key in stack:
        raise UserError(f"{path}: #include cycle ({' -> '.join(p.name for p in stack + (key,))})")
    if key in seen:
        raise UserError(f"{path}: included twice; include each file once")
    seen.add(key)
    require_file(path, "Lua file")
    text = read_text(path, "Lua file")
    name = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    out, own, blanked, pieces = [], [], [], []
    for n, line in enumerate(text.splitlines(), 1):
        m = _INCLUDE.match(line)
        if m:
            code, sub = inline_includes(path.parent / m.group(1), root, stack + (key,), seen, origins,
                                        drop_comments)
            out.append(code.rstrip("\n"))
            pieces.extend(sub)
            blanked.append("")
        else:
            own.append(line)
            blanked.append(line)
            if drop_comments and is_comment_line(line):
                continue
            out.append(line)
            if origins is not None:
                origins.append((name, n))
    pieces.insert(0, Piece(name, "\n".join(own) + "\n", path, "\n".join(blanked) + "\n"))
    return "\n".join(out) + "\n", pieces


# ---- checking that the Lua parses --------------------------------------------------------

_LUA_ERROR = re.compile(r"^[^:]*:(\d+): (.*)$", re.S)


def _p8(text: str) -> str:
    """Unicode source (glyphs like ⬅️) as P8SCII, one char per byte, as PICO-8 reads it."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    from pico_defs import to_p8str
    return to_p8str(text)


def _compile(code: str, chunk: str) -> str | None:
    """z8lua's compile error for `code` (its message, line first), or None when it compiles."""
    from lupaz8 import luaz8
    rt = luaz8.LuaRuntime(encoding="latin-1")
    res = rt.eval("load")(_p8(code), "=" + chunk)
    if isinstance(res, tuple) and res[0] is None:
        return str(res[1])
    return None


def shrinko_parse(code: str, where: str, tree: bool = True) -> tuple[list, object, list]:
    """shrinko's tokens of `code`, its syntax tree (None when the tokens have errors or `tree`
    is off) and the errors, naming `where`: the one reading of Lua behind every check."""
    import shrinko.shrinko8  # noqa: F401  (puts shrinko's modules on sys.path)
    import pico_parse
    import pico_process
    import pico_tokenize

    src = pico_process.Source(where, code)
    tokens, errors = pico_tokenize.tokenize(src)
    root = None
    if tree and not errors:
        root, errors = pico_parse.parse(src, tokens)
    return tokens, root, errors


def check_piece(piece: Piece) -> None:
    """One Lua file parses under shrinko, compiles under z8lua and keeps to the forms every
    PICO-8 player reads alike (generator.cartbuild.portable); else a UserError naming the file
    and line."""
    where = str(piece.path or piece.name)
    tokens, root, errors = shrinko_parse(piece.source, where)
    if errors:
        # a form the parsers refuse that the portability check names better (`1e5`)
        check_portable(tokens, None, piece.source, where, "Lua syntax error")
        first = str(errors[0]).splitlines()[0]
        m = re.search(r":(\d+):(\d+): (.*)$", first)   # shrinko names the file its own way
        msg = f"{where}:{m.group(1)}:{m.group(2)}: {m.group(3)}" if m else f"{where}: {first}"
        raise UserError(f"{msg} (Lua syntax error; nothing written)")
    err = _compile(piece.source, where)
    if err is not None:
        m = _LUA_ERROR.match(err)
        msg = f"{where}:{m.group(1)}: {m.group(2)}" if m else f"{where}: {err}"
        raise UserError(f"{msg.splitlines()[0]} (Lua syntax error; nothing written)")
    check_portable(tokens, root, piece.source, where)


def check_cart(code: str, origins: list) -> None:
    """The whole assembled cart compiles under z8lua (PICO-8 loads it); an error names the
    source file and line it came from."""
    err = _compile(code, "cart")
    if err is None:
        return
    m = _LUA_ERROR.match(err)
    if m and 1 <= int(m.group(1)) <= len(origins):
        name, line = origins[int(m.group(1)) - 1]
        err = f"{name}:{line}: {m.group(2)}"
    raise UserError(f"the assembled cart does not load: {err.splitlines()[0]} (nothing written)")


def lua_string(s: str) -> str:
    """A double-quoted Lua string literal (the build only emits checked, printable text)."""
    assert all(32 <= ord(c) < 127 and c not in '"\\' for c in s), s
    return f'"{s}"'


def _world_record(w: dict) -> str:
    """One world as its record in the constants' `wrec` string: name, title, first, count,
    last (its last puzzle, first+count-1), last_tile (that puzzle's tile on its list, count-1),
    bx, by, bw, bh, then pal, ui and dim as 32 hex digits each (dim all 0 when absent), and
    cursor_frame's two roles as 4 (the frame's and the ring's; 9 and 10 when absent), each
    table after an "x", so that split() keeps it a string (digits alone would read as a
    number) while it reads the numbers as numbers; no name or title reads as one."""
    for key in ("name", "title"):
        assert "," not in w[key] and "/" not in w[key], w[key]   # worlds.py's rules keep them out
        assert not reads_as_number(w[key]), w[key]                # nor their number rule
    tables = [w["pal"], w["ui"], w.get("dim", [0] * 16), w.get("cursor_frame", [9, 10])]
    assert all(len(t) == 16 for t in tables[:3]) and len(tables[3]) == 2
    assert all(0 <= c < 256 for t in tables for c in t)
    ends = [str(w["first"] + w["count"] - 1), str(w["count"] - 1)]
    fields = [w["name"], w["title"], str(w["first"]), str(w["count"]), *ends,
              *(str(w[k]) for k in ("bx", "by", "bw", "bh")),
              *("x" + "".join(f"{c:02x}" for c in t) for t in tables)]
    return ",".join(fields)


def constants_chunk(pz_base: int, names: list[str | None], worlds: list[dict],
                    pz_hash: int = 0, colours: list[str] | None = None, code_font: int = 0) -> str:
    """The generated Lua constants (its first two comment lines are the cart's title); `worlds` items: name, title, first, count, bx, by, bw, bh, pal, ui, dim, cursor_frame
    (each record also gets last and last_tile, worked out from first and count).
    `pz_hash`: 31 bits identifying the packed puzzles, for save.lua to tell its own saves;
    `colours`: each puzzle's colour code (generator.cartbuild.colours), "" for the shading rule;
    `code_font`: the code font's address in ROM (rom.FONT_BASE)."""
    colours = colours or [""] * len(names)
    lines = [
        "-- picross8",
        "-- 15x15 picross in two worlds",
        "",
        "-- generated by build.py from cart/worlds.json: do not edit",
        "-- a byte per puzzle at pz_base (size/5 | pips<<4), then the rows (rom.py);",
        "-- the code font's glyphs at code_font (codefont.py)",
        f"pz_base,pz_count,code_font=0x{pz_base:04x},{len(names)},0x{code_font:04x}",
        "-- a hash of the packed puzzles: saves of another puzzle set are not read",
        f"pz_hash=0x{pz_hash >> 16 & 0x7fff:04x}.{pz_hash & 0xffff:04x}",
        "-- picture puzzles' names by puzzle index p+1 (\"\" when unnamed)",
        f"pz_names=split({lua_string(','.join(n or '' for n in names))},\",\",false)",
        "-- pictures' own colours by p+1: chr(48+slot) per filled cell in reading order",
        "-- (generator/cartbuild/colours.py); \"\" = the shading rule (draw.lua)",
        f"pz_cols=split({lua_string(','.join(colours))},\",\",false)",
        "-- worlds in order, a record each (\"/\" between them): name, title, puzzles",
        "-- first..first+count-1 (last = first+count-1, last_tile = count-1: the last",
        "-- one's tile on the list, from 0), backdrop bx,by,bw,bh in the spritesheet, then three",
        "-- tables of 16 as two hex digits a value (0-based): pal = display palette for",
        "-- pal(w.pal,1), ui = the screen slot of each ui colour role 0-15 (cart/draw.lua",
        "-- names them) for the draw palette pal(w.ui), dim = the art subdued",
        "-- (palette.dim_table) for pal(w.dim), cursor_frame = the roles of the board's",
        "-- cursor's frame and ring (contrast_gate.cursor_frame). one string costs the",
        "-- same few tokens whatever the number of worlds; the loop below reads it into",
        "-- tables, each field under its name (split reads the numbers; the hex decode,",
        "-- past each table's \"x\", runs on every field made text, sub() being asked",
        "-- for text only, used on the last 4)",
        "worlds={}",
        f"for r in all(split({lua_string('/'.join(_world_record(w) for w in worlds))},\"/\")) do",
        " local v,w=split(r),{}",
        " for k,n in ipairs(split\"name,title,first,count,last,last_tile,bx,by,bw,bh,pal,ui,dim,cursor_frame\") do",
        "  local t,s={},v[k]",
        "  for i=2,33,2 do t[i\\2-1]=tonum(\"0x\"..sub(s..\"\",i,i+1)) end",
        "  w[n]=k<11 and s or t",
        " end",
        " add(worlds,w)",
        "end",
    ]
    return "\n".join(lines) + "\n"


def check_shipped(code: str) -> None:
    """The minified cart (generator.cartbuild.minify) compiles under z8lua and keeps to the forms
    every PICO-8 player reads alike: the minifier's output is held to the source's rules."""
    tokens, root, errors = shrinko_parse(code, "the minified cart")
    if errors:
        raise UserError(f"the minified cart does not parse: {str(errors[0]).splitlines()[0]} "
                        "(nothing written)")
    err = _compile(code, "cart")
    if err is not None:
        raise UserError(f"the minified cart does not load: {err.splitlines()[0]} (nothing written)")
    check_portable(tokens, root, code, "the minified cart")
