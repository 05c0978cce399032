"""The editor's steps that the whole-session tests (fake-08, the minified cart) play alike."""
from __future__ import annotations

from generator.playtest.player import Player
from sharecoderef import grid_of

HEART = grid_of([".#.#.", "#####", "#####", ".###.", "..#.."])


def to_create(p: Player, downs: int) -> None:
    """From boot to the create screen's row `downs` (0: a 5x5 board, 3: enter a code), chosen."""
    p.idle(2)
    p.press("o")
    p.to_create()
    p.idle(5)
    for _ in range(3):
        p.press("up")
    for _ in range(downs):
        p.press("down")
    p.press("o")


def share_play_and_come_back(p: Player) -> None:
    """With the heart drawn in the editor: share its code from the pause menu, play it, solve
    it, share from the solved screen, and continue back into the editor."""
    p.c.choose_menuitem("share code")
    p.idle(5)
    p.press("o")
    p.idle(2)
    p.c.choose_menuitem("play it")
    p.idle(3)
    p.enter(HEART)
    p.idle(50)
    p.press("x")                           # the solved screen's share
    p.idle(5)
    p.press("o")
    p.idle(2)
    p.press("o")                           # continue: back in the editor
    p.idle(5)
