"""The VM instruction counter (counter.lua), one for the console and for luavm.CartLua.

`load_counter(lua, chunk)` loads counter.lua into a lupaz8 runtime with its hook every `chunk`
VM instructions and returns its table (attach, start, count, set_cap, call, calibrate); counts
are PICO-8 numbers whose 32 raw bits are the hook calls (fixed.to_raw reads them).
`instructions_per_hook_call` turns hook calls into instructions for chunk > 1.
"""
from __future__ import annotations

from importlib import resources

from generator.console.fixed import to_raw


def load_counter(lua, chunk: int, skip=()):
    """counter.lua in runtime `lua`, its hook every `chunk` VM instructions: the one
    instruction counter of the console and of luavm.CartLua. Instructions of the chunks
    named in `skip` (the runtime's) are not counted."""
    source = (resources.files("generator.console") / "counter.lua").read_text()
    make = lua.eval("load")(source, "=instruction counter")
    if isinstance(make, tuple):   # (nil, message)
        raise RuntimeError(f"instruction counter: {make[1]}")
    return make(chunk, lua.table_from({name: True for name in skip}) if skip else None)


_PER_CALL: dict[int, int] = {}


def instructions_per_hook_call(counter, k: int) -> int:
    """Cart instructions between two calls of a hook set to run every k instructions.

    The hook's own instructions also count down, so a call comes every k - (h mod k) cart
    instructions (h = the hook's length), or k when h divides k. Measured once: a fixed loop
    counted exactly with k = 1, then with k.
    """
    if k not in _PER_CALL:
        exact = to_raw(counter.calibrate(1))
        calls = to_raw(counter.calibrate(k))
        _PER_CALL[k] = max(1, round(exact / calls))
    return _PER_CALL[k]
