"""Every command the README and docs/ show with its output is run here and compared, so the
pages cannot drift from what the commands print (the convention: tests/docs/shown.py and
docs/checked-output.md)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cartfixtures import REPO
from shown import Shown, blocks, matches

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SHOWN = [b for p in PAGES for b in blocks(p)]
CHECKED = [b for b in SHOWN if b.mark == "checked"]
BIN = Path(sys.executable).parent          # the venv's python, picross, shrinko8


def test_every_block_that_shows_a_command_is_checked_or_a_dated_figure():
    unmarked = [b.where for b in SHOWN if b.mark is None]
    assert not unmarked, ("blocks showing a command, marked neither <!-- checked --> nor "
                          f"<!-- figure: YYYY-MM-DD -->: {unmarked}")
    assert len(CHECKED) >= 10


def fresh_copy(root: Path, cart: Path) -> Path:
    """The inputs the shown commands read, copied, so what they write lands in the copy."""
    shutil.copytree(REPO / "cart", root / "cart")
    shutil.copytree(REPO / "tests" / "data", root / "tests" / "data")
    (root / "docs").mkdir()
    for p in (REPO / "docs").glob("*.txt"):
        shutil.copy(p, root / "docs" / p.name)
    shutil.copy(REPO / "build.py", root / "build.py")
    (root / "build").mkdir()
    shutil.copy(cart, root / "build" / "picross.p8")
    return root


def run_block(block: Shown, root: Path) -> list[str]:
    """Run the block's commands in order in root; the mismatches, as messages."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PICROSS_DATA": str(root / ".data"), "COLUMNS": "80", "PYTHONPATH": str(REPO)}
    bad = []
    for step in block.steps:
        r = subprocess.run(["bash", "-c", step.command], cwd=root, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        actual = r.stdout.splitlines()
        if not matches(step.output, actual):
            bad.append(f"$ {step.command}\n--- shown:\n" + "\n".join(step.output)
                       + "\n--- printed:\n" + "\n".join(actual))
    return bad


@pytest.mark.parametrize("block", CHECKED, ids=lambda b: b.where)
def test_shown_output_is_what_the_command_prints(block, tmp_path, built_cart):
    if not (BIN / "picross").exists():
        pytest.skip("needs the picross command beside this python (make cart makes .venv)")
    bad = run_block(block, fresh_copy(tmp_path, built_cart.path))
    assert not bad, f"{block.where}: the page and the command disagree:\n" + "\n\n".join(bad)


def test_the_matcher_fits_and_refuses():
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert matches(["a", "...", "z"], ["a", "z"])
    assert matches(["done in 0.5 s"], ["done in 12.25 s"])
    assert not matches(["a", "z"], ["a", "b", "z"])
    assert not matches(["done in 0.5 s -> x"], ["done in 0.5 s -> y"])
    assert not matches(["a"], [])
