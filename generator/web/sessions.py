"""Scripted sessions played in the headless console and replayed in the page (tests/web, and
`make bench`'s frame times in Chromium).

`Recorder` wraps a Console: every frame's buttons and mouse, every paste and every menu item
chosen become events, and every frame's display colours are kept (as a hash, and whole every
`keep_every` frames). `replay` plays the same events in the page (window.pico8) and returns
the first frame whose display differs, if any. The hash is a weighted sum mod 2^32 that numpy
and JavaScript compute alike.
"""
from __future__ import annotations

import numpy as np

WEIGHTS = ((np.arange(16384, dtype=np.uint64) * 2654435761 + 12345) & 0xFFFFFFFF).astype(np.uint64)


def display_hash(d: np.ndarray) -> int:
    return int((d.reshape(-1).astype(np.uint64) * WEIGHTS).sum() & np.uint64(0xFFFFFFFF))


class Recorder:
    """Records what is done to console `c` (a Console, or a Player's .c) from now on."""

    def __init__(self, c) -> None:
        self.c = c
        self.events: list = []
        self.hashes: list[int] = []
        step, paste, choose = c.step, c.paste, c.choose_menuitem

        def rec_step(buttons=(), mouse=None):
            frame = step(buttons, mouse)
            mask = sum(1 << b for b in frame.buttons)
            self.events.append(["step", mask, [int(v) for v in c.mouse[:3]]])
            self.hashes.append(display_hash(c.display()))
            return frame

        def rec_paste(text=None):
            paste(text)
            self.events.append(["paste", c.clipboard])

        def rec_choose(item, b=32):
            key = item if isinstance(item, int) else next(
                i for i, label in c.menu_items().items() if label == item)
            self.events.append(["menu", key, b])
            return choose(item, b)

        c.step, c.paste, c.choose_menuitem = rec_step, rec_paste, rec_choose


REPLAY_JS = """([events, hashes]) => {
  const times = [];
  const W = new Uint32Array(16384);
  for (let i = 0; i < 16384; i++) W[i] = Number((BigInt(i) * 2654435761n + 12345n) & 0xffffffffn);
  let frame = 0;
  for (const e of events) {
    if (e[0] === "paste") { pico8.paste(e[1]); continue; }
    if (e[0] === "menu") { pico8.menuitem(e[1], e[2]); continue; }
    const t0 = performance.now();
    if (pico8.step(1, e[1], e[2]) !== 1) return {frame, error: pico8.error(), times};
    times.push(performance.now() - t0);
    const d = pico8.display();
    let h = 0;
    for (let i = 0; i < 16384; i++) h = (h + Math.imul(d[i], W[i])) >>> 0;
    if (hashes && h !== hashes[frame]) return {frame, display: d, times};
    frame++;
  }
  return {frame, display: null, times};
}"""


def replay(page, rec: Recorder, seed: int = 0, compare: bool = True) -> dict:
    """Boot the page afresh (empty cartdata) and play rec's events: {"frame": frames played,
    "display": the first display differing from the console's (None: all equal; compare=False
    compares none), "error": a Lua error, "times": each frame's ms in the page (step and blit)}."""
    page.evaluate("(seed) => pico8.reset({seed, cartdata: null})", seed)
    return page.evaluate(REPLAY_JS, [rec.events, rec.hashes if compare else None])
