"""The VM instruction counter (counter.lua), one for the console and for luavm.CartLua.

`load_counter(lua, chunk)` loads counter.lua into a lupaz8 runtime with its hook every `chunk`
VM instructions and returns its table (attach, start, count, set_cap, debit, set_debt, call,
calibrate, api_overhead); counts are PICO-8 numbers whose 32 raw bits count the hook calls
(in 4096ths for the console's fine counter: `hook_calls` reads them). `instructions_per_hook_call` turns hook calls into
instructions for chunk > 1; `api_overhead` measures what the runtime's API wrapper runs in
the cart's thread, which the console has the counter take off per call.
"""
from __future__ import annotations

from importlib import resources

from generator.console.fixed import to_raw


def load_counter(lua, chunk: int, fine: bool = False):
    """counter.lua in runtime `lua`, its hook every `chunk` VM instructions: the one
    instruction counter of the console and of luavm.CartLua. A `fine` count (the console's)
    is in 1/4096ths of a hook call, so that debits can be fractions of one; it holds 524,287
    calls, a coarse one (in calls) 2^31."""
    source = (resources.files("generator.console") / "counter.lua").read_text()
    make = lua.eval("load")(source, "=instruction counter")
    if isinstance(make, tuple):   # (nil, message)
        raise RuntimeError(f"instruction counter: {make[1]}")
    return make(chunk, fine)


FINE = 4096   # raw 16.16 units a hook call adds to a fine count (0x0.1)


def hook_calls(count, fine: bool = False) -> float:
    """Hook calls in a count of the counter (fractional once debits are taken off; below 0
    when the debits of a short run come before its first hook call)."""
    raw = to_raw(count)
    if raw >= 1 << 31:
        raw -= 1 << 32
    return raw / (FINE if fine else 1)


def api_overhead(counter, f, g) -> int:
    """Instructions a call of Lua function f runs in its caller's thread beyond the one
    instruction of a call of the C function g (the runtime's API wrapper, calls.lua, with the
    counter's debit in it), measured exactly over 64 calls."""
    return round(hook_calls(counter.api_overhead(f, g, 64), fine=True) / 64)


_PER_CALL: dict[int, int] = {}


def instructions_per_hook_call(counter, k: int, fine: bool = False) -> int:
    """Cart instructions between two calls of a hook set to run every k instructions.

    The hook's own instructions also count down, so a call comes every k - (h mod k) cart
    instructions (h = the hook's length), or k when h divides k. Measured once: a fixed loop
    counted exactly with k = 1, then with k.
    """
    if k not in _PER_CALL:
        exact = hook_calls(counter.calibrate(1), fine)
        calls = hook_calls(counter.calibrate(k), fine)
        _PER_CALL[k] = max(1, round(exact / calls))
    return _PER_CALL[k]
