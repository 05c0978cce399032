"""Every repository path and module a docstring, a comment, a doc or the Makefile names exists:
`tests/cart/test_game.py`, `generator/render/png.py`, `generator.cartbuild.artmap` (or a name in
one, `generator.printable`). A file moved or renamed leaves no stale pointer behind."""
import ast
import re
from pathlib import Path

import pytest

from cartfixtures import REPO

# a path as prose names it: from a top-level folder of the repository, to its last word
PATH = re.compile(r"(?<![\w./-])((?:generator|tests|cart|docs|notebooks|\.ci)/[\w./*<>{}-]*[\w*>}])")
MODULE = re.compile(r"(?<![\w./-])(generator(?:\.[A-Za-z_]\w*)+)")
# what docs/new-world.md has a reader make: the third world's files do not exist until then
MADE_BY_THE_GUIDE = re.compile(r"cart/pictures/meadow|docs/pictures-meadow")
# error messages quoted in docs name the user's own (missing) files
QUOTED_ERRORS = {"cart/pictures/valley/gateway.png"}


def sources():
    """(file, text) of every docstring and comment of the Python code, and of every doc."""
    files = sorted(REPO.glob("generator/**/*.py")) + sorted(REPO.glob("tests/**/*.py")) + [REPO / "build.py"]
    for p in files:
        if "data" in p.relative_to(REPO).parts:
            continue
        src = p.read_text()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    yield p, doc
        yield p, "\n".join(line for line in src.splitlines() if line.strip().startswith("#"))
    for pattern in ("README.md", "Makefile", "docs/*.md", "cart/*.lua", "generator/**/*.lua",
                    "generator/**/*.js", ".ci/run"):
        for p in sorted(REPO.glob(pattern)):
            yield p, p.read_text()


def path_exists(ref: str) -> bool:
    ref = ref.rstrip(".")
    if re.search(r"[*<>{}]", ref):     # a pattern: at least one file matches it
        return any(REPO.glob(re.sub(r"<[^>]*>|\{[^}]*\}", "*", ref)))
    return (REPO / ref).exists() or (REPO / f"{ref}.py").exists()


def module_exists(dotted: str) -> bool:
    """A module or package of the repository, or a name defined in one."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        base = REPO.joinpath(*parts[:k])
        for f in (base.with_suffix(".py"), base / "__init__.py"):
            if f.exists():
                rest = parts[k:]
                return not rest or (len(rest) == 1 and re.search(rf"\b{rest[0]}\b",
                                                                  f.read_text()) is not None)
    return False


def stale():
    out = set()
    for p, text in sources():
        where = str(p.relative_to(REPO))
        for ref in PATH.findall(text):
            if ref.startswith("build/") or MADE_BY_THE_GUIDE.match(ref) or ref in QUOTED_ERRORS:
                continue
            if not path_exists(ref):
                out.add((where, ref))
        for dotted in MODULE.findall(text):
            if not module_exists(dotted):
                out.add((where, dotted))
    return sorted(out)


def test_every_path_and_module_named_exists():
    assert stale() == []


def test_the_check_sees_a_stale_path(tmp_path, monkeypatch):
    assert not path_exists("tests/test_game.py") and path_exists("tests/cart/test_game.py")
    assert not module_exists("generator.artmap") and module_exists("generator.cartbuild.artmap")
    assert module_exists("generator.printable") and not module_exists("generator.no_such_name")
    assert PATH.findall("see `tests/cart/test_game.py`.") == ["tests/cart/test_game.py"]


@pytest.mark.parametrize("ref, found", [("docs/game.md", True), ("tests/console/carts/*.p8", True),
                                        ("cart/<world>.lua", True), ("docs/<none>.xyz", False)])
def test_patterns_match_files(ref, found):
    assert path_exists(ref) == found
