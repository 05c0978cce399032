"""generator.dev.listen, the listener's measures, on small scores written for them: a clash found
at its pattern and step (and only on a beat unless asked), sections opened by comments, the key
that fits, A-weighting against its published table, levels of known signals, and the command's
one-line errors."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from generator.cartbuild.music import parse_music
from generator.cartbuild.sfx import parse_sfx
from generator.dev.listen import (HARSH, a_weighting, best_key, clashes, figures, level_db, main,
                                  onsets, out_of_key, sections)
from generator.dev.score import Note, Score, read_score

SFX = """\
# two effects of 32 steps; the first holds c2, the second sounds b2 at a beat or between beats
8 low     speed=16 {low}
9 high    speed=16 {high}
10 fifth  speed=16 {fifth}
"""


def steps(at: dict[int, str]) -> str:
    return " ".join(at.get(i, ".") for i in range(32))


def write(tmp_path, high: dict[int, str], music: str):
    (tmp_path / "sfx.txt").write_text(SFX.format(
        low=steps({i: "c2:040" for i in range(32)}), high=steps(high),
        fifth=steps({i: "g2:040" for i in range(32)})))
    (tmp_path / "music.txt").write_text(music)
    return read_score(tmp_path)


MUSIC = """\
# a header, then a blank line: not a section

# the first: a clash
0 tune  8 9 . .  start
1 tune  8 10 . .
# the second: consonant
2 tune  8 10 . .  end
"""


def test_a_major_seventh_on_a_beat_is_found_at_its_pattern_and_step(tmp_path):
    score = write(tmp_path, {8: "b2:040", 9: "b2:040"}, MUSIC)
    found = clashes(score, 0)
    assert [(c.pattern, c.step, c.kind, c.a.channel, c.b.channel) for c in found] == \
        [(0, 8, "major 7th", 0, 1)]
    assert len(clashes(score, 0, every=1)) == 2            # held into step 9, between beats


def test_a_clash_between_beats_is_not_one_on_a_beat(tmp_path):
    score = write(tmp_path, {6: "c#3:040", 10: "f#2:040"}, MUSIC)
    assert clashes(score, 0) == []
    kinds = sorted((c.step, c.kind) for c in clashes(score, 0, every=1))
    assert kinds == [(6, "minor 2nd"), (10, "tritone")]


def test_sections_are_opened_by_the_comment_right_above_a_pattern(tmp_path):
    score = write(tmp_path, {0: "e2:040"}, MUSIC)
    assert sections(score, 0, tmp_path / "music.txt") == [("the first", [0, 1]), ("the second", [2])]


def test_the_figures_count_each_channels_effects(tmp_path):
    score = write(tmp_path, {0: "e2:040"}, MUSIC)
    assert figures(score, 0) == [(3, 0, 8), (2, 1, 10), (1, 1, 9)]


def test_the_key_that_fits_a_scale_is_its_own():
    for tonic in range(12):
        scale = [Note(0, i * 100, 100, 24 + tonic + d, 0, 4, 0, 8, 0)
                 for i, d in enumerate((0, 2, 4, 5, 7, 9, 11, 0, 4, 7, 0, 7))]
        assert best_key(scale) == tonic
        assert out_of_key(scale, tonic) == []
        assert len(out_of_key(scale, (tonic + 1) % 12)) > 0


def test_a_held_note_is_one_onset_and_a_repluck_after_a_fade_is_two(tmp_path):
    score = write(tmp_path, {0: "e2:040", 1: "e2:040", 2: "e2:045", 3: "e2:025"}, MUSIC)
    notes, _ = score.timeline([0])
    heard = [n for n in onsets(notes) if n.channel == 1]
    assert [n.start // n.length for n in heard] == [0, 3]


def test_a_weighting_matches_its_table():
    """IEC 61672's A-weighting at a few of its tabulated bands (dB, to 0.1): a band's nominal
    frequency (31.5, 250, 4000 Hz) stands for its exact one, 1000 x 10^(k/10)."""
    table = {1.5: -39.4, 2.0: -19.1, 2.4: -8.6, 3.0: 0.0, 3.6: 1.0, 4.0: -2.5}    # log10 f: dB
    for e, db in table.items():
        assert 20 * np.log10(a_weighting(np.array([10 ** e]))[0]) == pytest.approx(db, abs=0.1)


def test_levels_of_known_signals():
    t = np.arange(22050) / 22050
    sine = 32767 * np.sin(2 * np.pi * 1000 * t)
    assert level_db(sine, weighted=False) == pytest.approx(-3.01, abs=0.01)
    assert level_db(sine) == pytest.approx(-3.01, abs=0.05)             # 1 kHz: weight 1
    low = 32767 * np.sin(2 * np.pi * 100 * t)
    assert level_db(low) == pytest.approx(-3.01 - 19.1, abs=0.1)
    assert level_db(np.zeros(100)) == float("-inf")


@pytest.mark.parametrize("what", ["cart", "score"])
def test_a_missing_cart_or_score_is_one_line(tmp_path, capsys, built_cart, repo, what):
    args = ([str(tmp_path / "none.p8"), "--cart-dir", str(repo / "cart")] if what == "cart"
            else [str(built_cart.path), "--cart-dir", str(tmp_path)])
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("picross: error: ") and "\n" not in err and "Traceback" not in err
    assert ("none.p8" if what == "cart" else "sfx.txt") in err


PITCH_NAMES = "c c# d d# e f f# g g# a a# b".split()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 63)), min_size=32, max_size=32)
       .filter(lambda line: any(p is not None for p in line)))       # music.txt needs a sound
def test_clashes_on_beats_are_exactly_the_harsh_intervals_over_a_held_c2(line):
    """Any line against a held c2 (above it or below): the clashes found on beats are its notes
    on steps 0, 4, ... 28 a minor 2nd, tritone or major 7th from c2 in any octave, no more and
    no fewer, each named by the interval from the lower note up."""
    high = {i: f"{PITCH_NAMES[p % 12]}{p // 12}:040" for i, p in enumerate(line) if p is not None}
    text = SFX.format(low=steps({i: "c2:040" for i in range(32)}), high=steps(high),
                      fifth=steps({i: "g2:040" for i in range(32)}))
    sfx = parse_sfx(text)
    score = Score(parse_music("0 tune 8 9 . . start end\n", sfx), sfx, {8: "low", 9: "high", 10: "fifth"})
    # the interval from the lower note up to the higher, less whole octaves
    want = [(k, HARSH[abs(line[k] - 24) % 12]) for k in range(0, 32, 4)
            if line[k] is not None and abs(line[k] - 24) % 12 in HARSH]
    assert [(c.step, c.kind) for c in clashes(score, 0)] == want
