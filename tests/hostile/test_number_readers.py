"""Every reader of a puzzle file reads a run of a clue by one rule: ASCII digits, at most
userfile.MAX_DIGITS (19) of them. A run of 20 digits is refused with the same words in NON,
typed clues, webpbn XML, Olšák's .g, the Tk solver's JSON and a batch; one of 19 digits is
read (and then fits no line: the solver's verdict, not a reader's refusal)."""
from __future__ import annotations

import pytest

from generator.files import userfile
from generator.formats.puzzlefile import parse_puzzles
from generator import UserError
from hostile_common import assert_refused, picross

LIMIT = userfile.MAX_DIGITS


def texts(run: str) -> dict[str, tuple[str, str]]:
    """A 1x1 puzzle whose only row clue is `run`, in every format (name, format, text)."""
    return {
        "non": ("r.non", f"width 1\nheight 1\nrows\n{run}\ncolumns\n1\n"),
        "text": ("r.txt", f"{run}\n--\n1\n"),
        "webpbn": ("r.xml", f'<puzzle><clues type="rows"><line><count>{run}</count></line></clues>'
                            '<clues type="columns"><line><count>1</count></line></clues></puzzle>'),
        "g": ("r.g", f": rows\n{run}\n: columns\n1\n: end\n"),
        "tk-json": ("r.json", f'{{"width": 1, "height": 1, "row_clues": [[{run}]], "col_clues": [[1]]}}'),
        "batch": ("b.json", '{"format": "picross8-batch", "version": 1, "params": {}, "puzzles": '
                            f'[{{"width": 1, "height": 1, "row_clues": [[{run}]], "col_clues": [[1]], '
                            '"iterations": 1}]}'),
    }


FORMATS = sorted(texts("1"))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_run_of_twenty_digits_is_refused_by_the_one_rule(tmp_path, fmt):
    name, text = texts("1" + "0" * LIMIT)[fmt]
    (tmp_path / name).write_text(text)
    r = picross("solve", tmp_path / name, "--format", fmt)
    assert_refused(r)
    assert f"a number of {LIMIT + 1} digits; the limit is {LIMIT} digits" in r.stderr, r.stderr
    with pytest.raises(UserError, match=f"the limit is {LIMIT} digits"):
        parse_puzzles(text, fmt, name)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_run_of_nineteen_digits_is_read(fmt):
    name, text = texts("9" * LIMIT)[fmt]
    try:
        [p] = parse_puzzles(text, fmt, name)
        assert p.clues.rows == ((int("9" * LIMIT),),)
    except UserError as e:      # a batch checks its clues against its grid: never the digit rule
        assert fmt == "batch" and "digits" not in str(e), str(e)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("digit", ["٣", "３", "𝟑"])
def test_a_unicode_digit_is_no_number_in_any_reader(tmp_path, fmt, digit):
    name, text = texts(digit)[fmt]
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert_refused(picross("solve", tmp_path / name, "--format", fmt))


def test_thousands_of_digits_cost_nothing(tmp_path):
    """Python's int() refuses past 4,300 digits with its own error: the limit comes first."""
    for fmt in FORMATS:
        name, text = texts("7" * 50_000)[fmt]
        (tmp_path / name).write_text(text)
        r = picross("solve", tmp_path / name, "--format", fmt)
        assert_refused(r)
        assert f"the limit is {LIMIT} digits" in r.stderr, (fmt, r.stderr)
