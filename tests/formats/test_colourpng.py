"""Colour PNGs of pictures: what reads, and the one-line refusals a designer meets."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from generator import UserError
from generator.formats.colourpng import colour_png, read_colour_png, slug

SOL = np.array([[1, 1, 0], [0, 1, 0], [1, 1, 1]], dtype=bool)


def rgb_of(sol, seed=0):
    rng = np.random.default_rng(seed)
    return np.where(sol[..., None], rng.integers(0, 256, sol.shape + (3,)), 0).astype(np.uint8)


@pytest.mark.parametrize("name,want", [("moon over ridge", "moon-over-ridge"), ("Axe", "axe"),
                                       ("it's a-b!", "it-s-a-b"), ("pine.", "pine")])
def test_slug(name, want):
    assert slug(name) == want


def test_round_trip(tmp_path):
    rgb = rgb_of(SOL)
    colour_png(rgb, SOL).save(tmp_path / "p.png")
    assert (read_colour_png(tmp_path / "p.png", SOL) == rgb).all()


def save_rgba(path, rgba):
    Image.fromarray(np.asarray(rgba, dtype=np.uint8), "RGBA").save(path)
    return path


def rgba_of(sol):
    a = np.zeros(sol.shape + (4,), dtype=np.uint8)
    a[sol] = (200, 100, 50, 255)
    return a


@pytest.mark.parametrize("edit,words", [
    (lambda a: a[:2], "is 3x2 pixels; its picture is 3x3"),
    (lambda a: a.__setitem__((0, 2, 3), 255) or a, "row 1 column 3 is coloured, but the picture leaves it empty"),
    (lambda a: a.__setitem__((2, 0, 3), 0) or a, "row 3 column 1 is transparent, but the picture fills it"),
    (lambda a: a.__setitem__((1, 1, 3), 128) or a, "row 2 column 2 is partly transparent (alpha 128)"),
])
def test_mismatches_are_one_line(tmp_path, edit, words):
    path = save_rgba(tmp_path / "p.png", edit(rgba_of(SOL)))
    with pytest.raises(UserError) as e:
        read_colour_png(path, SOL)
    assert words in str(e.value) and "\n" not in str(e.value) and str(path) in str(e.value)


def test_an_rgb_png_without_alpha_is_refused_on_its_first_empty_cell(tmp_path):
    path = tmp_path / "p.png"
    Image.new("RGB", (3, 3), (9, 9, 9)).save(path)
    with pytest.raises(UserError, match="row 1 column 3 is coloured, but the picture leaves it empty"):
        read_colour_png(path, SOL)


@pytest.mark.parametrize("data", [b"", b"\x89PNG\r\n\x1a\n", b"GIF89a" + bytes(40), "é".encode("latin-1")])
def test_broken_files_are_one_line(tmp_path, data):
    path = tmp_path / "p.png"
    path.write_bytes(data)
    with pytest.raises(UserError) as e:
        read_colour_png(path, SOL)
    assert "\n" not in str(e.value) and str(path) in str(e.value)


def test_a_truncated_png_is_one_line(tmp_path):
    path = tmp_path / "p.png"
    colour_png(rgb_of(SOL), SOL).save(path)
    path.write_bytes(path.read_bytes()[:60])
    with pytest.raises(UserError, match="damaged PNG|cannot read"):
        read_colour_png(path, SOL)
