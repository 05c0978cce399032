"""Every puzzle packed in the built cart, read back by the cart itself and checked by its own
Lua solver under lupaz8: the clues the cart derives match the manifest, and solve() finishes
each one, in the iterations the Python solver recorded, on the packed solution."""
from pathlib import Path

import pytest

from generator.console import Console

# For puzzle p: the game's own loader (solution rows by peek2 from ROM, clues by line_clue),
# then the cart's solver from a blank board, in a coroutine as in play (its solve_hook yields).
CHECK = """
local p={p}
load_puzzle(p) play()
local rf,re={{}},{{}}
for y=1,board_size do rf[y],re[y]=0,0 end
local co=cocreate(solve)
local ok,st,it=coresume(co,row_clues,col_clues,rf,re,{{}})
while costatus(co)!="dead" do ok,st,it=coresume(co) end
local out=st.." "..it.."|"
for y=1,board_size do out..=clue_key(row_clues[y]).."/" end
out..="|"
for x=1,board_size do out..=clue_key(col_clues[x]).."/" end
out..="|"
for y=1,board_size do out..=(rf[y]==solution[y] and "=" or "x") end
return out
"""


def key(clues):
    return "/".join("".join(f"{v} " for v in c) for c in clues) + "/"


@pytest.fixture(scope="module")
def built(built_cart):
    return Console.load(built_cart.path, cartdata={}).boot(), built_cart.manifest


def test_the_carts_solver_finishes_every_packed_puzzle(built):
    c, manifest = built
    puzzles = manifest["puzzles"]
    assert len(puzzles) == c.global_("pz_count") >= 200
    for p, want in enumerate(puzzles):
        verdict, rows, cols, same = c.exec(CHECK.format(p=p)).split("|")
        assert verdict == f"solved {want['iterations']}", f"puzzle {p}"
        assert rows == key(want["row_clues"]) and cols == key(want["col_clues"]), f"puzzle {p}"
        assert same == "=" * want["size"], f"puzzle {p}: the solver's grid is not the packed solution"
