"""The cart build: worlds.json, batches, art and Lua -> a .p8 file and its manifest.

worlds (the config) -> palette and artmap (the spritesheet snapped to PICO-8 colours) -> rom
(puzzles and sprites packed into the ROM image) -> sfx (sound text packed) -> lua (the cart's
Lua files assembled, generated constants first) -> tokens (shrinko's counts against the
budgets) -> p8file (the .p8 text) -> build (the entry `build.py` calls).

May import: generator, generator.pico8, generator.files, generator.colour, generator.errors,
generator.solver, generator.formats, generator.puzzles (difficulty, for the ramp).
"""
