"""The package's shape, held: data flows one way through generator/'s subpackages, each says
what it holds, and PICO-8's facts live in one module."""
import ast
import re
from pathlib import Path

import pytest

from cartfixtures import REPO

PKG = REPO / "generator"

# what each part may import of the project (besides the package root and itself):
# the data flow grid -> clues -> solver -> formats -> puzzles -> cartbuild -> console (a host of
# the runtime) -> playtest, with files and colour below every part that needs them
ALLOWED = {
    "pico8": set(),
    # colour science (CIEDE2000, WCAG contrast): below every part that measures colour, so the
    # build's gate and the playtests' measures share one formula and neither reaches the other
    "colour": set(),
    "startup": set(),
    # the user's files read and written safely (limits, PNG checks, atomic writes): not formats,
    # they know no puzzle; below every part that touches a user's file
    "files": set(),
    "errors": {"startup"},
    "solver": {"pico8"},
    "formats": {"pico8", "files", "solver"},
    "render": {"pico8", "solver"},
    "puzzles": {"pico8", "files", "solver", "formats", "render"},
    "cartbuild": {"pico8", "files", "colour", "errors", "solver", "formats",
                  "puzzles"},   # difficulty, for the ramp
    # PICO-8's API in PICO-8 Lua, for every host: it stands apart from the picross project
    "runtime": {"pico8"},
    # the Python host of the runtime (it runs the built cart: the end of the chain)
    "console": {"pico8", "files", "errors", "solver", "formats", "render", "cartbuild", "runtime"},
    # the picross cart played in the console: player, tour, measured_text, screenshots, endless
    "playtest": {"pico8", "files", "colour", "errors", "solver", "formats", "render", "cartbuild",
                 "runtime", "console"},
    # the terminal game and the cart's window: above the console (cartbuild for world palettes)
    "play": {"pico8", "files", "errors", "solver", "formats", "render", "cartbuild", "runtime",
             "console"},
    "cli": {"pico8", "files", "startup", "errors", "solver", "formats", "render", "puzzles",
            "cartbuild", "runtime", "console", "playtest", "play"},
    # (web: make bench's page frame times)
    "dev": {"pico8", "files", "errors", "solver", "formats", "render", "puzzles", "cartbuild",
            "runtime", "console", "playtest", "web"},
    # the page that plays a cart in a browser (a host of the runtime): the runtime's Lua files,
    # the console's cart reader (and a recorder of console sessions to replay in the page)
    "web": {"pico8", "files", "errors", "formats", "runtime", "console"},
}


def modules():
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def part(path: Path) -> str:
    rel = path.relative_to(PKG)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def imported_parts(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for n in names:
            bits = n.split(".")
            if bits[0] == "generator" and len(bits) > 1 and (PKG / bits[1]).exists() \
                    or bits[0] == "generator" and len(bits) > 1 and (PKG / f"{bits[1]}.py").exists():
                out.add(bits[1])
    return out


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PKG)))
def test_imports_follow_the_data_flow(path):
    me = part(path)
    if me in ("__init__", "__main__"):
        return
    wrong = imported_parts(path) - ALLOWED[me] - {me}
    assert not wrong, f"{path.relative_to(REPO)} ({me}) imports {sorted(wrong)} against the data flow"


def test_a_handful_of_top_level_modules_and_documented_subpackages():
    top = sorted(p.name for p in PKG.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert len(top) <= 4, top
    subs = [p for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert {p.name for p in subs} <= set(ALLOWED)
    for p in subs:
        doc = ast.get_docstring(ast.parse((p / "__init__.py").read_text()))
        assert doc and len(doc) > 80, f"{p.name}/__init__.py should say what it holds"


def test_no_module_is_over_450_lines():
    long = [(str(p.relative_to(REPO)), n) for p in modules()
            if (n := len(p.read_text().splitlines())) > 450]
    assert not long, long


def test_the_32_colours_are_written_once():
    """PICO-8's palette (as hex or as an RGB tuple) appears in generator/pico8.py only."""
    pattern = re.compile(r"FFF1E8|0xFF, 0xF1, 0xE8|255, 241, 232|FF9D81", re.I)
    where = [str(p.relative_to(REPO)) for p in modules() if pattern.search(p.read_text())]
    assert where == ["generator/pico8.py"]
