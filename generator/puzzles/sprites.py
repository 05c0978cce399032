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
