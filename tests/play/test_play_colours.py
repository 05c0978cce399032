"""The solved picture's colours, cell by cell as the cart shows them (a picture's colour PNG, else
the shading rule, in its world's palette; a default palette for other files), and the picture
files `picross play` also reads."""
import shutil

import numpy as np
import pytest

from cartfixtures import CART, REPO
from generator.cartbuild.worlds import read_worlds, taken
from generator.formats.batchfile import read_batch
from generator.cli.play import read_playable
from generator.formats.colourpng import colour_path, read_colour_png
from generator.pico8 import COLOURS
from generator.play.colours import DEFAULT, picture_colours, picture_slots, world_schemes
from generator.render.colouring import BODY, HALF, LIT, SHADOW, shade_roles, shade_slots
from playkit import cart_reveal, puzzle, source_path


def test_every_cart_puzzle_reveals_as_the_cart_shows_it(built_cart):
    m = built_cart.manifest
    by_file: dict[str, list] = {}
    for e in m["puzzles"]:
        name, index = e["source"].rsplit("#", 1)
        by_file.setdefault(name, []).append((int(index), e))
    from_png = by_rule = 0
    for name, entries in by_file.items():
        path = source_path(name)
        puzzles = read_playable(str(path), None)
        schemes = world_schemes(path, len(puzzles))
        for i, e in entries:
            p, scheme = puzzles[i], schemes[i]
            assert scheme.world == next(w["title"] for w in m["worlds"] if w["name"] == e["world"])
            want_slots, palette = cart_reveal(m, e)
            slots, warning = picture_slots(scheme, p.name, p.solution, p.solution)
            assert warning is None and (slots == want_slots).all(), e["source"]
            rgb, _ = picture_colours(scheme, p.name, p.solution, p.solution)
            assert rgb == [[palette[s] if s >= 0 else None for s in row] for row in want_slots.tolist()]
            from_png += bool(e["colours"])
            by_rule += not e["colours"]
    assert from_png >= 100 and by_rule >= 100


def test_a_shipped_picture_is_its_pngs_colours_not_the_rule():
    path = CART / "pictures" / "valley.json"
    puzzles = read_playable(str(path), None)
    scheme = world_schemes(path, len(puzzles))[0]
    p = puzzles[0]
    slots, _ = picture_slots(scheme, p.name, p.solution, p.solution)
    assert scheme.colours == CART / "pictures" / "valley" and colour_path(scheme.colours, p.name).is_file()
    assert (slots != shade_slots(p.solution, scheme.ui)).any()
    # each revealed colour is the PICO-8 colour nearest the PNG's own pixel among the world's
    png = read_colour_png(colour_path(scheme.colours, p.name), p.solution)
    rgb, _ = picture_colours(scheme, p.name, p.solution, p.solution)
    for y, x in zip(*np.nonzero(p.solution)):
        assert rgb[y][x] in scheme.palette
        assert sum(abs(a - b) for a, b in zip(rgb[y][x], png[y, x])) < 200


def test_cart_batches_get_their_world_random_ones_the_rule():
    schemes = world_schemes(CART / "puzzles.json", 300)
    batch = read_batch(CART / "puzzles.json").puzzles
    # each world takes puzzles of at least min_pips pips from its start on (cart/worlds.json;
    # a world may take two slices of it)
    chosen: dict[str, list[int]] = {}
    for w in read_worlds(CART / "worlds.json").worlds:
        for ref in w.batches:
            if ref.path.name == "puzzles.json":
                chosen.setdefault(w.title, []).extend(i for i, _ in taken(ref, batch))
    for title, idx in chosen.items():
        assert len(idx) >= 65 and all(schemes[i].world == title for i in idx)
        assert schemes[idx[0]].colours is None         # random puzzles: the shading rule
    packed = {i for idx in chosen.values() for i in idx}
    skipped = [i for i in range(300) if i not in packed]
    assert any(i < max(packed) for i in skipped)       # left out below the join, between taken ones
    assert all(schemes[i] is DEFAULT for i in skipped)
    s0, s1 = (idx[0] for idx in chosen.values())
    assert schemes[s0].palette != schemes[s1].palette and schemes[s0].ui != schemes[s1].ui
    assert all(c in COLOURS.values() for c in schemes[s0].palette)
    pictures = world_schemes(CART / "pictures" / "firewatch.json", 13)
    assert {s.world for s in pictures} == {"ember lookout"}
    assert {s.colours for s in pictures} == {CART / "pictures" / "firewatch"}


def test_other_files_get_the_rule_in_the_default_colours():
    assert world_schemes(REPO / "tests" / "data" / "small_batch.json", 6) == [DEFAULT] * 6
    assert world_schemes("-", 1) == [DEFAULT]
    heart = puzzle().solution
    rgb, warning = picture_colours(DEFAULT, "heart", heart, heart)
    roles = shade_roles(heart)
    role_rgb = {LIT: COLOURS[10], BODY: COLOURS[12], HALF: COLOURS[11], SHADOW: COLOURS[9]}
    assert warning is None
    assert rgb == [[role_rgb[r] if r else None for r in row] for row in roles.tolist()]
    assert len({c for c in rgb[2] if c}) > 1                 # colours change along a row


def test_the_players_board_is_what_gets_coloured():
    """A puzzle without a stored picture (typed clues, NON) is coloured from the player's board."""
    heart = puzzle().solution
    slots, _ = picture_slots(DEFAULT, None, None, heart)
    assert ((slots >= 0) == heart).all()


def _valley_scheme(tmp_path):
    path = CART / "pictures" / "valley.json"
    p = read_playable(str(path), None)[0]
    scheme = world_schemes(path, 1)[0]
    folder = tmp_path / "colours"
    folder.mkdir()
    return p, scheme.__class__(scheme.world, scheme.palette, scheme.ui, scheme.snaps, folder)


@pytest.mark.parametrize("damage", ["not a png", "wrong size", "missing"])
def test_a_broken_colour_png_is_one_warning_and_the_rule(tmp_path, damage):
    p, scheme = _valley_scheme(tmp_path)
    png = colour_path(scheme.colours, p.name)
    if damage == "not a png":
        png.write_bytes(b"\x89PNG\r\n\x1a\n garbage")
    elif damage == "wrong size":
        shutil.copy(colour_path(CART / "pictures" / "valley-small", "heart"), png)
    slots, warning = picture_slots(scheme, p.name, p.solution, p.solution)
    assert (slots == shade_slots(p.solution, scheme.ui)).all()
    if damage == "missing":
        assert warning is None                    # no PNG: the rule, as the cart does
    else:
        assert str(png) in warning and "\n" not in warning and "shading rule" in warning


def test_unreadable_world_files_mean_the_default_quietly(tmp_path):
    batch = tmp_path / "b.json"
    shutil.copy(REPO / "tests" / "data" / "small_batch.json", batch)
    (tmp_path / "worlds.json").write_text("{ not json")
    assert world_schemes(batch, 2) == [DEFAULT] * 2
    cfg = (CART / "worlds.json").read_text().replace("pictures/valley-small.json", "b.json")
    (tmp_path / "worlds.json").write_text(cfg)          # names b.json; its spritesheet is missing
    assert world_schemes(batch, 2) == [DEFAULT] * 2


def test_picture_text_files_are_playable_too():
    path = CART / "pictures" / "valley.txt"
    names = [line[1:].strip() for line in path.read_text().splitlines()
             if line.startswith(";") and not line.startswith(";;")]
    puzzles = read_playable(str(path), None)
    assert [p.name for p in puzzles] == names and len(names) >= 30
    assert puzzles[0].solution.sum() > 0


@pytest.mark.parametrize("stem", ["valley", "firewatch-small"])
def test_a_picture_text_file_takes_the_colours_of_its_batch(stem):
    """cart/pictures/valley.txt is the source of valley.json: beside the colours folder the
    world names, it reveals in the same colours as the batch."""
    txt, batch = CART / "pictures" / f"{stem}.txt", CART / "pictures" / f"{stem}.json"
    a, b = read_playable(str(txt), None), read_playable(str(batch), None)
    sa, sb = world_schemes(txt, len(a)), world_schemes(batch, len(b))
    assert sa[0].colours == CART / "pictures" / stem and sa[0].world == sb[0].world
    for p, q, x, y in zip(a, b, sa, sb):
        assert (picture_slots(x, p.name, p.solution, p.solution)[0]
                == picture_slots(y, q.name, q.solution, q.solution)[0]).all()
