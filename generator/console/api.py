"""The Python half of the PICO-8 API a cart sees: everything but the Lua built-ins lupaz8 has.

`make_api(console)` returns {name: function} for the Lua globals. Names PICO-8 has that are
neither here nor in lupaz8 are listed in PICO8_NAMES, so reading one is a loud error.
"""
from __future__ import annotations

import functools
import inspect
import math

from generator.pico8 import ROM_SIZE
from generator.console.fixed import fix, from_raw, integer, num, to_raw
from generator.console.glyphs import glyph_globals
from generator.console.memory import CARTDATA, CURSOR, DEVKIT, PEN, SCREEN_AT
from generator.console.text import LINE_H, draw_text

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

# The functions that draw on (or read) the screen, which 0x5f55 can point elsewhere.
DRAWS = """cls pset pget line rect rectfill circ circfill oval ovalfill spr sspr map print
""".split()

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


class Rng:
    """PICO-8's random generator, as the independent implementations reproduce it (zepto8, and
    fake-08's `update_prng`/`api_srand`): two 32-bit words a, b. A step sets
    b = a + (b rotated by 16 bits), then a += b. srand(x) sets a to x's 16.16 bits without the
    sign bit (0xdeadbeef for 0), b = a ^ 0xbead29ba, and steps 32 times; rnd(x) steps and returns the 16.16 number
    whose bits are b mod x's bits (0 for x = 0). So a seeded sequence (the cart's endless puzzles)
    is the one players see."""

    MASK = 0xFFFFFFFF

    def __init__(self, seed=0) -> None:
        self.srand(seed)

    def srand(self, seed) -> None:
        self.a = to_raw(num(seed)) & 0x7FFFFFFF or 0xDEADBEEF
        self.b = self.a ^ 0xBEAD29BA
        for _ in range(32):
            self.step()

    def step(self) -> int:
        self.b = (self.a + ((self.b >> 16) | (self.b << 16))) & self.MASK
        self.a = (self.a + self.b) & self.MASK
        return self.b

    def rnd(self, x=1):
        if x is not None and not isinstance(x, (int, float, bool, str)):  # table form
            n = len(x)
            if not n:
                return None
            return x[((self.step() % (n << 16)) >> 16) + 1]
        limit = to_raw(num(x, 1)) & self.MASK
        b = self.step()
        return from_raw(b % limit) if limit else 0


def make_api(c) -> dict:
    """The functions of console `c` as Lua globals (c: generator.console.Console)."""
    g, mem = c.gfx, c.mem

    def print_(s=None, x=None, y=None, col=None):
        text = c.tostr(s)
        if x is not None and y is None:
            col, x = x, None
        if col is not None:
            mem.ram[PEN] = integer(col) & 0xFF
        if x is None:
            x, y = mem.ram[CURSOR], mem.ram[CURSOR + 1]
            lines = text.split("\0")[0].count("\n") + 1
            over = y + LINE_H * lines - 128
            if over > 0:   # printing at the cursor past the bottom scrolls the screen up
                mem.px[:-over] = mem.px[over:].copy()
                mem.px[-over:] = 0
                y -= over
        x, y = integer(x), integer(y)
        c.record_print(text, x, y, mem.ram[PEN] & 15)
        right, _, next_y = draw_text(g, text, x, y)
        mem.ram[CURSOR] = x & 0xFF
        mem.ram[CURSOR + 1] = max(0, min(next_y, 255))
        return right

    def cursor(x=0, y=0, col=None):
        old = mem.ram[CURSOR], mem.ram[CURSOR + 1]
        mem.ram[CURSOR] = integer(x) & 0xFF
        mem.ram[CURSOR + 1] = integer(y) & 0xFF
        if col is not None:
            mem.ram[PEN] = integer(col) & 0xFF
        return old

    # memory
    def peek(a, n=1):
        return tuple(mem.read(integer(a), integer(n, 1)))

    def peek2(a, n=1):
        a = integer(a)
        out = []
        for i in range(integer(n, 1)):
            lo, hi = mem.read(a + 2 * i, 2)
            v = lo | hi << 8
            out.append(v - 0x10000 if v & 0x8000 else v)
        return tuple(out)

    def peek4(a, n=1):
        a = integer(a)
        return tuple(from_raw(int.from_bytes(mem.read(a + 4 * i, 4), "little"))
                     for i in range(integer(n, 1)))

    def poke(a, *vs):
        mem.write(integer(a), bytes(integer(v) & 0xFF for v in vs))

    def poke2(a, *vs):
        mem.write(integer(a), b"".join((integer(v) & 0xFFFF).to_bytes(2, "little") for v in vs))

    def poke4(a, *vs):
        mem.write(integer(a), b"".join(to_raw(num(v)).to_bytes(4, "little") for v in vs))

    def memcpy(dest, src, n):
        mem.memcpy(integer(dest), integer(src), integer(n))

    def memset(dest, v, n):
        mem.memset(integer(dest), integer(v), integer(n))

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

    def reset():
        """Draw state 0x5f00-0x5f7f back to its boot values (palettes, camera, clip, fill
        pattern, cursor, pen; manual: RESET)."""
        mem.reset_draw_state()

    # maths PICO-8 does differently from lupaz8 (its sin/cos give +-1.62 at quarter turns)
    def sin(x=0):
        return fix(-math.sin(num(x) * 2 * math.pi) + 0.5 / 65536)

    def cos(x=0):
        return fix(math.cos(num(x) * 2 * math.pi) + 0.5 / 65536)

    # persistence
    def cartdata(id):
        return c.open_cartdata(str(id))

    def dget(i):
        i = integer(i)
        if not 0 <= i < 64:
            return 0
        return from_raw(int.from_bytes(mem.read(CARTDATA + 4 * i, 4), "little"))

    def dset(i, v):
        i = integer(i)
        if 0 <= i < 64:
            mem.write(CARTDATA + 4 * i, to_raw(num(v)).to_bytes(4, "little"))
            c.save_cartdata()

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
            mx, my, mb = c.mouse if mem.ram[DEVKIT] else (0, 0, 0)
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
        c.synth.sfx(integer(n), integer(channel, -1), integer(offset, 0), integer(length, 0))

    def music(n=0, fade=None, mask=None):
        c.music_calls.append((c.frame_index, integer(n), fade, mask))
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

    def fget(n, f=None):
        return g.fget(n, f)

    api = {
        "cls": g.cls, "pset": g.pset, "pget": g.pget, "line": g.line, "rect": g.rect,
        "rectfill": g.rectfill, "circ": g.circ, "circfill": g.circfill, "oval": g.oval,
        "ovalfill": g.ovalfill, "spr": g.spr, "sspr": g.sspr, "map": g.map, "mget": g.mget,
        "mset": g.mset, "fget": fget, "fset": g.fset, "sget": g.sget, "sset": g.sset,
        "color": g.color, "camera": g.camera, "clip": g.clip, "pal": g.pal, "palt": g.palt,
        "fillp": g.fillp, "print": print_, "cursor": cursor,
        "peek": peek, "peek2": peek2, "peek4": peek4, "poke": poke, "poke2": poke2,
        "poke4": poke4, "memcpy": memcpy, "memset": memset, "reload": reload,
        "cstore": cstore, "reset": reset,
        "sin": sin, "cos": cos, "rnd": c.rng.rnd, "srand": c.rng.srand,
        "btn": c.buttons.btn, "btnp": c.buttons.btnp,
        "cartdata": cartdata, "dget": dget, "dset": dset,
        "stat": stat, "time": time_, "t": time_,
        "sfx": sfx, "music": music, "menuitem": menuitem, "extcmd": extcmd, "printh": printh,
    }
    for name in DRAWS:
        api[name] = _on_target(mem, api[name])
    functions = {name: _guard(c, name, f) for name, f in api.items()}
    return {**functions, **glyph_globals()}


def _on_target(mem, f):
    """f drawing on (or reading) the draw target 0x5f55 selects (the screen, 0x60, is the
    common case and takes no detour)."""
    ram = mem.ram

    def draw(*args):
        if ram[SCREEN_AT] == 0x60:
            return f(*args)
        with mem.drawing_target():
            return f(*args)
    return functools.wraps(f)(draw)


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
