"""The VM instruction counter (counter.lua), one for the console and for luavm.CartLua.

`load_counter(lua, chunk)` loads counter.lua into a lupaz8 runtime with its hook every `chunk`
VM instructions and returns its table (attach, start, count, set_cap, share_debts, owed, call,
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
    pset, with their debts in them), measured exactly over 64 calls."""
    return round(hook_calls(counter.api_overhead(f, g, 64, *args)) / 64)


# pset's paths (draw.lua): the debt each owes, the state that takes it (API calls and their
# arguments, undone after) and the pixel it is called at. Camera (1, 1) leaves the PLAIN
# state: (-1, -1) is then outside the clip and (1, 1) inside; with a fill pattern, the
# wrapper's own cost (call_debt) is owed by the wrapper itself
PSET_PATHS = (("pset_plain_out_debt", (), (-1, -1)), ("pset_plain_debt", (), (0, 0)),
              ("pset_out_debt", (("camera", 1, 1),), (-1, -1)),
              ("pset_debt", (("camera", 1, 1),), (1, 1)),
              ("pset_pattern_debt", (("fillp", 0x5A5A),), (0, 0)))
UNDO = {"camera": ("camera",), "fillp": ("fillp", 0)}


def debit_runtime(lua, counter, rt) -> dict[str, int]:
    """Have the runtime `rt` in `lua` owe what it runs in the cart's thread: the counter keeps
    its debts in rt (rt.owed); for each of the runtime's debts (rt.<name>: calls.lua's
    call_debt, pset's paths, the memory writes'), measure the instructions a call runs beyond
    a native call's one and set the debt to them. Returns {debt: instructions a call}. The
    draw state and the pixel pset draws on are put back as they were."""
    g, native = lua.globals(), lua.eval("tostr")
    counter.share_debts(rt)
    costs = {}

    def owe(name, cost):
        # pset's paths are counted and owed by rt.settle() (draw.lua): whole instructions
        rt[name] = cost if name.startswith("pset_") else from_raw(cost)
        costs[name] = cost

    owe("call_debt", 0)
    owe("call_debt", api_overhead(counter, g.fget, native, 0))
    pixel, pen = g.peek(0x6000), g.peek(0x5F25)
    for name, state, args in PSET_PATHS:
        owe(name, 0)
        for call, *values in state:
            g[call](*values)
        cost = api_overhead(counter, g.pset, native, *args)
        with_colour = api_overhead(counter, g.pset, native, *args, 0)
        for call, *_ in state:
            g[UNDO[call][0]](*UNDO[call][1:])
        if name == "pset_pattern_debt":
            cost -= costs["call_debt"]
            with_colour -= costs["call_debt"]
        if with_colour != cost:
            raise RuntimeError(f"pset's path {name} runs {with_colour} instructions with a "
                               f"colour and {cost} without: its debt would be wrong")
        owe(name, cost)
    g.poke(0x6000, pixel)
    g.poke(0x5F25, pen)
    # the memory writes: a write to 0x4300 (user memory, zero at boot) misses the draw state,
    # one of 0x5f7c-0x5f7f's own values back hits it; each with one value and with three
    for name in ("poke", "poke2", "poke4", "memset", "memcpy"):
        owe(f"{name}_debt", 0)
        owe(f"{name}_hit_debt", 0)
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
        owe(f"{name}_debt", cost["miss"])
        owe(f"{name}_hit_debt", cost["hit"] - cost["miss"] - costs["call_debt"])
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
