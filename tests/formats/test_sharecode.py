"""Share codes (generator.formats.sharecode) against docs/share-codes.md: the page's examples
are what the encoder gives (its table parsed), every grid of the three sizes and every endless
seed round-trips, the reading rules, and the check catches every single wrong symbol and every
swap of neighbouring symbols (exhaustively, on codes of every kind). Oracles written apart from
the module: the body from one big integer of the cells, the check as a sum of powers of 31."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from cartfixtures import REPO
from generator import UserError
from generator.formats.sharecode import (ALPHABET, MAX_SEED, Endless, decode, encode_grid,
                                         encode_seed, length_of, normalise, with_check)

DOC = (REPO / "docs" / "share-codes.md").read_text()
PUZZLES = json.loads((REPO / "cart" / "puzzles.json").read_text())["puzzles"]


def rows_grid(rows) -> np.ndarray:
    return np.array([[c == "#" for c in r] for r in rows], dtype=bool)


# ---- oracles, written without the module's loops -------------------------------------------

def oracle_check(symbols: str) -> str:
    """h = sum of (v + 1) * 31^(places after it), mod 1021: Horner's rule unrolled."""
    n = len(symbols)
    h = sum((ALPHABET.index(s) + 1) * pow(31, n - 1 - k, 1021) for k, s in enumerate(symbols)) % 1021
    return ALPHABET[h // 32] + ALPHABET[h % 32]


def oracle_code(grid: np.ndarray) -> str:
    """The cells as one binary number, written in base 32, most significant first."""
    n = grid.shape[0]
    number = int("".join("1" if c else "0" for c in grid.ravel()), 2)
    body = "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(n * n // 5)))
    kind = {5: "5", 10: "a", 15: "f"}[n]
    return kind + body + oracle_check(kind + body)


# ---- the page -------------------------------------------------------------------------------

def doc_table() -> dict[str, tuple[int, str]]:
    """The page's table: kind -> (symbols, example column)."""
    rows = {}
    for line in DOC.splitlines():
        m = re.match(r"\|\s*(5x5|10x10|15x15|endless)\s*\|\s*(\d+)\s*\|(.*)\|\s*$", line)
        if m:
            rows[m.group(1)] = (int(m.group(2)), m.group(3))
    return rows


def test_the_pages_alphabet_is_the_modules():
    block = re.search(r"## Alphabet.*?```\n(.*?)\n```", DOC, re.S).group(1).strip()
    assert block == ALPHABET and len(set(ALPHABET)) == 32
    assert not set("ilou") & set(ALPHABET)


def test_the_pages_table_gives_every_kinds_length():
    table = doc_table()
    assert set(table) == {"5x5", "10x10", "15x15", "endless"}
    for name, kind in (("5x5", "5"), ("10x10", "a"), ("15x15", "f"), ("endless", "e")):
        assert table[name][0] == length_of(kind)


def test_the_pages_5x5_example_is_the_encoders():
    example = doc_table()["5x5"][1]
    code, *rows = re.findall(r"`([^`]+)`", example)
    grid = rows_grid(rows)
    assert grid.shape == (5, 5)
    assert encode_grid(grid) == code == oracle_code(grid)
    assert (decode(code) == grid).all()


def test_the_pages_15x15_example_is_the_first_puzzle_of_puzzles_json():
    example = doc_table()["15x15"][1]
    assert "first" in example and "cart/puzzles.json" in example
    code = re.findall(r"`([0-9a-z]+)`", example)[0]
    grid = rows_grid(PUZZLES[0]["rows"])
    assert encode_grid(grid) == code == oracle_code(grid)


def test_the_pages_endless_examples_are_the_encoders():
    pairs = re.findall(r"`([0-9a-z]+)` \(seed (\d+)\)", doc_table()["endless"][1])
    assert len(pairs) == 3
    for code, seed in pairs:
        assert encode_seed(int(seed)) == code
        assert decode(code) == Endless(int(seed))


def test_the_pages_empty_5x5_is_well_formed_but_refused():
    code = re.search(r"An all-empty 5x5 is `([0-9a-z]+)`", DOC).group(1)
    assert with_check("5" + "0" * 5) == code == oracle_code(np.zeros((5, 5), bool))
    with pytest.raises(UserError, match="empty"):
        decode(code)
    with pytest.raises(UserError, match="empty"):
        encode_grid(np.zeros((5, 5), bool))


# ---- round trips ----------------------------------------------------------------------------

def grids(n: int):
    return arrays(bool, (n, n)).filter(lambda g: g.any())


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([5, 10, 15]).flatmap(grids))
def test_every_grid_round_trips(grid):
    code = encode_grid(grid)
    assert code == oracle_code(grid)
    assert len(code) == length_of(code[0]) and set(code) <= set(ALPHABET)
    back = decode(code)
    assert back.dtype == bool and (back == grid).all()
    assert (decode(encode_grid(grid.astype(np.int8))) == grid).all()    # 0/1 numbers too


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([5, 10, 15]).flatmap(grids), st.randoms(use_true_random=False))
def test_a_code_read_as_a_person_types_it_is_the_same(grid, rnd):
    """Upper case, groups split by spaces, '-' and line ends, 0 as o, 1 as i or l."""
    code = encode_grid(grid)
    typed = ""
    for k, s in enumerate(code):
        s = {"0": rnd.choice("0oO"), "1": rnd.choice("1iIlL")}.get(s, s)
        typed += s.upper() if rnd.random() < 0.5 else s
        if k % 4 == 3:
            typed += rnd.choice([" ", "-", "\t", "\n", "\r\n", " - "])
    assert normalise(typed) == code
    assert (decode(typed) == grid).all()


def test_every_endless_seed_round_trips():
    codes = {encode_seed(s) for s in range(MAX_SEED + 1)}
    assert len(codes) == MAX_SEED + 1
    for seed in range(0, MAX_SEED + 1, 97):
        code = encode_seed(seed)
        assert len(code) == 6 and decode(code) == Endless(seed)
        assert code == "e" + code[1:4] + oracle_check(code[:4])
    assert decode(encode_seed(MAX_SEED)) == Endless(MAX_SEED)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5, True, "7", None])
def test_a_seed_outside_the_carts_range_has_no_code(seed):
    with pytest.raises(UserError, match="0 to 32767"):
        encode_seed(seed)


@pytest.mark.parametrize("shape", [(4, 4), (5, 10), (10, 5), (15, 14), (20, 20), (1, 1), (25,), (2, 5, 5)])
def test_only_the_carts_sizes_have_codes(shape):
    with pytest.raises(UserError, match=r"5x5, 10x10 or 15x15|2-D"):
        encode_grid(np.ones(shape, bool))


def test_a_grid_with_unknown_cells_has_no_code():
    g = np.ones((5, 5), np.int8)
    g[2, 2] = -1
    with pytest.raises(UserError, match="not unknown"):
        encode_grid(g)


# ---- the check --------------------------------------------------------------------------------

def sample_codes() -> list[str]:
    heart = rows_grid([".#.#.", "#####", "#####", ".###.", "..#.."])
    rng = np.random.default_rng(23)
    ten = rng.random((10, 10)) < 0.5
    return [encode_grid(heart), encode_grid(ten), encode_grid(rows_grid(PUZZLES[0]["rows"])),
            encode_grid(rows_grid(PUZZLES[7]["rows"])), encode_seed(1234), encode_seed(0),
            encode_seed(MAX_SEED)]


@pytest.mark.parametrize("code", sample_codes())
def test_every_single_wrong_symbol_is_refused(code):
    for k, s in enumerate(code):
        for t in ALPHABET:
            if t != s:
                with pytest.raises(UserError):
                    decode(code[:k] + t + code[k + 1:])


@pytest.mark.parametrize("code", sample_codes())
def test_every_swap_of_neighbouring_different_symbols_is_refused(code):
    swaps = 0
    for k in range(len(code) - 1):
        if code[k] != code[k + 1]:
            swaps += 1
            with pytest.raises(UserError):
                decode(code[:k] + code[k + 1] + code[k] + code[k + 2:])
    assert swaps


@pytest.mark.parametrize("code", sample_codes())
def test_every_lost_or_doubled_symbol_is_refused(code):
    for k in range(len(code)):
        with pytest.raises(UserError, match="symbols|kind"):
            decode(code[:k] + code[k + 1:])
        with pytest.raises(UserError, match="symbols|kind"):
            decode(code[:k] + code[k] + code[k:])


def test_the_check_catches_every_body_swap_into_the_check_for_every_state():
    """The page claims every neighbouring swap: the one across body and check too, for every
    state h the check can be in before the last body symbol, and every last symbol."""
    for before in range(1021):
        for v in range(32):
            h = (before * 31 + v + 1) % 1021
            c1, c2 = divmod(h, 32)
            if c1 != v:
                swapped = (before * 31 + c1 + 1) % 1021
                assert divmod(swapped, 32) != (v, c2)


# ---- refusals say what is wrong ---------------------------------------------------------------

HEART = "5azze4wm"


@pytest.mark.parametrize("text, words", [
    ("", "none"), (" \t\n--", "none"),
    ("5azze4wu", r"'u' \(character 8 of the text\)"),
    ("5az ze4w!", r"'!' \(character 9"),
    ("5azz\x00e4wm", r"U\+0000 \(character 5"),
    ("5azz\x1be4wm", r"U\+001B"),
    ("5azzé4wm", r"U\+00E9 'é' \(character 5"),
    ("５azze4wm", r"U\+FF15"),                 # a fullwidth digit is no digit of ours
    ("\u212azze4wm", r"U\+212A"),              # the Kelvin sign lowercases to k elsewhere
    ("5azz\u00a0e4wm", r"U\+00A0"),            # a no-break space is not dropped
    ("kazze4wm", "unknown kind 'k'"), ("0azze4wm", "unknown kind '0'"),
    ("5azze4w", r"a 5x5 code has 8 symbols, this one has 7 \(missing\)"),
    ("5azze4wmm", r"this one has 9 \(too many\)"),
    ("a" + "0" * 22, "damaged"), ("5azze4wn", "damaged"), ("5zaze4wm", "damaged"),
    ("e16js", "an endless code has 6 symbols"),
    ("500000g3", "empty"),
])
def test_a_bad_code_is_one_line_saying_what_is_wrong(text, words):
    with pytest.raises(UserError, match=words) as e:
        decode(text)
    assert "\n" not in str(e.value)


def test_a_huge_text_is_refused_by_its_length_quickly():
    with pytest.raises(UserError, match="this one has 1,048,576"):
        decode("f" + "0" * ((1 << 20) - 1))
    with pytest.raises(UserError, match=r"character 1,048,577"):
        decode("0" * (1 << 20) + "u")


def test_a_code_is_text():
    with pytest.raises(UserError, match="text"):
        decode(b"5azze4wm")
