"""The cart build: worlds.json + batches + art + Lua -> build/picross.p8 and its manifest.

Downstream of everything else (generator.formats.batchfile, generator.solver.linesolve); nothing imports it
but build.py. `build` is a sequence of stages, each a function of its own (a new asset goes in
the stage it belongs to): read the worlds; place the puzzles (read and re-verify every one: the
batch files are input, not trusted; order each world's ramp); map the art; colour the pictures;
pack the ROM (art, puzzles, sound effects, music); the worlds' tables (their colour roles held to
legible contrast); assemble the Lua (check that every Lua file parses and the whole cart
compiles under z8lua, PICO-8's Lua); count it with shrinko and refuse anything over budget; the
manifest and the summary. Only then does `build_to` replace the output files (both written, then
both renamed into place).

Outputs are checked first (generator.files.atomic): the cart and the manifest are two different
files, neither is a file the build reads, an existing cart path holds a .p8 cart and an existing
manifest path a manifest; so `--out cart/main.lua` or `--manifest cart/puzzles.json` is refused.
"""
from __future__ import annotations

import hashlib
import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from generator import UserError
from generator.cartbuild.colours import (PictureColours, check_folder, colour_string,
                                         read_picture_colours)
from generator.cartbuild.artmap import SheetResult, load_rgba, label_pixels, map_sheet
from generator.files.atomic import CART, MANIFEST, check_output, write_all
from generator.formats.batchfile import read_batch
from generator.formats.record import Puzzle
from generator.files.userfile import require_file
from generator.cartbuild.p8file import cart_text
from generator.puzzles.difficulty import Difficulty
from generator.solver.grid import rows_to_text
from generator.solver.verdict import verdict
from generator.cartbuild.lua import Piece, check_cart, check_piece, check_shipped, constants_chunk, inline_includes
from generator.cartbuild.minify import minify
from generator.cartbuild.contrast_gate import check_world
from generator.cartbuild.palette import PICO8, dim_table, rgb_hex
from generator.cartbuild.cluetiers import columns_line, rows_line
from generator.cartbuild.codefont import pack_font
from generator.cartbuild.music import pack_music
from generator.cartbuild.sfx import pack_sfx
from generator.cartbuild import rom as romdata
from generator.cartbuild.tokens import COMPRESSED, CHARS, TOKENS, Counts, check_budgets, count_file, count_text, report
from generator.cartbuild.worlds import World, check_text, read_worlds, taken


@dataclass
class Placed:
    """A puzzle on its way into the cart."""
    puzzle: Puzzle
    world: str
    world_index: int       # 0-based within its world
    source: str            # "file.json#12"
    iterations: int = 0
    difficulty: Difficulty | None = None
    colour_dir: Path | None = None     # its batch's folder of colour PNGs

    @property
    def group(self) -> str:
        """The ramp's groups: "start" (pictures smaller than 15x15, first in a world), "picture"
        (15x15, named) and "random" (unnamed), these two sharing one climb (ramp_key)."""
        if self.puzzle.name is None:
            return "random"
        return "start" if self.puzzle.width < 15 else "picture"

    def ramp_key(self) -> tuple:
        """The start pictures first, 5x5s and 10x10s as one climb by difficulty (the 5x5s score
        lower, so they open it and the 10x10s join as it rises); then the 15x15 pictures and
        random puzzles as one climb, by difficulty (sorting is stable: ties keep the batch order,
        so a picture goes before a random puzzle of the same score). Pictures first and random
        puzzles after would fall from the hardest picture back to the easiest random one: a
        saw-tooth (docs/game.md, "The ramp")."""
        return (self.group != "start", self.difficulty.score)


@dataclass
class BuildResult:
    text: str              # the cart as shipped: its Lua minified (generator.cartbuild.minify)
    manifest: dict
    per_file: dict[str, Counts] = field(default_factory=dict)
    total: Counts | None = None
    summary: str = ""
    palettes: dict = field(default_factory=dict)   # world -> its 16 Snaps
    inputs: list = field(default_factory=list)     # every file the build read
    source_text: str = ""  # the same cart with the source's Lua (its names), for tests and tools
    names: dict = field(default_factory=dict)      # source global -> the shipped cart's name


def verify(p: Puzzle, where: str) -> int:
    """Re-check one puzzle: 5x5, 10x10 or 15x15 and finished by the line solver; returns its
    iterations."""
    h, w = p.solution.shape
    if h != w or w not in romdata.PZ_SIZES:
        raise UserError(f"{where}: is {w}x{h}; the cart holds 5x5, 10x10 and 15x15 puzzles only")
    r = verdict(p.clues, classify=False)
    if not r.solved:
        raise UserError(f"{where}: not line-solvable ({r.status} after {r.iterations} iterations)")
    if not (r.partial == p.solution).all():
        raise UserError(f"{where}: the line solver's grid differs from the stored solution")
    return r.iterations


def world_puzzles(w: World) -> list[Placed]:
    out = []
    for ref in w.batches:
        try:
            require_file(ref.path, "batch file")
        except UserError as e:
            raise UserError(f"world {w.name}: {e}") from None
        try:
            batch = read_batch(ref.path)
        except UserError as e:
            raise UserError(f"world {w.name}: {e}") from None
        n = len(batch.puzzles)
        for i, p in enumerate(batch.puzzles):     # names first: the colour PNGs are named by them
            if p.name is not None:
                check_text(p.name, f"world {w.name}: {ref.path} puzzle {i} name")
        if ref.colours is not None:
            check_folder(ref.colours, [p.name for p in batch.puzzles], ref.path)
        stop = n if ref.count is None else ref.start + ref.count
        if ref.start >= n or (ref.min_pips == 1 and stop > n):
            raise UserError(f"world {w.name}: {ref.path} has {n} puzzles; "
                            f"start {ref.start} count {ref.count} is beyond its end")
        chosen = taken(ref, batch.puzzles)     # min_pips: the batch's join on the ramp
        if ref.count is not None and len(chosen) < ref.count:
            raise UserError(f"world {w.name}: {ref.path} has {len(chosen)} puzzles of at least "
                            f"{ref.min_pips} pips from {ref.start} on; count {ref.count} is more")
        for i, d in chosen:
            p = batch.puzzles[i]
            where = f"world {w.name}: {ref.path} puzzle {i}"
            if p.name is not None:
                p = Puzzle.from_grid(p.solution, iterations=p.iterations, name=check_text(p.name, f"{where} name"))
            out.append(Placed(p, w.name, len(out), f"{ref.path.name}#{i}", verify(p, where), d,
                              ref.colours))
    # the ramp (Placed.ramp_key): the start pictures, then every 15x15 by difficulty
    out.sort(key=Placed.ramp_key)
    for i, pl in enumerate(out):
        pl.world_index = i
    return out


def read_sheet(cfg) -> SheetResult:
    """The spritesheet of a worlds config mapped to slots, with each world's 16 snapped colours."""
    require_file(cfg.spritesheet, f"spritesheet (named by {Path(cfg.path).name} 'spritesheet')")
    return map_sheet(load_rgba(cfg.spritesheet, "spritesheet"), [w.art for w in cfg.worlds],
                     cfg.ui_palette, romdata.ART_ROWS, str(cfg.spritesheet))


def placed_colours(pl: Placed, palettes) -> PictureColours | None:
    """A picture's own colours from its batch's folder (slots None when it has no PNG there);
    None for a random puzzle or a batch that names no colours folder."""
    if pl.colour_dir is None or pl.puzzle.name is None:
        return None
    return read_picture_colours(pl.colour_dir, pl.puzzle.name, pl.puzzle.solution,
                                palettes[pl.world])


def palette_report(palettes) -> str:
    lines = []
    for name, snaps in palettes.items():
        lines.append(f"palette {name}: slot drawn -> pico-8 (delta E 2000)")
        for i, s in enumerate(snaps):
            lines.append(f"  {i:>2} {rgb_hex(s.rgb)} -> {s.pico8:>3} {rgb_hex(PICO8[s.pico8])}  {s.delta_e:5.2f}")
    return "\n".join(lines)


def _fits(placed: list[Placed], firsts: dict, worlds, i: int) -> bool:
    """Whether the puzzles of worlds 0..i fit the ROM and the save."""
    end = firsts[worlds[i + 1].name] if i + 1 < len(worlds) else len(placed)
    try:
        romdata.check_capacity([p.puzzle.width for p in placed[:end]])
    except UserError:
        return False
    return True


def build(worlds_path, main_lua) -> BuildResult:
    """Everything but writing the files: the stages below, in the order their checks run (so a
    broken input is named by the first stage that reads it); returns the cart text, manifest and
    counts."""
    cfg = read_worlds(worlds_path)
    placed, firsts = place_puzzles(cfg)
    sheet = read_sheet(cfg)
    colouring = colour_puzzles(placed, sheet.palettes)
    rom = pack_rom(sheet, placed, Path(main_lua).parent, [w.name for w in cfg.worlds])
    worlds = world_tables(cfg, placed, firsts, sheet.palettes)
    lua = assemble_lua(main_lua, placed, worlds, rom, colouring)
    label = label_pixels(cfg.label)
    source_text = cart_text(lua.code, rom.rom, label)
    # a source over the token or character budget is refused as written; its compressed size
    # is the shipped cart's to keep (a name's length costs the shipped cart nothing)
    per_file, _ = count_cart(lua, source_text, compressed=False)
    shipped = minify(lua.code)
    check_shipped(shipped.lua)
    text = cart_text(shipped.lua, rom.rom, label)
    _, total = count_cart(lua, text, per_file)
    manifest = make_manifest(placed, rom, colouring, worlds, sheet.palettes, per_file, total)
    manifest["names"] = dict(sorted(shipped.names.items()))
    inputs = [cfg.path, cfg.spritesheet, cfg.label, *(ref.path for w in cfg.worlds for ref in w.batches),
              *(pc.path for pc in lua.pieces), *colouring.files, rom.sfx, rom.music]
    return BuildResult(text, manifest, per_file, total,
                       summary_text(placed, rom, colouring, worlds, per_file, total),
                       sheet.palettes, inputs, source_text, shipped.names)


def place_puzzles(cfg) -> tuple[list[Placed], dict[str, int]]:
    """Every world's puzzles read, re-verified and put on its ramp, in world order, with each
    world's first index; refuses a set the ROM or the save cannot hold, naming the first world
    that takes the cart past a limit."""
    placed: list[Placed] = []
    firsts = {}
    for w in cfg.worlds:
        firsts[w.name] = len(placed)
        placed.extend(world_puzzles(w))
    try:
        romdata.check_capacity([p.puzzle.width for p in placed])
    except UserError as e:
        k = next(i for i, w in enumerate(cfg.worlds) if not _fits(placed, firsts, cfg.worlds, i))
        raise UserError(f"{cfg.path}: world {k + 1} ({cfg.worlds[k].name}): 'batches': the cart "
                        f"passes its limits from this world on: {e}") from None
    return placed, firsts


@dataclass
class Colouring:
    """How each placed puzzle is coloured when solved."""
    strings: list[str]     # a puzzle's colour code for the cart (in placed order)
    files: list[Path]      # pictures coloured from their PNGs
    by_rule: list[Path]    # pictures without a PNG, coloured by the shading rule

    @property
    def code_chars(self) -> int:
        return sum(map(len, self.strings))


def colour_puzzles(placed: list[Placed], palettes) -> Colouring:
    """Each puzzle's colours: a picture's own PNG snapped to its world, else the shading rule."""
    out = Colouring([], [], [])
    for pl in placed:
        pcs = placed_colours(pl, palettes)
        if pcs is not None:
            (out.files if pcs.slots is not None else out.by_rule).append(pcs.path)
        out.strings.append(colour_string(pcs and pcs.slots, pl.puzzle.solution))
    return out


@dataclass
class PackedRom:
    """The cart's ROM: art, puzzles, sound effects and music."""
    rom: bytearray
    used: int              # bytes of puzzle data from romdata.PZ_BASE
    addresses: list[int]   # each puzzle's address
    pz_hash: int           # the puzzle set's id: cart/save.lua resets a save of another set
    sfx: Path
    music: Path


def pack_rom(sheet: SheetResult, placed: list[Placed], cart_dir: Path, world_names) -> PackedRom:
    """The art, the puzzles, and the game's sound effects and music (cart_dir's sfx.txt and
    music.txt: both are needed, a cart built without them would be silent, and say nothing of
    it)."""
    rom = romdata.new_rom()
    romdata.pack_sprites(rom, sheet.slots)
    used = romdata.pack_puzzles(rom, [p.puzzle.solution for p in placed],
                                [p.difficulty.pips for p in placed])
    addresses = romdata.puzzle_addresses([p.puzzle.width for p in placed])
    pack_font(rom, romdata.FONT_BASE)
    sfx, music = cart_dir / "sfx.txt", cart_dir / "music.txt"
    pack_music(rom, music, pack_sfx(rom, sfx), world_names)
    packed = bytes(rom[romdata.PZ_BASE:romdata.PZ_BASE + used])
    pz_hash = int.from_bytes(hashlib.sha256(packed).digest()[:4], "little") & 0x7FFFFFFF
    return PackedRom(rom, used, addresses, pz_hash, sfx, music)


def world_tables(cfg, placed: list[Placed], firsts: dict, palettes) -> list[dict]:
    """Each world as the cart's constants hold it (name, puzzles, backdrop, palette, colour
    roles, dimming, the cursor's two roles), after refusing colour roles that would print
    unreadable text or draw faint marks."""
    tables = []
    for w in cfg.worlds:
        colours = [PICO8[s.pico8] for s in palettes[w.name]]
        cursor = check_world(w.name, colours, list(w.ui), str(cfg.path))
        bd = w.art.backdrop
        tables.append(dict(name=w.name, title=w.title, first=firsts[w.name],
                           count=sum(1 for p in placed if p.world == w.name),
                           bx=bd.x, by=bd.y, bw=bd.w, bh=bd.h,
                           pal=[s.pico8 for s in palettes[w.name]], ui=list(w.ui),
                           dim=dim_table(colours, list(w.ui)),
                           cursor_frame=list(cursor)))
    return tables


@dataclass
class AssembledLua:
    """The cart's code: the generated constants, then cart/main.lua with its includes."""
    chunk: str             # the generated constants
    pieces: list[Piece]    # the Lua files, as included
    code: str              # the whole of it, comment lines dropped


def assemble_lua(main_lua, placed: list[Placed], worlds: list[dict], rom: PackedRom,
                 colouring: Colouring) -> AssembledLua:
    """The constants chunk and the cart's Lua with its includes inlined, each file parsed and
    the whole compiled (z8lua). Comment lines are dropped from the cart (cart/*.lua keep them):
    they would cost about 5 KB of the 15,360 compressed bytes a .p8.png may hold."""
    chunk = constants_chunk(romdata.PZ_BASE, [p.puzzle.name for p in placed], worlds,
                            rom.pz_hash, colouring.strings, romdata.FONT_BASE)
    origins = [("(generated constants)", n) for n in range(1, chunk.count("\n") + 1)]
    main_code, pieces = inline_includes(Path(main_lua), origins=origins, drop_comments=True)
    if not main_code.strip():
        raise UserError(f"{main_lua}: holds no code (comments and blank lines only); the cart "
                        "would do nothing")
    for pc in [Piece("(generated constants)", chunk, None, chunk), *pieces]:
        check_piece(pc)
    check_cart(chunk + main_code, origins)
    return AssembledLua(chunk, pieces, chunk + main_code)


def count_cart(lua: AssembledLua, text: str, per_file: dict[str, Counts] | None = None,
               compressed: bool = True) -> tuple[dict[str, Counts], Counts]:
    """shrinko's counts, per source file (unless given) and for the cart `text` (the build counts
    the cart with the source's Lua first, then as shipped, minified: what PICO-8 loads and the
    PNG cart holds); refuses a cart over budget."""
    if per_file is None:
        per_file = {"(generated constants)": count_text(lua.chunk, name="(generated constants)")}
        per_file.update((pc.name, count_text(pc.text, name=str(pc.path or pc.name))) for pc in lua.pieces)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d) / "cart.p8"
        tmp.write_text(text)
        total = count_file(tmp, "the assembled cart")
    check_budgets(per_file, total, compressed)
    return per_file, total


def make_manifest(placed: list[Placed], rom: PackedRom, colouring: Colouring, worlds: list[dict],
                  palettes, per_file: dict[str, Counts], total: Counts) -> dict:
    """build/picross.json: the counts, the worlds, the palettes' snaps and every puzzle as the
    cart holds it (docs/formats.md)."""
    free = romdata.PZ_END - romdata.PZ_BASE
    return {
        "format": "picross8-cart-manifest", "version": 1,
        "counts": {
            "tokens": {"total": total.tokens, "limit": TOKENS,
                       "files": {n: c.tokens for n, c in per_file.items()}},
            "chars": {"total": total.chars, "limit": CHARS,
                      "files": {n: c.chars for n, c in per_file.items()}},
            "compressed": {"total": total.compressed, "limit": COMPRESSED},
            "rom": {"puzzle_base": romdata.PZ_BASE, "puzzle_end": romdata.PZ_END,
                    "table_bytes": len(placed), "puzzles": len(placed),
                    "puzzle_bytes": rom.used, "free_bytes": free - rom.used,
                    "capacity_puzzles": romdata.PZ_CAPACITY,
                    "art_bytes": romdata.ART_ROWS * 64},
            "colours": {"pictures": len(colouring.files), "code_chars": colouring.code_chars,
                        "by_rule": [str(f) for f in colouring.by_rule]},
        },
        "pz_hash": rom.pz_hash,
        "worlds": worlds,
        "palettes": {name: [{"slot": i, "drawn": rgb_hex(s.rgb), "pico8": s.pico8,
                             "pico8_rgb": rgb_hex(PICO8[s.pico8]), "delta_e": round(s.delta_e, 3)}
                            for i, s in enumerate(snaps)]
                     for name, snaps in palettes.items()},
        "puzzles": [{"index": i, "world": p.world, "world_index": p.world_index,
                     "source": p.source, "address": rom.addresses[i], "size": p.puzzle.width,
                     "group": p.group, "difficulty": p.difficulty.to_json(),
                     "name": p.puzzle.name, "iterations": p.iterations,
                     "colours": c,
                     "rows": rows_to_text(p.puzzle.solution),
                     "row_clues": [list(c) for c in p.puzzle.clues.rows],
                     "col_clues": [list(c) for c in p.puzzle.clues.cols]}
                    for i, (p, c) in enumerate(zip(placed, colouring.strings))],
    }


def summary_text(placed: list[Placed], rom: PackedRom, colouring: Colouring, worlds: list[dict],
                 per_file: dict[str, Counts], total: Counts) -> str:
    """What `make cart` prints: the counts per file, the ROM's use, the pictures' colours."""
    free = romdata.PZ_END - romdata.PZ_BASE
    worlds_line = ", ".join(f"{t['name']} {t['count']}" for t in worlds)
    by_rule = colouring.by_rule
    return "\n".join([
        report(per_file, total),
        f"rom: {len(placed)} puzzles ({worlds_line}) = {rom.used} of {free} bytes at "
        f"0x{romdata.PZ_BASE:04x}-0x{romdata.PZ_END - 1:04x}; room for "
        f"{(free - rom.used) // (romdata.PZ_BYTES + 1)} more of 15x15",
        f"colours: {len(colouring.files)} pictures from their PNGs ({colouring.code_chars} chars "
        f"of code), {sum(1 for p in placed if p.puzzle.name is None) + len(by_rule)} "
        f"by the shading rule" + (f", among them {len(by_rule)} picture{'s' if len(by_rule) > 1 else ''} without a colour PNG "
                                  f"({', '.join(f.name for f in by_rule[:3])}"
                                  f"{', ...' if len(by_rule) > 3 else ''})" if by_rule else ""),
        rows_line([(p.world, p.world_index + 1, p.puzzle.name, p.puzzle.clues.rows) for p in placed]),
        columns_line([(p.world, p.world_index + 1, p.puzzle.name, p.puzzle.clues.cols) for p in placed]),
    ])


def manifest_text(manifest: dict) -> str:
    return json.dumps(manifest, indent=1, sort_keys=True) + "\n"


def source_files(worlds_path, main_lua) -> list[Path]:
    """The files a build reads, found cheaply (worlds.json, its batches and images, the Lua
    files, sfx.txt, music.txt) so outputs are checked against them before the work; whatever cannot be read
    here is left for the build itself to report."""
    files = [Path(worlds_path), Path(main_lua), Path(main_lua).parent / "sfx.txt",
             Path(main_lua).parent / "music.txt"]
    try:
        cfg = read_worlds(worlds_path)
        files += [cfg.spritesheet, cfg.label, *(ref.path for w in cfg.worlds for ref in w.batches)]
        files += [f for w in cfg.worlds for ref in w.batches if ref.colours and ref.colours.is_dir()
                  for f in sorted(ref.colours.glob("*.png"))]
    except UserError:
        pass
    try:
        files += [pc.path for pc in inline_includes(Path(main_lua))[1]]
    except UserError:
        pass
    return files


def build_to(worlds_path, main_lua, out, manifest_path, source_out=None) -> BuildResult:
    """Build, then replace the cart and the manifest (and with `source_out`, the unminified cart
    with the source's names there, and its own manifest beside it: the same, without the rename
    map, since its names are the source's); a refused build leaves every output untouched."""
    sources = source_files(worlds_path, main_lua)
    outputs = [(out, CART, "cart (--out)"), (manifest_path, MANIFEST, "manifest")]
    if source_out is not None:
        outputs.append((source_out, CART, "source cart (--source-out)"))
        outputs.append((str(Path(source_out).with_suffix(".json")), MANIFEST,
                        "source cart's manifest (--source-out, .json)"))
    for i, (path, kind, flag) in enumerate(outputs):
        check_output(path, kind, sources, [o for j, (o, _, _) in enumerate(outputs) if j != i], flag)
    res = build(worlds_path, main_lua)
    for path, kind, flag in outputs:
        check_output(path, kind, res.inputs, flag=flag)
    texts = [res.text, manifest_text(res.manifest)]
    if source_out is not None:
        source_manifest = {k: v for k, v in res.manifest.items() if k != "names"}
        texts += [res.source_text, manifest_text(source_manifest)]
    write_all([(path, text) for (path, _, _), text in zip(outputs, texts)])
    return res
