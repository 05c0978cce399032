"""The CLI's text output, byte for byte, on fixed inputs (tests/data): what a user reads."""
import pytest

from cartfixtures import REPO
from golden import check_golden

DATA = REPO / "tests" / "data"
GUESS_TEXT = "1 1 1\n2 1\n2\n2 1\n2\n1\n--\n1 1\n3\n2 2\n2\n2\n1\n"


@pytest.mark.parametrize("name,args,stdin", [
    ("solve-solved.txt", ["solve", DATA / "devlog_solved.non"], None),
    ("solve-stalled.txt", ["solve", DATA / "devlog_stalled.non"], None),
    ("solve-stalled-json.txt", ["solve", DATA / "devlog_stalled.non", "--json"], None),
    ("solve-guess-ascii.txt", ["solve", "-", "--ascii"], GUESS_TEXT),
    ("solve-steps.txt", ["solve", DATA / "devlog_solved.non", "--steps", "--ascii"], None),
    ("show-batch.txt", ["show", DATA / "small_batch.json", "--ascii"], None),
    ("stats-batch.txt", ["stats", DATA / "small_batch.json"], None),
    ("check-batch.txt", ["check", DATA / "small_batch.json"], None),
    ("export-non.txt", ["export", DATA / "devlog_solved.non", "--format", "non", "-o", "-"], None),
    ("export-tk.txt", ["export", DATA / "devlog_stalled.non", "--format", "tk-json", "-o", "-"], None),
    ("explain-devlog.txt", ["explain", DATA / "devlog_picture.txt"], None),
])
def test_cli_text_matches_its_golden_file(picross, name, args, stdin):
    r = picross(*args, input=stdin)
    assert r.exit_code == 0, r.output
    check_golden(name, r.output.replace(str(DATA), "tests/data"))
