"""`picross share` and `picross import --code`: every puzzle the cart packs goes code -> import ->
the same rows; share reads every puzzle format (a 15x15 NON with and without its goal, clues
only solved first) and refuses what has no code; import writes the batch `generate` writes,
with the classifier's verdict, and --strict; every command reading a puzzle file tells how to
use a code."""
from __future__ import annotations

import json

import numpy as np
import pytest

from cartfixtures import CART, REPO
from generator.cli import main
from generator.formats.batchfile import Batch, parse_batch, write_batch
from generator.formats.record import Puzzle
from generator.formats.puzzlefile import dumps_non, read_puzzles
from generator.formats.sharecode import decode, encode_grid, encode_seed
from generator.solver.clues import grid_clues

BATCHES = [CART / "puzzles.json"] + sorted((CART / "pictures").glob("*.json"))
HEART = ".#.#. ##### ##### .###. ..#..".split()
HEART_CODE = "5azze4wm"
STALLED = "5g8000b1"        # two cells on a diagonal: two solutions, line logic stalls


def rows_grid(rows) -> np.ndarray:
    return np.array([[c == "#" for c in r] for r in rows], dtype=bool)


def code_of(picross, *args, input=None) -> str:
    r = picross("share", *args, input=input)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert len(lines) == 1
    return lines[0]


def imported(picross, tmp_path, code: str, *extra) -> tuple[Batch, str]:
    out = tmp_path / "imported.json"
    r = picross("import", "--code", code, "-o", out, *extra)
    assert r.exit_code == 0, r.output
    return parse_batch(json.loads(out.read_text()), str(out)), r.stdout


@pytest.mark.slow
@pytest.mark.parametrize("path", BATCHES, ids=lambda p: p.name)
def test_every_packed_puzzle_round_trips_through_the_cli(path, picross, tmp_path):
    """The code of every puzzle of the cart's batches imports to the same rows (and its
    iterations). `picross share` itself runs on every picture and every 10th random puzzle
    (it reads the whole file each time); the encoder gives the rest's codes."""
    data = json.loads(path.read_text())["puzzles"]
    assert {(p["width"], p["height"]) for p in data} <= {(5, 5), (10, 10), (15, 15)}
    stride = 10 if path.name == "puzzles.json" else 1
    for i, p in enumerate(data):
        grid = rows_grid(p["rows"])
        code = code_of(picross, path, "-i", i) if i % stride == 0 else encode_grid(grid)
        assert code == encode_grid(grid)
        batch, report = imported(picross, tmp_path, code)
        (got,) = batch.puzzles
        assert (got.solution == grid).all()
        assert got.iterations == p["iterations"]
        assert f"line-solvable in {p['iterations']} iteration" in report


def test_share_reads_a_15x15_non_with_or_without_its_goal(picross, tmp_path):
    rows = json.loads((CART / "puzzles.json").read_text())["puzzles"][3]["rows"]
    grid = rows_grid(rows)
    p = Puzzle(grid_clues(grid), solution=grid, name="fourth")
    (tmp_path / "goal.non").write_text(dumps_non(p))
    (tmp_path / "clues.non").write_text(dumps_non(Puzzle(p.clues)))
    assert read_puzzles(str(tmp_path / "clues.non"))[0].solution is None
    want = encode_grid(grid)
    assert code_of(picross, tmp_path / "goal.non") == want
    assert code_of(picross, tmp_path / "clues.non") == want     # solved first
    assert (decode(want) == grid).all()


@pytest.mark.parametrize("fmt", ["tk-json", "webpbn", "g"])
def test_share_reads_every_exported_format(fmt, picross, tmp_path):
    out = tmp_path / f"heart.{fmt}"
    src = tmp_path / "heart.json"
    write_batch(src, Batch([Puzzle.from_grid(rows_grid(HEART), iterations=2)]))
    assert picross("export", src, "--format", fmt, "-o", out).exit_code == 0
    assert code_of(picross, out) == HEART_CODE


def test_share_takes_a_batch_index_as_every_command_does(picross, tmp_path):
    src = tmp_path / "two.json"
    write_batch(src, Batch([Puzzle.from_grid(~rows_grid(HEART), iterations=1), Puzzle.from_grid(rows_grid(HEART), iterations=2)]))
    assert code_of(picross, src, "-i", 1) == code_of(picross, src, "--index", -1) == HEART_CODE
    assert code_of(picross, "-", input=src.read_text()) == encode_grid(~rows_grid(HEART))
    r = picross("share", src, "-i", 2)
    assert r.exit_code == 1 and "no puzzle 2" in r.stderr


def test_share_prints_an_endless_code(picross):
    assert code_of(picross, "--endless", 1234) == encode_seed(1234) == "e16js4"
    for args in (["--endless", 32768], ["--endless", -1], []):
        r = picross("share", *args)
        assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1


CLUES = {
    "several": ("1\n1\n0\n0\n0\n--\n1\n1\n0\n0\n0\n", "several solutions"),
    "none": ("1\n1\n0\n0\n6\n--\n1\n1\n0\n0\n0\n", "no picture fits"),
    "empty": ("0\n0\n0\n0\n0\n--\n0\n0\n0\n0\n0\n", "empty"),
    "7x5": ("1\n1\n1\n1\n1\n--\n1\n1\n1\n1\n1\n0\n0\n", "a 7x5 puzzle has no share code"),
    "5x10": ("1\n" * 10 + "--\n" + "2\n" * 5, "a 5x10 puzzle has no share code"),
    "20x20": ("1\n" * 20 + "--\n" + "1\n" * 20, "a 20x20 puzzle has no share code"),
}


@pytest.mark.parametrize("name", CLUES)
def test_share_refuses_a_puzzle_with_no_code_in_one_line(name, picross, tmp_path):
    text, words = CLUES[name]
    (tmp_path / "p.txt").write_text(text)
    r = picross("share", tmp_path / "p.txt")
    assert r.exit_code == 1 and r.stdout == ""
    assert len(r.stderr.splitlines()) == 1 and words in r.stderr, r.stderr
    assert r.stderr.startswith(f"picross: error: {tmp_path / 'p.txt'}#0: ")


def test_share_gives_a_stalled_pictures_code_with_a_note(picross, tmp_path):
    grid = decode(STALLED)
    write_batch(tmp_path / "b.json", Batch([Puzzle.from_grid(grid, iterations=1)]))
    r = picross("share", tmp_path / "b.json")
    assert r.exit_code == 0 and r.stdout == STALLED + "\n"
    assert "needs a guess" in r.stderr and "the cart refuses this code" in r.stderr


def test_import_writes_the_batch_generate_writes(picross, tmp_path):
    batch, report = imported(picross, tmp_path, "5AZZ-E4WM")      # as a person types it
    assert report.splitlines() == [f"{HEART_CODE}: 5x5, line-solvable in 2 iterations",
                                   f"{tmp_path / 'imported.json'}: 1 puzzle written"]
    (p,) = batch.puzzles
    assert p.solution.tolist() == rows_grid(HEART).tolist() and p.iterations == 2
    assert batch.params == {"style": "share code", "sources": [HEART_CODE]}
    r = picross("check", tmp_path / "imported.json")
    assert r.exit_code == 0 and "1 puzzles OK" in r.stdout
    r = picross("import", "--code", HEART_CODE, "-o", "-")
    assert r.exit_code == 0 and json.loads(r.stdout)["format"] == "picross8-batch"
    assert "<stdout>: 1 puzzle written" in r.stderr


def test_import_writes_a_stalled_code_with_the_verdict_unless_strict(picross, tmp_path):
    batch, report = imported(picross, tmp_path, STALLED)
    assert "needs a guess" in report and "multiple solutions" in report
    assert "the cart refuses this puzzle" in report
    assert (batch.puzzles[0].solution == decode(STALLED)).all()
    out = tmp_path / "strict.json"
    r = picross("import", "--code", STALLED, "-o", out, "--strict")
    assert r.exit_code == 1 and "--strict: not written" in r.stderr and not out.exists()
    r = picross("import", "--code", HEART_CODE, "-o", out, "--strict")
    assert r.exit_code == 0 and out.exists()


def test_import_refuses_an_endless_code_without_a_cart_to_draw_it(picross, tmp_path):
    r = picross("import", "--code", "e16js4", "-o", tmp_path / "e.json")
    assert r.exit_code == 1 and not (tmp_path / "e.json").exists()
    assert "endless code (seed 1234) holds a seed, not a grid" in r.stderr and "--cart" in r.stderr


def test_import_draws_an_endless_code_as_the_cart_showed_it(built_cart, picross, tmp_path):
    """The cart starts endless puzzles from seeds of its own drawing (`srand(k)`, as a player
    gets them); the code of the seed it drew imports, with --cart, to the picture it showed:
    given the cart as shipped (minified, read through its manifest's rename map) or with the
    source's names."""
    from generator.playtest.player import Player
    p = Player(built_cart.path)
    p.idle(2)
    p.press("o")
    for k in (3, 17):
        p.c.exec(f"srand({k}) start_endless()")
        while not p.on("play_update"):
            p.idle(1)
        seed, shown = int(p.g("endless_seed")), p.sol()
        for cart in (built_cart.path, built_cart.shipped):
            batch, report = imported(picross, tmp_path, encode_seed(seed), "--cart", cart)
            assert f"endless seed {seed} drawn by" in report and "15x15, line-solvable" in report
            assert (batch.puzzles[0].solution == shown).all()
        p.c.exec("go'worlds'")
        p.idle(1)


OTHER_CARTS = {
    "other.p8": ("function _update() end", "cannot draw"),
    "idle.p8": ("function start_endless() end function _update() end", "no endless puzzle after"),
    "loop.p8": ("while true do end", "instruction limit"),
    "odd.p8": ("function start_endless() screen_update=play_update end function play_update() end board_size=15 solution={1,'x'} "
               "function _update() end", "not a 15x15 board"),
    "small.p8": ("function start_endless() screen_update=play_update end function play_update() end board_size=5 solution={1,2,3,4,5} "
                 "function _update() end", "not a 15x15 board"),
    "nothere.p8": (None, "no such cart"),
}


@pytest.mark.parametrize("cart", OTHER_CARTS)
def test_import_refuses_a_cart_that_draws_no_endless_puzzle(cart, picross, tmp_path):
    code, words = OTHER_CARTS[cart]
    if code is not None:
        (tmp_path / cart).write_text(f"pico-8 cartridge // http://www.pico-8.com\nversion 41\n__lua__\n{code}\n")
    r = picross("import", "--code", "e16js4", "-o", tmp_path / "e.json", "--cart", tmp_path / cart)
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1 and words in r.stderr, r.stderr
    assert not (tmp_path / "e.json").exists()


@pytest.mark.parametrize("args, words", [
    (["import", "--code", HEART_CODE, "-o", "{o}", "{o}"], "give no picture files"),
    (["import", "--code", HEART_CODE, "-o", "{o}", "--sheet", "s.png"], "give no picture files"),
    (["import", "-o", "{o}"], "or --code CODE"),
    (["import", "{o}", "-o", "{o}.out", "--cart", "c.p8"], "give it with --code"),
])
def test_import_takes_pictures_or_a_code(args, words, picross, tmp_path):
    r = picross(*[a.format(o=tmp_path / "o.json") for a in args])
    assert r.exit_code == 1 and words in r.stderr


def test_import_never_replaces_a_file_it_did_not_make(picross, tmp_path):
    out = tmp_path / "notes.txt"
    out.write_text("mine\n")
    r = picross("import", "--code", HEART_CODE, "-o", out)
    assert r.exit_code == 1 and "not a picross8 batch" in r.stderr
    assert out.read_text() == "mine\n"


FILE_COMMANDS = ["solve", "show", "render", "export", "explain", "fix", "play", "check", "stats"]


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_every_command_reading_a_puzzle_file_says_how_to_use_a_code(command, picross):
    r = picross(command, "--help")
    assert r.exit_code == 0
    assert "picross import --code CODE -o FILE.json" in " ".join(r.stdout.split())


def test_the_list_of_commands_reading_files_is_complete():
    takes_file = {name for name, cmd in main.commands.items()
                  if any(getattr(p, "name", "") in ("file", "batch") for p in cmd.params)}
    assert takes_file == set(FILE_COMMANDS) | {"share"}


def test_the_pages_command_line_examples_are_real_output(built_cart, picross, tmp_path, monkeypatch):
    """docs/share-codes.md's `$ picross ...` lines, run in order, print what the page shows."""
    page = (REPO / "docs" / "share-codes.md").read_text().split("## Command line", 1)[1]
    for name in ("cart", "tests"):
        (tmp_path / name).symlink_to(REPO / name)
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "picross.p8").symlink_to(built_cart.path)
    (tmp_path / "several.txt").write_text(CLUES["several"][0])
    monkeypatch.chdir(tmp_path)
    runs = 0
    for block in page.split("```")[1::2]:
        for command in block.strip().split("$ ")[1:]:
            line, *want = command.strip().splitlines()
            args = line.split()
            assert args[0] == "picross"
            r = picross(*args[1:])
            assert r.output.splitlines() == want, line
            assert r.exit_code == (1 if want[-1].startswith("picross: error:") else 0)
            runs += 1
    assert runs >= 10
