"""A headless PICO-8: runs a .p8 cart frame by frame under lupaz8 with scripted buttons.

    c = Console.load("build/picross.p8", cartdata=store)   # store: dict or JSON path
    c.boot()                       # top-level code, then _init()
    c.step(buttons={"right"})      # one frame: _update/_update60 then _draw
    c.press("x"); c.hold("right", frames=20); c.run_frames(30)
    c.screenshot("a.png", scale=4)
    c.max_instructions <= c.budget
    c.audio()                      # the sound so far: int16, 22,050 Hz mono (735 a frame)

`btnp_repeat=False` makes btnp true only on the frame of a press (no held-button repeat).
Each frame begins with its share of sound: before frame k's code runs, the synthesiser
(synth.py) renders the samples up to time() = k / fps (k * 22050 // fps in all), so the code
sees the sound's state at its own time and its sfx()/music() calls sound from there (in the
next frame's samples). `keep_audio=False` keeps only the last frame's (`frame_audio`), for a
player that streams it.

Instructions are counted with a debug hook (counter.lua, every `hook_every` VM instructions, default 100):
counts are multiples of `count_step` (93 for the default; 1, exact, with hook_every=1), rounded
down per _update/_draw call and per coroutine resume. Only the cart's own instructions count:
the API runs in threads of its own (generator/runtime/calls.lua), and the counter takes the
fixed few instructions of its wrapper in the cart's thread off per call (docs/console.md). A Lua error, or an API the console
does not implement, raises CartError with the Lua message, line and traceback.

The clipboard: `c.clipboard` is the host's clipboard text; `printh(s, "@clip")` writes it (as
PICO-8 does), and `c.paste(text)` is the player pressing ctrl-v (with `text` copied first, if
given). stat(4) reads it as PICO-8 0.2 does: the clipboard's text only after the player has
pressed ctrl-v while the cart runs, "" before (so that a cart cannot read the clipboard without
the player's leave; pico-8.fandom.com/wiki/Clipboard, the manual's stat(4)). fake-08 has no
clipboard: its stat(4) always returns "" ("no clipboard support currently", source/picoluaapi.cpp
at f6bab5a) and its printh ignores the file name and prints to stdout, so a cart there needs
another way to take text in (picross8's code screen has an on-screen keyboard).
"""
from __future__ import annotations

import json
import os
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from generator.files.atomic import write_atomic
from generator.pico8 import frame_budget
from generator import runtime
from generator.console.api import PICO8_NAMES, UNSUPPORTED, arithmetic_error, make_api
from generator.console.buttons import button_index
from generator.console.counter import (debit_runtime, hook_calls, instructions_per_hook_call,
                                       load_counter)
from generator.console.cart import (Cart, nested_comment_reading, read_cartdata, read_p8,
                                    route_peek_operators)
from generator.console.fixed import from_raw, to_raw
from generator.console.frame import Frame, PrintRecord
from generator.console.memory import CARTDATA, Memory
from generator.console.picture import display_colours, png_bytes, rgb
from generator.console.synth import Synth
from generator.console.waves import RATE


MAX_LUA_MEMORY = 256 * 1024 * 1024


class CartError(RuntimeError):
    """The cart failed: a Lua runtime error or a call the console does not implement."""


class Console:
    def __init__(self, cart: Cart, *, cartdata=None, seed=0, hook_every=100,
                 max_frame_instructions=10_000_000, strict_coroutines=True, btnp_repeat=True,
                 keep_audio=True) -> None:
        from lupaz8 import luaz8
        self.cart = cart
        self.rom = bytearray(cart.rom)   # the cart ROM reload() reads and cstore() writes
        # PICO-8 gives a cart 2 MiB of Lua memory; the console allows far more, but not all the
        # machine's: a cart that doubles a string forever stops with 'not enough memory'
        self.lua = luaz8.LuaRuntime(encoding="latin-1", unpack_returned_tuples=True,
                                    max_memory=MAX_LUA_MEMORY)
        # the runtime (generator/runtime) does the API in Lua over lupaz8's memory; the
        # console is its host: ROM, buttons, cartdata, sound, the clock and the pictures
        self.mem = Memory(self.lua)   # lupaz8's own peek/poke: before the runtime wraps them
        self.rt = runtime.load(self.lua, {"printed": self.record_print})
        self.mem.on_draw_state = self.rt.refresh
        self.mem.clear()
        self.mem.write(0, cart.rom)
        self.rt.reset()
        self.lua.globals().srand(seed)
        self.rt.repeat_keys = btnp_repeat
        self._sound_ram = bytearray(0x10000)   # sound memory as of the last snapshot
        self.synth = Synth(self._sound_ram, seed)
        self.keep_audio = keep_audio
        self._audio: list[np.ndarray] = []
        self.frame_audio = np.zeros(0, dtype=np.int16)
        self.mouse = (0, 0, 0)
        self.hook_every = hook_every
        self.frame_index = 0
        self.frames: list[Frame] = []
        self.init_instructions = 0
        self.sfx_calls: list = []
        self.music_calls: list = []
        self.extcmds: list = []
        self.printh_lines: list[str] = []
        self.clipboard = ""     # the host's clipboard text (printh(s, "@clip") writes it)
        self.pasted = False     # ctrl-v pressed: stat(4) reads the clipboard from then on
        self.warnings: list[str] = []   # what the console told stderr about the cart
        self.menu: dict[int, tuple] = {}
        self._cartdata_id = None
        self._store_path = None
        if cartdata is None:
            cartdata = {}
        elif isinstance(cartdata, (str, os.PathLike)):
            self._store_path = Path(cartdata)
            cartdata = read_cartdata(self._store_path)
        self.cartdata_store = cartdata
        self._frame: Frame | None = None
        self._pending = None   # the cart's code stopped at flip(): the next frame resumes it
        self._queue: list = []  # then these: each gives a Lua function to run, or None
        self.booted = False
        self.fps = 30

        self._tostr = self.lua.eval("tostr")
        self._collect = self.lua.eval("collectgarbage")
        prelude = (resources.files("generator.console") / "prelude.lua").read_text()
        api = self.lua.table_from(make_api(self))
        names = self.lua.table_from(PICO8_NAMES)
        reasons = self.lua.table_from(UNSUPPORTED)
        counter = load_counter(self.lua, hook_every)
        self._counter = counter
        # instructions the runtime runs in the cart's thread, taken off call by call
        self.api_costs = debit_runtime(self.lua, counter, self.rt)
        setup = self.lua.eval("load")(prelude, "=console prelude")
        if isinstance(setup, tuple):   # (nil, message)
            raise RuntimeError(f"console prelude: {setup[1]}")
        self.ctl = setup(api, names, reasons, counter, strict_coroutines)
        self._per_call = instructions_per_hook_call(self.ctl, hook_every)
        self.ctl.set_cap(from_raw(min(-(-max_frame_instructions // self._per_call), 2**31 - 1)))
        self.api_error = None
        self._collect("collect")
        self._runtime_kb = self.lua_kb()   # the runtime's own Lua memory: stat(0) leaves it out

    @classmethod
    def load(cls, path, **kw) -> "Console":
        return cls(read_p8(path), **kw)

    # ------------------------------------------------------------------ running
    def _lua(self, how, *args) -> tuple[int, object, object]:
        """ctl.start(f, ...) or ctl.resume(co): (instructions, first result, the coroutine when
        the cart stopped at flip(), else False). A Lua error raises CartError."""
        self.api_error = None
        ok, result, flipped = how(*args)
        count = self._instructions(self.ctl.count(), to_raw(self._counter.owed()))
        if not ok:
            err = str(result)
            if self.api_error and "error during Python call" in err:
                err = err.replace("error during Python call", self.api_error, 1)
            self.api_error = None
            err = arithmetic_error(err)
            if "not enough memory" in err:
                err += f" (the cart used the console's {MAX_LUA_MEMORY >> 20} MiB of Lua memory)"
            raise CartError(err)
        return count, result, flipped

    def _run(self, f, *args) -> tuple[int, object]:
        """Call Lua function f counted, to its end; returns (instructions, its first result)."""
        count, result, flipped = self._lua(self.ctl.start, f, *args)
        self.save_cartdata()
        if flipped:
            raise CartError("flip() in a function the console called directly (call, exec,"
                            " a menu item): only the cart's own frame code may flip")
        return count, result

    def _work(self) -> None:
        """Run what the current frame has to run: the code stopped at the last flip(), then the
        queue, until all is done or the cart calls flip() again (the frame ends there). Each
        part's instructions count towards the current frame."""
        while self._pending or self._queue:
            if self._pending:
                count, _, flipped = self._lua(self.ctl.resume, self._pending)
            else:
                f = self._queue.pop(0)()
                if not f:
                    continue
                count, _, flipped = self._lua(self.ctl.start, f)
            self._frame.instructions += count
            self._pending = flipped or None
            if flipped:
                return

    def _settle_fps(self) -> None:
        """After _init (which may define it, as on PICO-8): _update60 means 60 fps."""
        if self.global_("_update60"):
            self.fps = 60
        self.rt.fps = self.fps

    def boot(self) -> "Console":
        """Run the cart's top-level code, then _init() (time() is 0 throughout). A cart that
        calls flip() in them (its own main loop) stops there; step() carries on from it."""
        f = self._compile_cart()
        self._frame = Frame(index=0, buttons=frozenset())
        self._queue = [lambda: f, lambda: self.global_("_init"), self._settle_fps]
        self._work()
        self.init_instructions = self._frame.instructions
        self.save_cartdata()
        self.booted = True
        return self

    def _compile_cart(self):
        """The cart's code as a Lua function, read as current PICO-8 reads it; when that does
        not parse, as PICO-8 <= 0.2.5d did (long comments holding [[ ]] nest: see the package
        docstring), with one warning line on stderr. Lines keep their numbers either way."""
        name, pad = "@" + self.cart.name, "\n" * (self.cart.lua_first_line - 1)
        f, err = self.ctl.compile(pad + route_peek_operators(self.cart.lua), name)
        if f:
            return f
        legacy, lines = nested_comment_reading(self.cart.lua)
        if lines:
            g, _ = self.ctl.compile(pad + route_peek_operators(legacy), name)
            if g:
                at = ", ".join(str(k + self.cart.lua_first_line - 1) for k in lines)
                warning = (f"warning: {self.cart.name}: the long comment(s) at line(s) {at} hold"
                           " [[ ]]: read nested, as PICO-8 <= 0.2.5d and fake-08 do (current"
                           " PICO-8 ends a comment at its first ]] and cannot parse this cart)")
                self.warnings.append(warning)
                print(warning, file=sys.stderr)
                return g
        raise CartError(f"syntax error: {err}")

    def step(self, buttons=(), mouse=None) -> Frame:
        """One frame with `buttons` held (indices 0-5 or names): _update(60), then _draw; or,
        when the cart called flip(), its code from there to its next flip() (or end)."""
        if not self.booted:
            self.boot()
        if isinstance(buttons, (str, int)):
            buttons = (buttons,)
        held = frozenset(button_index(b) for b in buttons)
        if mouse is not None:
            self.mouse = tuple(mouse) + (0,) * (3 - len(mouse))
        self.frame_index += 1
        self.rt.buttons(sum(1 << b for b in held))
        frame = self._frame = Frame(index=self.frame_index, buttons=held)
        self._sound()
        if not (self._pending or self._queue):
            self._queue = [lambda: self.global_("_update60") or self.global_("_update"),
                           lambda: self.global_("_draw")]
        self._work()
        self.save_cartdata()
        self.frames.append(frame)
        return frame

    def _sound(self) -> None:
        """The samples from the last frame's time() to this one's: up to frame_index * 22050 //
        fps in all."""
        k = self.frame_index
        n = k * RATE // self.fps - (k - 1) * RATE // self.fps
        self.snapshot_sound()
        self.frame_audio = self.synth.render(n)
        if self.keep_audio:
            self._audio.append(self.frame_audio)

    def run_frames(self, n: int, buttons=()) -> list[Frame]:
        """n frames with the same buttons held (a name, an index, or a collection of them)."""
        return [self.step(buttons) for _ in range(n)]

    def hold(self, *buttons, frames: int = 1) -> list[Frame]:
        """Hold `buttons` down for `frames` frames (btnp repeats as on PICO-8)."""
        return self.run_frames(frames, buttons)

    def press(self, *buttons, frames: int = 1, release: int = 1) -> list[Frame]:
        """Press `buttons` for `frames` frames, then release them for `release` frames."""
        return self.run_frames(frames, buttons) + self.run_frames(release)

    # ------------------------------------------------------------------ inspection
    def audio(self) -> np.ndarray:
        """Every sample the frames so far have sounded (int16, 22,050 Hz, mono); with
        keep_audio=False only the last frame's."""
        if not self.keep_audio:
            return self.frame_audio.copy()
        if len(self._audio) > 1:
            self._audio = [np.concatenate(self._audio)]
        return self._audio[0].copy() if self._audio else np.zeros(0, dtype=np.int16)

    @property
    def budget(self) -> int:
        """VM instructions one frame may use: 4M/s over 30 (or 60) frames."""
        return frame_budget(self.fps)

    @property
    def instructions(self) -> list[int]:
        return [f.instructions for f in self.frames]

    @property
    def count_step(self) -> int:
        """Counts are multiples of this (rounded down per _update/_draw call and coroutine)."""
        return self._per_call

    @property
    def max_instructions(self) -> int:
        return max(self.instructions, default=0)

    @property
    def prints(self) -> list[PrintRecord]:
        """What print() drew in the last frame (or at boot before any frame)."""
        return self._frame.prints if self._frame else []

    def text(self) -> str:
        """The texts print() drew in the last frame, joined by newlines."""
        return "\n".join(p.text for p in self.prints)

    def find_print(self, text: str) -> PrintRecord | None:
        """The first print of the last frame whose text contains `text` (None if none)."""
        return next((p for p in self.prints if text in p.text), None)

    def global_(self, name: str):
        return self.ctl["global"](name)

    def call(self, name: str, *args):
        """Call a cart global function (counted, errors as CartError); returns its results."""
        f = self.global_(name)
        if not f:
            raise KeyError(f"cart has no global {name!r}")
        return self._run(f, *args)[1]

    def exec(self, code: str, name: str = "=test"):
        """Run a chunk of Lua in the cart's state, as the cart's own code would run (counted,
        errors as CartError); returns its first result."""
        f, err = self.ctl.compile(route_peek_operators(code), name)
        if not f:
            raise CartError(f"syntax error: {err}")
        return self._run(f)[1]

    def peek(self, addr: int, n: int = 1) -> bytes:
        return self.mem.read(addr, n)

    def screen(self) -> np.ndarray:
        """128x128 (row, column) draw slots 0-15, as in screen memory."""
        return self.mem.px

    def display(self) -> np.ndarray:
        """128x128 colours through the display palette: 0-15, or 128-143 (secret palette)."""
        return display_colours(self.mem)

    def palette_indices(self) -> np.ndarray:
        """128x128 indices 0-31 into picture.PALETTE (16-31 = the secret colours 128-143)."""
        d = self.display()
        return (d & 15) + (d >> 7) * 16

    def rgb(self) -> np.ndarray:
        return rgb(self.mem)

    def png(self, scale: int = 1) -> bytes:
        return png_bytes(self.mem, scale)

    def screenshot(self, path, scale: int = 1) -> Path:
        write_atomic(path, self.png(scale))
        return Path(path)

    # ------------------------------------------------------------------ menu
    def paste(self, text: str | None = None) -> None:
        """The player presses ctrl-v (having copied `text`, if given): stat(4) returns the
        clipboard from now on."""
        if text is not None:
            self.clipboard = text
        self.pasted = True

    def set_menuitem(self, i: int, label, callback) -> None:
        if label is None:
            self.menu.pop(i, None)
        else:
            self.menu[i] = (self.tostr(label), callback)

    def menu_items(self) -> dict[int, str]:
        return {i: label for i, (label, _) in sorted(self.menu.items())}

    def choose_menuitem(self, item, b: int = 32):
        """Invoke a menu item's callback (by index or label) with button bits b (32 = X)."""
        key = item if isinstance(item, int) else next(
            (i for i, (label, _) in self.menu.items() if label == item), None)
        if key not in self.menu:
            raise KeyError(f"no menu item {item!r}: have {self.menu_items()}")
        return self._run(self.ctl.menu_call, key, b)[1]

    # ------------------------------------------------------------------ cartdata
    def open_cartdata(self, id: str) -> bool:
        if self._cartdata_id is not None:
            raise RuntimeError("cartdata() can only be called once")
        self._cartdata_id = id
        saved = self.cartdata_store.get(id)
        if saved is not None:
            data = b"".join((int(v) & 0xFFFFFFFF).to_bytes(4, "little") for v in saved)
            self.mem.write(CARTDATA, data.ljust(256, b"\0"))
        return saved is not None

    def save_cartdata(self) -> None:
        """Copy 0x5e00-0x5eff to the store (and its JSON file) when cartdata is open."""
        if self._cartdata_id is None:
            return
        raw = self.mem.read(CARTDATA, 256)
        values = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, 256, 4)]
        if self.cartdata_store.get(self._cartdata_id) != values:
            self.cartdata_store[self._cartdata_id] = values
            if self._store_path is not None:
                write_atomic(self._store_path,
                             json.dumps(self.cartdata_store, indent=1, sort_keys=True) + "\n")

    # ------------------------------------------------------------------ helpers for api.py
    def tostr(self, v) -> str:
        return v if isinstance(v, str) else self._tostr(v)

    def record_print(self, text: str, x: int, y: int, colour: int) -> None:
        if self._frame is not None:
            self._frame.prints.append(PrintRecord(text, x, y, colour))

    def _instructions(self, count, owed=0) -> int:
        """The cart's instructions in a count of the counter: its hook calls, each
        `count_step` instructions, less the `owed` ones the runtime ran in the cart's thread."""
        return max(0, hook_calls(count) * self._per_call - owed)

    def instructions_so_far(self, count) -> int:
        """This frame's count so far: earlier callbacks (_update) plus the running one, whose
        hook count (the prelude's n) comes with the call."""
        done = self._frame.instructions if self._frame else 0
        return done + self._instructions(count)

    def lua_kb(self) -> float:
        """Lua memory in use, in KiB (collectgarbage("count"), whose second result is dropped)."""
        kb = self._collect("count")
        kb = kb[0] if isinstance(kb, tuple) else kb
        return max(kb - getattr(self, "_runtime_kb", 0), 1)

    def snapshot_sound(self) -> None:
        """Copy sound memory (0x3100-0x42ff) to where the synthesiser reads it."""
        self._sound_ram[0x3100:0x4300] = self.mem.read(0x3100, 0x1200)
