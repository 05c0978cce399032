"""Boards drawn for people: as text (the devlog's style) and as PNG (Pillow).

May import: generator, generator.solver. Not formats (a renderer takes grids and clues, not
files), puzzles, cartbuild, console or cli.
"""
