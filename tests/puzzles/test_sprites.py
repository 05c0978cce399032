"""`--style sprite`: mirror-symmetric, outlined, speck-free shapes, deterministic by seed and
--jobs, kept only when line logic finishes them."""
import numpy as np
import pytest

from generator.formats.batchfile import read_batch
from generator.puzzles.generate import Params, generate
from generator.puzzles.sprites import outline, sprite_grids, sprite_parts
from generator.solver.clues import grid_clues
from generator.solver.linesolve import SOLVED, solve


def grids(seed=3, n=200, h=15, w=15):
    return sprite_grids(np.random.default_rng(seed), n, h, w, 0.6)


@pytest.mark.parametrize("h, w", [(15, 15), (10, 10), (5, 5), (12, 9), (9, 14)])
def test_mirror_symmetric_at_every_size(h, w):
    g = grids(n=100, h=h, w=w)
    assert g.shape == (100, h, w)
    assert (g == g[:, :, ::-1]).all()


def test_outlined_no_specks_and_something_drawn():
    g = grids()
    # outlined: the grids are their bodies with the ring of cells around them, less the eyes
    bodies, eyes = sprite_parts(np.random.default_rng(3), 200, 15, 15, 0.6)
    assert (outline(bodies) & ~eyes == g).all() and (g.sum(axis=(1, 2)) > bodies.sum(axis=(1, 2))).all()
    pb = np.pad(bodies, ((0, 0), (1, 1), (1, 1)))
    around = pb[:, :-2, 1:-1] & pb[:, 2:, 1:-1] & pb[:, 1:-1, :-2] & pb[:, 1:-1, 2:]
    assert not (eyes & ~around).any() and (eyes == eyes[:, :, ::-1]).all()
    p = np.pad(g, ((0, 0), (1, 1), (1, 1)))
    n = p[:, :-2, 1:-1].astype(int) + p[:, 2:, 1:-1] + p[:, 1:-1, :-2] + p[:, 1:-1, 2:]
    assert not (g & (n == 0)).any()                       # no specks
    fill = g.mean(axis=(1, 2))
    assert (fill > 0.1).all() and (fill < 1).all() and 0.3 < fill.mean() < 0.7
    # many have eyes or windows: holes with all four neighbours filled
    holes = ~g & (n == 4)
    assert holes.any(axis=(1, 2)).mean() > 0.2


def test_outline_is_the_ring_around_the_body():
    body = np.zeros((1, 5, 5), dtype=bool)
    body[0, 1:4, 1:4] = True
    out = outline(body)[0]
    assert out.sum() == 9 + 12
    assert not out[0, 0] and out[0, 1] and out[1, 0]


def test_deterministic_by_seed_and_jobs_and_solvable():
    p = Params(count=40, seed=5, style="sprite")
    a, b = generate(p), generate(p, jobs=2)
    assert [x.solution.tobytes() for x in a.batch.puzzles] == [x.solution.tobytes() for x in b.batch.puzzles]
    assert 0 < len(a.batch.puzzles) / a.tried <= 1                     # acceptance > 0
    for pz in a.batch.puzzles:
        g = pz.solution
        assert (g == g[:, ::-1]).all()
        r = solve(grid_clues(g))
        assert r.status == SOLVED and r.iterations == pz.iterations
    c = generate(Params(count=40, seed=6, style="sprite"))
    assert [x.solution.tobytes() for x in a.batch.puzzles] != [x.solution.tobytes() for x in c.batch.puzzles]


def test_the_cli_takes_the_style(tmp_path, picross):
    out = tmp_path / "s.json"
    r = picross("generate", "-n", "5", "--style", "sprite", "--seed", "2", "-o", out)
    assert r.exit_code == 0, r.output
    assert read_batch(out).params["style"] == "sprite"
