"""Readable clues: no two clue numbers touch in any puzzle of the built cart (checked on the
pixels drawn), per-number dimming agrees with brute force over every layout of a line, and dim
clues keep their contrast in both worlds."""
import itertools
import random

import numpy as np
import pytest

from cartfixtures import START
from generator.console.console import Console
from generator.playtest.player import Player, solution

# draw_number() wrapped to log what draw_clues() draws (and in which font, clue_font), where
# on the screen (less the camera, 0x5f28: draw_clues draws with it on a line's cell);
# numpix() draws each number alone and lists its pixels
LOG = """
onum=onum or draw_number
function draw_number(v,x,y,c) add(nlog,{v,x-peek2(0x5f28),y-peek2(0x5f2a),clue_font}) onum(v,x,y,c) end
function numpix()
 local s=""
 for k,n in ipairs(nlog) do
  cls()
  clue_font=n[4]
  onum(n[1],n[2],n[3],1)
  for x=n[2]-2,n[2]+6 do
   for y=n[3]-1,n[3]+5 do
    if (pget(x,y)==1) s..=x..","..y..","..k..";"
   end
  end
 end
 return s
end
"""


@pytest.fixture(scope="module")
def console(built_cart):
    c = Console.load(built_cart.path)
    c.boot()
    c.exec(LOG)
    return c, built_cart.manifest


@pytest.mark.slow
def test_no_two_clue_numbers_touch_in_any_puzzle(console):
    c, manifest = console
    for p in range(len(manifest["puzzles"])):
        # the clues of puzzle p, no cursor highlight, nothing dimmed
        c.exec(f"load_puzzle({p}) play() cursor_x,cursor_y=-9,-9 nlog={{}} cls() draw_clues()")
        # (colours 15 and 9: the cursor's strips and the column bands, not numbers)
        drawn = (c.screen() > 0) & (c.screen() != 15) & (c.screen() != 9)
        label = np.zeros((128, 128), dtype=int)
        for item in c.exec("return numpix()").split(";")[:-1]:
            x, y, k = map(int, item.split(","))
            assert label[y, x] == 0, f"puzzle {p}: two numbers on pixel {x},{y}"
            label[y, x] = k
        # the numbers logged are exactly what draw_clues() drew
        assert ((label > 0) == drawn).all(), f"puzzle {p}"
        ys, xs = np.nonzero(label)
        for y, x in zip(ys, xs):
            near = label[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
            other = near[(near > 0) & (near != label[y, x])]
            assert other.size == 0, f"puzzle {p}: clue numbers touch at pixel {x},{y}"


def _line(rng: random.Random, flip: float = 0.15) -> list[int]:
    """A random 15-cell line's clue, long runs (10-15) often; each cell flipped with chance
    `flip` (near 0.5, the clue is long: a tall column stack)."""
    cells = [False] * 15
    if rng.random() < 0.5:
        n = rng.randint(10, 15)
        s = rng.randint(0, 15 - n)
        cells[s:s + n] = [True] * n
    for i in range(15):
        if rng.random() < flip:
            cells[i] = not cells[i]
    return [len(list(g)) for k, g in itertools.groupby(cells) if k]


def test_column_numbers_keep_to_their_columns_on_the_board(console):
    """On random 15x15 column clues (half of the lines holding a run of 10-15, on a third of the
    boards 8 lines cut up into many runs): every number stays within its column's 5 px (a
    two-digit number fills it), no two numbers side by side touch, and every stack stays on the
    screen. The columns stand in two tiers: the even ones (from 0) on the board's edge, the odd
    ones over the tallest even stack, or as far as 8 lines allow; where the two fit in 8 lines no
    number has a neighbour on its line. A stack is lifted one line more only where its 10 or
    12-15 would stand beside one of the column left of it."""
    c, _ = console
    rng = random.Random(11)
    seen = lifted = tiered = shared = 0
    for k in range(300):
        # (every third board's first 8 lines cut up, so that some boards are too tall for tiers)
        cols = [_line(rng, 0.45 if k % 3 == 0 and i < 8 else 0.15) for i in range(15)]
        if k == 0:
            # (tiers sharing lines 2-5: column 1's 13 would stand beside column 0's 10)
            cols = [[10, 1, 1], [13], [2], [1] * 6] + [[1]] * 11
        lua = " ".join(f"col_clues[{i + 1}]={{{','.join(map(str, t))}}}" for i, t in enumerate(cols))
        c.exec("cursor_x,cursor_y=-9,-9 nlog={} cls() board_size,board_last,cell_px,board_corner=15,14,5,52 col_clues={} row_clues={} placed_runs={} row_done={} col_done={} "
               "for i=1,15 do row_clues[i]={} end " + lua + " draw_clues()")
        log = c.global_("nlog")
        nums = [(int(log[k][1]), int(log[k][2]), int(log[k][3])) for k in range(1, len(log) + 1)]
        col = [(v, (x + (v > 9) - 53) // 5, x, y) for v, x, y in nums if x >= 52]
        assert len(col) == sum(max(1, len(t)) for t in cols)
        assert min(y for *_, y in col) >= 0, cols
        p = 7 if max(y for *_, y in col) == 45 else 6
        wide = {(i, y) for v, i, _, y in col if v > 9 and v != 11}
        ink = {}
        for v, i, x, y in col:
            ink[i, y] = (x + 1, x + 3) if v == 11 else (x, x + (4 if v > 9 else 2))
            assert 52 + 5 * i <= ink[i, y][0] and ink[i, y][1] <= 56 + 5 * i, (cols, v, i, x)
            seen += v > 9
        for (i, y), (a, b) in ink.items():
            if (i + 1, y) in ink:
                assert ink[i + 1, y][0] - b - 1 >= 1, (cols, i, y)       # 1 px apart or more
        # (the tallest stack of the even and of the odd columns: an empty column shows a 0)
        tall = [max(max(1, len(t)) for t in cols[k::2]) for k in (0, 1)]
        tiers = sum(tall) < 9
        tiered += tiers
        shared += not tiers and tall[1] < 8
        for i in range(15):
            ys = [y for _, j, _, y in col if j == i]
            more = (52 - p - max(ys)) // p - i % 2 * min(tall[0], 8 - tall[1])
            lifted += more
            assert more == 0 or more == 1 and any((i, y) in wide and (i - 1, y + p) in wide for y in ys), \
                (cols, i, more)
            if tiers:
                assert not any((j, y) in ink for y in ys for j in (i - 1, i + 1)), (cols, i)
    assert seen > 300 and 0 < lifted < 300 and 50 < tiered < 280 and shared > 10, (seen, lifted, tiered, shared)


def placements(t, n=15):
    """Every layout of clue t on n cells: lists of run starts."""
    if not t:
        yield []
        return
    l, rest = t[0], t[1:]
    need = sum(rest) + len(rest)
    for s in range(0, n - l - need + 1):
        for tail in placements(rest, n - s - l - 1):
            yield [s] + [s + l + 1 + q for q in tail]


def brute(t, f, x, n=15):
    """Runs of t placed by the marks: the same cells in every agreeing layout, all filled."""
    starts = []
    for st in placements(t, n):
        cells = set()
        for s, l in zip(st, t):
            cells.update(range(s, s + l))
        if all((i in cells) == bool(f >> i & 1) for i in range(n) if f >> i & 1 or x >> i & 1):
            starts.append(st)
    out = []
    for j, l in enumerate(t):
        ss = {st[j] for st in starts}
        out.append(len(ss) == 1 and all(f >> i & 1 for i in range(min(ss), min(ss) + l)))
    return out


@pytest.mark.parametrize("n", [5, 10, 15])
def test_per_number_dimming_agrees_with_every_layout(console, n):
    c, _ = console
    # a blank n x n board set up as the cart sets one up (newboard: the clue-less columns
    # placed() solves a line against)
    c.exec(f"board_size={n} for y=1,15 do solution[y]=0 end new_board()")
    rng = random.Random(5 + n)
    cases = 0
    for _ in range(300):
        line = [rng.random() < 0.6 for _ in range(n)]
        t = [len(list(g)) for k, g in itertools.groupby(line) if k]
        f = x = 0
        for i, v in enumerate(line):
            r = rng.random()
            if v and r < 0.6 or not v and r < 0.03:
                f |= 1 << i
            elif not v and r < 0.5 or v and r > 0.98:
                x |= 1 << i
        got = c.exec(f"local d=placed({{{','.join(map(str, t))}}},{f},{x}) "
                     f"local s='' for j=1,{len(t)} do s..=(d[j] and 1 or 0) end return s")
        assert [ch == "1" for ch in got] == brute(t, f, x, n), (t, bin(f), bin(x))
        cases += any(brute(t, f, x, n))
    assert cases > 50


def lum(rgb):
    def ch(v):
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a, b):
    la, lb = sorted((lum(a), lum(b)))
    return (lb + 0.05) / (la + 0.05)


@pytest.mark.parametrize("world", [1, 2])
def test_dim_clues_stay_readable_and_distinct_in_both_worlds(console, world):
    """Dim clue colour (ui 7) against the backdrop (0) and the cursor-row highlight (15), and
    against the plain clue colour (6): WCAG contrast ratios."""
    c, _ = console
    c.exec(f"use_palette({world}) " + " ".join(f"rectfill({k * 8},0,{k * 8 + 7},7,{k})" for k in range(16)))
    rgb = c.rgb()
    col = {k: tuple(int(v) for v in rgb[2, k * 8 + 2]) for k in range(16)}
    assert contrast(col[7], col[0]) >= 2.2
    assert contrast(col[7], col[15]) >= 2.2
    assert contrast(col[6], col[7]) >= 2.5
    assert contrast(col[10], col[15]) >= 4.5       # questions and codes on the highlight


def _row_font(c) -> str:
    """The font draw_clues() draws a 15x15 board's row numbers in where they are too wide for two
    tiers (the first 15x15 puzzle, START, its rows given four numbers each), left in the Lua
    global row_font (its name, for `_glyphs`)."""
    c.exec(f"load_puzzle({START}) play() cursor_x,cursor_y=-9,-9 nlog={{}} cls() "
           "for i=1,15 do row_clues[i]=split'5,2,3,4' end draw_clues() "
           "for n in all(nlog) do if n[2]<board_corner then row_font=n[4] end end")
    return "row_font"


def _glyphs(c, font: str) -> list:
    """Each digit as the cart's draw_number() draws it in `font` (a Lua expression: a font table,
    its 12th entry its height less 1, its 13th its width; 3x4 when it has none), read back from
    the screen (height x width booleans)."""
    h, w = (int(float(v)) for v in c.exec(f"local f={font} return (f[12] or 3)+1 .. ',' .. (f[13] or 3)").split(","))
    c.exec(f"pal() cls() clue_font={font} for d=0,9 do onum(d,2+d*6,2,7) end clue_font=digit_bits_tall")
    px = c.screen()
    glyphs = [px[2:2 + h, 2 + d * 6:2 + w + d * 6] == 7 for d in range(10)]
    assert all(g.sum() >= 4 for g in glyphs)
    assert (px == 7).sum() == sum(int(g.sum()) for g in glyphs)      # nothing drawn outside h x w
    return glyphs


def _closest(glyphs) -> tuple[int, tuple[int, int]]:
    return min((int((glyphs[a] != glyphs[b]).sum()), (a, b)) for a, b in itertools.combinations(range(10), 2))


GLYPH_LEAST = 3      # pixels in which every two digits differ (readers confused pairs at 1-2)


def test_every_two_row_digits_differ_by_three_pixels_or_more(console):
    """Readers took an 8 for a 0 when they differed by one pixel, and 3 for 8, 4 for 9, 1 for 2
    at two: each digit of the rows' font drawn by the cart's draw_number() and read back from the
    screen differs from every other in at least GLYPH_LEAST pixels. More is not better by itself:
    a set whose digits all differ by 4 px or more (an 8 of a top bar, a dot, two sides and a
    bottom bar, a diamond 0, a 6 filled below) matched no digit a reader knew, so the count is a
    floor and the shapes are held by `_unknown_shapes`."""
    c, _ = console
    g = _glyphs(c, _row_font(c))
    assert _closest(g)[0] >= GLYPH_LEAST, _closest(g)


def _holes(g) -> int:
    """Background pixels of a glyph shut off from its outside (4-connected)."""
    pad = np.pad(~g, 1, constant_values=True)
    out = np.zeros_like(pad)
    out[0, :] = out[-1, :] = out[:, 0] = out[:, -1] = True
    while True:
        grow = out.copy()
        grow[1:, :] |= out[:-1, :]
        grow[:-1, :] |= out[1:, :]
        grow[:, 1:] |= out[:, :-1]
        grow[:, :-1] |= out[:, 1:]
        grow &= pad
        if (grow == out).all():
            return int((pad & ~out).sum())
        out = grow


def _shape(rows: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in rows.split("/")])


# the letters readers named for a 4 px tall digit (Z for a 2, b for a 6), 3 and 4 px wide
LETTERS = {("2", 3): [_shape("###/..#/.#./###"), _shape("###/.#./#../###")],
           ("2", 4): [_shape("####/..#./.#../####")],
           ("6", 3): [_shape("#../###/#.#/###")],
           ("6", 4): [_shape("#.../####/#..#/####")]}
CONFUSED = [(8, 0), (8, 6), (3, 5)]     # pairs readers confused: CONFUSED_LEAST px apart or more
CONFUSED_LEAST = 4
# 3, 5 and 2 in 4 px of height: readers took a 3 for a 5 at 4 px ("13" or "15"?, "5 5" could be
# 3s) and for a 2 at 5 (a backwards C): in the 4 px font each two of them ROUND_LEAST apart, the 3
# and the 5 flat-topped (a top row as wide as the glyph), the 5 with its top-left corner (its
# left column inked under its top row) and the 3 open on the left between its top and bottom
ROUND = [(3, 5), (2, 3), (2, 5)]
ROUND_LEAST = 6


def _unknown_shapes(glyphs) -> list:
    """Digits a reader would not know at a glance: a 0 that is not a loop as tall and wide as its
    box (one hole, its top and bottom rows at least half its width, its sides half its height:
    not a diamond) and alike left and right; an 8 without a hole or not alike left and right (a
    lopsided 8 read as a 6 or a "d"); a 9 without a hole; a 6 whose top row has nothing right of
    its stem (read as b); a 2 or 6 within GLYPH_LEAST px of the letter readers named (Z, b); two
    digits readers confused (CONFUSED) nearer than CONFUSED_LEAST; in the 4 px wide font, a 1
    without a foot 3 px wide (rows of footless 1s, strokes alike as a fence's, were counted one
    too many). (A 6 has no hole: 4 px tall, a hook over a closed loop read as a, d or b.)"""
    h, w = glyphs[0].shape
    z = glyphs[0]
    bad = [] if (_holes(z) and (z == z[:, ::-1]).all() and min(z[0].sum(), z[-1].sum()) * 2 >= w
                 and min(z[:, 0].sum(), z[:, -1].sum()) * 2 >= h) else [0]
    bad += [] if _holes(glyphs[8]) and (glyphs[8] == glyphs[8][:, ::-1]).all() else [8]
    bad += [] if _holes(glyphs[9]) else [9]
    stem = np.nonzero(glyphs[6].any(axis=0))[0].min()
    bad += [] if glyphs[6][0, stem + 1:].any() else ["6 as b"]
    for (d, wide), letters in LETTERS.items():
        if wide == w and min(int((glyphs[int(d)] != s).sum()) for s in letters) < GLYPH_LEAST:
            bad.append(f"{d} as a letter")
    bad += [(a, b) for a, b in CONFUSED if int((glyphs[a] != glyphs[b]).sum()) < CONFUSED_LEAST]
    if w > 3:
        bad += [(a, b) for a, b in ROUND if int((glyphs[a] != glyphs[b]).sum()) < ROUND_LEAST]
        bad += [f"{d} not flat-topped" for d in (3, 5) if not glyphs[d][0].all()]
        bad += [] if glyphs[5][1, 0] else ["5 without its corner"]
        bad += [] if not glyphs[3][1:-1, 0].any() else ["3 closed on the left"]
        bad += [] if glyphs[1][-1].sum() >= 3 else ["1 without its foot"]
    return bad


def test_row_digits_have_the_shapes_readers_know(console):
    c, _ = console
    assert _unknown_shapes(_glyphs(c, _row_font(c))) == []


def _eleven(c, font: str) -> list:
    """How 11 drawn by draw_number() in `font` fails to read as 11: not two strokes (columns
    inked in all but at most one row) 1 px apart (a bar and a 1 2 px apart read as "1 1"), or a
    row inked between them (read as H)."""
    h = int(float(c.exec(f"return {font}[12]"))) + 1
    c.exec(f"pal() cls() clue_font={font} onum(11,8,8,7) clue_font=digit_bits_tall")
    g = c.screen()[8:8 + h, 6:16] == 7
    strokes = [x for x in range(g.shape[1]) if g[:, x].sum() >= h - 1]
    if len(strokes) != 2 or strokes[1] - strokes[0] != 2:
        return [("strokes", strokes)]
    return [("joined", y) for y in range(h) if g[y, strokes[0] + 1]]


def test_eleven_reads_as_one_number_in_the_columns(console):
    """Readers read "11" (a 1 px bar, a 1 px gap, the 1 with its flag) as H or as "1 1": in the
    columns' font, where a two-digit number must fit its 5 px column, 11 is two strokes 1 px
    apart, nothing between them."""
    c, _ = console
    assert _eleven(c, "digit_bits_tall") == []


def _two_digits(c, font: str, num: str = "onum") -> list:
    """10-15 drawn by `num` (the cart's draw_number()) in `font` that are not the font's own 1
    (without a foot, if it has one: its flag and stroke), a 1 px gap and the font's digit (read
    back from the screen), with nothing else inked: the values that differ."""
    g = _glyphs(c, font)
    h, w = g[0].shape
    one = g[1].copy()
    stem = int(one.sum(axis=0).argmax())
    one[-1] = False
    one[-1, stem] = True                                               # (a foot left off)
    one = one[:, :one.any(axis=0).nonzero()[0].max() + 1]              # the 1's inked columns
    out = []
    for v in range(10, 16):
        c.exec(f"pal() cls() clue_font={font} {num}({v},8,8,7) clue_font=digit_bits_tall")
        px = c.screen()
        want = np.zeros((h, one.shape[1] + 1 + w), dtype=bool)
        want[:, :one.shape[1]] = one
        want[:, one.shape[1] + 1:] = g[v - 10]
        got = px[8:8 + h, 8:8 + want.shape[1]] == 7
        if (got != want).any() or (px == 7).sum() != want.sum():
            out.append(v)
    return out


def test_two_digit_row_numbers_are_two_of_the_rows_digits(console):
    """Readers of the rows read "13" drawn as a bar, a gap and a 3 as "a compressed glyph", and
    "11" as two bars ("II", a pause sign) or "1 1": in the rows' font 10-15 are its own 1's flag
    and stroke, 1 px and its digit, 11 that and a whole 1. The 1 px inside is less than any gap
    between row numbers (test_legibility: 2 px or more, 4 beside a two-digit number); the
    leading 1 goes without the foot a lone 1 has (readers read such 10-15 right, and a 1 without
    a foot in "1 11 1" sets the 11 apart from "1 1")."""
    c, _ = console
    assert _two_digits(c, _row_font(c)) == []
    c.exec(EARLIER_NUM)
    assert _two_digits(c, _row_font(c), "earlier_num") == list(range(10, 16))


# draw_number as it drew 10-15 in every font before: a bar, 1 px and a digit; 11 two bars
EARLIER_NUM = """
function earlier_num(v,x,y,c)
 local h,w=clue_font[12],clue_font[13]
 if v==11 then
  x+=1 v=10
 elseif v>9 then
  line(x,y,x,y+h,c)
  x+=2 v-=10
 end
 for b=0,15 do
  if (clue_font[v+1]>>b&1==1) pset(x+b%w,y+b\\w,c)
 end
end
"""


def _glyphs5(c) -> list:
    """Each digit as draw_number() draws it in the columns' font (digit_bits_tall), read back (3x5 booleans)."""
    c.exec("pal() cls() clue_font=digit_bits_tall for d=0,9 do onum(d,2+d*6,2,7) end clue_font=digit_bits_tall")
    px = c.screen()
    glyphs = [px[2:7, 2 + d * 6:5 + d * 6] == 7 for d in range(10)]
    assert (px == 7).sum() == sum(int(g.sum()) for g in glyphs)      # nothing drawn outside 3x5
    return glyphs


def _hole_parts(g) -> int:
    """Separate holes (4-connected background regions shut off from the outside) of a glyph."""
    pad = np.pad(~g, 1, constant_values=True)
    seen, parts = np.zeros_like(pad), 0
    for start in zip(*np.nonzero(pad)):
        if seen[start]:
            continue
        parts += 1
        todo, seen[start], edge = [start], True, False
        while todo:
            y, x = todo.pop()
            edge |= y in (0, pad.shape[0] - 1) or x in (0, pad.shape[1] - 1)
            for q in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= q[0] < pad.shape[0] and 0 <= q[1] < pad.shape[1] and pad[q] and not seen[q]:
                    seen[q] = True
                    todo.append(q)
        parts -= edge
    return parts


TALL_LEAST = 2       # pixels in which every two 3x5 digits differ: PICO-8's own 0 and 8 differ in 1
TALL_CONFUSED = 3    # and the 6 and the 8, which readers still confused at 2


def _tall_shapes_wrong(g) -> list:
    """What keeps a 3x5 digit set from the shapes readers know: a digit more than 4 px from
    PICO-8's own font's (generator/runtime/font.py, an independent drawing); the 8 without two
    holes and a bar across its middle, the 0, 6 or 9 without one hole; a 6 with no top beyond
    its stem (a b), a 1 with a foot (1s in neighbouring columns ran together); two digits fewer
    than TALL_LEAST px apart, the 6 and the 8 fewer than TALL_CONFUSED (readers of 15x15 rows in
    two tiers, with a 6 of a short flat top 2 px from the 8, were unsure of 6 against 8 17 times
    over four readers; with its top curling off the stem, 3 px, 9 times)."""
    from generator.runtime.font import cells
    font = cells()
    wrong = [("far from pico-8's", d) for d in range(10) if int((g[d] != font[ord("0") + d][:5, :3]).sum()) > 4]
    if [_hole_parts(g[d]) for d in (0, 6, 8, 9)] != [1, 1, 2, 1] or not g[8][2].all():
        wrong.append("holes")
    if not g[6][0, 1:].any() or g[6][1, 1:].any():
        wrong.append("6 as b")
    if g[1][4].sum() != 1:
        wrong.append("1 with a foot")
    wrong += [("apart", a, b) for a, b in itertools.combinations(range(10), 2)
              if int((g[a] != g[b]).sum()) < (TALL_CONFUSED if (a, b) == (6, 8) else TALL_LEAST)]
    return wrong


def test_column_digits_are_the_3x5_shapes_readers_know(console):
    """Readers took the 3x4 8 for a 0, the 6 for a b, a 2 for a 3, all in the columns, which
    are in 3x5 digits on lines 7 px or 6 px apart: PICO-8's own shapes, every two TALL_LEAST px
    apart (the issue's rule: more than one), see _tall_shapes_wrong."""
    c, _ = console
    assert _tall_shapes_wrong(_glyphs5(c)) == []


def test_the_readouts_font_is_the_3x5_one_but_for_the_1s_advance(console):
    """digit_bits_readout is written out in draw.lua as its own list: it must stay digit_bits_tall
    (the same shapes, height, width and advances) but for its 15th, a 1's advance, 3 px not 4."""
    c, _ = console
    got = c.exec("local s='' for k=1,max(#digit_bits_tall,#digit_bits_readout) do "
                 "s..=tostr(digit_bits_tall[k])..'/'..tostr(digit_bits_readout[k]).. ',' end return s")
    pairs = [tuple(v.split("/")) for v in got.split(",")[:-1]]
    assert [a for a, _ in pairs[:14] + pairs[15:]] == [b for _, b in pairs[:14] + pairs[15:]]
    assert pairs[14] == ("4", "3")


# the 3x5 digits as they were, PICO-8's own shapes with a topped 6 and a tailed 9: 0 and 8, 5 and
# 6, 5 and 9, 6 and 8, 8 and 9 each 1 px apart (readers: "every 8: 8 or 0?", "3, 5 and 9 differ by
# a pixel or two"); PICO-8's font itself (0 and 8 1 px apart, 6 a b to readers); the cart's set
# with the 6's short flat top, 2 px from the 8 (readers of the rows in two tiers: "6 or 8?")
EARLIER_TALL = ["31599,9370,29671,31143,18925,31183,31695,9511,31727,31215",
                "31599,9370,29671,31143,18925,31183,31689,9511,31727,18927",
                "11114,9370,29671,31143,18925,31183,31691,9511,31727,27119"]


@pytest.mark.parametrize("digits", EARLIER_TALL)
def test_3x5_digits_one_px_apart_are_caught(console, digits):
    c, _ = console
    c.exec(f'earlier_tall=split"{digits},23405,4,3"')
    c.exec("pal() cls() clue_font=earlier_tall for d=0,9 do onum(d,2+d*6,2,7) end clue_font=digit_bits_tall")
    px = c.screen()
    assert _tall_shapes_wrong([px[2:7, 2 + d * 6:5 + d * 6] == 7 for d in range(10)])


# digit sets readers misread or were unsure of: 8 and 0 one pixel apart; 3 and 8, 4 and 9, 1 and 2 two apart
# (8 with no middle bar); an 8 of a bar, a dot, two sides and a bar, a diamond 0, a 6 with no hole;
# an 8 read as a 6 or a "d", 2 as Z, 6 as b, 3 as 5 (the 3x4 rows' font before the 4 px one)
EARLIER_DIGITS = ["3951,3731,3747,3895,2541,1823,3961,1191,3967,2543",
                  "3951,3731,3747,3895,2537,1935,3961,1191,3927,2543",
                  "1386,1178,3683,1843,2365,1807,4046,1191,3927,2543",
                  "3951,1178,3747,3895,2365,1935,3961,1191,1918,2543"]


# the rows' 4x4 digits readers were unsure of or miscounted: a 3 of a backwards C 4 px from the 5
# and 5 from the 2 ("13" or "15"?, "5 5" could be 3s, the 3 could be a 2); a 1 of a flag and a
# stroke without a foot (rows of five such 1s read as six: 11 and 15 of 120 rows miscounted)
EARLIER_WIDE = ["27030,8754,-2425,30919,17653,30847,-234,9359,-1681,-29025,21845,3,4",
                "27030,8754,-2425,30799,17653,-14561,-234,9359,-1681,-29025,0,3,4"]


@pytest.mark.parametrize("dg", [f"{d},0,3,3" for d in EARLIER_DIGITS] + EARLIER_WIDE)
def test_the_digits_readers_misread_are_caught(console, dg):
    """Each 3x4 and 4x4 digit set readers misread or were unsure of fails."""
    c, _ = console
    c.exec(f'earlier_font=split"{dg}"')
    g = _glyphs(c, "earlier_font")
    assert _closest(g)[0] < GLYPH_LEAST or _unknown_shapes(g)


def test_every_changed_lines_dimming_is_worked_out_by_the_next_frame(built_cart):
    """Clearing a 15x15 board, or undoing the clear, changes all 30 lines at once: by the next
    frame no line waits for its dimming (nothing left in st), and every line's dimming is what
    placed() says for its marks now."""
    puzzles = built_cart.manifest["puzzles"]
    q = next(q for q in puzzles if q["size"] == 15 and q["world"] == "spires")
    p = Player(built_cart.path)
    p.open_puzzle(0, q["world_index"])
    p.enter(solution(built_cart.manifest, q["index"]), rows=range(12))
    check = ("local n=0 for k in pairs(lines_changed) do n+=1 end "
             "for k=1,30 do local i,c=(k-1)%15,k>15 "
             " local d=placed((c and col_clues or row_clues)[i+1],line_mask(i,1,c),line_mask(i,2,c)) "
             " for j=1,15 do if (placed_runs[k] and placed_runs[k][j] or false)!=(d[j] or false) then n+=100 end end "
             "end return n")
    dims = "local n=0 for k=1,30 do for j=1,15 do if (placed_runs[k] and placed_runs[k][j]) n+=1 end end return n"
    assert int(p.c.exec(dims)) > 10            # runs placed by the marks dim
    p.c.choose_menuitem("clear board")
    p.idle(1)
    p.answerable()                              # (the question takes no press at first)
    p.c.step(["o"])                             # yes: cleared in this frame's update
    p.c.step([])
    assert not p.board().any() and int(p.c.exec(check)) == 0 and int(p.c.exec(dims)) == 0
    p.c.choose_menuitem("undo")                 # the undo runs in this frame's update
    p.c.step([])
    assert p.board().any() and int(p.c.exec(check)) == 0 and int(p.c.exec(dims)) > 10


@pytest.mark.parametrize("world", [0, 1])
@pytest.mark.parametrize("size", [5, 10, 15])
def test_column_bands_are_as_wide_as_their_columns(built_cart, world, size):
    """Above the board, the screen's top row of pixels shows each column's band: one colour
    across its cell's width, the cursor's lit column too (on 15x15 its band is 7 px, 1 px into
    each neighbour, which is left out). A player took the 5 px stripes over 15 px (5x5) and
    7 px (10x10) columns for a hint. Bands alternate on 10x10 and 15x15, where neighbouring
    numbers stand close; a 5x5's columns, 12 px apart, have none but the cursor's."""
    name = ("spires", "lookout")[world]
    k = next(q["world_index"] for q in built_cart.manifest["puzzles"]
             if q["world"] == name and q["size"] == size and q["world_index"] > 0)
    p = Player(built_cart.path)
    p.open_puzzle(world, k)
    p.move_to(2, 2)
    p.idle(2)
    cell = int(p.g("cell_px"))
    assert int(p.g("board_size")) == size
    top = p.c.rgb()[0]
    bands = {}
    for i in range(size):
        if size < 15 or i not in (1, 3):
            seen = {tuple(int(v) for v in top[52 + i * cell + dx]) for dx in range(cell)}
            assert len(seen) == 1, (size, i, seen)
            bands[i] = seen.pop()
    lit = bands.pop(2)
    assert lit not in bands.values()
    if size == 5:
        assert len(set(bands.values())) == 1
    else:
        assert all(bands[i] != bands[i + 1] for i in bands if i + 1 in bands)
