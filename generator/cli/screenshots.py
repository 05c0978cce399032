"""`picross screenshots`: play the built cart in the headless console and save pictures of it."""
from __future__ import annotations

import json
from pathlib import Path

import click

from generator import UserError
from generator.errors import user_errors


@click.command("screenshots")
@click.argument("cart", type=click.Path(dir_okay=False), default="build/picross.p8")
@click.option("--out", type=click.Path(file_okay=False), default="docs/screenshots", show_default=True)
@click.option("--label", type=click.Path(dir_okay=False), default=None,
              help="Also save the title screen at 1x here (the build's label picture).")
@user_errors
def screenshots(cart, out, label):
    """Screenshots of CART (4x): title, worlds, puzzles, play in each world, solved."""
    from generator.console.screenshots import take
    manifest_path = Path(cart).with_suffix(".json")
    if not manifest_path.exists():
        raise UserError(f"{manifest_path}: no manifest beside the cart (build it with `make cart`)")
    for shot in take(Path(cart), json.loads(manifest_path.read_text()), Path(out),
                     Path(label) if label else None):
        click.echo(f"wrote {shot}")
