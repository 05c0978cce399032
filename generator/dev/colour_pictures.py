"""The pictures' colours, for designers: starting PNGs to paint over, and coloured sheets.

    python -m generator.dev.colour_pictures template [--worlds cart/worlds.json]
        for every picture of a batch with a "colours" folder (cart/worlds.json) that has no
        PNG yet, write one coloured by the cart's shading rule in its world's palette; open it
        in any paint program and recolour it (never overwrites a PNG)
    python -m generator.dev.colour_pictures sheets [--out docs]
        docs/colours-<world>.png: each world's pictures as the cart reveals them, on the
        world's backdrop colour (the shading rule where a picture has no PNG)

The same reading, snapping and checks as the cart build (generator.cartbuild.colours), so a PNG
the sheets show is one the build takes.
"""
from __future__ import annotations

from pathlib import Path

import click
import numpy as np

from generator.cartbuild.build import placed_colours, read_sheet, world_puzzles
from generator.cartbuild.palette import PICO8
from generator.cartbuild.worlds import read_worlds
from generator.errors import run_command, user_errors
from generator import UserError
from generator.files.atomic import PNG, check_output, write_all, write_atomic
from generator.formats.colourpng import colour_png
from generator.render.colouring import shade_slots
from generator.render.png import colour_sheet, png_bytes

REPO = Path(__file__).resolve().parents[2]
WORLDS = REPO / "cart" / "worlds.json"
BACKDROP_ROLE, TEXT_ROLE = 0, 10      # cart/draw.lua's colour roles


def world_pictures(worlds_path):
    """Per world: (name, its 16 screen colours, ui roles, [(placed puzzle, slots or None)])."""
    cfg = read_worlds(worlds_path)
    sheet = read_sheet(cfg)
    out = []
    for w in cfg.worlds:
        colours = np.array([PICO8[s.pico8] for s in sheet.palettes[w.name]], dtype=np.uint8)
        pics = [(pl, placed_colours(pl, sheet.palettes)) for pl in world_puzzles(w)
                if pl.puzzle.name is not None]
        out.append((w.name, colours, w.ui, pics))
    return out


@click.group()
def main():
    """Colour PNGs of the pictures: templates and sheets."""


@main.command()
@click.option("--worlds", "worlds_path", default=str(WORLDS), show_default=True)
@user_errors
def template(worlds_path):
    """Write a shading-rule PNG for every picture that has none yet."""
    wrote = 0
    for _, colours, ui, pics in world_pictures(worlds_path):
        for pl, pcs in pics:
            if pcs is None or pcs.slots is not None:
                continue
            sol = pl.puzzle.solution
            rgb = colours[np.maximum(shade_slots(sol, ui), 0)]
            write_atomic(pcs.path, png_bytes(colour_png(rgb, sol)))
            click.echo(f"wrote {pcs.path}")
            wrote += 1
    click.echo(f"{wrote} colour PNGs written")


@main.command()
@click.option("--worlds", "worlds_path", default=str(WORLDS), show_default=True)
@click.option("--out", default=str(REPO / "docs"), show_default=True)
@user_errors
def sheets(worlds_path, out):
    """docs/colours-<world>.png: every picture as revealed in the cart."""
    if Path(out).exists() and not Path(out).is_dir():
        raise UserError(f"{out}: --out must be a directory")
    worlds = world_pictures(worlds_path)
    # every input (the config, the colour PNGs) is refused as an output, and the sheets are
    # written together once all are drawn: a refusal or a failure leaves none behind
    inputs = [worlds_path] + [pcs.path for *_, pics in worlds for _, pcs in pics if pcs is not None]
    folders = {pcs.path.parent.resolve() for *_, pics in worlds for _, pcs in pics if pcs is not None}
    if Path(out).resolve() in folders:
        raise UserError(f"{out}: is a colours folder of the cart; the build would read the sheets "
                        "as pictures' PNGs (write them elsewhere)")
    files = []
    for name, colours, ui, pics in worlds:
        items = []
        for pl, pcs in pics:
            sol = pl.puzzle.solution
            slots = pcs.slots if pcs is not None and pcs.slots is not None else shade_slots(sol, ui)
            items.append((colours[np.maximum(slots, 0)], sol))
        img = colour_sheet(items, [pl.puzzle.name for pl, _ in pics],
                           colours[ui[BACKDROP_ROLE]], colours[ui[TEXT_ROLE]])
        path = Path(out) / f"colours-{name}.png"
        check_output(path, PNG, inputs, others=[p for p, _, _ in files])
        files.append((path, png_bytes(img), len(items)))
    write_all([(path, data) for path, data, _ in files])
    for path, _, n in files:
        click.echo(f"wrote {path} ({n} pictures)")


if __name__ == "__main__":
    run_command(main, "colour_pictures")
