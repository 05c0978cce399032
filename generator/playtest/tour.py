"""A player's tour of every screen of the picross8 cart, noting what can be read on each.

`tour(cart, manifest)` plays the built cart in the console with buttons and the pause menu
only, in every world and in endless in each world's palette: the title (and its controls), the
world screen (each world's card with a board in progress, and endless), the puzzle list
(solved pictures, unsolved and in-progress tiles), the play screen at 5x5, 10x10 and 15x15 (the
first puzzle's controls tip, lit and dimmed clue numbers, the mistake and hint messages), both
questions (clear the board; the full save), the solved screen and endless's "making a puzzle";
and the create page, the editor (a design that needs a guess, its dots and refusal, then a
line-solvable one and its share code) and the code screen (a code typed short, a damaged one
pasted, then one played).
Every frame it notes the texts and clue numbers drawn (generator.playtest.measured_text), measured
on the display. `layouts(cart, puzzles)` draws the play screen of each packed puzzle and
`endless_layouts(cart, n)` of n endless puzzles the cart makes, for the clue gaps.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator.playtest import measured_text
from generator.playtest.player import Player, Stuck, saved_progress, solution

SCREENS = {"title_update": "title", "worlds_update": "worlds", "puzzles_update": "list", "play_update": "play", "solved_update": "solved",
           "endless_update": "endless", "code_update": "code"}


@dataclass(frozen=True)
class Seen:
    screen: str         # title, worlds, create, list, play, editor, dialog, solved, endless, code
    world: str          # the palette it was drawn in (a world's name)
    frame: int          # the first frame it was seen so
    item: measured_text.Item


def _key(s: Seen) -> tuple:
    it = s.item
    return (s.screen, s.world, it.kind, it.text, it.x, it.y, it.role, it.ink_rgb, it.bg_rgb,
            len(it.ink))


class Tourist(Player):
    """A Player whose every frame's texts are measured: each one seen (once per screen, world,
    place and colours) in `seen`; `world` names the palette (the world whose colours are up)."""

    def __init__(self, cart: Path, cartdata: dict | None = None) -> None:
        super().__init__(cart, cartdata)
        measured_text.instrument(self.c)
        self.seen: dict[tuple, Seen] = {}
        self.last: list[measured_text.Item] = []
        step = self.c.step

        def measured_step(buttons=(), mouse=None):
            frame = step(buttons, mouse)
            items = self.last = measured_text.seen(self.c)
            if items:
                screen = next((name for fn, name in SCREENS.items() if self.on(fn)), "?")
                if screen == "worlds" and int(self.g("world_index")) > len(self.g("worlds")) + 1:
                    screen = "create"
                if screen == "play" and self.g("mode") == "edit":
                    screen = "editor"
                if screen in ("play", "editor") and self.g("question"):
                    screen = "dialog"
                for it in items:
                    s = Seen(screen, self.world(), frame.index, it)
                    self.seen.setdefault(_key(s), s)
            self.c.frames.clear()            # a long tour keeps no frames
            return frame
        self.c.step = measured_step

    def world(self) -> str:
        return str(self.g("worlds")[int(self.g("palette_world") or 1)]["name"])

    def tile(self, k: int) -> None:
        """On the puzzle list: the cursor onto the world's tile k (from 0)."""
        first = int(self.g("worlds")[int(self.g("world_index"))]["first"])
        for _ in range(300):
            at = int(self.g("puzzle_index")) - first
            if at == k:
                return
            d = k - at
            self.press("down" if d >= 7 else "up" if d <= -7 else "right" if d > 0 else "left")
        raise Stuck(f"list cursor never reached tile {k}")

    def answer(self, button: str = "o") -> None:
        """A question up (the full save's): answer it."""
        if self.on("play_update") and self.g("question"):
            self.idle(2)
            self.press(button)

    def open_tile(self, k: int) -> None:
        self.tile(k)
        self.press("o")
        self.until(lambda: self.on("play_update"))
        self.idle(2)

    def first_mark(self, sol) -> None:
        """Fill the solution's first filled cell; the save being full, keep the board."""
        y, x = (int(v) for v in np.argwhere(sol)[0])
        self.idle(5)
        self.move_to(x, y)
        self.press("o")
        self.until(lambda: self.g("question"), frames=30)
        self.answer("o")

    def leave(self) -> None:
        self.c.choose_menuitem("leave puzzle")
        self.idle(2)
        self.answer("x")
        self.until(lambda: self.on("puzzles_update") or self.on("worlds_update"))
        self.idle(2)


def _first(manifest: dict, world: int, size: int) -> int:
    """The world's number (from 0) of its first puzzle of `size`."""
    w = manifest["worlds"][world]
    ps = manifest["puzzles"][w["first"]:w["first"] + w["count"]]
    return next(i for i, q in enumerate(ps) if q.get("size", 15) == size)


def _world(cart: Path, manifest: dict, w: int) -> dict:
    first = manifest["worlds"][w]["first"]
    t = Tourist(cart, saved_progress(cart, {first + k: 50 + 31 * k for k in (1, 2, 4, 7)}))
    t.idle(75)                                   # the title and its controls
    t.press("o")
    for _ in range(w):
        t.press("right")
    t.press("o")                                 # the list
    t.open_tile(0)                               # the first puzzle: its controls tip
    t.press("left")
    t.press("o")                                 # a mark (wrong or right), then a hint
    t.hint()
    t.idle(3)
    t.c.choose_menuitem("clear board")           # the question, kept
    t.idle(3)
    t.press("x")
    t.leave()
    # boards in progress up to a full save (the first puzzle's is one), then a fifth asks
    for n, k in enumerate((3, 5, _first(manifest, w, 15), 8)):
        t.open_tile(k)
        t.idle(5)
        t.press("o")
        t.idle(3)
        if n == 3:
            t.until(lambda: t.g("question"), frames=30)
        t.answer("o")
        t.leave()
    for size in (10, 15):                        # partly entered: lit and dimmed clues
        k = _first(manifest, w, size) + 1
        t.open_tile(k)
        sol = solution(manifest, first + k)
        t.first_mark(sol)
        t.enter(sol, rows=range(sol.shape[0] // 2))
        t.hint()
        t.idle(3)
        t.leave()
    k = _first(manifest, w, 5) + 2                # solved: the reveal, the name, the time
    t.open_tile(k)
    t.first_mark(solution(manifest, first + k))
    t.enter(solution(manifest, first + k))
    t.until(lambda: t.on("solved_update"))
    t.idle(50)
    t.press("o")
    t.until(lambda: t.on("puzzles_update"))
    for _ in range(9):                           # along solved, unsolved and in-progress tiles
        t.press("right")
    t.press("down")
    t.idle(3)
    t.press("x")                                 # the worlds: every card
    for _ in range(len(manifest["worlds"]) + 1):
        t.press("right")
        t.idle(3)
    return t.seen


def _endless(cart: Path, manifest: dict, w: int) -> dict:
    """Endless in world w's palette: the n-th endless puzzle takes world n % count + 1."""
    t = Tourist(cart, saved_progress(cart, {}))
    t.c.exec(f"endless_solved={w}")
    t.idle(2)
    t.press("o")
    for _ in range(len(manifest["worlds"])):
        t.press("right")
    t.press("o")
    t.until(lambda: t.on("play_update"), frames=3000)
    t.idle(3)
    sol = t.sol()
    t.enter(sol, rows=range(sol.shape[0] // 2))
    t.hint()
    t.idle(3)
    return t.seen


def _create(cart: Path, manifest: dict, w: int) -> dict:
    """The create page, the editor in world w's palette and the code screen."""
    t = Tourist(cart, saved_progress(cart, {}))
    t.idle(2)
    t.press("o")
    for _ in range(len(manifest["worlds"]) + 1):  # past the worlds and endless: create
        t.press("right")
    t.idle(3)
    t.c.exec(f"palette_world={w + 1}")                      # the editor draws in the last world's colours
    t.press("o")                                 # 10x10, the page's first choice
    t.until(lambda: t.on("play_update") and t.g("mode") == "edit")
    t.idle(3)
    for x, y in ((2, 2), (3, 3)):                # two cells on a diagonal: either diagonal fits
        t.move_to(x, y)
        t.press("o")
    t.until(lambda: t.g("verdict_text") == "needs guess", frames=120)
    # (its second line takes turns with the menu's chord and the controls: until "see dots")
    t.until(lambda: t.c.find_print("see dots"), frames=400)
    t.idle(2)
    t.c.choose_menuitem("share code")            # refused, saying why
    t.idle(3)
    t.move_to(3, 3)
    t.press("o")                                 # one cell: line-solvable
    t.until(lambda: t.g("verdict_text") == "solvable", frames=120)
    t.idle(2)
    t.c.choose_menuitem("share code")            # the code, in a question's box
    t.until(lambda: t.g("question"), frames=30)
    t.idle(2)
    t.press("o")
    t.c.choose_menuitem("leave puzzle")
    t.until(lambda: t.on("worlds_update"))
    t.idle(2)
    for _ in range(2):                           # enter a code
        t.press("down")
    t.press("o")
    t.until(lambda: t.on("code_update"))
    for b in ("right",) * 5 + ("o",):            # "5" typed: too short
        t.press(b)
    t.idle(2)
    t.c.paste("5azze4wn")                        # damaged
    t.idle(3)
    t.c.paste("5azze4wm")                        # the heart: checked, then played
    t.until(lambda: t.on("play_update"), frames=300)
    t.idle(3)
    return t.seen


def tour(cart: Path, manifest: dict) -> list[Seen]:
    """Every text and clue number seen in every world and endless palette."""
    seen: dict = {}
    for w in range(len(manifest["worlds"])):
        seen |= _world(cart, manifest, w)
        seen |= _endless(cart, manifest, w)
        seen |= _create(cart, manifest, w)
    return list(seen.values())


def layout(t: Tourist, start: str) -> list[measured_text.Item]:
    """The clue numbers of the play screen once `start` (Lua) has set up a board, blank."""
    t.c.exec(start)
    t.until(lambda: t.on("play_update"), frames=5000)
    t.c.exec("redraw=true")
    t.idle(1)
    return [it for it in t.last if it.kind == "clue"]


# puzzle p in its world's colours
_PACKED = "for i,w in pairs(worlds) do if {0}>=w.first then world_index,palette_world=i,i end end load_puzzle({0}) play()"


def layouts(cart: Path, puzzles) -> list[list[measured_text.Item]]:
    """Each packed puzzle's clue numbers as its blank play screen shows them."""
    t = Tourist(cart)
    return [layout(t, _PACKED.format(int(p))) for p in puzzles]


# the cart's endless generator run to its end within one call (the cart spreads it over frames)
_ENDLESS = "srand({}) start_endless() while costatus(endless_maker)!='dead' do coresume(endless_maker) end palette_world=endless_world play()"


def endless_layouts(cart: Path, seeds) -> list[list[measured_text.Item]]:
    """The clue numbers of the endless puzzles the cart makes from each seed."""
    t = Tourist(cart)
    return [layout(t, _ENDLESS.format(int(s))) for s in seeds]
