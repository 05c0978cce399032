"""Developer tools, not library code: the benchmarks of `make bench` and the notebook's helpers.

bench (line solvers), bench_solve (solve + classify), bench_fix (picture fixing), bench_lua
(the cart's Lua solver in VM instructions); explore and plots (notebooks/explore.ipynb);
runnotebook (runs the notebook headless for tests and figures).

May import anything; nothing imports it but notebooks and the Makefile.
"""
