"""Pictures: import (text, PNG sheets, single images), stall explanations, fixes, the CLI."""
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from generator import UserError
from generator.formats.batchfile import dumps, read_batch
from generator.formats.record import Puzzle
from generator.solver.clues import grid_clues
from generator.puzzles.explain import (MULTIPLE_KIND, explain, explanation_text,
                               GUESS_KIND, SOLVED_KIND)
from generator.render.text import PICTURE_CELLS, board
from generator.puzzles.fix import fix, fix_report, near_region
from generator.solver.grid import UNKNOWN, text_to_rows
from generator.solver.linesolve import solve
from generator.puzzles.pictures import (BLANK, LINE_SOLVABLE, MULTIPLE_SOLUTIONS, NEEDS_GUESSING,
                                check, load, load_all, parse_text, tile_to_grid, to_batch, to_text)

from cartfixtures import REPO

# The devlog's "not solved... no options after 4 iterations" example
# (/work/shared/seeds/pico2-devlog-picross-solver.txt), clues as printed there; its grid with the
# four bottom-left '░' cells completed one of the two ways the clues allow.
DEVLOG_ROWS = [(1, 2, 1, 2, 2), (1, 3, 1, 1, 1, 1), (2, 1, 2, 2), (4, 3, 1, 1), (2, 1, 3, 5),
               (3, 1, 1, 2, 2), (2, 1, 1, 1), (5, 1, 3, 1), (2, 1, 2, 2), (2, 2, 1),
               (5, 2, 1, 2), (1, 1, 2, 1, 2, 1, 1), (1, 2, 5), (2, 1, 1, 1, 1, 1), (2, 2, 1, 4)]
DEVLOG_COLS = [(5, 1, 2, 1), (7, 1, 3), (1, 1, 4, 2, 1), (5, 1, 1, 1), (2, 1, 6), (1, 4, 2, 1, 1),
               (4, 1), (1, 5, 5), (3, 1), (2, 1, 2, 2, 1), (1, 4, 5), (2, 1, 2, 1),
               (1, 4, 1, 2, 2), (1, 4, 1, 1), (1, 2, 1, 2)]
DEVLOG_GRID = """
#...##.#.##.##.
#.###.#..#.#..#
##.#.##....##..
####.###....#.#
##.#.###..#####
.###.#.#.##.##.
.##....#..#..#.
#####..#.###.#.
.##..#..##.##..
....##.##.#....
#####..##.#.##.
#.#.##.#.##.#.#
.#.##.#####....
##..#..#..#.#.#
.##.##...#.####
"""
# what the devlog prints after 4 iterations: '?' where it shows '░'
DEVLOG_STALL_TAIL = ["?#?.#..#..#.#.#", "?#?.##...#.####"]

# unique solution, but line logic cannot start on it (found by search, checked by classify)
GUESS_GRID = "#....\n..#.#\n..###\n##...\n...##"


def grid(text: str) -> np.ndarray:
    return text_to_rows(text.split()) == 1


def devlog() -> np.ndarray:
    return grid(DEVLOG_GRID)


def sheet_png(path, grids, cols, ink=(0, 0, 0, 255), paper=(255, 255, 255, 255)):
    rows = (len(grids) + cols - 1) // cols
    px = np.zeros((rows * 15, cols * 15, 4), dtype=np.uint8)
    px[...] = paper
    for i, g in enumerate(grids):
        y, x = divmod(i, cols)
        px[y * 15:(y + 1) * 15, x * 15:(x + 1) * 15][g] = ink
    Image.fromarray(px, "RGBA").save(path)


def random_pictures(seed, n, shape=(15, 15)):
    rng = np.random.default_rng(seed)
    return [rng.random(shape) < 0.5 for _ in range(n)]


# ---- import ----------------------------------------------------------------------------

def test_text_round_trip_through_a_batch(tmp_path):
    pics = [Puzzle.from_grid(g, name=f"p{i}") for i, g in enumerate(random_pictures(1, 4))]
    text = to_text(pics)
    back = parse_text(text, "x")
    assert [p.name for p in back] == ["p0", "p1", "p2", "p3"]
    assert all((a.solution == b.solution).all() for a, b in zip(pics, back))
    # text -> batch -> text: every kept picture comes back identical, with its name
    verdicts = [check(p) for p in back]
    out = tmp_path / "b.json"
    out.write_text(dumps(to_batch(verdicts, ["x.txt"])))
    batch = read_batch(out)
    kept = [v.puzzle for v in verdicts if v.kept]
    again = to_text(batch.puzzles)            # batch puzzles and pictures are one record
    assert again == to_text(kept)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 32), st.integers(1, 32), st.integers(0, 2**32 - 1))
def test_text_form_round_trips_any_size(h, w, seed):
    g = np.random.default_rng(seed).random((h, w)) < 0.5
    (p,) = parse_text(to_text([Puzzle.from_grid(g, name="a b")]), "s")
    assert p.name == "a b" and (p.solution == g).all()


def test_text_form_default_names_comments_and_errors():
    pics = parse_text(";; a comment\n#.\n.#\n\n;   \n##\n..\n", "stem")
    assert [p.name for p in pics] == ["stem-1", "stem-2"]
    assert parse_text("#\n", "solo")[0].name == "solo"
    with pytest.raises(UserError, match="row 2 has 3 cells"):
        parse_text("; x\n##\n###\n", "s")
    with pytest.raises(UserError, match="no pictures"):
        parse_text(";; only a comment\n", "s")


def test_png_sheet_to_grids_in_reading_order_with_sidecar_names(tmp_path):
    grids = random_pictures(2, 5)
    path = tmp_path / "sheet.png"
    sheet_png(path, grids, cols=3)              # 3x2 tiles, the last one blank
    (tmp_path / "sheet.txt").write_text("a\nb\n\nc\n")
    pics = load(path)
    assert len(pics) == 6
    assert all((p.solution == g).all() for p, g in zip(pics, grids))
    assert not pics[5].solution.any()
    assert [p.name for p in pics] == ["a", "b", "c", "sheet-4", "sheet-5", "sheet-6"]
    assert check(pics[5]).kind == BLANK


def test_png_transparent_and_coloured_backgrounds(tmp_path):
    g = random_pictures(3, 1)[0]
    # dark ink on transparent
    p1 = tmp_path / "t.png"
    sheet_png(p1, [g], 1, ink=(20, 20, 90, 255), paper=(0, 0, 0, 0))
    # two light colours: yellow picture on a light blue background
    p2 = tmp_path / "c.png"
    sheet_png(p2, [g], 1, ink=(255, 255, 0, 255), paper=(173, 216, 230, 255))
    # red on yellow: red is the dark one
    p3 = tmp_path / "r.png"
    sheet_png(p3, [g], 1, ink=(200, 0, 0, 255), paper=(255, 255, 0, 255))
    for p in (p1, p2, p3):
        (pic,) = load(p)
        assert (pic.solution == g).all(), p.name
        assert pic.name == p.stem


def test_background_is_the_border_colour_even_when_the_picture_touches_it():
    tile = np.zeros((15, 15, 4), dtype=np.uint8)
    tile[...] = (173, 216, 230, 255)
    tile[10:, :] = (255, 255, 0, 255)          # a yellow band along the bottom border
    tile[3, 3] = (255, 255, 0, 255)
    g = tile_to_grid(tile)
    assert g[10:].all() and g[3, 3] and g.sum() == 5 * 15 + 1


def test_single_image_of_any_size(tmp_path):
    g = random_pictures(4, 1, (7, 20))[0]
    px = np.where(g[..., None], 0, 255).astype(np.uint8).repeat(3, axis=2)
    Image.fromarray(px, "RGB").save(tmp_path / "wide.png")
    (pic,) = load(tmp_path / "wide.png")
    assert pic.solution.shape == (7, 20) and (pic.solution == g).all()


def test_names_file_overrides_and_must_match(tmp_path):
    (tmp_path / "a.txt").write_text("#.\n.#\n\n##\n#.\n")
    (tmp_path / "n.txt").write_text("one\ntwo\n")
    assert [p.name for p in load_all([tmp_path / "a.txt"], tmp_path / "n.txt")] == ["one", "two"]
    (tmp_path / "n.txt").write_text("one\n")
    with pytest.raises(UserError, match="1 names for 2 pictures"):
        load_all([tmp_path / "a.txt"], tmp_path / "n.txt")


def test_check_sorts_pictures():
    assert check(Puzzle.from_grid(devlog(), name="d")).kind == MULTIPLE_SOLUTIONS
    assert check(Puzzle.from_grid(grid(GUESS_GRID), name="g")).kind == NEEDS_GUESSING
    v = check(Puzzle.from_grid(grid("#.#\n###\n#.#"), name="f"))
    assert v.kind == LINE_SOLVABLE and v.iterations == solve(grid_clues(v.puzzle.solution)).iterations
    assert check(Puzzle.from_grid(np.zeros((3, 3), bool), name="b")).kind == BLANK


# ---- explain ---------------------------------------------------------------------------

def test_devlog_example_stalls_in_the_bottom_left_corner():
    g = devlog()
    clues = grid_clues(g)
    assert clues.rows == tuple(DEVLOG_ROWS) and clues.cols == tuple(DEVLOG_COLS)
    e = explain(g)
    assert e.kind == MULTIPLE_KIND and e.iterations == 4
    assert sorted(zip(*np.nonzero(e.unresolved))) == [(13, 0), (13, 2), (14, 0), (14, 2)]
    view = board(e.clues, e.partial, cells=PICTURE_CELLS).splitlines()
    assert [row[-29:].replace(" ", "") for row in view[-2:]] == DEVLOG_STALL_TAIL
    assert "\n".join(view) in explanation_text(e)   # explain shows that board
    assert "4 unresolved cells" in explanation_text(e)
    # two different solutions, both satisfying the clues
    a, b = e.solutions
    assert (a != b).any()
    assert grid_clues(a) == clues and grid_clues(b) == clues


def test_explain_multiple_on_a_tiny_picture_gives_two_valid_solutions():
    g = grid("#.\n.#")
    e = explain(g)
    assert e.kind == MULTIPLE_KIND and e.unresolved.all()
    a, b = e.solutions
    assert (a != b).any() and grid_clues(a) == grid_clues(b) == grid_clues(g)


def test_explain_unique_and_solved():
    assert explain(grid(GUESS_GRID)).kind == GUESS_KIND
    assert explain(grid("##\n#.")).kind == SOLVED_KIND


# ---- fix -------------------------------------------------------------------------------

def _check_fix(g, result, max_flips=3):
    assert result.fixes, "expected a fix"
    unknown0 = solve(grid_clues(g)).grid == UNKNOWN
    for f in result.fixes:
        assert 1 <= len(f.flips) <= max_flips
        assert {(int(y), int(x)) for y, x in zip(*np.nonzero(f.grid != g))} == set(f.flips)
        r = solve(grid_clues(f.grid))            # re-checked by the line solver
        assert r.solved and r.iterations == f.iterations
        assert (r.grid == 1).tolist() == f.grid.tolist()
    # the best fix starts in or beside the unresolved region
    assert near_region(unknown0)[result.best.flips[0]]
    keys = [(f.distance, f.iterations) for f in result.fixes]
    assert keys == sorted(keys)


def test_fix_makes_the_devlog_example_line_solvable():
    g = devlog()
    result = fix(g)
    _check_fix(g, result)
    assert len(result.best.flips) == 1 and result.unresolved == 4


@pytest.mark.slow
def test_fix_on_stalled_random_pictures():
    done = 0
    for g in random_pictures(7, 12):
        if solve(grid_clues(g)).solved:
            continue
        result = fix(g, max_flips=2)
        if result.fixes:
            _check_fix(g, result, 2)
            done += 1
    assert done >= 2


def test_fix_says_plainly_when_none_exists():
    # an eye whose symmetric rings leave 86 cells unresolved: one flip cannot rescue it
    g = grid("""
        ............... ............... .....#####..... ...##.....##... ..#...###...#..
        .#...#####...#. #...###.###...# #...##...##...# #...###.###...# .#...#####...#.
        ..#...###...#.. ...##.....##... .....#####..... ............... ...............""")
    result = fix(g, max_flips=1)
    assert not result.fixes and result.solves > 0
    assert "no fix with at most 1 flip(s)" in fix_report(g, result)
    assert fix(grid("##\n#.")).already_solvable


# ---- the CLI ---------------------------------------------------------------------------



def test_cli_import_explain_fix(tmp_path, picross):
    src = tmp_path / "mix.txt"
    src.write_text("; cross\n.#.\n###\n.#.\n\n; devlog\n" + DEVLOG_GRID.strip() + "\n")
    out = tmp_path / "o.json"
    r = picross("import", src, "-o", out)
    assert r.exit_code == 0, r.output
    assert "cross: line-solvable" in r.output and "devlog: multiple solutions" in r.output
    assert [p.name for p in read_batch(out).puzzles] == ["cross"]
    first = out.read_bytes()
    assert picross("import", src, "-o", out).exit_code == 0 and out.read_bytes() == first
    r = picross("import", src, "-o", tmp_path / "s.json", "--strict")
    assert r.exit_code == 1 and not (tmp_path / "s.json").exists()
    r = picross("explain", src, "-i", 1, "--png", tmp_path / "e.png")   # numbered from 0
    assert r.exit_code == 0 and "? # ?" in r.output
    assert Image.open(tmp_path / "e.png").size[0] > 3 * 15 * 12
    r = picross("fix", src, "-i", 1, "--png", tmp_path / "f.png")
    assert r.exit_code == 0 and "best fix (1 flip)" in r.output
    assert Image.open(tmp_path / "f.png").format == "PNG"
    r = picross("explain", src, "-i", 2)
    assert r.exit_code == 1 and "no picture 2 (the file has 2; numbered from 0: 0..1" in r.output


@pytest.mark.parametrize("case", ["wrong tile size", "empty sheet", "unreadable", "not a png",
                                  "truncated png", "jpeg"])
def test_bad_images_are_refused_with_one_line(tmp_path, case, picross):
    path = tmp_path / "bad.png"
    if case == "wrong tile size":
        Image.new("RGB", (40, 20), "white").save(path)
    elif case == "empty sheet":
        Image.new("RGB", (30, 15), "white").save(path)
    elif case == "unreadable":
        path = tmp_path / "missing.png"
    elif case == "not a png":
        path.write_text("hello, I am text\n")
    elif case == "truncated png":
        Image.new("RGB", (15, 15), "black").save(path)
        path.write_bytes(path.read_bytes()[:40])
    elif case == "jpeg":
        Image.new("RGB", (15, 15), "black").save(path, format="JPEG")
    r = picross("import", path, "-o", tmp_path / "o.json")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("picross: error:"), r.output
    assert not (tmp_path / "o.json").exists()


# ---- the shipped pictures --------------------------------------------------------------

@pytest.mark.parametrize("world", ["valley", "firewatch"])
def test_every_shipped_picture_is_line_solvable_and_its_batch_is_current(world):
    pics = load(REPO / "cart" / "pictures" / f"{world}.txt")
    assert len(pics) >= 12
    assert len({p.name for p in pics}) == len(pics)
    batch = read_batch(REPO / "cart" / "pictures" / f"{world}.json")
    assert [p.name for p in batch.puzzles] == [p.name for p in pics]
    for pic, puzzle in zip(pics, batch.puzzles):
        assert pic.solution.shape == (15, 15)
        r = solve(grid_clues(pic.solution))
        assert r.solved, pic.name
        assert (puzzle.solution == pic.solution).all() and puzzle.iterations == r.iterations


def test_clues_after_flips_match_clues_from_scratch():
    from generator.puzzles.fix import _clues_after
    rng = np.random.default_rng(9)
    for g in random_pictures(9, 10):
        flips = tuple({(int(rng.integers(15)), int(rng.integers(15))) for _ in range(3)})
        h = g.copy()
        for y, x in flips:
            h[y, x] = not h[y, x]
        assert _clues_after(grid_clues(g), h, flips) == grid_clues(h)
