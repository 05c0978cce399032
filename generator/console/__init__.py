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
picross8 cart with button presses), screenshots (`make screenshots`), endless (the cart's
endless puzzle of a seed, for `picross import --code`).

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
  DAMPEN stay on through an sfx's rests and stop with it; the noise is a counter hashed per
  sample (waves.white: the same seed, the same samples, in numpy and in the page's
  synth.js). Not yet: waveform instruments (0.2.5's drawn 64-sample waves: such an sfx plays as an ordinary custom instrument), the hardware effects
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
- Long comments holding [[ ]] (issue 19; a cart that loads in fake-08 failed here): the
  console reads the cart as current PICO-8 does, a long comment ending at its first ]] (as in
  Lua 5.2, lupaz8's z8lua and shrinko8). Only when that reading does not parse does it read
  the cart as PICO-8 up to 0.2.5d did, nesting each [[ inside a --[[ ]] comment (brackets of
  the comment's own level; long strings never nest), and it says so in one warning line on
  stderr (Console.warnings): such a cart cannot load in current PICO-8, and a cart valid in
  both readings keeps the current meaning (`--[[ [[ ]] x=1 --]]` sets x). The nested comments'
  text is blanked, so every line keeps its number (cart.nested_comment_reading). Sources:
  picotool issue 18 (PICO-8 accepts nested [[ ]] in a comment, BBS cart 36936); shrinko8
  issue 7 (its author nested them 2022-12-14 "now that this feature survived Pico v0.2.5d's
  preprocessor changes", then 2023-02-03 "It did not" survive 0.2.5f; commit cbacf39 adds and
  5baa0db removes it, with the test `a=0--[[[[a+=1]][[a+=2]][[]]--[[--[[a+=4]]]]a+=8]]a+=16`
  giving a=16 and `[[[[]]=="[["` for strings); fake-08's z8lua fork (llex.c, "ATTN: long
  comments still don't match pico-8 behavior") nests level-0 [[ in comments and in long
  strings, and gives a=16.
- The custom font (P8SCII chr(14) "\\014"), as the manual (0.2.6b, Appendix A, "Custom
  Font") has it: \\014 switches to the font at 0x5600 for the rest of the string and \\015
  back to the default font; each print() starts in the default font (the default attributes
  at 0x5f58..0x5f5b, its 0x80 "use custom font" included, are not implemented). Glyph ch is the
  8 bytes at 0x5600+8*ch, a row a byte from the top, bit 0x1 the left pixel. Header: 0x5600
  the width (advance) of characters below 128, 0x5601 of the others, 0x5602 the height (the
  line height, and the rows drawn, at most 8), 0x5603/0x5604 draw offsets x/y (they move the
  glyph, not the cursor), 0x5605 flags: 0x1 applies the nibbles at 0x5608.. (characters
  16..255, low nibble first; bits 0x7 add 0,1,2,3,-4,-3,-2,-1 to the width, bit 0x8 draws the
  character one pixel higher), 0x2 counts tab stops from the home x; 0x5606 the tab width
  with the custom font. Where the manual is silent: a glyph's 8 columns are all drawn whatever
  the width (fake-08; zepto8 clips at the width); the offsets are unsigned bytes (zepto8;
  fake-08 ignores them and the raise bit; zepto8 draws that bit 1 px lower, not higher); a tab
  width of 0 at 0x5606 keeps the usual one; \\^x sets the width of characters below 128 and
  the others keep the font's difference (fake-08; zepto8 makes them equal); \\^y caps the rows
  drawn; a line is as tall as its tallest character, an empty one the font's height (zepto8;
  fake-08: 6). One-off characters ("\\^:" 16 hex digits, "\\^." 8 bytes; manual: the format
  of custom fonts) are 8x8, advance 8 and ignore the font's offsets (fake-08 and zepto8
  agree). print() returns the right-most x (manual). fake-08's runner draws the same pixels
  and returns the same x for the widths, wide characters, variable widths, \\015, wide mode and
  one-off characters. A cart avoids the corners: glyph pixels within their width, no
  offsets, no \\^x/\\^y with the custom font.
- tostring is Lua's own (lupaz8's): tostring(nil) is "nil", tostring(1/3) "0.3333", a
  __tostring metamethod is called; tonumber is nil. PICO-8 has it though its manual (0.2.6b)
  documents only TOSTR/TONUM: shrinko8 commit 50b802e (pancelor, 2023-05-31: "tostring()
  works in pico8 (0.2.5g). It seems like an oversight"; its listing of PICO-8's globals has
  no tonumber); fake-08's sandbox whitelist (p8GlobalLuaFunctions.h, __is_api) has tostring
  and not tonumber, and its runner gives the values above. zepto8's whitelist (api.cpp,
  api::functions) has neither (its bios.p8 keeps `local tonumber = tonumber` for itself), so a
  cart calling tostring fails there: cart code keeps to tostr.
"""
from generator.console.console import CartError, Console, Frame, PrintRecord

__all__ = ["CartError", "Console", "Frame", "PrintRecord"]
