"""The whole build, byte for byte: a small cart of fixed inputs (the real spritesheet, a fixed
label, two tiny batches, a one-effect sfx text, each world's one-pattern loop of it and a few
lines of Lua) against its golden .p8
and manifest. Any change in the writer, the ROM packing, the palette snapping, the generated
constants or the manifest shows up here as a diff to review."""
import json
import shutil

import numpy as np
from PIL import Image

from cartfixtures import CART, write_solvable_batch
from generator.cartbuild.build import build_to, manifest_text
from golden import check_golden

MAIN = """-- a tiny cart for the build's golden test
#include solver.lua
function _draw()
 cls(1)
 print(pz_count.." puzzles",8,8,7)
end
"""


def test_small_cart_matches_its_golden_files(tmp_path):
    d = tmp_path / "cart"
    d.mkdir()
    shutil.copy(CART / "spritesheet.png", d / "spritesheet.png")
    shutil.copy(CART / "solver.lua", d / "solver.lua")
    label = (np.arange(128 * 128).reshape(128, 128) % 7 * 30).astype(np.uint8)
    Image.fromarray(np.dstack([label] * 3), "RGB").save(d / "label.png")
    (d / "main.lua").write_text(MAIN)
    (d / "sfx.txt").write_text("0 beep speed=8 c2:050 e2:050 g2:050\n")
    (d / "music.txt").write_text("0 spires 0 . . . start end\n16 lookout 0 . . . start end\n")
    cfg = json.loads((CART / "worlds.json").read_text())
    for i, w in enumerate(cfg["worlds"]):
        write_solvable_batch(d / f"b{i}.json", 2 + i, seed=11 + i)
        w["batches"] = [f"b{i}.json"]
    (d / "worlds.json").write_text(json.dumps(cfg, indent=1))
    out = tmp_path / "build" / "small.p8"
    res = build_to(d / "worlds.json", d / "main.lua", out, out.with_suffix(".json"))
    check_golden("small.p8", out.read_bytes())
    check_golden("small.json", manifest_text(res.manifest))
