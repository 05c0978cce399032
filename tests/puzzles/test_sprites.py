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


# -- the shapes without a mirror, and the mix

from generator.puzzles.sprites import MIX, lopsided_grids, mixed_grids, turned_grids  # noqa: E402


def mirrored(g):
    return (g == g[:, :, ::-1]).all(axis=(1, 2))


def half_turned(g):
    return (g == g[:, ::-1, ::-1]).all(axis=(1, 2))


def specks(g):
    p = np.pad(g, ((0, 0), (1, 1), (1, 1)))
    n = p[:, :-2, 1:-1].astype(int) + p[:, 2:, 1:-1] + p[:, 1:-1, :-2] + p[:, 1:-1, 2:]
    return g & (n == 0)


@pytest.mark.parametrize("h, w", [(15, 15), (10, 10), (5, 5), (12, 9), (9, 14)])
def test_lopsided_shapes_have_no_mirror_and_no_specks(h, w):
    g = lopsided_grids(np.random.default_rng(4), 200, h, w, 0.6)
    assert g.shape == (200, h, w)
    assert not specks(g).any()
    fill = g.mean(axis=(1, 2))
    assert (fill > 0).all() and (fill < 1).all()
    if h >= 10:
        assert mirrored(g).mean() < 0.02 and half_turned(g).mean() < 0.02
        # they lean: the filled cells' middle column differs between the top and bottom halves
        cols = np.arange(w)
        top = (g[:, :h // 2] * cols).sum(axis=(1, 2)) / np.maximum(1, g[:, :h // 2].sum(axis=(1, 2)))
        low = (g[:, h // 2:] * cols).sum(axis=(1, 2)) / np.maximum(1, g[:, h // 2:].sum(axis=(1, 2)))
        assert (np.abs(top - low) >= 1).mean() > 0.2


@pytest.mark.parametrize("h, w", [(15, 15), (10, 10), (12, 9), (9, 14)])
def test_turned_shapes_look_the_same_after_a_half_turn_not_in_a_mirror(h, w):
    g = turned_grids(np.random.default_rng(5), 200, h, w, 0.6)
    assert half_turned(g).all()
    assert mirrored(g).mean() < 0.05 and not specks(g).any()
    # one piece: the halves are joined through the middle
    assert np.mean([pieces(x) == 1 for x in g]) > 0.9


def pieces(grid):
    """How many 4-connected pieces the filled cells of one grid make (a flood fill)."""
    seen, n = np.zeros_like(grid), 0
    for start in zip(*np.nonzero(grid)):
        if seen[start]:
            continue
        n += 1
        todo = [start]
        seen[start] = True
        while todo:
            y, x = todo.pop()
            for v, u in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= v < grid.shape[0] and 0 <= u < grid.shape[1] and grid[v, u] and not seen[v, u]:
                    seen[v, u] = True
                    todo.append((v, u))
    return n


def test_pieces_counts_what_a_flood_fill_reaches():
    assert pieces(np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1]], bool)) == 3
    assert pieces(np.array([[1, 1, 1], [0, 0, 1], [1, 1, 1]], bool)) == 1
    assert pieces(np.zeros((3, 3), bool)) == 0


def test_the_mix_takes_each_style_by_its_share_and_nothing_else():
    b = 2000
    g = mixed_grids(np.random.default_rng(6), b, 15, 15, 0.6)
    m, t = mirrored(g), half_turned(g)
    shares = dict(MIX)
    assert abs(m.mean() - shares["sprite"]) < 0.04
    assert abs((t & ~m).mean() - shares["turned"]) < 0.04
    assert abs((~m & ~t).mean() - shares["lopsided"]) < 0.04
    assert abs(sum(shares.values()) - 1) < 1e-9


@pytest.mark.parametrize("style", ["lopsided", "turned", "sprites"])
def test_the_new_styles_are_deterministic_by_seed_and_jobs_and_solvable(style):
    p = Params(count=30, seed=7, style=style)
    a, b = generate(p), generate(p, jobs=2)
    assert [x.solution.tobytes() for x in a.batch.puzzles] == [x.solution.tobytes() for x in b.batch.puzzles]
    for pz in a.batch.puzzles:
        r = solve(grid_clues(pz.solution))
        assert r.status == SOLVED and r.iterations == pz.iterations
    c = generate(Params(count=30, seed=8, style=style))
    assert [x.solution.tobytes() for x in a.batch.puzzles] != [x.solution.tobytes() for x in c.batch.puzzles]


def test_the_cart_batch_is_mostly_without_a_mirror():
    from generator.formats.batchfile import read_batch as rb
    from cartfixtures import CART
    g = np.stack([p.solution for p in rb(CART / "puzzles.json").puzzles])
    assert mirrored(g).mean() < 0.6
    assert (~mirrored(g) & ~half_turned(g)).mean() > 0.25


@pytest.mark.parametrize("h, w", [(1, 1), (2, 3), (3, 2), (4, 4), (1, 8), (8, 1)])
def test_tiny_grids_are_drawn_in_every_style_without_a_fault(h, w):
    for draw in (lopsided_grids, turned_grids, mixed_grids, sprite_grids):
        g = draw(np.random.default_rng(9), 50, h, w, 0.6)
        assert g.shape == (50, h, w) and g.dtype == bool
