"""cart/save.lua: saves tied to the puzzle set, read field by field, never trusted: the cart boots
on any 256 bytes of cartdata and shows only valid progress; and the rules that keep the cart
portable (only save.lua touches cartdata, no multi-value pokes, shrinko8's lint is clean)."""
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.playtest.player import CARTDATA_ID, Player, saved_progress

from cartfixtures import START, REPO

NB = 4   # boards the save keeps (save.lua's nb)


def words(data: bytes) -> dict:
    return {CARTDATA_ID: [int.from_bytes(data[i:i + 4], "little") for i in range(0, 256, 4)]}


def raw(store: dict) -> bytes:
    return b"".join(v.to_bytes(4, "little") for v in store[CARTDATA_ID])


def progress(p: Player, n: int):
    """(best times, board ids in progress, clocks) as the cart holds them."""
    best = {q: p.best(q) for q in range(n) if p.best(q) is not None}
    rb = p.g("recent_boards")
    ids = [int(rb[k]) for k in range(1, len(rb) + 1)]
    clk = p.g("board_clocks")
    return best, ids, {i: float(clk[i]) for i in ids}


def check_valid(p: Player, n: int):
    best, ids, clocks = progress(p, n)
    assert all(0 <= t <= 32767 for t in best.values())
    assert len(ids) == len(set(ids)) <= NB
    assert all(1 <= i <= n or i == 255 for i in ids)
    assert all(0 <= t <= 32767 for t in clocks.values())
    assert 0 <= int(p.g("endless_solved")) <= 32767
    # the settings are four bits; a best time's options are auto-check's and auto-cross's
    assert 0 <= int(p.g("options")) <= 15
    bo = p.g("best_options")
    assert all(int(bo[q]) in (0, 2, 4, 6) for q, t in best.items() if t > 0)
    # every board's cells are marks
    bd = p.g("board_cells")
    for i in ids:
        cells = [int(bd[i][k]) for k in range(1, 46)]
        assert max(cells) < 243
    # a design read from the save is a size the editor has, its rows within it, and it takes a
    # board's place
    if p.g("design_saved"):
        z, de = int(p.g("design_size")), p.g("design_rows")
        assert z in (5, 10, 15) and len(ids) <= NB - 1
        assert all(0 <= int(de[y]) < (1 << z) if y <= z else int(de[y]) == 0 for y in range(1, 16))


def test_a_save_of_another_puzzle_set_or_layout_is_not_read(cart):
    path, manifest = cart
    store = saved_progress(path, {3: 100})
    data = bytearray(raw(store))
    assert int.from_bytes(data[:4], "little") == manifest["pz_hash"] ^ (2 << 16)
    assert Player(path, words(bytes(data))).best(3) == 100
    data[0] ^= 1                                 # another puzzle set
    p = Player(path, words(bytes(data)))
    assert p.best(3) is None
    assert raw(p.c.cartdata_store)[4:] == bytes(252)   # written afresh


@pytest.mark.slow
def test_best_times_are_kept_to_the_second_and_the_clock_saturates(cart):
    path, manifest = cart
    store = {}
    p = Player(path, store)
    p.open_puzzle(0, START)                           # a 15x15 board, after the start
    p.press("o")
    # a board left with its clock near the largest number comes back and stops at 32767 s
    p.c.exec("play_seconds=32760 keep()")
    p.c.choose_menuitem("leave puzzle")
    p.idle(1)
    again = Player(path, store)
    again.open_puzzle(0, START)
    assert float(again.g("play_seconds")) >= 32760
    again.idle(300)
    assert float(again.g("play_seconds")) == 32767
    from generator.playtest.player import solution
    sol = solution(manifest, START)
    again.c.exec("cells[7*15+7]=0")
    again.enter(sol)
    assert again.on("solved_update")
    assert again.best(START) == 32767                 # not wrapped negative
    again.idle(40)
    assert "time 546:07" in again.c.text()
    assert again.best(START + 1) is None and again.best(0) is None   # no other puzzle's record written


@pytest.mark.slow
def test_the_cart_boots_on_random_cartdata_and_shows_only_valid_progress(cart):
    """~50 random saves: noise, and valid saves with random bytes changed, cut or shuffled."""
    path, manifest = cart
    n = len(manifest["puzzles"])
    rng = random.Random(11)
    good = raw(saved_progress(path, {0: 75, 5: 300, 200: 1234}))
    for case in range(48):
        kind = case % 3
        if kind == 0:
            data = bytes(rng.randrange(256) for _ in range(256))
        else:
            data = bytearray(good)
            if kind == 2:                       # the right hash, the rest noise
                data[4:] = bytes(rng.randrange(256) for _ in range(252))
            for _ in range(rng.randrange(1, 30)):
                data[rng.randrange(4, 256)] = rng.randrange(256)
            data = bytes(data)
        store = words(data)
        p = Player(path, store)
        check_valid(p, n)
        before = progress(p, n)[0]
        # the screens that show progress, then a puzzle and a mark
        p.idle(2)
        p.press("o")
        assert "solved" in p.recent_text()
        p.press("right")
        p.press("o")
        p.press("o")
        if p.g("question"):
            p.press("o")                        # the save is full: play anyway
        assert p.on("play_update")
        p.press("x")
        p.idle(31)
        check_valid(p, n)
        assert progress(p, n)[0] == before      # no record touched
        # what it wrote reads back the same
        again = Player(path, {CARTDATA_ID: list(p.c.cartdata_store[CARTDATA_ID])})
        assert progress(again, n)[:2] == progress(p, n)[:2]
        assert p.c.max_instructions <= p.c.budget


def design_entry(size: int, rows) -> bytes:
    """A design entry: id 255, w 0xc000 + size, 15 row words."""
    return bytes([255]) + (0xC000 + size).to_bytes(2, "little") + b"".join(
        (r & 0xFFFF).to_bytes(2, "little") for r in list(rows) + [0] * (15 - len(rows)))


def test_a_design_entry_is_read_only_when_valid(cart):
    """A design of a size the editor lacks is dropped; rows reaching past its size are cut; a
    design that would pass the entries' end is not read; and best times after it still are."""
    path, manifest = cart
    n = len(manifest["puzzles"])
    base = bytearray(raw(saved_progress(path, {})))
    best = bytes([4]) + (0x8000 + 99).to_bytes(2, "little")      # puzzle 3 in 99 s (flag set below)
    for size, rows, at, want in [(5, [0x1F, 0xFFFF, 1], 40, (5, [0x1F, 0x1F, 1, 0, 0])),
                                 (10, [0x3FF] * 15, 40, (10, [0x3FF] * 10 + [0] * 5)),
                                 (3, [1, 1, 1], 40, None), (0, [1], 40, None), (16, [1], 40, None),
                                 (15, [1] * 15, 221, None)]:
        data = bytearray(base)
        data[8] |= 1 << 3
        e = design_entry(size, rows)
        data[at:at + len(e)] = e[:253 - at]
        if at + 33 + 3 <= 253:
            data[at + 33:at + 36] = best
        p = Player(path, words(bytes(data)))
        check_valid(p, n)
        if want is None:
            assert not p.g("design_saved")
        else:
            de = p.g("design_rows")
            assert int(p.g("design_size")) == want[0] and [int(de[y]) for y in range(1, 6)] == want[1][:5]
            assert p.best(3) == 99 and int(p.g("max_boards")) == NB - 1


def test_cartdata_lives_in_save_lua_only():
    for f in sorted((REPO / "cart").glob("*.lua")):
        text = f.read_text()
        if f.name != "save.lua":
            assert not re.search(r"0x5e[0-9a-f]{2}\b|cartdata|dget|dset", text, re.I), f.name


def _top_level_args(text: str, start: int) -> int:
    depth, n = 0, 1
    for ch in text[start:]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return n
            depth -= 1
        elif ch == "," and depth == 0:
            n += 1
    raise AssertionError("unclosed call")


def test_no_multi_value_poke_anywhere():
    """poke/poke2/poke4 with several values write them one byte apart on some players."""
    for f in sorted((REPO / "cart").glob("*.lua")):
        text = "\n".join(line.split("--")[0] for line in f.read_text().splitlines())
        for m in re.finditer(r"\bpoke[24]?\(", text):
            assert _top_level_args(text, m.end()) <= 2, f"{f.name}: {text[m.start():m.start() + 40]}"


def test_the_rule_finds_a_multi_value_poke():
    text = "poke2(0x5e00,puzzle+1,play_seconds)"
    assert _top_level_args(text, text.index("(") + 1) == 3


def test_shrinko8_lint_is_clean(cart):
    path, _ = cart
    exe = Path(sys.executable).parent / "shrinko8"
    r = subprocess.run([str(exe), str(path), "--lint"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr
