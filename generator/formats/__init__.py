"""The puzzle file formats, read and written: the one puzzle record, batch files, NON, Tk JSON,
webpbn XML, Olšák .g, typed clues, pictures' colour PNGs, the build manifest and share codes
(docs/share-codes.md). Every file is read and written through generator.files (limits, one-line
errors, atomic writes).

May import: generator, generator.files, generator.solver. Not puzzles, render, cartbuild, console
or cli.
"""
