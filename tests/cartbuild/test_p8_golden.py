"""The whole build, byte for byte: a small cart of fixed inputs (the real spritesheet, a fixed
label, two tiny batches, a one-effect sfx text, each world's one-pattern loop of it and a few
lines of Lua) against its golden .p8
and manifest. Any change in the writer, the ROM packing, the palette snapping, the generated
constants or the manifest shows up here as a diff to review."""

import numpy as np

from cartfixtures import small_cart_inputs
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
    label = (np.arange(128 * 128).reshape(128, 128) % 7 * 30).astype(np.uint8)
    d = small_cart_inputs(tmp_path / "cart", MAIN, label)
    out = tmp_path / "build" / "small.p8"
    res = build_to(d / "worlds.json", d / "main.lua", out, out.with_suffix(".json"))
    check_golden("small.p8", out.read_bytes())
    check_golden("small.json", manifest_text(res.manifest))
