"""`picross screenshots`: play the built cart in the headless console and save pictures of it."""
from __future__ import annotations

import re
from pathlib import Path

import click

from generator import UserError
from generator.errors import user_errors
from generator.files.atomic import PNG, check_output
from generator.files.userfile import Fields, read_json

_WORLD_NAME = re.compile(r"^[a-z][a-z0-9_]{0,15}$")   # names become file names: no paths
SIZES = (5, 10, 15)     # the boards the cart plays (square)


def read_manifest(path: Path) -> dict:
    """The build's manifest, checked for what the screenshots read: at least two worlds (name,
    first, count of 4 or more) and each world's puzzles' solution rows (5x5, 10x10 or 15x15)."""
    data = read_json(path, "cart manifest")
    f = Fields(data, str(path), "a cart manifest object")
    if f.str("format", None) != "picross8-cart-manifest":
        raise UserError(f"{path}: not a picross8 cart manifest (no \"format\": \"picross8-cart-manifest\")")
    worlds = f.list("worlds", of=dict)
    puzzles = f.list("puzzles", of=dict)
    if len(worlds) < 2:
        raise UserError(f"{path}: 'worlds' lists {len(worlds)}; the screenshots show two worlds")
    for i, w in enumerate(worlds):
        wf = Fields(w, f"{path}: world {i}")
        if not _WORLD_NAME.match(wf.str("name")):
            raise UserError(f"{path}: world {i}: name {w['name'][:40]!r} must be a-z 0-9 _ (it names files)")
        first = wf.int("first", lo=0)
        count = wf.int("count", lo=4, hi=len(puzzles))
        if first + count > len(puzzles):
            raise UserError(f"{path}: world {i}: puzzles {first}..{first + count - 1} "
                            f"but the manifest lists {len(puzzles)}")
        for p in range(first, first + count):
            rows = Fields(puzzles[p], f"{path}: puzzle {p}").list("rows", of=str)
            n = len(rows)
            if n not in SIZES or any(len(r) != n or set(r) - set("#.") for r in rows):
                raise UserError(f"{path}: puzzle {p}: 'rows' must be 5, 10 or 15 rows of as many '#' or '.'")
    return data


@click.command("screenshots")
@click.argument("cart", type=click.Path(dir_okay=False), default="build/picross.p8")
@click.option("--out", type=click.Path(file_okay=False), default="docs/screenshots", show_default=True)
@click.option("--label", type=click.Path(dir_okay=False), default=None,
              help="Also save the title screen at 1x here (the build's label picture).")
@user_errors
def screenshots(cart, out, label):
    """Screenshots of CART (4x): title, worlds, puzzles, play in each world, solved."""
    from generator.console.console import CartError
    from generator.playtest.screenshots import take
    manifest_path = Path(cart).with_suffix(".json")
    if not manifest_path.exists():
        raise UserError(f"{manifest_path}: no manifest beside the cart (build it with `make cart`)")
    if Path(out).exists() and not Path(out).is_dir():
        raise UserError(f"{out}: --out must be a directory")
    check_output(label, PNG, [cart, manifest_path], flag="--label")
    manifest = read_manifest(manifest_path)
    try:
        shots = take(Path(cart), manifest, Path(out), Path(label) if label else None)
    except CartError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "Lua error"
        raise UserError(f"{cart}: the cart failed while playing it: {first}") from None
    except (AssertionError, KeyError, IndexError, TypeError, ValueError):
        raise UserError(f"{cart}: the cart did not play as picross8 does (is it this project's "
                        f"cart, with its manifest {manifest_path}?)") from None
    for shot in shots:
        click.echo(f"wrote {shot}")
