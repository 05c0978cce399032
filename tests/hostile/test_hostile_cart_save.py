"""Every field of the cart's save (the 256 cartdata bytes, laid out in cart/save.lua's header)
written with its out-of-range values: the cart boots, shows no invalid value, keeps none (the
save it writes back passes a reader written here from the layout alone), and loses no board but
the one the bad field belongs to."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from generator.playtest.player import CARTDATA_ID, Player, saved_progress
from sharecoderef import encode_seed

ENTRIES, END = 40, 253          # entries from byte 40; none may start at 253 or later
OPTIONS = 255


def words(data: bytes) -> dict:
    return {CARTDATA_ID: [int.from_bytes(data[i:i + 4], "little") for i in range(0, 256, 4)]}


def raw(store: dict) -> bytes:
    return b"".join(v.to_bytes(4, "little") for v in store[CARTDATA_ID])


@dataclass
class Save:
    """The save as the layout reads it, and every way it breaks the layout's ranges."""
    seed: int = 0
    solved_count: int = 0
    solved: set = field(default_factory=set)
    boards: dict = field(default_factory=dict)        # id -> (at, clock, 45 bytes)
    best: dict = field(default_factory=dict)          # puzzle -> (at, seconds)
    design: tuple | None = None                       # (at, size, rows)
    faults: list = field(default_factory=list)
    end: int = ENTRIES                                # where the entries end


def size_of(board_id: int, sizes: list[int]) -> int:
    return 15 if board_id == 255 else sizes[board_id - 1]


def read_save(data: bytes, sid: int, sizes: list[int]) -> Save:
    n = len(sizes)
    s = Save()
    bad = s.faults.append
    if int.from_bytes(data[:4], "little") != sid:
        bad("sid")
    s.seed = int.from_bytes(data[4:6], "little")
    s.solved_count = int.from_bytes(data[6:8], "little")
    if s.seed > 32767:
        bad("seed")
    if s.solved_count > 32767:
        bad("endless solved")
    for p in range(256):
        if data[8 + p // 8] >> p % 8 & 1:
            if p < n:
                s.solved.add(p)
            elif p != 255:                 # bit 7 of byte 39: music off
                bad(f"solved flag {p}")
    if data[OPTIONS] & ~14:                # 2 auto-check, 4 auto-cross, 8 double tap
        bad("options")
    a = ENTRIES
    while a < END and data[a]:
        ident, w = data[a], int.from_bytes(data[a + 1:a + 3], "little")
        a += 3
        if w < 0x8000:
            cells = data[a:a + 45]
            if not (1 <= ident <= n or ident == 255) or ident in s.boards or len(cells) < 45:
                bad(f"board {ident}")
            elif max(cells) > 242:
                bad(f"board {ident} cells")
            else:
                k = size_of(ident, sizes)
                marks = [cells[i // 5] // 3 ** (i % 5) % 3 for i in range(225)]
                if any(marks[i] for i in range(225) if i % 15 >= k or i // 15 >= k):
                    bad(f"board {ident} marks off its board")
                s.boards[ident] = (a - 3, w, bytes(cells))
            a += 45
        elif ident == 255 and w & 0x4000:
            z = w & 0x3FFF
            rows = [int.from_bytes(data[a + 2 * y:a + 2 * y + 2], "little") for y in range(15)]
            if z not in (5, 10, 15) or a + 30 > END:
                bad("design size")
            elif any(r >> z for r in rows) or any(rows[z:]) or not any(rows):
                bad("design rows")
            elif s.design:
                bad("second design")
            else:
                s.design = (a - 3, z, rows)
            a += 30
        elif ident == 255:
            if w & 0x7FFF & ~6:
                bad("option mark")
        else:
            p, t = ident - 1, w & 0x7FFF
            if p >= n or p not in s.solved or p in s.best or t < 1:
                bad(f"best time {ident}")
            else:
                s.best[p] = (a - 3, t)
    s.end = a
    if len(s.boards) > (3 if s.design else 4):
        bad("boards")
    return s


@pytest.fixture(scope="module")
def base(built_cart):
    """A save the cart wrote: a 5x5 board, a 15x15 board, an endless board, three best times."""
    path, manifest = built_cart.path, built_cart.manifest
    store = saved_progress(path, {1: 50, 2: 60, 9: 1234})
    p = Player(path, store)
    p.open_puzzle(0, 0)                          # puzzle 0: 5x5
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("right")
    p.press("right")
    p.press("right")
    p.press("right")
    p.press("right")
    p.press("right")
    p.press("o")                                 # no. 7: 15x15
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("x")
    p.press("right")
    p.press("right")                             # endless
    p.press("o")
    for _ in range(600):
        p.idle(1)
        if p.on("play_update"):
            break
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    data = raw(p.c.cartdata_store)
    sizes = [q["size"] for q in manifest["puzzles"]]
    sid = int.from_bytes(data[:4], "little")
    s = read_save(data, sid, sizes)
    assert not s.faults and len(s.boards) == 3 and set(s.best) == {1, 2, 9}, s
    assert s.seed == int(p.g("endless_seed"))
    return path, data, sid, sizes


def mutations(data: bytes, s: Save, sizes: list[int]):
    """(what, the bytes, the board ids the change is about: they may go or change)."""
    def at(offset, values):
        d = bytearray(data)
        d[offset:offset + len(values)] = values
        return bytes(d)
    for seed in (0x8000, 0xFFFF, 0x8001):
        yield f"seed {seed:#x}", at(4, seed.to_bytes(2, "little")), {255}
    for count in (0x8000, 0xFFFF):
        yield f"endless solved {count:#x}", at(6, count.to_bytes(2, "little")), set()
    for p in (len(sizes),):
        yield f"solved flag {p}", at(8 + p // 8, [data[8 + p // 8] | 1 << p % 8]), set()
    for v in (1, 0x10, 0xF9, 0xFF):
        yield f"options {v:#x}", at(OPTIONS, [v]), set()
    for ident, (a, clock, cells) in s.boards.items():
        # (every id names a puzzle or endless: a board read as a smaller puzzle's has marks
        # off that board, and the id 0 ends the entries)
        yield f"board {ident} as id 3", at(a, [3]), {ident, 3}
        yield f"board {ident} as id 0", at(a, [0]), {i for i, b in s.boards.items() if b[0] >= a}
        for v in (243, 255):
            yield f"board {ident} cell byte {v}", at(a + 3 + 44, [v]), {ident}
        k = size_of(ident, sizes)
        if k < 15:
            # a cross in the last cell of the 15x15 layout, off this board
            yield f"board {ident} off its board", at(a + 3 + 44, [2 * 81]), {ident}
        yield f"board {ident} clock 0x7fff", at(a + 1, (0x7FFF).to_bytes(2, "little")), {ident}
    for p, (a, t) in s.best.items():
        for new_id in (len(sizes) + 1, 254, 5):            # past the puzzles, or unsolved
            yield f"best {p} as id {new_id}", at(a, [new_id]), set()
        yield f"best {p} of 0 s", at(a + 1, (0x8000).to_bytes(2, "little")), set()
    # a board where the entries end: it would run past the save
    filler = bytes([255, 0, 0x80]) * ((212 - s.end) // 3 + 1)
    yield "a board at the end", at(s.end, filler + bytes([1, 5, 0])), set()
    # the design: every size word, and rows past its size, and none filled
    end = max(b[0] + 48 for b in s.boards.values())
    for size in (0, 3, 4, 16, 0x3FFF):
        e = bytes([255]) + (0xC000 + size).to_bytes(2, "little") + bytes([0xFF] * 30)
        yield f"design size {size}", at(end, e), set()
    for rows, what in (([0] * 15, "empty"), ([0xFFFF] * 15, "rows past 5")):
        e = bytes([255]) + (0xC000 + 5).to_bytes(2, "little") + b"".join(
            r.to_bytes(2, "little") for r in rows)
        yield f"design {what}", at(end, e), set()
    # (a design beside 4 boards cannot be: 4 boards and a design need 225 of the 213 bytes)


@pytest.mark.slow
def test_every_save_field_out_of_range(base):
    path, data, sid, sizes = base
    s = read_save(data, sid, sizes)
    cases = list(mutations(data, s, sizes))
    assert len(cases) > 40
    for what, bad, may_lose in cases:
        assert len(bad) == 256, what
        store = words(bad)
        p = Player(path, store)
        # what it keeps: the save it writes back holds every field in range
        after = read_save(raw(p.c.cartdata_store), sid, sizes)
        assert not after.faults, (what, after.faults)
        # every board of it that is in range is kept as it was, besides the one changed
        for ident, (_, clock, cells) in read_save(bad, sid, sizes).boards.items():
            if ident not in may_lose:
                assert ident in after.boards, (what, ident)
                assert after.boards[ident][1:] == (clock, cells), (what, ident)
        # what it shows: the numbers on the worlds screens, none negative (a minus before a
        # digit; a dash in words, "5x5 - your design", is no number)
        p.idle(2)
        p.press("o")
        shown = []
        for _ in range(4):
            p.idle(1)
            shown.append(p.recent_text(1))
            p.press("right")
        assert not any(re.search(r"-\s*\d", t) for t in shown), (what, shown)
        assert all(0 <= int(p.g("endless_seed")) <= 32767 for _ in [0]), what
        assert p.c.max_instructions <= p.c.budget, what


def test_an_endless_seed_out_of_range_plays_the_puzzle_its_code_names(base):
    path, data, sid, sizes = base
    d = bytearray(data)
    d[4:6] = (0xFFFF).to_bytes(2, "little")
    p = Player(path, words(bytes(d)))
    seed = int(p.g("endless_seed"))
    assert 0 <= seed <= 32767
    p.idle(2)
    p.press("o")
    p.press("right")
    p.press("right")
    p.press("o")
    for _ in range(600):
        p.idle(1)
        if p.on("play_update"):
            break
    assert p.on("play_update") and int(p.g("endless_seed")) == seed
    assert p.c.exec("return share_code()") == encode_seed(seed)
    # the same seed, started from its code, is the same puzzle
    q = Player(path, {})
    q.c.exec(f"start_endless({seed})")
    for _ in range(600):
        q.idle(1)
        if q.on("play_update"):
            break
    assert q.sol().tolist() == p.sol().tolist()
