"""The host's half of the PICO-8 API: what only a host can do (the runtime does the rest).

generator/runtime draws, prints, reads buttons, draws random numbers and keeps dget/dset in
PICO-8 Lua over lupaz8's memory; lupaz8 has the Lua built-ins and peek/poke/memcpy/memset.
`make_api(console)` returns {name: function} for the rest, the host's: cartdata, reload/cstore
(the host holds the cart's ROM), stat, time, sound, menu items, extcmd, printh. Names PICO-8
has that are in none of them are listed in PICO8_NAMES, so reading one is a loud error.
"""
from __future__ import annotations

import inspect
import re

from generator.pico8 import ROM_SIZE
from generator.console.fixed import fix, integer
from generator.console.glyphs import glyph_globals
from generator.console.memory import DEVKIT

# Every global of PICO-8 0.2.6 (manual's API index), implemented or not.
PICO8_NAMES = """
camera circ circfill clip cls color cursor fget fillp flip fset line map mget mset oval
ovalfill pal palt pget print pset rect rectfill sget spr sset sspr tline rrect rrectfill
add all count del deli foreach ipairs pairs pack unpack next select inext
btn btnp sfx music memcpy memset peek peek2 peek4 poke poke2 poke4 reload cstore serial
abs atan2 band bnot bor bxor ceil cos flr lshr max mid min rnd rotl rotr sgn shl shr sin sqrt
srand cartdata dget dset cocreate coresume costatus yield chr ord split sub tostr tonum type
extcmd load ls menuitem printh reset run stat stop time t trace info assert getmetatable
setmetatable rawequal rawget rawlen rawset holdframe _set_fps _update_buttons _mark_cpu
_map_display _get_menu_item_selected cd mkdir folder dir install_demos install_games keyconfig
splore save import export
""".split()

# What a headless console cannot do: these stay loud errors, with the reason.
HEADLESS = " (a headless console runs one cart: no other carts, files, host or shell)"
UNSUPPORTED = {name: HEADLESS for name in """
load run stop ls cd mkdir folder dir install_demos install_games keyconfig splore save import
export serial info
""".split()}

# The sound stats the synthesiser answers: 46..57, and 16..26, the pre-0.2 numbers of 46..56
# (sfx per channel, note per channel, music pattern, patterns played, ticks in the pattern).
AUDIO_STAT = frozenset(range(16, 27)) | frozenset(range(46, 58))
FIXED_CLOCK = (2026, 11, 29, 12, 0, 0)
PICO8_VERSION = 42   # stat(5): 0.2.6b, the version the console follows (its .p8 header number)
# stat() numbers the 0.2.6b manual documents whose answer on a headless console is "nothing
# there": no key down (28), no relative mouse motion (38, 39), no breadcrumb or BBS cart (100,
# 101), running locally (102), an empty PCM buffer (108, 109), not in frame-by-frame mode (110),
# no serial data (120, 121). Numbers the manual does not list at all (e.g. stat(3)) read 0.
HEADLESS_STAT = {28: False, 38: 0, 39: 0, 100: None, 101: None, 102: 0, 108: 0, 109: 0,
                 110: False, 120: False, 121: False}


def make_api(c) -> dict:
    """The functions of console `c` as Lua globals (c: generator.console.Console)."""
    mem = c.mem

    def reload(dest=0, src=0, n=ROM_SIZE, filename=None):
        _one_cart("reload", filename)
        dest, src, n = integer(dest), integer(src), integer(n, ROM_SIZE)
        mem.write(dest, bytes(c.rom[src:src + n]).ljust(n, b"\0"))

    def cstore(dest=0, src=0, n=ROM_SIZE, filename=None):
        """Copy RAM to the console's copy of the cart ROM (a later reload() reads it back);
        the .p8 file on disk is never written. The code section (>= 0x4300) is protected."""
        _one_cart("cstore", filename)
        dest, src, n = integer(dest), integer(src), integer(n, ROM_SIZE)
        end = min(dest + n, len(c.rom))
        if dest < 0 or end <= dest:
            return
        c.rom[dest:end] = mem.read(src, end - dest)

    # persistence
    def cartdata(id):
        return c.open_cartdata(str(id))

    # system
    def stat(n, count=0):
        n = integer(n)
        if n == 0:
            return fix(min(c.lua_kb(), 2048))
        if n in (1, 2):
            return fix(c.instructions_so_far(count) / c.budget)
        if n == 4:
            return c.clipboard if c.pasted else ""   # see Console's docstring
        if n in (6, 31):
            return ""
        if n == 5:
            return PICO8_VERSION
        if n in (7, 8, 9):
            return c.fps
        if n == 30:
            return False
        if n in (32, 33, 34, 36):
            mx, my, mb = c.mouse if mem.peek(DEVKIT) else (0, 0, 0)
            return {32: mx, 33: my, 34: mb, 36: 0}[n]
        if n in AUDIO_STAT:
            return c.synth.stat(n)
        if 80 <= n <= 85 or 90 <= n <= 95:
            return FIXED_CLOCK[n % 10]
        if n in HEADLESS_STAT:
            return HEADLESS_STAT[n]
        return 0   # a number the manual does not list: PICO-8 answers rather than failing

    def time_():
        return fix(c.frame_index / c.fps)

    def sfx(n, channel=None, offset=None, length=None):
        c.sfx_calls.append((c.frame_index, integer(n), channel, offset, length))
        c.snapshot_sound()
        c.synth.sfx(integer(n), integer(channel, -1), integer(offset, 0), integer(length, 0))

    def music(n=0, fade=None, mask=None):
        c.music_calls.append((c.frame_index, integer(n), fade, mask))
        c.snapshot_sound()
        c.synth.music(integer(n), integer(fade, 0), integer(mask, 0))

    def menuitem(i, label=None, callback=None):
        c.set_menuitem(integer(i), label, callback)

    def extcmd(cmd, *args):
        c.extcmds.append((c.frame_index, str(cmd)) + args)

    def printh(s, filename=None, overwrite=None, save_to_desktop=None):
        if filename == "@clip":
            c.clipboard = c.tostr(s)
        else:
            c.printh_lines.append(c.tostr(s))

    api = {
        "reload": reload, "cstore": cstore, "cartdata": cartdata,
        "stat": stat, "time": time_, "t": time_,
        "sfx": sfx, "music": music, "menuitem": menuitem, "extcmd": extcmd, "printh": printh,
    }
    functions = {name: _guard(c, name, f) for name, f in api.items()}
    return {**functions, **glyph_globals()}


def _one_cart(name: str, filename) -> None:
    if filename is not None:
        raise NotImplementedError(f"unimplemented PICO-8 API: {name}() of another cart"
                                  f" ({filename!r}){HEADLESS}")


def _positional_limit(f) -> int | None:
    """How many positional arguments f takes (None: any number)."""
    params = inspect.signature(f).parameters.values()
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


def _guard(c, name, f):
    """Call f as PICO-8 calls an API function: extra arguments are ignored (`mget(x, y, 0)`).
    Keep the message of a Python exception, which lupaz8 reports only as 'error during
    Python call', so the console can put it in the CartError."""
    limit = _positional_limit(f)

    def call(*args):
        try:
            return f(*args[:limit])
        except Exception as e:
            c.api_error = f"{name}(): {type(e).__name__}: {e}"
            raise
    call.__name__ = name
    return call


def arithmetic_error(err: str) -> str:
    """Arithmetic on a non-number in a runtime function run in the cart's thread (pset), said
    as the API's other type errors are: "pset(): expected a number, got a boolean"."""
    m = re.match(r"runtime/\w+\.lua:\d+: attempt to perform arithmetic on a (\w+) value[^\n]*",
                 err)
    names = re.findall(r"runtime/\w+\.lua:\d+: in function '(\w+)'", err)
    if not m or not names:
        return err
    return f"{names[-1]}(): expected a number, got a {m.group(1)}" + err[m.end():]
