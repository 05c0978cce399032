"""The cart on other PICO-8 players (fake-08 on handhelds, tac08, web players): it keeps to the
documented, commonly implemented API. Played on a console without upper memory (0x8000-0xffff
reads 0 and drops writes, as in tac08 and fake-08 before 64 KiB) it draws and saves exactly
as with it; pause-menu items act on O/X only (PICO-8 and fake-08 also call a callback on
left/right, tac08 passes no argument); and scans of the Lua for the forms players treat
differently."""
import re

import numpy as np
import pytest

from generator.console.api import PICO8_NAMES
from generator.console.console import Console
from generator.playtest.player import Player

from cartfixtures import REPO

UPPER = 0x8000


# 32 KiB: the cart's memory functions see upper memory read as 0 and drop writes to it
LOW_MEMORY = """
local pk, pk2, pk4, po, po2, po4, mc, ms = peek, peek2, peek4, poke, poke2, poke4, memcpy, memset
local function up(a, n) return (flr(a) & 0x8000) ~= 0 or (flr(a) + (n or 1) - 1) & 0x8000 ~= 0 end
local function reader(f, w)
 return function(a, n)
  n = n or 1
  if not up(a, n * w) then return f(a, n) end
  local t = {}
  for i = 0, n - 1 do t[i + 1] = up(a + i * w, w) and 0 or f(a + i * w) end
  return unpack(t, 1, n)
 end
end
local function writer(f, w)
 return function(a, ...)
  local v = {...}
  for i = 1, #v do
   local at = a + (i - 1) * w
   if not up(at, w) then f(at, v[i]) end
  end
 end
end
peek, peek2, peek4 = reader(pk, 1), reader(pk2, 2), reader(pk4, 4)
poke, poke2, poke4 = writer(po, 1), writer(po2, 2), writer(po4, 4)
function memcpy(d, s, n)
 if not up(d, n) and not up(s, n) then return mc(d, s, n) end
 for i = 0, n - 1 do
  if not up(d + i) then po(d + i, up(s + i) and 0 or pk(s + i)) end
 end
end
function memset(d, v, n)
 if not up(d, n) then return ms(d, v, n) end
 for i = 0, n - 1 do if not up(d + i) then po(d + i, v) end end
end
"""


class LowPlayer(Player):
    def __init__(self, cart_path, cartdata=None) -> None:
        self.c = Console.load(cart_path, cartdata={} if cartdata is None else cartdata)
        self.c.exec(LOW_MEMORY, "=low memory")
        self.c.boot()
        self.last_fresh = {}


def session(p: Player) -> tuple[list, np.ndarray, list]:
    """Play a little, leave, come back: the screens along the way, the board, the cartdata."""
    shots = []

    def shoot(frames=3):
        for _ in range(frames):
            p.idle(1)
            shots.append(p.c.screen())

    p.open_puzzle(0, 2)
    shoot()
    p.press("o")
    p.press("right")
    p.press("x")
    shoot()
    p.c.choose_menuitem("leave puzzle")
    shoot()                                   # the list, drawn once and then cached
    p.press("right")
    shoot()
    p.press("left")
    p.press("o")                              # the same puzzle again
    shoot()
    return shots, p.board(), list(p.c.cartdata_store.values())


def test_the_cart_plays_the_same_without_upper_memory(cart_path):
    assert LowPlayer(cart_path).g("no_upper_memory") and not Player(cart_path).g("no_upper_memory")
    shots, board, saved = session(Player(cart_path))
    low_shots, low_board, low_saved = session(LowPlayer(cart_path))
    assert board.sum() == 3 and (board == low_board).all()   # a fill and a cross, kept
    assert saved == low_saved
    for k, (a, b) in enumerate(zip(shots, low_shots)):
        assert (a == b).all(), f"screen {k} differs"
    # the list screen is not blank after its first frame
    assert all((s != s[0, 0]).sum() > 500 for s in low_shots)


def test_a_board_comes_back_from_the_save_without_upper_memory(cart_path):
    p = LowPlayer(cart_path)
    p.open_puzzle(0, 1)
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    again = LowPlayer(cart_path, p.c.cartdata_store)
    again.open_puzzle(0, 1)
    assert (again.board() == p.board()).all() and again.board().sum() == 1


@pytest.mark.parametrize("b", [1, 2])
def test_menu_items_ignore_left_and_right(cart_path, b):
    p = Player(cart_path)
    p.open_puzzle(0, 0)
    p.press("o")
    marks = p.board().copy()
    for item in ("hint", "undo", "redo", "clear board", "leave puzzle"):
        assert p.c.choose_menuitem(item, b) is True         # the menu stays open
        p.idle(1)
        assert p.on("play_update") and not p.g("hint_maker") and not p.g("question")
        assert (p.board() == marks).all()


@pytest.mark.parametrize("b", [32, 112, None])
def test_menu_items_act_on_o_and_x_or_no_argument(cart_path, b):
    p = Player(cart_path)
    p.open_puzzle(0, 0)
    p.press("o")
    assert p.c.choose_menuitem("undo", b) is True           # undo keeps the menu open
    assert p.board().sum() == 0
    p.c.choose_menuitem("redo", b)
    assert p.board().sum() == 1
    p.c.choose_menuitem("leave puzzle", b)
    p.idle(1)
    assert p.on("puzzles_update")


# -- scans of the cart's Lua

def lua_files():
    for f in sorted((REPO / "cart").glob("*.lua")):
        yield f.name, "\n".join(line.split("--")[0] for line in f.read_text().splitlines())


def calls(text: str, names: str):
    """(name, argument text) of each call of the functions in `names` (a regex alternation)."""
    for m in re.finditer(rf"(?<![\w.:])({names})\(", text):
        depth, i = 0, m.end()
        while depth or text[i] != ")":
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield m.group(1), text[m.end():i]


_OPS = {"@": "peek", "%": "peek2", "$": "peek4"}


def peek_ops(text: str):
    """("peek"/"peek2"/"peek4", address text) of each use of PICO-8's peek operators @, % and $
    (% only where it is unary: after an operator, a bracket, a comma or a keyword, not after a
    value, where it is modulo). The address is the operand: a literal, a name or a bracket."""
    for m in re.finditer(r"([@%$])\s*(\(|[\w.]+)", text):
        before = text[:m.start()].rstrip()
        if m.group(1) == "%" and before and (before[-1] in ")]}\"'" or before[-1].isalnum()
                                              or before[-1] == "_") and not re.search(
                r"(?<![\w.])(return|and|or|not|in|do|then|else)$", before):
            continue
        start = m.start(2)
        if m.group(2) == "(":
            depth, i = 0, start
            while True:
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
                if depth == 0:
                    break
            yield _OPS[m.group(1)], text[start + 1:i - 1]
        else:
            yield _OPS[m.group(1)], m.group(2)


def args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, "{": 1, "[": 1, ")": -1, "}": -1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur] if cur.strip() else out


def test_no_global_function_of_the_cart_takes_an_api_name():
    """A player's own Lua (fake-08's and tac08's bios) defines flip, save... as globals."""
    for name, text in lua_files():
        defined = set(re.findall(r"^\s*function\s+([A-Za-z_]\w*)\s*\(", text, re.M))
        assert not defined & set(PICO8_NAMES), name


def test_upper_memory_holds_only_the_screen_cache():
    """0x8000-0xffff is missing on some players: used only where main.lua's nu covers it."""
    allowed = {("memcpy", "0x8000,0x6000,0x2000"), ("memcpy", "0x6000,0x8000,0x2000"),
               ("poke", "0x9fff,1"), ("peek", "0x9fff")}
    seen = set()
    for name, text in lua_files():
        found = [*calls(text, r"peek[24]?|poke[24]?|memcpy|memset|reload"), *peek_ops(text)]
        for fn, a in found:
            where = ",".join(args(a)[:2 if fn in ("memcpy", "reload") else 1])
            if any(int(h, 16) >= UPPER for h in re.findall(r"0x([0-9a-f]+)", where, re.I)):
                assert (fn, a.replace(" ", "")) in allowed, f"{name}: {fn}({a})"
                seen.add((fn, a.replace(" ", "")))
    assert ("poke", "0x9fff,1") in seen and ("peek", "0x9fff") in seen


def test_no_peek_operator_reads_upper_memory():
    """fake-08's @, % and $ read its Lua's own 32 KiB, not the console's memory, at 0x8000 and
    above (0x9fff is read as 0x1fff, a byte of the sprite sheet): the upper-memory probe read
    the art there, and whether the cart thought it had upper memory changed with its pictures.
    The calls (peek, peek2, peek4) read the real memory everywhere."""
    for name, text in lua_files():
        for fn, a in peek_ops(text):
            hexes = re.findall(r"0x([0-9a-f]+)", a, re.I)
            assert not any(int(h, 16) >= UPPER for h in hexes), f"{name}: {fn} operator on {a}"


def test_the_rule_finds_upper_memory():
    found = [a for _, a in calls("x=peek(0xa000+i) y=peek(0x5e00)", "peek")]
    assert found == ["0xa000+i", "0x5e00"]
    # the operators too: @ is peek, % peek2 where unary (not modulo), $ peek4
    text = "a=@0x9fff b=%(0xa000+i) c=$0x8000 d=x%0x8000 e=t[1]%8 if (%0x8002>0) f=1 cells=1+@k"
    assert list(peek_ops(text)) == [("peek", "0x9fff"), ("peek2", "0xa000+i"),
                                    ("peek4", "0x8000"), ("peek2", "0x8002"), ("peek", "k")]


def test_palt_takes_a_colour_and_a_flag():
    """palt(c) alone is a bitfield in PICO-8 0.2 and fake-08, a colour in older players."""
    for name, text in lua_files():
        for _, a in calls(text, "palt"):
            assert len(args(a)) in (0, 2), f"{name}: palt({a})"


def test_pause_menu_callbacks_go_through_mi():
    """Only menu_item (which drops left/right but for a toggle, and keeps the on-screen menu's
    list) hands menuitem a callback."""
    with_callback = [(name, a) for name, text in lua_files()
                     for _, a in calls(text, "menuitem") if len(args(a)) == 3]
    assert [n for n, _ in with_callback] == ["main.lua"], with_callback


def test_a_list_of_solved_pictures_ends_up_the_same_without_upper_memory(cart_path):
    """Thumbnails are drawn 7 a frame into the cache; without it, all at once every frame: once
    the page is complete the two screens agree."""
    from generator.playtest.player import saved_progress
    shots = []
    for cls in (Player, LowPlayer):
        p = cls(cart_path, saved_progress(cart_path, {q: 90 for q in range(40)}))
        p.idle(2)
        p.press("o")
        p.press("o")
        p.idle(8)
        shots.append(p.c.screen())
    assert (shots[0] == shots[1]).all()
