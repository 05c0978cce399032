"""Playing the built cart in fake-08 beside the headless console, frame for frame.

fake-08 (github jtothebell/fake-08) is the PICO-8 that handhelds run. Its headless runner is
built outside the repository by ../shared/fake08/build.sh; FAKE08_RUNNER names the binary, and
without it every test here skips, saying so. Nothing of fake-08 is in the repository.

A session is played once in the console by `generator.playtest.player.Player` (which reads the
cart's globals to know where its cursor is), recording the buttons held on every frame and the
pause-menu items chosen between frames (`Recording`). The same buttons are then replayed in a
fresh console and in fake-08, and the displayed screens compared as palette indices (0-31), frame
by frame. fake-08's pause menu is its own (continue, the cart's items in index order, then its
own): a menu choice is played there as a player would (pause, down to the item, O), and the
frames the menu is open are left out of the comparison, since the cart does not run in them.
"""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator.console.console import Console
from generator.console.picture import PALETTE
from generator.playtest.player import CARTDATA_ID, Player

RUNNER = os.environ.get("FAKE08_RUNNER", "")
needs_fake08 = pytest.mark.skipif(
    not (RUNNER and os.access(RUNNER, os.X_OK)),
    reason="FAKE08_RUNNER does not name a fake-08 runner (build one with ../shared/fake08/build.sh "
           "DIR and set FAKE08_RUNNER=DIR/build/runner; `make compat` does both)")

PAUSE, UP, DOWN, O = 64, 4, 8, 16
# fake-08's colours are PICO-8's but for black, drawn (2, 4, 8)
_INDEX = {tuple(int(v) for v in rgb): i for i, rgb in enumerate(PALETTE)} | {(2, 4, 8): 0}


@dataclass
class Pick:
    after: int          # the cart frame after which the item is chosen
    label: str
    position: int       # its row in fake-08's menu: 1 = the first of the cart's items
    stays_open: bool    # the callback returned true: the menu stays open (PICO-8's rule)


@dataclass
class Recording:
    masks: list[int] = field(default_factory=list)   # buttons held on cart frame 1, 2, ...
    picks: list[Pick] = field(default_factory=list)
    srand: int | None = None   # srand(this) after frame 1, in every replay


def record(player: Player, srand: int | None = None) -> Recording:
    """Start recording `player`'s console (booted, no frame run yet): every frame's buttons and
    menu choice. With `srand`, the random numbers are seeded after frame 1 here and in every
    replay (fake-08 seeds its generator from the clock at boot, as PICO-8 does)."""
    c = player.c
    assert not c.frames, "record from the first frame"
    rec = Recording(srand=srand)
    step, choose = c.step, c.choose_menuitem

    def recorded_step(buttons=(), mouse=None):
        frame = step(buttons, mouse)
        rec.masks.append(sum(1 << b for b in frame.buttons))
        if len(rec.masks) == 1 and srand is not None:
            c.exec(f"srand({srand})")
        return frame

    def recorded_choose(item, b=16):
        # (a replay plays one choice between two frames: run a frame between choices)
        assert not rec.picks or rec.picks[-1].after != len(rec.masks), "two menu choices on one frame"
        items = c.menu_items()
        key = item if isinstance(item, int) else next(i for i, s in items.items() if s == item)
        result = choose(item, b)
        rec.picks.append(Pick(len(rec.masks), items[key], sorted(items).index(key) + 1, bool(result)))
        return result

    c.step, c.choose_menuitem = recorded_step, recorded_choose
    return rec


def cartdata_text(store: dict) -> str:
    """A console cartdata store's words in fake-08's cartdata format (8 hex digits a word)."""
    words = list(store.get(CARTDATA_ID, [])) + [0] * 64
    return "".join(f"{w & 0xFFFFFFFF:08x}" + ("\n" if i % 8 == 7 else "") for i, w in enumerate(words[:64]))


@dataclass
class Replay:
    screens: dict[int, np.ndarray]     # cart frame -> palette indices
    cartdata: list[int]                # the 64 words at the end
    stdout: str
    max_instructions: int = 0          # fake-08: the costliest unpaused frame (to 100)


def replay_console(cart: Path, rec: Recording, frames, cartdata: dict | None = None) -> Replay:
    """The recording's buttons and menu choices in a fresh console; screens at `frames`."""
    store = dict(cartdata or {})
    c = Console.load(cart, cartdata=store)
    c.boot()
    picks = {p.after: p for p in rec.picks}
    want, screens = set(frames), {}
    for f, m in enumerate(rec.masks, 1):
        c.step([b for b in range(6) if m >> b & 1])
        if f == 1 and rec.srand is not None:
            c.exec(f"srand({rec.srand})")
        if f in want:
            screens[f] = c.palette_indices()
        if f in picks:
            c.choose_menuitem(picks[f].label, O)
    c.save_cartdata()
    return Replay(screens, list(store.get(CARTDATA_ID, [0] * 64)), "")


def _menu_keys(p: Pick) -> list[tuple[int, int]]:
    """(mask, frames) that choose p in fake-08's open pause menu: a tap of down per row, O.
    A menu that stays open is closed by going back up to *continue* and O, which leaves the
    menu's cursor on its first row for the next time (fake-08 keeps the row the menu was left
    on; closing it with pause would leave it on p's). The tap of pause that opens the menu is
    held on the cart frame before: fake-08 runs the cart on that frame, and on none of these."""
    down = [(DOWN, 2), (0, 3)] * p.position
    up = [(UP, 2), (0, 3)] * p.position
    return [(0, 3)] + down + [(O, 1)] + ([(0, 3)] + up + [(O, 1)] if p.stays_open else [])


def replay_fake08(cart: Path, rec: Recording, frames, out: Path, cartdata: dict | None = None) -> Replay:
    """The recording played in fake-08: screens at the cart frames `frames` (palette indices),
    but for the frames that open its pause menu (it draws the menu over them)."""
    out.mkdir(parents=True, exist_ok=True)
    picks = {p.after: p for p in rec.picks}
    frames = set(frames) - set(picks)
    lines, runner_frame, at = [], 0, {}
    for f, m in enumerate(rec.masks, 1):
        runner_frame += 1
        lines.append(f"in {runner_frame} {m | (PAUSE if f in picks else 0)}")
        at[f] = runner_frame
        if f == 1 and rec.srand is not None:
            lines.append(f"lua 1 srand({rec.srand})")
        if f in frames:
            lines.append(f"shot {runner_frame} f{f}")
        if f in picks:
            for mask, n in _menu_keys(picks[f]):
                lines.append(f"in {runner_frame + 1} {mask}")
                runner_frame += n
    words = '.." "..'.join(f"tostr(peek4(0x5e00+{4 * i}),true)" for i in range(64))
    lines.append(f"lua {runner_frame} printh('cartdata '..{words})")
    lines.append(f"end {runner_frame}")
    (out / "script.txt").write_text("\n".join(lines) + "\n")
    args = [RUNNER, str(cart), str(out / "script.txt"), str(out)]
    if cartdata:
        (out / "cartdata.txt").write_text(cartdata_text(cartdata))
        args.append(str(out / "cartdata.txt"))
    r = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert "LoadCart: ok" in r.stdout and "cart changed" not in r.stdout, r.stdout[:2000]
    assert "ERROR at frame" not in r.stdout, [ln for ln in r.stdout.splitlines() if "ERROR" in ln]
    # fake-08 runs the cart on a frame when it was not paused after the frame before: exactly
    # the frames mapped to the console's (the menu keys land where they were meant to)
    paused = {int(ln.split()[1]): " paused=1 " in ln for ln in r.stdout.splitlines()
              if ln.startswith("frame ")}
    ran = {f for f in paused if not paused.get(f - 1, False)}
    assert ran == set(at.values()), sorted(ran ^ set(at.values()))
    screens = {f: load_shot(out / f"f{f}_1x.png") for f in frames}
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("probe@") and "cartdata " in ln)
    cartdata_words = [_fixed_bits(w) for w in line.split("cartdata ", 1)[1].split()]
    worst = next(ln for ln in r.stdout.splitlines() if ln.startswith("max instr/frame"))
    return Replay(screens, cartdata_words, r.stdout, int(worst.split("~")[1].split()[0]))


def _fixed_bits(hexnum: str) -> int:
    """'0xhhhh.llll' (tostr(v, true)) -> the 32-bit word."""
    whole, frac = hexnum[2:].split(".")
    return int(whole + frac, 16)


def load_shot(path: Path) -> np.ndarray:
    """A runner's 1x shot as palette indices 0-31."""
    rgb = np.asarray(Image.open(path).convert("RGB"))
    flat = [_INDEX[tuple(int(v) for v in px)] for px in rgb.reshape(-1, 3)]
    return np.array(flat, dtype=np.uint8).reshape(128, 128)


def differing(a: Replay, b: Replay) -> dict[int, int]:
    """cart frame -> pixels that differ, for the frames both shot whose screens differ."""
    both = sorted(set(a.screens) & set(b.screens))
    assert both, "no frame to compare"
    return {f: int((a.screens[f] != b.screens[f]).sum()) for f in both
            if (a.screens[f] != b.screens[f]).any()}


def compare(cart: Path, rec: Recording, out: Path, frames=None, cartdata: dict | None = None):
    """Replay `rec` in the console and in fake-08; (console, fake-08) replays, every frame shot
    unless `frames` says which."""
    frames = set(range(1, len(rec.masks) + 1)) if frames is None else set(frames)
    return (replay_console(cart, rec, frames, cartdata),
            replay_fake08(cart, rec, frames, out, cartdata))
