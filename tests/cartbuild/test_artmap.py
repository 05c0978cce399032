"""The spritesheet mapping on small synthetic images, including every refusal."""
import numpy as np
import pytest
from PIL import Image

from generator import UserError
from generator.cartbuild.artmap import Rect, WorldArt, label_pixels, load_rgba, map_sheet
from generator.cartbuild.palette import PICO8

STD = [PICO8[i] for i in range(16)]
SECRET = [PICO8[128 + i] for i in range(16)]
ART_ROWS = 16
A = WorldArt("a", 0, 0, 2, Rect(0, 4, 8, 4))
B = WorldArt("b", 0, 2, 2, Rect(8, 4, 8, 4))


def sheet():
    """Art rows: A's slot 0 everywhere, both swatch strips, B's backdrop in B's slot 3."""
    img = np.zeros((128, 128, 4), dtype=np.uint8)
    img[:ART_ROWS, :, :3] = STD[0]
    img[:ART_ROWS, :, 3] = 255
    for i in range(16):
        img[0:2, 2 * i:2 * i + 2, :3] = STD[i]
        img[2:4, 2 * i:2 * i + 2, :3] = SECRET[i]
    img[4:8, 8:16, :3] = SECRET[3]
    return img


def run(img):
    return map_sheet(img, [A, B], "a", ART_ROWS, "t.png")


def refused(img, *words):
    with pytest.raises(UserError) as e:
        run(img)
    for w in words:
        assert w in str(e.value)
    return str(e.value)


def test_maps_each_region_with_its_palette():
    img = sheet()
    img[10, 20, :3] = STD[9]         # a UI pixel in A's slot 9
    img[5, 2, :3] = STD[14]          # A's backdrop
    img[6, 9, :3] = SECRET[15]       # B's backdrop
    res = run(img)
    assert res.slots.shape == (ART_ROWS, 128)
    assert list(res.slots[0, 0:32:2]) == list(range(16))
    assert list(res.slots[2, 0:32:2]) == list(range(16))
    assert res.slots[10, 20] == 9 and res.slots[5, 2] == 14 and res.slots[6, 9] == 15
    assert res.slots[4, 8] == 3 and res.slots[15, 127] == 0
    assert [s.pico8 for s in res.palettes["a"]] == list(range(16))
    assert [s.pico8 for s in res.palettes["b"]] == list(range(128, 144))


def test_wrong_size():
    refused(np.zeros((64, 128, 4), dtype=np.uint8), "128x64", "must be 128x128")


def test_transparent_pixel_in_art_rows():
    img = sheet()
    img[7, 33, 3] = 0
    refused(img, "(33,7)", "transparent")


def test_drawn_pixel_below_the_art_rows():
    img = sheet()
    img[90, 5, 3] = 255
    refused(img, "(5,90)", "puzzle data")


def test_swatch_not_one_colour():
    img = sheet()
    img[1, 7, :3] = STD[5]
    refused(img, "world a", "swatch 3", "not one colour")


def test_two_swatches_same_colour():
    img = sheet()
    img[2:4, 10:12, :3] = SECRET[2]
    refused(img, "world b", "swatches 2 and 5", "#422136")


def test_swatch_too_far_from_pico8():
    img = sheet()
    img[0:2, 14:16, :3] = (0, 255, 255)      # cyan: nothing like it in PICO-8
    msg = refused(img, "world a", "swatch 7", "#00ffff", "CIEDE2000", "limit is 10")
    assert "nearest PICO-8 colour" in msg


def test_more_than_16_colours():
    img = sheet()
    for k in range(17):
        img[12, 40 + k, :3] = (k * 3, 100, 100)
    refused(img, "distinct colours", "world a", "at most 16")


def test_pixel_not_among_the_swatches():
    img = sheet()
    img[13, 77, :3] = SECRET[4]                # B's colour in A's (UI) area
    refused(img, "(77,13)", "#742f29", "world a")


def test_other_worlds_colour_in_a_backdrop():
    img = sheet()
    img[5, 10, :3] = STD[8]                    # A's colour inside B's backdrop
    refused(img, "(10,5)", "#ff004d", "world b")


def test_png_files_and_label(tmp_path):
    p = tmp_path / "s.png"
    Image.fromarray(sheet(), "RGBA").save(p)
    assert run(load_rgba(p, "spritesheet")).slots[2, 2] == 1
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    with pytest.raises(UserError, match="cannot read spritesheet image"):
        load_rgba(bad, "spritesheet")
    lab = np.zeros((128, 128, 3), dtype=np.uint8)
    lab[0, 0], lab[0, 1], lab[5, 5] = PICO8[7], PICO8[143], (250, 200, 168)
    Image.fromarray(lab).save(tmp_path / "l.png")
    px = label_pixels(tmp_path / "l.png")
    assert (px[0, 0], px[0, 1], px[5, 5], px[9, 9]) == (7, 31, 15, 0)
    Image.fromarray(lab[:100]).save(tmp_path / "small.png")
    with pytest.raises(UserError, match="label is 128x100"):
        label_pixels(tmp_path / "small.png")
