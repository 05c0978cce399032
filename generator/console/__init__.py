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

Modules: cart (reading .p8), memory (64 KiB, screen at 0x6000), gfx (drawing), text (print
and the font), buttons (btn/btnp), glyphs (the P8SCII glyph globals), api (the Lua globals),
picture (palette, PNG), console (the frame loop and driver), prelude.lua (counting hook,
runner coroutines for flip, missing-API errors); synth (the sound API, music, the mix),
channel (one channel's rendering), track (an sfx's notes and effects), waves (the 8
instruments), soundmem (sfx and patterns decoded from memory), wav (WAV files); luavm
(the cart's Lua solver called from Python, with instruction counts), player (plays the
picross8 cart with button presses), screenshots (`make screenshots`).

May import: generator, generator.pico8, generator.errors, generator.solver, generator.formats,
generator.render, generator.cartbuild (the end of the chain: it runs the built cart).
CLI: python -m generator.console CART --press o --press right:20 --frames 30 --out shot.png
     [--wav run.wav]

Conformance: tests/console/carts/ holds a cart per API area checking itself against the
PICO-8 manual (0.2.6b). Known differences from PICO-8, and the choices made where no real
PICO-8 was at hand to settle them:
- CPU: only Lua VM instructions count against the frame budget (4M a second: 133,333 a frame
  at 30 fps, 66,666 with _update60, also when _init defines it); drawing calls cost nothing.
- rnd()/srand() are PICO-8's generator as zepto8 and fake-08 reproduce it (api.Rng): a seeded
  sequence is the one players see.
- sin/cos: the exact value rounded to the nearest 16.16 number (sin(0.125) = -0x0.b505);
  PICO-8 may differ in the last bit. atan2(0, 0) is 0.25, as the PICO-8 wiki says.
- Shapes: circles are midpoint circles, ovals the pixels whose centres lie in the ellipse
  inscribed in the box (symmetric, touching all four sides), lines step along the longer
  axis: any of these may be a pixel off PICO-8's at the edges.
- Font: shrinko's copy of PICO-8's font; a few glyphs may differ from the current PICO-8's.
- Glyph globals: the button names are 0-5; the fill patterns carry the .5 transparency bit,
  except █, which is 0 (solid) as on the PICO-8 wiki (another implementation has 0x0000.8:
  the same pixels).
- Numbers: a numeric string is read as a number wherever the API wants one (sfx"3"); a value
  that is not a number at all (a table, "abc") is an error naming the function, where PICO-8
  may read 0. Extra arguments are ignored.
- flip() ends the frame where it is called; the next step() carries on after it (a cart's
  own main loop works). flip() inside a coroutine of the cart is an error.
- Sound (synth.py): 4 channels at 22,050 Hz, a note speed * 183 samples, pitch p at
  440 * 2^((p-33)/12) Hz, volume v at v/7, each channel at half of full scale so that four
  sum without clipping; the mix is clipped to +-32767, never wrapped. Each frame renders its
  735 samples (367/368 at 60 fps) after the frame's code has run, so an sfx() call sounds from
  the start of its own frame's samples. Following the manual: the effects (slide, vibrato
  "within one quarter-tone", drop, fades, arpeggios over groups of 4 at 4/8 ticks a step,
  halved at speed <= 8); loops (off when start >= end; an end of 0 makes the start a length);
  sfx(n, channel, offset, length), channel -1 choosing, -2 stopping n everywhere, n -1
  stopping and -2 releasing a loop; music's flow (loop back to the last start, or pattern 0;
  stop; no data left stops), a pattern as long as its left-most non-looping channel, the fade
  in ms, the mask reserving channels from sfx(n)'s choice; custom instruments (waveforms 8-15
  play sfx 0-7: pitch relative to c2, volumes multiplied, their own effects, their filters on
  for the note; retriggered only when the pitch changes, the previous note was silent, or the
  note has effect 3); NOIZ as pure white noise and BUZZ on the noise instrument as brown noise.
  Where the manual is silent, what zepto8 and fake-08 agree on: the waveforms' shapes and
  levels (waves.py) and BUZZ's and DETUNE's alterations; the noise as low-passed white noise
  brightening with the pitch; a slide glides from the previous note's pitch and volume (c2 and
  nothing at an sfx's start) to its own, reaching it at the note's end; vibrato at 7.5 Hz;
  REVERB as an echo fed back at half volume 2 or 4 ticks later; DAMPEN as high shelves at
  2400 Hz -6 dB and 1000 Hz -12 dB; the editor byte's switches in base 3 (byte // 8: detune,
  // 24: reverb, // 72: dampen); a sound effect that does not loop ends after its last note
  with a volume (music plays all its notes); sfx(n)'s channel: the first free one not in
  music's mask, else one playing music, else the one with the fastest sfx; sfx(-1) and
  sfx(-2) leave music's channels alone; an sfx on a music channel holds the music's sfx and
  gives the channel back at the music's current place when it ends; notes change with a
  1/130 s crossfade (no clicks). stat(46..56) and the legacy 16..26 both report the exact
  state between two frames (the manual's history of mixer ticks is not needed: nothing here is
  late); stat(56) is -1 and stat(55) -1 with no music. Choices of the console's own: an
  sfx's offset counts from its first note, so sfx(n, c, 8) ends 8 notes sooner; the LEN limit
  also holds for music; a loop released with sfx(-2) ends after its last note; REVERB and
  DAMPEN stay on through an sfx's rests and stop with it; the noise comes from numpy's seeded
  generator (the same seed, the same samples). Not yet: waveform instruments (0.2.5's drawn
  64-sample waves: such an sfx plays as an ordinary custom instrument), the hardware effects
  at 0x5f40-0x5f43 (half speed, reverb, distortion, low-pass poked per channel), PCM output
  (serial 0x808, stat(108/109)) and PICO-8's master volume setting.
- cstore() writes the console's copy of the cart ROM, which reload() reads; the .p8 file
  is never written. reload()/cstore() of another cart, load, run, stop, ls, serial and the
  other shell and host commands are errors naming the API ("a headless console runs one
  cart").
- sspr: a negative destination width/height flips the picture, dx/dy then being its right/
  bottom edge; a negative source size draws nothing.
- Memory remaps: 0x5f54 (sprite source), 0x5f55 (draw target), 0x5f56/0x5f57 (map address,
  width) are honoured for drawing, sget/sset and mget/mset; peek/poke of 0x0000/0x6000 always
  read the memory there (PICO-8 remaps those too).
- The @ % $ peek operators: the loader rewrites each unary @x %x $x into a call of the
  console's peek/peek2/peek4 (shrinko's parser finds them; lupaz8's own operators would read its
  private memory). Same values and lines; each costs a few more VM instructions than on PICO-8.
- stat(n) never fails: a number the 0.2.6b manual does not list (e.g. 3) is 0; stat(5) is 42
  (0.2.6b's version number, as in its .p8 header); the documented host/hardware ones answer
  "nothing there": 28 false (no key down), 38/39 0, 100/101 nil, 102 0, 108/109 0, 110 false,
  120/121 false.
- Coroutine errors are raised (strict_coroutines=True, the default) rather than returned by
  coresume as PICO-8 does; pass strict_coroutines=False for PICO-8's behaviour. Resuming a
  coroutine that is already dead returns (false, message) in both modes, as on PICO-8.
- print: the P8SCII control codes listed in text.py; the rest are errors naming the code.
"""
from generator.console.console import CartError, Console, Frame, PrintRecord

__all__ = ["CartError", "Console", "Frame", "PrintRecord"]
