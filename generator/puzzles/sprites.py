"""Sprite-like shapes for `--style sprite`: mirror-symmetric, outlined, in the manner of procedural
pixel-sprite generators (a random half mask with body and edge probabilities, mirrored).

For each grid, in numpy over the whole chunk at once:
  1. an envelope: a top and a bottom row, and for each row between a half-width from the
     centre column that wanders by a random walk (wide and narrow rows: heads, wings, hulls,
     the stacked faces of a totem); the centre column is always body (a spine, so the shape
     holds together);
  2. the half mask: a cell inside the envelope is body with probability BODY, on its edge with
     EDGE; rows of legs at the bottom, a wide row (arms, wings); then the half is mirrored;
  3. cleaning: body cells with no body neighbour (specks) are dropped;
  4. the outline: every empty cell touching the body becomes filled (the silhouette's edge);
  5. eyes or windows: a symmetric pair of holes in the upper half, where the body surrounds
     them. cart/endless.lua draws the same way in Lua.
The result is symmetric about the middle column (the middle two when the width is even).
`density` scales the envelope's widths a little (0.6 is the reference). Same rng, same grids.

Below them, the shapes without a mirror (`--style lopsided`, `turned`) and the mix of all three
that the cart's batch uses (`--style sprites`).
"""
from __future__ import annotations

import numpy as np

BODY, EDGE = 0.7, 0.35


def _neighbours(a: np.ndarray) -> np.ndarray:
    """Per cell: how many of its 4 neighbours are set (a: bool (b, h, w))."""
    p = np.pad(a, ((0, 0), (1, 1), (1, 1))).astype(np.int8)
    return p[:, :-2, 1:-1] + p[:, 2:, 1:-1] + p[:, 1:-1, :-2] + p[:, 1:-1, 2:]


def outline(body: np.ndarray) -> np.ndarray:
    """The body with its outline: every empty cell touching the body is filled too."""
    return body | (_neighbours(body) > 0)


def mirror(half: np.ndarray, w: int) -> np.ndarray:
    """A full grid from its left half (ceil(w/2) columns, the last one the middle when w is odd)."""
    right = half[:, :, :w // 2][:, :, ::-1]
    return np.concatenate([half, right], axis=2)


def clean(body: np.ndarray) -> np.ndarray:
    """The body without its specks (cells with no body neighbour)."""
    return body & (_neighbours(body) > 0)


def sprite_grids(rng: np.random.Generator, b: int, h: int, w: int, density: float) -> np.ndarray:
    """b sprite-like grids of h x w: the bodies, outlined, less their eyes."""
    body, eyes = sprite_parts(rng, b, h, w, density)
    return outline(body) & ~eyes


def sprite_parts(rng: np.random.Generator, b: int, h: int, w: int, density: float):
    """b symmetric, cleaned bodies, and their eyes (body cells whose 4 neighbours are body)."""
    hw = (w + 1) // 2                       # columns in the half, the last the middle one
    reach = max(1, hw - 2)                  # widest half-body, leaving a column for the outline
    scale = 0.7 + 0.5 * density
    top = rng.integers(1, max(2, h // 5) + 1, b)
    bottom = h - 1 - rng.integers(1, max(2, h // 5) + 1, b)
    # the envelope's half-widths: a random walk, clipped
    steps = rng.integers(-2, 3, (b, h))
    start = rng.integers(1, max(2, reach), b)
    walk = np.clip(start[:, None] + np.cumsum(steps, axis=1) * 0.7, 0, reach)
    narrowest = (rng.random(b) < 0.7)[:, None]             # most have no spine-thin rows
    half_width = np.clip(np.rint(walk * scale), narrowest, reach).astype(int)
    half_width[np.arange(b), rng.integers(0, h, b)] = reach   # and one row at least wide
    rows = np.arange(h)[None, :]
    # arms or wings: a row or two at full reach, thin (ships' wings, creatures' arms)
    arm = rng.integers(top + 1, np.maximum(top + 2, bottom - 1), b)
    has_arms = rng.random(b) < 0.5
    arm_rows = has_arms[:, None] & ((rows == arm[:, None]) | (rows == arm[:, None] + (rng.random(b) < 0.5)[:, None]))
    half_width = np.where(arm_rows, reach, half_width)
    inside_rows = (rows >= top[:, None]) & (rows <= bottom[:, None])
    dist = (hw - 1) - np.arange(hw)[None, None, :]          # distance from the middle column
    limit = half_width[:, :, None]
    r = rng.random((b, h, hw))
    body = ((dist < limit) & (r < BODY)) | ((dist == limit) & (r < EDGE))
    body &= inside_rows[:, :, None]
    body[:, :, hw - 1] |= inside_rows                       # the spine
    # legs: the last rows only at one distance from the middle (a creature's legs, a totem's
    # base, a ship's twin exhausts)
    has_legs = rng.random(b) < 0.5
    leg_len = rng.integers(2, 4, b)
    above = half_width[np.arange(b), np.clip(bottom - leg_len, 0, h - 1)]    # the body's width over them
    leg_at = np.minimum(rng.integers(1, max(2, reach), b), np.maximum(1, above))
    leg_rows = has_legs[:, None] & (rows > bottom[:, None] - leg_len[:, None]) & inside_rows
    legs = dist == leg_at[:, None, None]
    body = np.where(leg_rows[:, :, None], legs, body)
    full = clean(mirror(body, w))
    # eyes or windows: a symmetric pair of holes in the upper half, where the body surrounds them
    eye_row = rng.integers(top + 1, np.maximum(top + 2, (top + bottom) // 2), b)
    eye_at = rng.integers(1, max(2, reach), b)
    cols = np.arange(w)[None, :]
    eyes = (rows[:, :, None] == eye_row[:, None, None]) & (
        (cols == (hw - 1 - eye_at)[:, None]) | (cols == (w - hw + eye_at)[:, None]))[:, None, :]
    eyes &= (_neighbours(full) == 4) & (rng.random(b) < 0.8)[:, None, None]
    return full, eyes


# -- shapes without a mirror: `--style lopsided`, `--style turned`, and `--style sprites` (a mix
# of these and the mirrored ones). Mirror images all look alike after a while; these lean, face
# one way, or turn. (A quarter turn's symmetry is left out on purpose: four bent arms turned
# about a centre draw pinwheels that can read as a swastika.)

def _walk(rng: np.random.Generator, b: int, h: int, start: np.ndarray, lo: int, hi: np.ndarray):
    """b random walks of h steps (-1, 0 or +1 a row, rounded from a slower drift), clipped to
    [lo, hi] (hi per walk)."""
    steps = rng.integers(-2, 3, (b, h))
    return np.clip(np.rint(start[:, None] + np.cumsum(steps, axis=1) * 0.6), lo, hi[:, None]).astype(int)


def lopsided_parts(rng: np.random.Generator, b: int, h: int, w: int, density: float):
    """b bodies that face one way, and their eyes: per row a spine column that drifts (a lean),
    and a left and a right reach from it that wander apart (one side a head or a wing, the other
    a tail), body cells inside by chance as in sprite_parts; legs at two unrelated columns, an
    arm on one side only, one eye. Cleaned of specks like the mirrored ones."""
    scale = 0.7 + 0.5 * density
    top = rng.integers(1, max(2, h // 5) + 1, b)
    bottom = np.maximum(h - 1 - rng.integers(1, max(2, h // 5) + 1, b), top + 1)   # 2 rows at least
    bottom = np.minimum(bottom, h - 1)                       # (tiny grids: what fits)
    top = np.minimum(top, bottom)
    rows = np.arange(h)[None, :]
    cols = np.arange(w)[None, None, :]
    lo = min(2, (w - 1) // 2)                                # 2 columns from each edge, room allowing
    spine = _walk(rng, b, h, rng.integers(w // 3, w - w // 3, b), lo, np.full(b, max(lo, w - 3)))
    straight = rng.random(b) < 0.4                          # these stand upright
    spine = np.where(straight[:, None], spine[:, :1], spine)
    room_left = np.maximum(spine - 1, 0)                    # leave a column for the outline
    room_right = np.maximum(w - 2 - spine, 0)
    left = np.minimum(np.rint(_walk(rng, b, h, rng.integers(1, max(2, w // 3), b), 0,
                                    np.full(b, w)) * scale).astype(int), room_left)
    right = np.minimum(np.rint(_walk(rng, b, h, rng.integers(1, max(2, w // 3), b), 0,
                                     np.full(b, w)) * scale).astype(int), room_right)
    # an arm or a wing on one side: a row reaching to that side's edge
    arm = rng.integers(top + 1, np.maximum(top + 2, bottom - 1), b)
    arm_rows = (rng.random(b) < 0.5)[:, None] & (rows == arm[:, None])
    arm_left = (rng.random(b) < 0.5)[:, None]
    left = np.where(arm_rows & arm_left, room_left, left)
    right = np.where(arm_rows & ~arm_left, room_right, right)
    off = cols - spine[:, :, None]                           # signed distance from the spine
    reach = np.where(off < 0, left[:, :, None], right[:, :, None])
    dist = np.abs(off)
    r = rng.random((b, h, w))
    body = ((dist < reach) & (r < BODY)) | ((dist == reach) & (r < EDGE))
    inside_rows = (rows >= top[:, None]) & (rows <= bottom[:, None])
    body &= inside_rows[:, :, None]
    body |= (off == 0) & inside_rows[:, :, None]             # the spine
    # legs: the last rows only at two columns of their own
    has_legs = rng.random(b) < 0.5
    leg_len = rng.integers(2, 4, b)
    leg_rows = has_legs[:, None] & (rows > bottom[:, None] - leg_len[:, None]) & inside_rows
    at = spine[np.arange(b), np.clip(bottom - leg_len, 0, h - 1)]
    leg_a = np.clip(at - rng.integers(1, 4, b), 1, w - 2)
    leg_b = np.clip(at + rng.integers(0, 3, b), 1, w - 2)
    legs = (cols == leg_a[:, None, None]) | (cols == leg_b[:, None, None])
    body = np.where(leg_rows[:, :, None], legs, body)
    full = clean(body)
    # one eye, in the upper half, where the body surrounds it
    eye_row = np.minimum(rng.integers(top + 1, np.maximum(top + 2, (top + bottom) // 2), b), h - 1)
    eye_col = spine[np.arange(b), eye_row] + rng.integers(-2, 3, b)
    eyes = (rows[:, :, None] == eye_row[:, None, None]) & (cols == eye_col[:, None, None])
    eyes &= (_neighbours(full) == 4) & (rng.random(b) < 0.8)[:, None, None]
    return full, eyes


def lopsided_grids(rng: np.random.Generator, b: int, h: int, w: int, density: float) -> np.ndarray:
    """b shapes with no mirror: lopsided bodies, outlined, less their eye."""
    body, eyes = lopsided_parts(rng, b, h, w, density)
    return outline(body) & ~eyes


def turned_parts(rng: np.random.Generator, b: int, h: int, w: int, density: float):
    """b bodies that look the same after a half turn (as the figures on a playing card), and
    their eyes: the top half of a lopsided body (lopsided_parts), turned about the centre and
    joined to itself; the middle row (both, when h is even) filled from the first body cell of
    the middle rows to the last, so the two halves hold together. No mirror: what leans left in
    the top half leans left below too."""
    body, eyes = lopsided_parts(rng, b, h, w, density)
    half = (h + 1) // 2                                      # the rows kept, the middle one too
    body[:, half:] = False
    eyes[:, half:] = False
    whole = body | np.rot90(body, 2, axes=(1, 2))
    middle = sorted({(h - 1) // 2, h // 2})                # the middle row, or the two
    row = whole[:, middle].any(axis=1)                      # turned into itself: its span is too
    have = row.any(axis=1)
    first = np.argmax(row, axis=1)
    last = w - 1 - np.argmax(row[:, ::-1], axis=1)
    cols = np.arange(w)[None, :]
    span = have[:, None] & (cols >= first[:, None]) & (cols <= last[:, None])
    for r in middle:
        whole[:, r] |= span
    full = clean(whole)
    return full, (eyes | np.rot90(eyes, 2, axes=(1, 2))) & (_neighbours(full) == 4)


def turned_grids(rng: np.random.Generator, b: int, h: int, w: int, density: float) -> np.ndarray:
    """b shapes that look the same upside down: turned bodies, outlined, less their eyes."""
    body, eyes = turned_parts(rng, b, h, w, density)
    return outline(body) & ~eyes


# the mix `--style sprites` draws from: each grid is one of these, by chance, in these shares
MIX = (("sprite", 0.25), ("lopsided", 0.45), ("turned", 0.3))
DRAW = {"sprite": sprite_grids, "lopsided": lopsided_grids, "turned": turned_grids}


def mixed_grids(rng: np.random.Generator, b: int, h: int, w: int, density: float) -> np.ndarray:
    """b grids, each of one of MIX's styles by its share: every style draws b, a choice per
    grid picks one (so the same rng gives the same grids)."""
    drawn = np.stack([DRAW[s](rng, b, h, w, density) for s, _ in MIX])
    pick = rng.choice(len(MIX), size=b, p=[share for _, share in MIX])
    return drawn[pick, np.arange(b)]
