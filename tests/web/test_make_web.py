"""`make web` and `python -m generator.web` without emscripten: one line saying what to install,
and a failure status; nothing written."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from cartfixtures import REPO


def bare_path(tmp_path) -> str:
    """A PATH holding make and a shell but no emcc."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("make", "sh", "bash"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    return str(bin_dir)


def test_make_web_without_emcc_says_what_to_install(tmp_path):
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    # run as a user would, not as a sub-make of `make test` (which would print its directory)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    run = subprocess.run(["make", "web"], capture_output=True, text=True, cwd=REPO,
                         env={**env, "PATH": bare_path(tmp_path)}, timeout=120)
    assert run.returncode != 0
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "apt-get install emscripten" in lines[0], run.stderr
    assert run.stdout == ""


def test_the_page_builder_without_emcc_is_one_line(tmp_path, built_cart):
    out = tmp_path / "web"
    run = subprocess.run([sys.executable, "-m", "generator.web", str(built_cart.path),
                          "--out", str(out), "--cache", str(tmp_path / "cache")],
                         capture_output=True, text=True, cwd=REPO, timeout=120,
                         env={**os.environ, "PATH": bare_path(tmp_path)})
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "install it" in run.stderr
    assert not out.exists()


def test_the_licence_notices_go_with_the_page():
    """Lupa's, Lua's and shrinko's MIT notices in full (the page shows them, LICENSES.txt holds
    them), and fix32.h's licence named."""
    from generator.web.page import notices
    text = notices()
    assert text.count("Permission is hereby granted, free of charge") == 3
    assert "Lua.org, PUC-Rio" in text and "Stefan Behnel" in text and "WTFPL" in text
