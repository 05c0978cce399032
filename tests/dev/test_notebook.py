"""notebooks/explore.ipynb: committed with its full run's outputs (so the web shows its plots),
those outputs are what a fresh full run gives, and it runs end to end in QUICK mode."""
import base64
import io
import sys

import nbformat
import numpy as np
import pytest
from nbclient.exceptions import CellExecutionError

from generator.dev import explore
from generator.solver.classify import classify
from generator.solver.clues import grid_clues
from generator.formats.batchfile import read_batch
from generator.puzzles.generate import CHUNK, Params, draw
from generator.cartbuild.palette import PICO8
from generator.solver.linesolve import solve
from PIL import Image

from generator.dev.runnotebook import NOTEBOOK, execute, is_timed, printed, published
from generator.cartbuild.worlds import read_worlds


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def pictures(cell) -> list[bytes]:
    return [base64.b64decode(o.data["image/png"]) for o in cell.outputs
            if "image/png" in o.get("data", {})]


def test_committed_notebook_shows_a_full_runs_outputs_at_a_modest_size():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    cells = code_cells(nb)
    for c in cells[1:]:   # every cell after the parameters shows something
        assert c.outputs, f"cell {c.id} has no outputs: make figures writes them"
        assert "execution" not in c.metadata, f"cell {c.id} keeps its run timings"
        assert not [o for o in c.outputs if o.output_type == "error"], f"cell {c.id} failed"
    assert [c.execution_count for c in cells] == list(range(1, len(cells) + 1))
    text = "".join(printed(c) for c in cells)
    assert "(QUICK)" not in text and "1000 puzzles accepted" in text   # the full run
    shown = [png for c in cells for png in pictures(c)]
    assert len(shown) >= 8
    assert all(len(png) < 64_000 for png in shown), [len(p) for p in shown]
    assert NOTEBOOK.stat().st_size < 400_000
    assert not any("image/jpeg" in o.get("data", {}) for c in cells for o in c.outputs)


def test_parameters_cell_comes_first_and_has_quick():
    cells = code_cells(nbformat.read(NOTEBOOK, as_version=4))
    first = cells[0]
    assert "parameters" in first.metadata.get("tags", [])
    for name in ("SIZE", "DENSITY", "SEED", "QUICK", "CURVE_SAMPLES", "POOL"):
        assert f"\n{name} = " in "\n" + first.source, name


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    figures = tmp_path_factory.mktemp("figures")
    return execute(NOTEBOOK, quick=True, figures=figures), figures


@pytest.mark.slow
def test_notebook_runs_in_quick_mode_and_draws(executed):
    nb, _ = executed
    outputs = [o for c in code_cells(nb) for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 8
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "(QUICK)" in text
    for phrase in ("line-solvable", "iterations: mean", "solved in", "stalled under line logic",
                   "grids/s"):
        assert phrase in text, phrase


@pytest.mark.slow
def test_notebook_writes_the_readme_figures(executed):
    _, figures = executed
    sheets = [f"sheet_{w.name}" for w in read_worlds(explore.WORLDS).worlds]
    for name in ["solvable_vs_density", "solve_steps", *sheets]:
        png = (figures / f"{name}.png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_sample_is_the_generators_candidates_line_solved():
    a = explore.sample(10, 0.6, 30, seed=7, style="smooth")
    assert np.array_equal(a.grids, explore.sample(10, 0.6, 30, seed=7, style="smooth").grids)
    assert not np.array_equal(a.grids, explore.sample(10, 0.6, 30, seed=8, style="smooth").grids)
    assert np.array_equal(a.grids, draw(Params(height=10, width=10, density=0.6, seed=7, style="smooth"), 0)[:30])
    for g, ok, its in zip(a.grids, a.solved, a.iterations):
        r = solve(grid_clues(g))
        assert (r.solved, r.iterations) == (bool(ok), int(its))
    assert 0 < a.rate <= 1 and a.stderr >= 0


def test_candidates_span_chunks():
    grids = explore.candidates(5, 0.5, CHUNK + 10, seed=2)
    p = Params(height=5, width=5, density=0.5, seed=2)
    assert np.array_equal(grids[CHUNK:], draw(p, 1)[:10])


def test_hardest_sorts_by_iterations_keeping_ties_in_order():
    grids = [np.full((2, 2), i % 2 == 0) for i in range(5)]
    hard = explore.hardest(grids, [3, 5, 1, 5, 2], 3)
    assert [k for _, k in hard] == [5, 5, 3]
    assert hard[0][0] is grids[1] and hard[1][0] is grids[3]


def test_stalled_census_counts_every_stalled_grid_by_the_classifier():
    s = explore.sample(6, 0.5, 80, seed=5)
    census = explore.stalled_census(s, keep=2)
    assert sum(census.counts.values()) == int((~s.solved).sum()) > 0
    for kind, grids in census.examples.items():
        assert 1 <= len(grids) <= 2
        for g in grids:
            assert classify(grid_clues(g)).kind == kind



def test_world_views_match_the_worlds_file_and_the_cart_palettes():
    cfg = read_worlds(explore.WORLDS)
    views = explore.world_views()
    assert [v.name for v in views] == [w.name for w in cfg.worlds]
    for v, w in zip(views, cfg.worlds):
        assert v.colours.shape == (16, 3) and len({tuple(c) for c in v.colours}) == 16
        assert all(tuple(c) in PICO8.values() for c in v.colours)
        assert v.backdrop.shape == (w.art.backdrop.h, w.art.backdrop.w, 3)
        assert {tuple(c) for c in v.backdrop.reshape(-1, 3)} <= {tuple(c) for c in v.colours}
        assert len(v.puzzles) == sum(len(read_batch(b.path).puzzles) - b.start if b.count is None else b.count
                                     for b in w.batches)
    assert views[0].ink != views[0].paper


@pytest.mark.slow
def test_committed_outputs_are_what_a_fresh_full_run_gives(tmp_path):
    fresh = code_cells(published(execute(NOTEBOOK, quick=False, figures=tmp_path)))
    kept = code_cells(nbformat.read(NOTEBOOK, as_version=4))
    assert [c.source for c in fresh] == [c.source for c in kept]
    for new, old in zip(fresh, kept):
        if is_timed(old):   # a measured speed: its numbers and its plot differ run to run
            assert is_timed(new) and len(pictures(new)) == len(pictures(old))
            continue
        assert printed(new) == printed(old), f"cell {old.id}: make figures"
        assert len(pictures(new)) == len(pictures(old))
        for a, b in zip(pictures(new), pictures(old)):
            ia, ib = (Image.open(io.BytesIO(x)).convert("RGB") for x in (a, b))
            assert ia.size == ib.size, f"cell {old.id}: make figures"
            diff = np.abs(np.asarray(ia, dtype=int) - np.asarray(ib, dtype=int)).max(axis=2)
            assert (diff > 40).mean() < 0.002, f"cell {old.id}: its plot changed: make figures"


@pytest.mark.slow
def test_published_form_drops_timings_and_jpeg_twins(executed):
    nb, _ = executed
    assert any("execution" in c.metadata for c in code_cells(nb))
    out = published(nb)
    assert all("execution" not in c.metadata for c in code_cells(out))
    assert out.metadata["language_info"] == {"name": "python"}
    both = [o for c in code_cells(out) for o in c.outputs if "image/png" in o.get("data", {})]
    assert both and not any("image/jpeg" in o.data for o in both)


def tiny_notebook(tmp_path, source):
    path = tmp_path / "tiny.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]), path)
    return path


def test_runner_uses_this_python_and_fails_on_a_raising_cell(tmp_path):
    nb = execute(tiny_notebook(tmp_path, "import sys, os; print(sys.executable, os.environ['PICROSS_QUICK'])"))
    assert nb.cells[0].outputs[0].text.split() == [sys.executable, "1"]
    with pytest.raises(CellExecutionError):
        execute(tiny_notebook(tmp_path, "raise ValueError('rotted')"))
