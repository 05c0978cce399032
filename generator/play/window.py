"""`make play`: the built cart, run by the headless console (generator.console.Console) in a
desktop window with pygame-ce (the optional `play` extra; nothing else needs it).

    python -m generator.play.window build/picross.p8 [--cartdata FILE] [--scale N]

PICO-8's keyboard: arrows; Z, C or N for O; X, V or M for X; Enter or P for the pause menu
(continue, the cart's own menu items, reset cart, quit; arrows and O/X/Enter in it, left/right
on a cart item pass those buttons to it). The mouse is the console's devkit mouse (left, right,
middle: stat(34) bits 1, 2, 4). The picture is scaled by a whole number (the largest that fits;
resizing the window rescales), 30 frames a second (60 for an _update60 cart). Cartdata persists
to a JSON file, by default cartdata.json in the same data directory as `picross play`'s progress.
The sound is the console's synthesiser through pygame's mixer (speaker.py): the sound card's
clock paces the frames, so it plays without gaps; the pause menu is silent. With no audio
device the window plays on silently, timed by the clock, and its title says so.

The loop is `Player.frame(events)`: feed it pygame events (real or synthetic) and it steps the
console one frame and draws; tests drive it with SDL_VIDEODRIVER=dummy.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

from generator import UserError
from generator.errors import ArgumentParser, fail
from generator.console import Console
from generator.runtime.font import cells as font
from generator.console.waves import RATE
from generator.files.userfile import NumberError, parse_whole
from generator.pico8 import COLOURS, SCREEN_H, SCREEN_W
from generator.play.progress import data_dir
from generator.play.speaker import Speaker

TITLE = "picross8"
TITLE_SILENT = "picross8 (silent: no audio device)"
O_KEYS, X_KEYS, PAUSE_KEYS = ("z", "c", "n"), ("x", "v", "m"), ("return", "p", "enter")
ARROWS = ("left", "right", "up", "down")
MOUSE_BITS = {1: 1, 3: 2, 2: 4}         # pygame button -> stat(34) bit: left, right, middle
BLACK, WHITE, GREY = COLOURS[0], COLOURS[7], COLOURS[5]


def load_pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise UserError("the window needs pygame-ce: `make play` installs it "
                        "(or: pip install -e '.[play]')") from None
    return pygame


def text_pixels(rgb: np.ndarray, text: str, x: int, y: int, colour) -> None:
    """Draw `text` in PICO-8's font into an RGB picture (4 px a character, 6 px a line)."""
    glyphs = font()
    for ch in text:
        cell = glyphs[ord(ch) & 255][:, :4]
        ys, xs = np.nonzero(cell)
        ok = (0 <= y + ys) & (y + ys < rgb.shape[0]) & (0 <= x + xs) & (x + xs < rgb.shape[1])
        rgb[y + ys[ok], x + xs[ok]] = colour
        x += 4


def pause_overlay(rgb: np.ndarray, items: list[str], sel: int) -> np.ndarray:
    """The pause menu over the screen, drawn as PICO-8 draws its own: a black box, a white
    frame, one item a line and a pointer at the chosen one."""
    out = rgb.copy()
    w = 4 * max(len(t) for t in items) + 16
    h = 8 * len(items) + 8
    x0, y0 = (SCREEN_W - w) // 2, (SCREEN_H - h) // 2
    out[y0:y0 + h, x0:x0 + w] = BLACK
    out[y0, x0:x0 + w] = out[y0 + h - 1, x0:x0 + w] = WHITE
    out[y0:y0 + h, x0] = out[y0:y0 + h, x0 + w - 1] = WHITE
    for i, t in enumerate(items):
        ty = y0 + 5 + 8 * i
        text_pixels(out, t, x0 + 10, ty, WHITE if i == sel else GREY)
        if i == sel:
            text_pixels(out, ">", x0 + 4, ty, WHITE)
    return out


class Player:
    """The console in a window: keys and mouse in, the screen out, one frame per call."""

    def __init__(self, cart, cartdata=None, scale: int | None = None, pygame=None, sound=True):
        self.pg = pygame or load_pygame()
        self.cart, self.cartdata = Path(cart), cartdata
        self.console = self._boot()
        self.held: set[str] = set()
        self.mouse = [0, 0, 0]
        self.paused, self.sel = False, 0
        self.running = True
        pg = self.pg
        pg.display.init()
        self.speaker = Speaker(pg) if sound else None
        pg.display.set_caption(TITLE if self.speaker and self.speaker.ok else TITLE_SILENT)
        if scale is None:
            info = pg.display.Info()
            fit = min(info.current_w, info.current_h) if info.current_h > 0 else 0
            scale = max(1, int(fit * 0.85) // SCREEN_H) if fit else 4
        self.window = pg.display.set_mode((SCREEN_W * scale, SCREEN_H * scale), pg.RESIZABLE)
        self._layout()

    def _boot(self) -> Console:
        c = Console.load(self.cart, cartdata=self.cartdata if self.cartdata is not None else {},
                         keep_audio=False)
        c.boot()
        return c

    def _layout(self) -> None:
        w, h = self.window.get_size()
        self.scale = max(1, min(w // SCREEN_W, h // SCREEN_H))
        self.offset = ((w - SCREEN_W * self.scale) // 2, (h - SCREEN_H * self.scale) // 2)

    # ---- input -----------------------------------------------------------------------------
    def menu(self) -> list[str]:
        return ["continue", *self.console.menu_items().values(), "reset cart", "quit"]

    def _button(self, key: str) -> str | None:
        if key in ARROWS:
            return key
        return "o" if key in O_KEYS else "x" if key in X_KEYS else None

    def handle(self, event) -> None:
        pg = self.pg
        if event.type == pg.QUIT:
            self.running = False
        elif event.type == pg.VIDEORESIZE:
            self.window = pg.display.get_surface() or self.window
            self._layout()
        elif event.type in (pg.KEYDOWN, pg.KEYUP):
            key = pg.key.name(event.key)
            down = event.type == pg.KEYDOWN
            if down and key in PAUSE_KEYS and not self.paused:
                self.paused, self.sel = True, 0
            elif down and self.paused:
                self._menu_key(key)
            elif down and key == "escape":
                self.running = False
            elif (b := self._button(key)) is not None:
                (self.held.add if down else self.held.discard)(f"{b}:{key}")
        elif event.type == pg.MOUSEMOTION:
            self._point(event.pos)
        elif event.type in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP):
            self._point(event.pos)
            bit = MOUSE_BITS.get(event.button, 0)
            self.mouse[2] = self.mouse[2] | bit if event.type == pg.MOUSEBUTTONDOWN else self.mouse[2] & ~bit

    def _point(self, pos) -> None:
        self.mouse[0] = min(SCREEN_W - 1, max(0, (pos[0] - self.offset[0]) // self.scale))
        self.mouse[1] = min(SCREEN_H - 1, max(0, (pos[1] - self.offset[1]) // self.scale))

    def _menu_key(self, key: str) -> None:
        items = self.menu()
        if key in ("up", "down"):
            self.sel = (self.sel + (1 if key == "down" else -1)) % len(items)
            return
        if key == "escape":
            self.paused = False
            return
        cart_item = 0 < self.sel < len(items) - 2
        if key in ("left", "right") and cart_item:
            self._choose(self.sel, 1 if key == "left" else 2)
        elif key in O_KEYS + X_KEYS + PAUSE_KEYS:
            if self.sel == 0:
                self.paused = False
            elif cart_item:
                keep = self._choose(self.sel, 16 if key in O_KEYS else 32)
                self.paused = bool(keep)
            elif items[self.sel] == "reset cart":
                self.console, self.paused = self._boot(), False
            else:
                self.running = False

    def _choose(self, sel: int, bits: int):
        index = list(self.console.menu_items())[sel - 1]
        return self.console.choose_menuitem(index, bits)

    # ---- the frame ---------------------------------------------------------------------------
    def buttons(self) -> set[str]:
        return {h.split(":")[0] for h in self.held}

    def frame(self, events=()) -> bool:
        """Handle the events, run one console frame (none while paused), draw. False: quit."""
        for e in events:
            self.handle(e)
        if not self.running:
            return False
        if not self.paused:
            self.console.step(self.buttons(), mouse=tuple(self.mouse))
        self.draw()
        return self.running

    def sound(self) -> np.ndarray:
        """The last frame's samples (silence while paused: PICO-8's pause menu is quiet)."""
        c = self.console
        if self.paused:
            return np.zeros(RATE // c.fps, dtype=np.int16)
        return c.frame_audio

    def picture(self) -> np.ndarray:
        rgb = self.console.rgb()
        return pause_overlay(rgb, self.menu(), self.sel) if self.paused else rgb

    def draw(self) -> None:
        pg = self.pg
        rgb = np.ascontiguousarray(self.picture(), dtype=np.uint8)
        surf = pg.image.frombuffer(rgb.tobytes(), (SCREEN_W, SCREEN_H), "RGB")
        self.window.fill((0, 0, 0))
        self.window.blit(pg.transform.scale(surf, (SCREEN_W * self.scale, SCREEN_H * self.scale)),
                         self.offset)
        pg.display.flip()

    def run(self) -> None:
        sp = self.speaker
        if sp is None or not sp.ok:
            clock = self.pg.time.Clock()
            while self.frame(self.pg.event.get()):
                clock.tick(self.console.fps)
        else:
            running = True
            while running:
                if sp.wants_frame():
                    running = self.frame(self.pg.event.get())
                    sp.push(self.sound())
                sp.pump()
                if not sp.wants_frame():
                    self.pg.time.wait(2)
            sp.close()
        self.pg.quit()


MAX_SCALE = 16      # a 2048-pixel window: larger would be a window no screen shows


def _scale(text: str) -> int:
    """--scale: ASCII digits, 1..MAX_SCALE (generator.files.userfile's one number reader)."""
    try:
        return parse_whole(text, 1, MAX_SCALE)
    except NumberError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv=None) -> int:
    ap = ArgumentParser(prog="python -m generator.play.window", description=__doc__.split("\n\n")[0])
    ap.add_argument("cart", help="the .p8 cart (make cart builds build/picross.p8)")
    ap.add_argument("--cartdata", default=None,
                    help="JSON file that keeps the cart's saved data (default: the data directory's cartdata.json)")
    ap.add_argument("--scale", type=_scale, default=None,
                    help=f"pixels per PICO-8 pixel, 1..{MAX_SCALE} (default: fit the screen)")
    args = ap.parse_args(argv)
    try:
        if not Path(args.cart).exists():
            raise UserError(f"{args.cart}: no such cart (run `make cart` first)")
        cartdata = args.cartdata or data_dir() / "cartdata.json"
        Path(cartdata).parent.mkdir(parents=True, exist_ok=True)
        pg = load_pygame()
        try:
            Player(args.cart, cartdata, args.scale, pygame=pg).run()
        except pg.error as e:
            raise UserError(f"cannot open a window ({e}); make play needs a desktop session") from None
    except UserError as e:
        fail(str(e))     # one line, exit status 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
