"""The puzzle logic: grids, clues, the line solver and the classifier.

grid (cells and their text) -> clues (runs of a line) -> line (one line's forced cells) ->
board (known cells as masks, and the one propagation loop) -> linesolve (the devlog's solver)
and classify (none / unique / multiple: search, then sat, the clues as CNF) -> verdict (what a
puzzle is, in one record). batchsolve is the same line solver on thousands of grids at once
(numpy). The plain solvers `make bench` measures against are not library code: they live with
the benchmarks (generator/dev/baseline.py).

May import: generator (UserError), generator.pico8, numpy, python-sat (in sat only). Nothing
else of the project.
"""
