"""Playing without PICO-8: `picross play` (a terminal game on any puzzle file) and `make play`
(the built cart run by the headless console in a desktop window).

Modules: `dimming` (which clue numbers are certainly placed, from the line solver on the
player's marks: one small module a cart port can mirror), `game` (the board, moves, undo and
redo, painting, the solved check, the clock: pure Python, no terminal), `progress` (the JSON
progress file in the user's data directory, validated when read), `menu` (the file's puzzles
grouped by size, names hidden until solved), `colours` (the solved picture's colours cell by
cell as the cart shows them: its colour PNG or the shading rule, in its world's palette),
`terminal` (the curses screens, drawing only) and `window`
(the pygame-ce window around generator.console.Console; pygame is an optional extra).

May import: generator, generator.pico8, generator.files, generator.errors, generator.solver,
generator.formats, generator.render, generator.cartbuild (worlds and their palettes),
generator.console.
"""
