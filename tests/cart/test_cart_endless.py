"""Endless mode draws sprites on the device (cart/endless.lua, the recipe of
generator/puzzles/sprites.py): mirror-symmetric, outlined, line-solvable, every frame within
PICO-8's budget, in the world's palette."""
import numpy as np

from generator.playtest.player import Player
from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, solve


def test_endless_puzzles_are_symmetric_outlined_sprites_within_the_budget(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    seen = set()
    for k in range(12):
        p.c.exec(f"srand({k}) start_endless()")       # a fresh seed each time
        frames = 0
        while not p.on("play_update"):
            p.idle(1)
            frames += 1
            assert frames < 300, "no endless puzzle after 10 s"
        s = p.sol()
        assert (s == s[:, ::-1]).all(), "not mirror-symmetric"
        assert 0.1 < s.mean() < 0.95
        # outlined and speck-free: every filled cell has a filled 4-neighbour
        pad = np.pad(s, 1)
        n = pad[:-2, 1:-1].astype(int) + pad[2:, 1:-1] + pad[1:-1, :-2] + pad[1:-1, 2:]
        assert not (s & (n == 0)).any()
        assert solve(grid_clues(s)).status == SOLVED
        seen.add(s.tobytes())
        p.c.exec("go'worlds'")
        p.idle(1)
    assert len(seen) >= 10
    assert p.c.max_instructions <= p.c.budget, f"a frame took {p.c.max_instructions} instructions"
    assert int(p.g("palette_world")) == 1                         # none solved: the first world's palette


def test_each_endless_puzzle_takes_the_next_worlds_colours_and_music(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    worlds = int(p.c.exec("return #worlds"))
    for solved in range(3):
        p.c.exec(f"world_index=#worlds+1 endless_solved={solved} srand(5) start_endless()")   # from the endless card
        while not p.on("play_update"):
            p.idle(1)
        p.idle(2)
        want = solved % worlds + 1
        assert int(p.g("palette_world")) == want and int(p.g("music_world")) == want   # palette and music
        p.c.exec("go'worlds'")
        p.idle(1)
