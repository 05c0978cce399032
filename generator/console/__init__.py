"""A headless PICO-8 console for tests and pictures, on lupaz8 (PICO-8's Lua and numbers).

    from generator.console import Console, CartError
    c = Console.load("build/picross.p8", cartdata=store)  # store: dict, or a JSON file path
    c.boot()                          # top-level code, then _init()
    c.step(buttons={"right", "x"})    # one frame; buttons: 0-5 or left right up down o x
    c.press("o"); c.hold("down", frames=20); c.run_frames(30)
    c.prints, c.text(), c.find_print("solved")      # what print() drew in the last frame
    c.instructions, c.max_instructions, c.budget    # VM instructions per frame
    c.screen(), c.display(), c.screenshot("a.png", scale=4)
    c.audio()                         # the sound so far: int16, 22,050 Hz mono, 735 a frame
    c.sfx_calls, c.music_calls, c.menu_items(), c.choose_menuitem("hint")

The console is a host of generator/runtime, PICO-8's API written once in PICO-8 Lua over
lupaz8's own memory (drawing, print, buttons, rnd, sin/cos, dget/dset): it loads the runtime,
zeroes memory and writes the ROM, hands in the buttons each frame, keeps cartdata, plays the
sound, counts the cart's instructions and reads the screen. The design, how counting leaves
the runtime out, and the known differences from PICO-8 (for every host, listed once) are in
docs/console.md.

Modules: cart (reading .p8), memory (a view of lupaz8's 64 KiB, screen at 0x6000), buttons
(button names), glyphs (the P8SCII glyph globals), api (the host's Lua globals: ROM, stat,
time, sound, menu items, printh, extcmd), picture (palette, PNG), console (the frame loop and
driver), frame (what a frame kept: its buttons, count and prints), prelude.lua (runner coroutines for flip, missing-API errors), counter.lua/counter.py
(the instruction counter); synth (the sound API, music, the mix), channel (one channel's
rendering), track (an sfx's notes and effects), waves (the 8 instruments), soundmem (sfx and
patterns decoded from memory), wav (WAV files); luavm (the cart's Lua solver called from
Python, with instruction counts). The picross drivers built on the console (player, tour,
measured_text, screenshots, endless) are generator/playtest.

May import: generator, generator.pico8, generator.files, generator.errors, generator.solver,
generator.formats, generator.render, generator.cartbuild (the end of the chain: it runs the built
cart), generator.runtime.
CLI: python -m generator.console CART --press o --press right:20 --frames 30 --out shot.png
     [--wav run.wav]
"""
from generator.console.console import CartError, Console, Frame, PrintRecord

__all__ = ["CartError", "Console", "Frame", "PrintRecord"]
