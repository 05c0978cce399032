"""PICO-8's API written once in PICO-8 Lua over PICO-8's own memory: every host runs these files.

The files (FILES, in load order) draw, print, read buttons, draw random numbers and keep
cartdata in z8lua's native 64 KiB memory (peek/poke/memcpy/memset are its C functions), so the
Python console (generator/console, on lupaz8) and the web page (z8lua compiled to WebAssembly)
show the same pixels by construction. A host loads each file as a chunk named
"=runtime/<file>" and calls it as `chunk(rt, host)`: `rt` is the table the files share for
their internal helpers (rt.put, rt.span, rt.int, ...), `host` the table of what the host
provides (optional hooks such as `printed`). The files define PICO-8's globals directly.

calls.lua, loaded last, runs each API function in a coroutine of its own (pset and the memory
writes excepted), so
that a host counting the cart's instructions with a debug hook never sees the API's; a host
that counts sets the runtime's debts (rt.call_debt; rt.poke_debt, rt.poke_hit_debt and the
same for poke2, poke4, memset and memcpy: the instructions each runs in the cart's thread,
raw, which it adds to rt.owed; pset's paths rt.pset_plain_debt, rt.pset_plain_out_debt,
rt.pset_debt, rt.pset_out_debt, rt.pset_pattern_debt in whole instructions, which pset counts
and rt.settle() owes), reads rt.owed after rt.settle(), and calls rt.refresh() after
it writes the draw state at 0x5f00-0x5f7f itself (docs/console.md, how counting leaves the
runtime out).

`load(lua, host)` does all that in a lupaz8 runtime; `source(name)` gives a file's text and
`data()` the byte strings the files read from `rt` (the default font, the sine table), for a
host that loads them itself; `SOURCES` are the chunk names.

Imports nothing of the project.
"""
from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources

FILES = ("state.lua", "draw.lua", "text.lua", "sprites.lua", "random.lua", "input.lua",
         "cartdata.lua", "maths.lua", "calls.lua")
CHUNK_PREFIX = "=runtime/"
SOURCES = tuple(CHUNK_PREFIX + f for f in FILES)


def source(name: str) -> str:
    """The text of runtime file `name` (one of FILES)."""
    return (resources.files(__name__) / name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def sine_quarter() -> tuple[bytes, bytes, bytes]:
    """sin(2 pi f / 65536) for f = 0..16384, each rounded to the nearest 16.16 number: its raw
    bits as three byte planes (low, middle, high byte of each; a PICO-8 string index stops at
    32767): the table maths.lua mirrors into sin and cos."""
    raw = [math.floor(math.sin(f / 65536 * 2 * math.pi) * 65536 + 0.5) for f in range(16385)]
    return tuple(bytes((v >> shift) & 0xFF for v in raw) for shift in (0, 8, 16))


def data() -> dict[str, bytes]:
    """The data the runtime files read from `rt` (rt.<name>, a byte string each)."""
    from generator.runtime.font import default_font
    lo, mid, hi = sine_quarter()
    return {"font": default_font(), "sine0": lo, "sine1": mid, "sine2": hi}


def load(lua, host: dict | None = None):
    """Run every runtime file in lupaz8 runtime `lua` (before anything hides `load`); returns
    the shared `rt` table, through which the host reaches the runtime's own controls."""
    compile_ = lua.eval("load")
    rt = lua.table()
    for name, value in data().items():
        rt[name] = value.decode("latin-1")
    host_table = lua.table_from(host or {})
    for name in FILES:
        chunk = compile_(source(name), CHUNK_PREFIX + name, "t")
        if isinstance(chunk, tuple):   # (nil, message)
            raise RuntimeError(f"runtime/{name}: {chunk[1]}")
        chunk(rt, host_table)
    return rt
