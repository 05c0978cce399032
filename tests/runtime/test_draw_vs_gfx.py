"""The runtime's drawing (generator/runtime, PICO-8 Lua over lupaz8's memory) against the
console's former Python drawing (gfx.py at commit ad9a99d, taken from git): random call
sequences on the same memory must leave the same bytes in 0x0000-0x7fff (sprite sheet, map,
flags, draw state, screen). Skips when that commit is not in the clone."""
from __future__ import annotations

import importlib
import subprocess
import sys
import types

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lupaz8 import luaz8

from cartfixtures import REPO
from generator import runtime
from generator.console.memory import Memory

ORACLE = "ad9a99d"


def _old_gfx():
    """gfx.py, memory.py and fixed.py of ORACLE as a package `oldgfx` (None: not in the clone)."""
    if "oldgfx.gfx" in sys.modules:
        return sys.modules["oldgfx.gfx"], sys.modules["oldgfx.memory"]
    pkg = types.ModuleType("oldgfx")
    pkg.__path__ = []
    sys.modules["oldgfx"] = pkg
    for name in ("fixed", "memory", "gfx"):
        r = subprocess.run(["git", "-C", str(REPO), "show", f"{ORACLE}:generator/console/{name}.py"],
                           capture_output=True, text=True)
        if r.returncode:
            return None
        src = r.stdout.replace("generator.console.", "oldgfx.")
        mod = types.ModuleType(f"oldgfx.{name}")
        sys.modules[mod.__name__] = mod
        exec(compile(src, f"{ORACLE}:{name}.py", "exec"), mod.__dict__)
    return sys.modules["oldgfx.gfx"], sys.modules["oldgfx.memory"]


OLD = _old_gfx()
pytestmark = pytest.mark.skipif(OLD is None, reason=f"commit {ORACLE} is not in this clone")


class New:
    """The runtime in a fresh lupaz8, memory zeroed."""

    def __init__(self) -> None:
        self.lua = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True)
        self.rt = runtime.load(self.lua)
        self.mem = Memory(self.lua)
        self.mem.clear()
        self.g = self.lua.globals()


coord = st.integers(-20, 150)
size = st.integers(-3, 40)
colour = st.integers(0, 255)
maybe_col = st.one_of(st.none(), colour)
flag = st.booleans()

CALLS = {
    "cls": st.tuples(st.integers(0, 15)),
    "pset": st.tuples(coord, coord, maybe_col),
    "line": st.tuples(coord, coord, coord, coord, maybe_col),
    "rect": st.tuples(coord, coord, coord, coord, maybe_col),
    "rectfill": st.tuples(coord, coord, coord, coord, maybe_col),
    "circ": st.tuples(coord, coord, size, maybe_col),
    "circfill": st.tuples(coord, coord, size, maybe_col),
    "oval": st.tuples(coord, coord, coord, coord, maybe_col),
    "ovalfill": st.tuples(coord, coord, coord, coord, maybe_col),
    "spr": st.tuples(st.integers(0, 255), coord, coord, st.integers(1, 3), st.integers(1, 3),
                     flag, flag),
    "sspr": st.tuples(st.integers(-8, 130), st.integers(-8, 130), st.integers(-4, 40),
                      st.integers(-4, 40), coord, coord, st.integers(-60, 60),
                      st.integers(-60, 60), flag, flag),
    "map": st.tuples(st.integers(-4, 130), st.integers(-4, 66), coord, coord,
                     st.integers(0, 20), st.integers(0, 20), st.integers(0, 3)),
    "mset": st.tuples(st.integers(-2, 130), st.integers(-2, 66), st.integers(0, 255)),
    "sset": st.tuples(st.integers(-2, 130), st.integers(-2, 130), maybe_col),
    "fset": st.tuples(st.integers(0, 255), st.integers(0, 7), flag),
    "pal": st.tuples(st.integers(0, 15), st.integers(0, 255), st.integers(0, 1)),
    "palt": st.tuples(st.integers(0, 15), flag),
    "fillp": st.tuples(st.integers(0, 0xFFFF), flag),
    "camera": st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
    "clip": st.tuples(st.integers(-10, 130), st.integers(-10, 130), st.integers(-10, 140),
                      st.integers(-10, 140), flag),
    "color": st.tuples(colour),
    "remap": st.tuples(st.sampled_from([(0x5f54, 0x00), (0x5f54, 0x60), (0x5f55, 0x60),
                                        (0x5f55, 0x00), (0x5f56, 0x20), (0x5f56, 0x80),
                                        (0x5f57, 128), (0x5f57, 0), (0x5f57, 40)])),
}
call = st.one_of(*[st.tuples(st.just(k), v) for k, v in CALLS.items()])


def apply_old(g, mem, name, args):
    if name == "fillp":
        p, t = args
        return g.fillp((p - 0x10000 if p & 0x8000 else p) + (0.5 if t else 0))
    if name == "remap":
        (addr, v), = args
        mem.ram[addr] = v
        return None
    return getattr(g, name)(*args)


def apply_new(n, name, args):
    if name == "fillp":
        p, t = args
        return n.g.fillp((p - 0x10000 if p & 0x8000 else p) + (0.5 if t else 0))
    if name == "remap":
        (addr, v), = args
        return n.mem.poke(addr, v)
    return n.g[name](*args)


def start_state(seed: int) -> bytes:
    """Random sprite sheet, map and flags (0x0000-0x30ff), then zeros."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, 0x3100, dtype=np.uint8).tobytes()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.lists(call, min_size=1, max_size=25))
def test_random_draw_calls_leave_the_same_memory(seed, calls):
    gfx_mod, mem_mod = OLD
    old = mem_mod.Memory()
    old.write(0, start_state(seed))
    old.reset_draw_state()
    g = gfx_mod.Gfx(old)
    new = New()
    new.mem.write(0, start_state(seed))
    new.rt.reset()
    for name, args in calls:
        if name in ("spr", "sspr", "map") and old.ram[0x5f55] != 0x60:
            continue   # drawing the sheet into itself: the old console read a snapshot of it
        if old.ram[0x5f55] != 0x60 and name in ("cls", "pset", "line", "rect", "rectfill",
                                                 "circ", "circfill", "oval", "ovalfill",
                                                 "spr", "sspr", "map"):
            with old.drawing_target():
                apply_old(g, old, name, args)
        else:
            apply_old(g, old, name, args)
        apply_new(new, name, args)
    a, b = old.read(0, 0x8000), new.mem.read(0, 0x8000)
    if a != b:
        diff = [i for i in range(0x8000) if a[i] != b[i]]
        pytest.fail(f"{len(diff)} bytes differ, first at {diff[0]:#06x}: "
                    f"old {a[diff[0]]:#04x} new {b[diff[0]]:#04x} after {calls}")


@pytest.mark.parametrize("name", ["pget", "sget", "mget", "fget"])
def test_readers_agree(name):
    gfx_mod, mem_mod = OLD
    old = mem_mod.Memory()
    old.write(0, start_state(1))
    old.reset_draw_state()
    g = gfx_mod.Gfx(old)
    g.circfill(60, 60, 30, 9)
    g.camera(3, -4)
    new = New()
    new.mem.write(0, start_state(1))
    new.rt.reset()
    new.g.circfill(60, 60, 30, 9)
    new.g.camera(3, -4)
    for x in range(-5, 135, 7):
        for y in range(-5, 135, 9):
            args = (x, y) if name != "fget" else ((x * 7 + y) & 0xFF,)
            assert getattr(g, name)(*args) == new.g[name](*args), (name, args)
