"""The progress file and the menu: saved and restored between runs, names hidden until solved,
a corrupt file reset with a one-line warning."""
import json

import pytest

from generator.play.game import Game
from generator.play.menu import HIDDEN, entries, open_game, save_game
from generator.play.progress import Progress, data_dir, puzzle_key

from playkit import puzzle, solving_keys


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("PICROSS_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_the_data_directory():
    assert data_dir({"PICROSS_DATA": "/x"}) == data_dir({"PICROSS_DATA": "/x", "XDG_DATA_HOME": "/y"})
    assert str(data_dir({"PICROSS_DATA": "/x"})) == "/x"
    assert str(data_dir({"XDG_DATA_HOME": "/y", "HOME": "/h"})) == "/y/picross8"
    assert str(data_dir({"HOME": "/h"})) == "/h/.local/share/picross8"


def test_a_board_in_progress_is_saved_and_restored(data):
    p = puzzle()
    prog = Progress.load()
    assert prog.path == data / "progress.json" and not prog.records and prog.warning is None
    g = open_game(p, prog)
    g.keys([" ", "l", "x"])
    g.tick(12.5)
    save_game(g, prog)
    again = Progress.load()
    assert again.warning is None
    g2 = open_game(p, again)
    assert g2.marks == g.marks and g2.elapsed == 12.5 and not g2.solved
    assert open_game(p, again, fresh=True).marks == Game(p.clues).marks
    [(size, [e])] = entries([p], again)
    assert size == "5x5" and e.started and not e.solved and e.name == HIDDEN


def test_names_hidden_until_solved_and_the_best_time_kept(data):
    heart, plus = puzzle(), puzzle([".#.", "###", ".#."], "plus")
    big = puzzle(["#" * 10] * 10, None)
    prog = Progress.load()
    groups = entries([big, heart, plus], prog)
    assert [s for s, _ in groups] == ["3x3", "5x5", "10x10"]       # smallest first
    assert [e.name for _, es in groups for e in es] == [HIDDEN, HIDDEN, ""]
    assert [e.index for _, es in groups for e in es] == [2, 1, 0]
    g = open_game(heart, prog)
    g.tick(40)
    g.keys(solving_keys(heart.solution))
    save_game(g, prog)
    prog = Progress.load()
    by_index = {e.index: e for _, es in entries([big, heart, plus], prog) for e in es}
    assert by_index[1].name == "heart" and by_index[1].solved and by_index[1].best == 40
    assert by_index[2].name == HIDDEN
    assert "solved 0:40" in by_index[1].line()
    reopened = open_game(heart, prog)                # a solved puzzle reopens solved
    assert reopened.solved
    save_game(reopened, prog)                        # and its best time stays
    assert Progress.load().get(heart.clues).best == 40
    slower = open_game(heart, prog, fresh=True)
    slower.tick(90)
    slower.keys(solving_keys(heart.solution))
    save_game(slower, prog)
    assert Progress.load().get(heart.clues).best == 40
    faster = open_game(heart, prog, fresh=True)
    faster.tick(20)
    faster.keys(solving_keys(heart.solution))
    save_game(faster, prog)
    assert Progress.load().get(heart.clues).best == 20


def test_the_same_puzzle_shares_progress_across_files():
    a, b = puzzle(), puzzle(title="another name")
    assert puzzle_key(a.clues) == puzzle_key(b.clues)
    assert puzzle_key(a.clues).startswith("5x5-")


@pytest.mark.parametrize("text, why", [
    ("{not json", "not JSON"),
    ("[]", "not a picross8 progress file"),
    ('{"format": "picross8-progress", "version": 9, "puzzles": {}}', "version 9"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": []}', "'puzzles' is not an object"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": {"bad": {}}}', "not a puzzle's"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": {"5x5-0123456789abcdef": '
     '{"solved": true, "best": -3}}}', "'best' is not a number"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": {"5x5-0123456789abcdef": '
     '{"board": ["#####"]}}}', "'board' is not 5 rows of 5 cells"),
    ('{"format": "picross8-progress", "version": 1, "puzzles": {"2x1-0123456789abcdef": '
     '{"board": ["#?"]}}}', "'board' is not 1 rows"),
    (b"\xff\xfe\x00", "not text"),
])
def test_a_corrupt_file_is_reset_with_a_one_line_warning(data, text, why):
    data.mkdir()
    path = data / "progress.json"
    (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
    prog = Progress.load()
    assert prog.records == {}
    assert prog.warning.startswith(f"picross: warning: {path}: ") and "\n" not in prog.warning
    assert why in prog.warning and "progress reset" in prog.warning
    assert (data / "progress.json.bad").exists() and not path.exists()
    g = open_game(puzzle(), prog)                    # and play carries on
    g.key(" ")
    save_game(g, prog)
    assert Progress.load().warning is None
    assert json.loads(path.read_text())["format"] == "picross8-progress"


def test_playing_the_progress_file_itself_is_refused_and_it_stays(tmp_path, monkeypatch):
    """A puzzle file that sits where the progress file lives would be moved aside as a corrupt
    progress file: refused first, in one line, untouched."""
    import shutil
    from click.testing import CliRunner

    from cartfixtures import REPO
    from generator.cli import main
    monkeypatch.setenv("PICROSS_DATA", str(tmp_path))
    target = tmp_path / "progress.json"
    shutil.copy(REPO / "cart" / "pictures" / "valley-small.json", target)   # a batch: playable
    before = target.read_bytes()
    r = CliRunner().invoke(main, ["play", str(target)])
    assert r.exit_code == 1 and "is picross play's own progress file" in r.output
    assert len(r.output.strip().splitlines()) == 1
    assert target.read_bytes() == before and not (tmp_path / "progress.json.bad").exists()
