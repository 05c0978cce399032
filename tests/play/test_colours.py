"""The solved picture's colours: a cart world's palette for the batches the cart packs, and
RGB as terminal colour numbers; and the picture files `picross play` also reads."""
from cartfixtures import REPO
from generator.cli.play import read_playable
from generator.play.colours import DEFAULT_RAMP, basic8, ramp_colour, world_ramps, xterm256
from generator.cartbuild.worlds import read_worlds
from generator.pico8 import COLOURS


def test_cart_batches_get_their_worlds_palette():
    ramps = world_ramps(REPO / "cart" / "puzzles.json", 300)
    # the slices of the random batch each world packs, from worlds.json
    slices = {w.title: (ref.start, ref.start + ref.count)
              for w in read_worlds(REPO / "cart" / "worlds.json").worlds
              for ref in w.batches if ref.path.name == "puzzles.json"}
    for title, (start, stop) in slices.items():
        assert ramps[start][0] == title and ramps[stop - 1][0] == title
    packed = {i for start, stop in slices.values() for i in range(start, stop)}
    assert all(ramps[i] == (None, DEFAULT_RAMP) for i in range(300) if i not in packed)
    (s0, _), (s1, _) = slices.values()
    assert ramps[s0][1] != ramps[s1][1]
    assert all(c in COLOURS.values() for c in ramps[0][1])
    pictures = world_ramps(REPO / "cart" / "pictures" / "firewatch.json", 13)
    assert {w for w, _ in pictures} == {"ember lookout"}


def test_other_files_get_the_default_ramp(tmp_path):
    assert world_ramps(REPO / "tests" / "data" / "small_batch.json", 6) == [(None, DEFAULT_RAMP)] * 6
    assert world_ramps("-", 1) == [(None, DEFAULT_RAMP)]
    ramp = (1, 2, 3, 4)
    assert [ramp_colour(ramp, y, 15) for y in range(15)] == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 3


def test_terminal_colour_numbers():
    assert xterm256((0, 0, 0)) == 16 and xterm256((255, 255, 255)) == 231
    assert xterm256((128, 128, 128)) == 244 and xterm256((255, 0, 77)) == 197
    assert basic8((255, 0, 77)) == 1 and basic8((41, 173, 255)) == 6


def test_picture_text_files_are_playable_too():
    path = REPO / "cart" / "pictures" / "valley.txt"
    names = [line[1:].strip() for line in path.read_text().splitlines()
             if line.startswith(";") and not line.startswith(";;")]
    puzzles = read_playable(str(path), None)
    assert [p.title for p in puzzles] == names and len(names) >= 30
    assert puzzles[0].solution.sum() > 0
