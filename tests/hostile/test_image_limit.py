"""The largest image read is what docs/commands.md says it is: 4096x4096 pixels, checked from the
PNG's header before decoding, for every command that opens a PNG."""
from __future__ import annotations

import re

import numpy as np
import pytest
from PIL import Image

from cartfixtures import REPO
from generator.files import userfile
from hostile_common import assert_refused, picross
from test_hostile_cli import huge_png_header


def test_the_docs_and_the_code_name_the_same_limit():
    doc = (REPO / "docs/commands.md").read_text()
    sides = {int(a) for a, b in re.findall(r"images up to (\d+)x(\d+) pixels", doc) if a == b}
    assert sides == {userfile.MAX_IMAGE_SIDE} == {4096}, sides
    assert userfile.MAX_IMAGE_PIXELS == 4096 * 4096


@pytest.mark.parametrize("w,h", [(4097, 1), (1, 4097), (16384, 16), (5000, 5000)])
@pytest.mark.parametrize("command", ["import", "explain"])
def test_a_side_past_4096_is_refused_from_the_header(tmp_path, w, h, command):
    huge_png_header(tmp_path / "big.png", w, h)
    extra = ["-o", tmp_path / "o.json"] if command == "import" else []
    r = picross(command, tmp_path / "big.png", *extra)
    assert_refused(r)
    assert f"{w}x{h} pixels is larger than the largest image read (4096x4096 pixels)" in r.stderr, r.stderr


def test_an_image_of_4096_a_side_is_read(tmp_path):
    """At the limit: read (a 4096x15 strip of 15x15 tiles, the first a cross)."""
    strip = np.full((15, 4096, 4), 255, dtype=np.uint8)
    strip[7, 3:12, :3] = 0
    strip[3:12, 7, :3] = 0
    Image.fromarray(strip, "RGBA").save(tmp_path / "wide.png")
    assert userfile.open_png(tmp_path / "wide.png").shape == (15, 4096, 4)
