"""The build's stages, each alone (generator/cartbuild/build.py: build() calls them in order), on
the small cart of fixed inputs the golden test builds: what each stage gives, and what it
refuses."""
import json

import numpy as np
import pytest

from cartfixtures import small_cart_inputs
from generator import UserError
from generator.cartbuild import build as stages
from generator.cartbuild import rom as romdata
from generator.cartbuild.worlds import read_worlds
from generator.formats.batchfile import read_batch

MAIN = "#include solver.lua\nfunction _draw() cls(1) print(pz_count,8,8,7) end\n"


@pytest.fixture
def small(tmp_path):
    """A small cart's inputs: the real spritesheet, two tiny batches, one effect, one loop."""
    return small_cart_inputs(tmp_path / "cart", MAIN, np.zeros((128, 128), np.uint8))


def test_place_puzzles_keeps_world_order_and_numbers_each_world_from_0(small):
    cfg = read_worlds(small / "worlds.json")
    placed, firsts = stages.place_puzzles(cfg)
    assert firsts == {"spires": 0, "lookout": 2}
    assert [p.world for p in placed] == ["spires"] * 2 + ["lookout"] * 3
    assert [p.world_index for p in placed] == [0, 1, 0, 1, 2]
    scores = [p.difficulty.score for p in placed[2:]]
    assert scores == sorted(scores)                       # each world on its ramp
    grids = {p.solution.tobytes() for p in read_batch(small / "b1.json").puzzles}
    assert {p.puzzle.solution.tobytes() for p in placed[2:]} == grids


def test_place_puzzles_names_the_world_past_the_carts_limits(small, monkeypatch):
    monkeypatch.setattr(romdata, "SAVE_RECORDS", 3)
    with pytest.raises(UserError, match=r"world 2 \(lookout\): 'batches': the cart passes"):
        stages.place_puzzles(read_worlds(small / "worlds.json"))


def test_colour_puzzles_gives_a_code_per_puzzle(small):
    cfg = read_worlds(small / "worlds.json")
    placed, _ = stages.place_puzzles(cfg)
    colouring = stages.colour_puzzles(placed, stages.read_sheet(cfg).palettes)
    assert len(colouring.strings) == len(placed)
    assert colouring.files == [] and colouring.by_rule == []   # random puzzles: the shading rule
    assert colouring.code_chars == sum(map(len, colouring.strings))


def test_pack_rom_places_every_puzzle_and_the_sound(small):
    cfg = read_worlds(small / "worlds.json")
    placed, _ = stages.place_puzzles(cfg)
    rom = stages.pack_rom(stages.read_sheet(cfg), placed, small, [w.name for w in cfg.worlds])
    assert len(rom.addresses) == len(placed) and rom.used > 0
    assert rom.addresses == sorted(rom.addresses)
    assert rom.rom[0x3200 + 64] == 0 and any(rom.rom[0x3200:0x3200 + 64])   # sfx 0, and only it
    assert 0 <= rom.pz_hash < 2**31
    (small / "sfx.txt").write_text("")
    with pytest.raises(UserError):
        stages.pack_rom(stages.read_sheet(cfg), placed, small, [w.name for w in cfg.worlds])


def test_world_tables_hold_counts_and_refuse_unreadable_roles(small):
    cfg = read_worlds(small / "worlds.json")
    placed, firsts = stages.place_puzzles(cfg)
    palettes = stages.read_sheet(cfg).palettes
    tables = stages.world_tables(cfg, placed, firsts, palettes)
    assert [(t["name"], t["first"], t["count"]) for t in tables] == [("spires", 0, 2), ("lookout", 2, 3)]
    assert all(len(t["pal"]) == 16 and len(t["dim"]) == 16 for t in tables)
    raw = json.loads((small / "worlds.json").read_text())
    raw["worlds"][0]["ui"]["text"] = raw["worlds"][0]["ui"]["backdrop"]
    (small / "worlds.json").write_text(json.dumps(raw))
    cfg = read_worlds(small / "worlds.json")
    with pytest.raises(UserError, match="spires"):
        stages.world_tables(cfg, placed, firsts, palettes)


def test_assemble_lua_inlines_includes_and_refuses_an_empty_main(small):
    cfg = read_worlds(small / "worlds.json")
    placed, firsts = stages.place_puzzles(cfg)
    sheet = stages.read_sheet(cfg)
    colouring = stages.colour_puzzles(placed, sheet.palettes)
    rom = stages.pack_rom(sheet, placed, small, [w.name for w in cfg.worlds])
    worlds = stages.world_tables(cfg, placed, firsts, sheet.palettes)
    lua = stages.assemble_lua(small / "main.lua", placed, worlds, rom, colouring)
    assert lua.code.startswith(lua.chunk) and "function _draw()" in lua.code
    assert [pc.name for pc in lua.pieces] == ["main.lua", "solver.lua"]
    assert "#include" not in lua.code
    per_file, total = stages.count_cart(lua, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n"
                                        "__lua__\n" + lua.code + "\n")
    assert set(per_file) == {"(generated constants)", "main.lua", "solver.lua"}
    assert 0 < total.tokens <= sum(c.tokens for c in per_file.values()) + 5
    (small / "main.lua").write_text("-- nothing but a comment\n")
    with pytest.raises(UserError, match="holds no code"):
        stages.assemble_lua(small / "main.lua", placed, worlds, rom, colouring)


def test_build_is_its_stages_in_order(small):
    res = stages.build(small / "worlds.json", small / "main.lua")
    m = res.manifest
    assert [p["world_index"] for p in m["puzzles"]] == [0, 1, 0, 1, 2]
    assert m["counts"]["tokens"]["total"] == res.total.tokens
    lines = res.summary.splitlines()
    assert lines[-4].startswith("rom: 5 puzzles (spires 2, lookout 3)")
    assert lines[-2].startswith("15x15 rows: ") and lines[-1].startswith("15x15 columns: ")
    assert small / "sfx.txt" in res.inputs and small / "music.txt" in res.inputs
