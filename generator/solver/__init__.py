"""The puzzle logic: grids, clues, the line solver and the classifier.

grid (cells and their text) -> clues (runs of a line) -> line (one line's forced cells) ->
board (known cells as masks, and the one propagation loop) -> linesolve (the devlog's solver)
and classify (none / unique / multiple) -> verdict (what a puzzle is, in one record).
batchsolve is the same line solver on thousands of grids at once (numpy); baseline is the
devlog's algorithm written plainly, the yardstick of `make bench`.

May import: generator (UserError), generator.pico8, numpy. Nothing else of the project.
"""
