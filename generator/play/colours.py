"""The solved picture's colours, cell by cell as the cart shows them (generator.play.xterm
turns them into terminal colour numbers).

Every filled cell gets a screen slot, as `shade` in cart/draw.lua gives it:
  - a picture of a batch the cart packs whose batch names a colour folder (cart/worlds.json,
    "colours"), or of the picture source beside that folder (cart/pictures/valley.txt beside
    cart/pictures/valley/), that has a PNG there: the PNG's cells snapped to the world's 16 slots, by the
    build's own code (generator.cartbuild.colours.read_picture_colours);
  - any other puzzle of a cart world: the shading rule (generator.render.colouring) through the
    world's ui table;
  - puzzles of other files: the shading rule in DEFAULT_PALETTE through DEFAULT_UI (PICO-8's own
    colours; the four picture roles are yellow, blue, green and orange).
A slot's colour is the PICO-8 colour the world's swatch snaps to. The cart's worlds.json is
looked for beside the file and one folder up; it names the batches of each world, with their
slices (taken as the build takes them: generator.cartbuild.worlds.taken_indices), and the
world's swatches in the spritesheet give its palette. Anything unreadable there
just means the default, quietly; a colour PNG that cannot be read or snapped gives one warning
line (picture_colours returns it) and the shading rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator import UserError
from generator.cartbuild.artmap import load_rgba, read_swatches
from generator.cartbuild.colours import read_picture_colours
from generator.cartbuild.palette import Snap
from generator.cartbuild.worlds import read_worlds, taken_indices
from generator.formats.batchfile import read_batch
from generator.pico8 import COLOURS
from generator.render.colouring import BODY, HALF, LIT, SHADOW, shade_slots

RGB = tuple[int, int, int]
DEFAULT_PALETTE: tuple[RGB, ...] = tuple(COLOURS[i] for i in range(16))
_ROLES = {LIT: 10, BODY: 12, HALF: 11, SHADOW: 9}      # yellow, blue, green, orange
DEFAULT_UI = tuple(_ROLES.get(role, role) for role in range(16))


@dataclass(frozen=True)
class Scheme:
    """How one puzzle's solved picture is coloured."""
    world: str | None = None                 # the cart world's title, None for other files
    palette: tuple[RGB, ...] = DEFAULT_PALETTE   # the colour of each screen slot 0-15
    ui: tuple[int, ...] = DEFAULT_UI         # the screen slot of each ui role (11-14: the picture)
    snaps: tuple[Snap, ...] = ()             # the world's 16 swatches, snapped (for colour PNGs)
    colours: Path | None = None              # the batch's folder of colour PNGs


DEFAULT = Scheme()


def world_schemes(path, count: int) -> list[Scheme]:
    """For each of the file's `count` puzzles, how it is coloured: its cart world's (if a world
    of the cart's worlds.json packs it) or the default."""
    out = [DEFAULT] * count
    if str(path) == "-":
        return out
    path = Path(path).resolve()
    for where in (path.parent, path.parent.parent):
        cfg_path = where / "worlds.json"
        if not cfg_path.is_file():
            continue
        try:
            cfg = read_worlds(cfg_path)
            sheet = None
            for world in cfg.worlds:
                for ref in world.batches:
                    # the batch itself, or the picture source beside its colours folder
                    # (cart/pictures/valley.txt for pictures/valley.json and pictures/valley/)
                    source = ref.colours is not None and ref.colours.resolve() == path.with_suffix("")
                    if ref.path.resolve() != path and not source:
                        continue
                    if sheet is None:
                        sheet = load_rgba(cfg.spritesheet, "spritesheet")
                    snaps = tuple(read_swatches(sheet, world.art, str(cfg.spritesheet)))
                    scheme = Scheme(world.title, tuple(COLOURS[s.pico8] for s in snaps), world.ui,
                                    snaps, ref.colours)
                    # as the build takes them (the batch is read only to measure pips)
                    puzzles = read_batch(ref.path).puzzles if ref.min_pips > 1 else ()
                    for i in taken_indices(ref, count, puzzles):
                        out[i] = scheme
        except (UserError, OSError, ValueError):
            continue
        return out
    return out


def picture_slots(scheme: Scheme, name: str | None, solution, filled) -> tuple[np.ndarray, str | None]:
    """The screen slot of each cell of the solved board `filled` (-1 on empty cells), and a
    warning line if the picture's colour PNG could not be used. `solution` (the file's picture,
    or None) is what the PNG is checked against; the player's board matches its clues, so for a
    picture with one solution (all the cart's) the two agree."""
    filled = np.asarray(filled, dtype=bool)
    slots = shade_slots(filled, scheme.ui)
    if scheme.colours is None or name is None or solution is None or not scheme.snaps:
        return slots, None
    try:
        own = read_picture_colours(scheme.colours, name, solution, list(scheme.snaps)).slots
    except (UserError, OSError, ValueError) as e:
        text = " ".join(str(e).split())
        return slots, f"{text} (coloured by the shading rule instead)"
    if own is None or own.shape != filled.shape:
        return slots, None                    # no PNG: the cart uses the rule too
    return np.where(filled & (own >= 0), own, slots).astype(np.int8), None


def picture_colours(scheme: Scheme, name: str | None, solution, filled):
    """picture_slots as RGB: rows of colours, None on empty cells; and the warning, if any."""
    slots, warning = picture_slots(scheme, name, solution, filled)
    return [[scheme.palette[s] if s >= 0 else None for s in row] for row in slots.tolist()], warning
