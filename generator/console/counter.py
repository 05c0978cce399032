"""The VM instruction counter (counter.lua), one for the console and for luavm.CartLua.

`load_counter(lua, chunk)` loads counter.lua into a lupaz8 runtime with its hook every `chunk`
VM instructions and returns its table (attach, start, count, set_cap, debtor, owed, call,
calibrate, api_overhead); counts are PICO-8 numbers whose 32 raw bits are the hook calls
(`hook_calls` reads them). `instructions_per_hook_call` turns hook calls into
instructions for chunk > 1; `api_overhead` measures what the runtime's API wrapper runs in
the cart's thread, which the console has the counter take off per call.
"""
from __future__ import annotations

from importlib import resources

from generator.console.fixed import from_raw, to_raw


def load_counter(lua, chunk: int):
    """counter.lua in runtime `lua`, its hook every `chunk` VM instructions: the one
    instruction counter of the console and of luavm.CartLua."""
    source = (resources.files("generator.console") / "counter.lua").read_text()
    make = lua.eval("load")(source, "=instruction counter")
    if isinstance(make, tuple):   # (nil, message)
        raise RuntimeError(f"instruction counter: {make[1]}")
    return make(chunk)


def hook_calls(count) -> int:
    """The hook calls in a count of the counter (its raw 32 bits)."""
    return to_raw(count)


def api_overhead(counter, f, g, *args) -> int:
    """Instructions a call f(*args) of a Lua function runs in its caller's thread beyond the one
    instruction of a call g(*args) of a C function (the runtime's API wrapper, calls.lua, or
    pset, with the counter's debit in them), measured exactly over 64 calls."""
    return round(hook_calls(counter.api_overhead(f, g, 64, *args)) / 64)


# the runtime's debtors (rt fields) and what each owes a call: the API wrapper (calls.lua),
# measured on fget(0); pset's three paths (draw.lua): outside the clip, inside, and with a fill
# pattern, where the wrapper's own cost (debit) is owed by the wrapper itself
PSET_PATHS = (("pset_out_debit", (-1, -1), None), ("pset_debit", (0, 0), None),
              ("pset_pattern_debit", (0, 0), 0x5A5A))


def debit_runtime(lua, counter, rt) -> dict[str, int]:
    """Have the runtime `rt` in `lua` debit what it runs in the cart's thread: for each debtor,
    measure the instructions a call runs beyond a native call's one and hand the runtime a
    debit function that owes them. Returns {debtor: instructions a call}. The draw state and
    the pixel pset draws on are put back as they were."""
    g, native = lua.globals(), lua.eval("tostr")
    costs = {}

    def debtor(name, cost):
        debit, set_cost = counter.debtor()
        rt[name] = debit
        set_cost(from_raw(cost))
        costs[name] = cost

    debtor("debit", 0)
    costs["debit"] = api_overhead(counter, g.fget, native, 0)
    debtor("debit", costs["debit"])
    pixel, pen = g.peek(0x6000), g.peek(0x5F25)
    for name, args, pattern in PSET_PATHS:
        debtor(name, 0)
        if pattern is not None:
            g.fillp(pattern)
        cost = api_overhead(counter, g.pset, native, *args)
        with_colour = api_overhead(counter, g.pset, native, *args, 0)
        if pattern is not None:
            g.fillp(0)
            cost -= costs["debit"]
            with_colour -= costs["debit"]
        if with_colour != cost:
            raise RuntimeError(f"pset's path {name} runs {with_colour} instructions with a "
                               f"colour and {cost} without: its debt would be wrong")
        debtor(name, cost)
    g.poke(0x6000, pixel)
    g.poke(0x5F25, pen)
    # the memory writes: a write to 0x4300 (user memory, zero at boot) misses the draw state,
    # one of 0x5f7c-0x5f7f's own values back hits it; each with one value and with three
    for name in ("poke", "poke2", "poke4", "memset", "memcpy"):
        debtor(f"{name}_debit", 0)
        debtor(f"{name}_hit_debit", 0)
        cost = {}
        for path, at in (("miss", 0x4300), ("hit", 0x5F7C)):
            v = g.peek(at)
            args = {"poke": [(at, v), (at, v, v, v)], "poke2": [(at, g.peek2(at))],
                    "poke4": [(at, g.peek4(at))], "memset": [(at, v, 1)],
                    "memcpy": [(at, at, 4)]}[name]
            got = {api_overhead(counter, g[name], native, *a) for a in args}
            if len(got) != 1:
                raise RuntimeError(f"{name} runs {sorted(got)} instructions by its arguments:"
                                   " its debt would be wrong")
            cost[path] = got.pop()
        debtor(f"{name}_debit", cost["miss"])
        debtor(f"{name}_hit_debit", cost["hit"] - cost["miss"] - costs["debit"])
    return costs


_PER_CALL: dict[int, int] = {}


def instructions_per_hook_call(counter, k: int) -> int:
    """Cart instructions between two calls of a hook set to run every k instructions.

    The hook's own instructions also count down, so a call comes every k - (h mod k) cart
    instructions (h = the hook's length), or k when h divides k. Measured once: a fixed loop
    counted exactly with k = 1, then with k.
    """
    if k not in _PER_CALL:
        exact = hook_calls(counter.calibrate(1))
        calls = hook_calls(counter.calibrate(k))
        _PER_CALL[k] = max(1, round(exact / calls))
    return _PER_CALL[k]
