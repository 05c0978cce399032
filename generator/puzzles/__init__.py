"""Making and judging puzzles: random generation, hand-drawn picture import, why a picture
needs guessing (explain) and the fewest flips that fix it (fix), re-checking and statistics of
batches.

May import: generator, generator.files, generator.solver, generator.formats, generator.render.
"""
