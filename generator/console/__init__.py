"""A headless PICO-8 console for tests and pictures, on lupaz8 (PICO-8's Lua and numbers).

    from generator.console import Console, CartError
    c = Console.load("build/picross.p8", cartdata=store)  # store: dict, or a JSON file path
    c.boot()                          # top-level code, then _init()
    c.step(buttons={"right", "x"})    # one frame; buttons: 0-5 or left right up down o x
    c.press("o"); c.hold("down", frames=20); c.run_frames(30)
    c.prints, c.text(), c.find_print("solved")      # what print() drew in the last frame
    c.instructions, c.max_instructions, c.budget    # VM instructions per frame
    c.screen(), c.display(), c.screenshot("a.png", scale=4)
    c.sfx_calls, c.music_calls, c.menu_items(), c.choose_menuitem("hint")

Modules: cart (reading .p8), memory (64 KiB, screen at 0x6000), gfx (drawing), text (print
and the font), buttons (btn/btnp), api (the Lua globals), picture (palette, PNG), console
(the frame loop and driver), prelude.lua (counting hook, coroutines, missing-API errors);
luavm (the cart's Lua solver called from Python, with instruction counts), player (plays the
picross8 cart with button presses), screenshots (`make screenshots`).

May import: generator, generator.pico8, generator.solver, generator.formats (the end of the
chain: it runs the built cart).
CLI: python -m generator.console CART --press o --press right:20 --frames 30 --out shot.png
"""
from generator.console.console import CartError, Console, Frame, PrintRecord

__all__ = ["CartError", "Console", "Frame", "PrintRecord"]
