"""Files in and out: batch files, the puzzle formats (NON, Tk JSON, webpbn XML,
Olšák .g, typed clues), share codes (docs/share-codes.md), JSON input
with its one-line errors, and atomic writes (a temporary file, then a rename).

May import: generator, generator.solver. Not puzzles, render, cartbuild, console or cli.
"""
