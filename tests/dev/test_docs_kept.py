"""generator.dev.docs_kept, the check that a rewrite of the docs lost nothing: moved text is
found through headings, links and line breaks; a dropped paragraph, row or code line is not."""
from generator.dev.docs_kept import check, main, units

OLD = """# Title

A paragraph that [links](docs/x.md) somewhere
and runs over two lines.

| a | b |
| --- | --- |
| one | two |

```
$ picross solve x.non
solved
```

- a list item
- another item
"""


def test_units_are_paragraphs_rows_code_lines_and_items_without_headings():
    assert units(OLD) == ["A paragraph that links somewhere and runs over two lines.", "| a | b |",
                          "| one | two |", "$ picross solve x.non", "solved", "- a list item",
                          "- another item"]


def test_moved_text_is_kept_and_dropped_text_is_missing(tmp_path):
    moved = ("# Elsewhere\n\n## Sub\n\nA paragraph that [links](x.md) somewhere and runs\nover two lines.\n\n"
             "| a | b |\n|---|---|\n| one | two |\n\n```\n$ picross solve x.non\nsolved\n```\n\n"
             "- a list item\n- another item\n")
    assert check(OLD, [moved]) == (7, [], [])
    exact, edited, missing = check(OLD, [moved.replace("| one | two |\n", "").replace("another", "an other")])
    assert exact == 5 and [u for u, _, _ in edited] == ["- another item"]
    assert [u for u, _, _ in missing] == ["| one | two |"]
    (tmp_path / "old.md").write_text(OLD)
    (tmp_path / "new.md").write_text(moved)
    assert main([str(tmp_path / "old.md"), str(tmp_path / "new.md")]) == 0
    (tmp_path / "new.md").write_text(moved.replace("solved\n", ""))
    assert main([str(tmp_path / "old.md"), str(tmp_path / "new.md")]) == 1
