"""docs/new-world.md, followed: a temporary copy of the repository gets a third world by doing
what the guide says, in its order (its text edits, its painting, its files, its commands), and
the cart `make cart` builds there has three worlds, the new palette, its pictures in their
colours and its music. The guide's commands are checked to be the ones run here."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from cartfixtures import REPO
from generator.console import Console
from generator.pico8 import COLOURS

# follows the guide in a copy of the repository and builds its cart (tens of seconds)
pytestmark = pytest.mark.slow

GUIDE = REPO / "docs" / "new-world.md"
VENV = Path(sys.executable).parent.parent
# what the guide tells a designer to run, in order (the test fails if the guide says otherwise)
COMMANDS = [
    ".venv/bin/picross import cart/pictures/meadow.txt -o cart/pictures/meadow.json --strict --sheet docs/pictures-meadow.png",
    "mkdir -p cart/pictures/meadow",
    "make colour-templates",
    "make cart",
]
STEP = re.compile(r"^<!-- (replace|paint|world|file|append): (\S+) -->\n(?:```[^\n]*\n(.*?)^```)?"
                  r"|^```sh\n(.*?)^```", re.S | re.M)


def guide_steps(text: str):
    """(kind, path, body) in the guide's order; kind "run" for a ```sh block (body: commands)."""
    out = []
    for m in STEP.finditer(text):
        if m.group(4) is not None:
            cmds = [ln.strip() for ln in m.group(4).splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
            out.append(("run", None, cmds))
        else:
            out.append((m.group(1), m.group(2), m.group(3)))
    return out


def swatches(text: str) -> list[tuple[int, str, int]]:
    """The guide's swatch table: (slot, hex colour, PICO-8 number) rows."""
    rows = re.findall(r"^\s*\| +(\d+) \| `#([0-9a-f]{6})` \| +(\d+) \|", text, re.M)
    return [(int(s), h, int(p)) for s, h, p in rows]


def rgb(h: str) -> tuple[int, int, int]:
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def paint(path: Path, world: dict, table) -> None:
    """What the designer paints: the swatch strip, then a backdrop of sky over hills in them."""
    im = np.array(Image.open(path).convert("RGBA"))
    sw, bd = world["swatches"], world["backdrop"]
    cell = sw["cell"]
    for slot, h, _ in table:
        im[sw["y"]:sw["y"] + cell, sw["x"] + slot * cell:sw["x"] + (slot + 1) * cell] = (*rgb(h), 255)
    sky, hill, dark = (rgb(table[s][1]) for s in (8, 4, 2))
    for y in range(bd["h"]):
        for x in range(bd["w"]):
            top = bd["h"] // 2 + (1 if (x // 16) % 2 else -1)
            c = sky if y < top else hill if (x + y) % 5 else dark
            im[bd["y"] + y, bd["x"] + x] = (*c, 255)
    Image.fromarray(im, "RGBA").save(path)


def repo_copy(root: Path) -> Path:
    for name in ("cart", "generator"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("build.py", "Makefile", "pyproject.toml"):
        shutil.copy2(REPO / name, root / name)
    (root / "docs").mkdir()
    (root / ".venv").symlink_to(VENV)
    os.utime(root / "pyproject.toml", (0, 0))      # older than .venv's stamp: make installs nothing
    return root


def follow(root: Path, steps, table) -> list[str]:
    """Do each step of the guide in root; the commands run, in order."""
    ran = []
    env = {**os.environ, "PATH": f"{VENV / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("MAKEFLAGS", None)
    to_paint = None             # the painting is described before the world names its rects
    for kind, path, body in steps:
        if kind == "replace":
            p = root / path
            text = p.read_text()
            for line in body.strip().splitlines():
                old, new = (s.strip() for s in line.split("  ->  "))
                assert text.count(old) == 1, f"the guide's {old!r} is not once in {path}"
                text = text.replace(old, new)
            p.write_text(text)
        elif kind == "world":
            world = json.loads(body)
            cfg = json.loads((root / path).read_text())
            cfg["worlds"].append(world)
            (root / path).write_text(json.dumps(cfg, indent=1))
            if to_paint:
                paint(root / to_paint, world, table)
                to_paint = None
        elif kind == "paint":
            to_paint = path
        elif kind == "file":
            (root / path).write_text(body)
        elif kind == "append":
            with open(root / path, "a") as f:
                f.write(body)
        else:
            for cmd in body:
                r = subprocess.run(["bash", "-c", cmd], cwd=root, env=env, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
                assert r.returncode == 0, f"$ {cmd}\n{r.stdout}"
                ran.append(cmd)
    assert not to_paint, "the guide paints, but names no world to paint for"
    return ran


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    if shutil.which("make") is None or not (VENV / "bin" / "picross").exists():
        pytest.skip("needs make, and a virtual environment with picross (make cart makes .venv)")
    text = GUIDE.read_text()
    root = repo_copy(tmp_path_factory.mktemp("newworld"))
    ran = follow(root, guide_steps(text), swatches(text))
    return root, ran, text


def test_the_guide_names_the_commands_and_steps_this_test_follows(followed):
    _, ran, text = followed
    steps = guide_steps(text)
    assert [c for k, _, b in steps if k == "run" for c in b] == COMMANDS
    assert ran == COMMANDS
    assert [k for k, _, _ in steps] == ["replace", "paint", "world", "file", "run", "append", "run"]
    assert [s for s, _, _ in swatches(text)] == list(range(16))


def test_the_built_cart_has_three_worlds_with_the_new_palette_and_pictures(followed):
    root, _, text = followed
    m = json.loads((root / "build" / "picross.json").read_text())
    assert [w["name"] for w in m["worlds"]] == ["spires", "lookout", "meadow"]
    meadow = m["worlds"][2]
    assert meadow["pal"] == [p for _, _, p in swatches(text)]          # exactly PICO-8 colours
    assert all(COLOURS[p] == rgb(h) for _, h, p in swatches(text))
    pics = [p for p in m["puzzles"] if p["world"] == "meadow"]
    assert sorted(p["name"] for p in pics) == ["bell flower", "snail", "sprout"]
    assert all(p["colours"] for p in pics)                              # from their PNGs
    assert len(m["puzzles"]) == 254
    assert sum(p["world"] == "spires" for p in m["puzzles"]) == 124


def test_the_cart_shows_the_meadow_in_its_colours_and_plays_its_loop(followed):
    root, _, text = followed
    table = swatches(text)
    c = Console.load(root / "build" / "picross.p8", cartdata={}).boot()
    c.press("o")
    c.press("right")
    c.press("right")
    c.run_frames(30)
    assert c.find_print("green meadow") is not None
    shown = set(np.unique(c.display()).tolist())
    assert shown <= {p for _, _, p in table}, "colours on the meadow's screen outside its palette"
    world = json.loads(re.search(r"<!-- world: \S+ -->\n```json\n(.*?)```", text, re.S).group(1))
    assert c.display()[0, 0] == table[world["ui"]["backdrop"]][2]      # its backdrop colour
    assert table[8][2] in set(c.display()[48].tolist())                 # its backdrop strip: sky
    assert c.synth.stat(54) == 32                                       # its music, pattern 32
