"""The picross8 cart played in the headless console: drivers built on the console, not part of it.

Modules: player (plays the built cart with button presses and the pause menu, as a person
would), tour (a player's walk through every screen and question of the cart), measured_text
(the texts and clue numbers drawn, measured on the displayed screen), screenshots (`make
screenshots`: docs/screenshots/*.png), endless (the cart's endless puzzle of a seed, for
`picross import --code`).

May import: generator, generator.pico8, generator.files, generator.colour, generator.errors,
generator.solver, generator.formats, generator.render, generator.cartbuild, generator.runtime,
generator.console.
"""
