"""Screenshots of the built cart, taken by playing it in the headless console.

`take(cart, manifest, out_dir, label)` writes, 4x scaled: title, title-controls, worlds (each world's card),
puzzles (the first world's puzzle select with a few solved: pips, picture marks, progress),
ramp (the first puzzle, 5x5, with its controls line), ramp-10x10 (a 10x10 start puzzle in
progress), play-<world> (a 15x15 board in progress in each world's palette; dialog-<last world>
the clear-board question over it) and solved (a
finished picture in its colours, and solved-<first world>), puzzles-<last world> (its list with
twenty pictures solved, in their colours); editor-stalled, editor-solvable and editor-code (a
picture drawn in the editor with one cell too many, line logic's unreachable cells dotted; the cell
cleared, its verdict; its share code), editor-create (the create page) and code-damaged (the code
screen refusing that code with one symbol changed); and the title at 1x as the label picture the build puts in
the cart's __label__.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from generator.files.atomic import write_atomic
from generator.playtest.player import CARTDATA_ID, Player, saved_progress, solution  # noqa: F401
from generator.solver.clues import grid_clues
from generator.solver.linesolve import STALLED, solve

SCALE = 4
TITLE_FRAME = 45      # the logo is filled in, the prompt and controls showing: the label
CONTROLS_FRAME = 75   # a second later (the controls show from the first frame)


def _shot(p: Player, out: Path, name: str) -> Path:
    return p.c.screenshot(out / f"{name}.png", scale=SCALE)


def _first(manifest: dict, w: dict, size: int) -> int:
    """The number in world w of its first puzzle of `size`."""
    ps = manifest["puzzles"][w["first"]:w["first"] + w["count"]]
    return next(i for i, p in enumerate(ps) if p.get("size", 15) == size)


def take(cart: Path, manifest: dict, out: Path, label: Path | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    worlds = manifest["worlds"]
    shots = []

    p = Player(cart, saved_progress(cart, {0: 263, 1: 412, 2: 198, 4: 631, 8: 355}))
    p.idle(TITLE_FRAME)
    shots.append(_shot(p, out, "title"))
    if label is not None:
        with tempfile.TemporaryDirectory() as d:
            write_atomic(label, p.c.screenshot(Path(d) / "label.png").read_bytes())
    p.idle(CONTROLS_FRAME - TITLE_FRAME)
    shots.append(_shot(p, out, "title-controls"))
    p.press("o")
    shots.append(_shot(p, out, f"worlds-{worlds[0]['name']}"))
    p.press("right")
    shots.append(_shot(p, out, f"worlds-{worlds[1]['name']}"))
    p.press("left")
    p.press("o")
    for _ in range(3):
        p.press("right")
    shots.append(_shot(p, out, "puzzles"))

    p = Player(cart)
    p.open_puzzle(0, 0)
    p.idle(1)
    shots.append(_shot(p, out, "ramp"))
    w = worlds[-1]
    k = _first(manifest, w, 10)
    p = Player(cart)
    p.open_puzzle(len(worlds) - 1, k)
    p.enter(solution(manifest, w["first"] + k), rows=range(4))
    p.move_to(3, 6)
    p.idle(1)
    shots.append(_shot(p, out, "ramp-10x10"))

    for w in worlds[:2]:
        k = _first(manifest, w, 15) + 2
        p = Player(cart)
        p.open_puzzle(worlds.index(w), k)
        sol = solution(manifest, w["first"] + k)
        p.enter(sol, rows=range(7))
        p.move_to(9, 8)
        p.press("x")
        p.move_to(5, 9)
        p.idle(1)
        shots.append(_shot(p, out, f"play-{w['name']}"))
        if w is worlds[-1]:              # a question over that board
            p.c.choose_menuitem("clear board")
            p.idle(1)
            shots.append(_shot(p, out, f"dialog-{w['name']}"))

    # a picture revealed in its colours in each world (the lookout's is `solved`), and the
    # lookout's list with its first pictures solved: thumbnails in colour
    for w, k, name in ((worlds[-1], 0, "solved"), (worlds[0], 9, f"solved-{worlds[0]['name']}")):
        k += _first(manifest, w, 15)
        p = Player(cart)
        p.open_puzzle(worlds.index(w), k)
        p.enter(solution(manifest, w["first"] + k))
        p.idle(60)
        shots.append(_shot(p, out, name))
    w = worlds[-1]
    p = Player(cart, saved_progress(cart, {w["first"] + k: 200 + 37 * k for k in range(20)}))
    p.idle(2)
    p.press("o")
    p.press("right")
    p.press("o")
    for _ in range(8):
        p.press("right")
    shots.append(_shot(p, out, f"puzzles-{w['name']}"))
    return shots + editor_shots(cart, manifest, out)


def stalled_twin(manifest: dict, name: str):
    """Picture `name` (15x15, line-solvable) and the first cell that, filled too, stalls line
    logic: (the picture, the cell's x, y)."""
    k = next(i for i, q in enumerate(manifest["puzzles"]) if q["name"] == name)
    good = solution(manifest, k)
    for y in range(good.shape[0]):
        for x in range(good.shape[1]):
            if not good[y, x]:
                bad = good.copy()
                bad[y, x] = True
                if solve(grid_clues(bad)).status == STALLED:
                    return good, (x, y)
    raise ValueError(f"no cell stalls {name}")


def editor_shots(cart: Path, manifest: dict, out: Path, name: str = "anchor") -> list[Path]:
    """The editor: picture `name` drawn with one cell too many (stalled, dotted), then fixed."""
    good, (x, y) = stalled_twin(manifest, name)
    p = Player(cart)
    p.idle(2)
    p.press("o")
    p.to_create()
    p.press("down")                  # 15x15
    shots = [_shot(p, out, "editor-create")]
    p.press("o")
    p.enter(good)
    p.move_to(x, y)
    p.press("o")
    p.idle(20)
    # (the verdict's second line takes turns: each shot on its verdict's own words)
    p.until(lambda: p.c.find_print("see dots"))
    shots.append(_shot(p, out, "editor-stalled"))
    p.press("o")
    p.idle(20)
    p.until(lambda: p.c.find_print("rounds"))
    shots.append(_shot(p, out, "editor-solvable"))
    p.c.choose_menuitem("share code")
    p.idle(2)
    shots.append(_shot(p, out, "editor-code"))
    # the code screen with that code pasted, one symbol wrong: refused as damaged
    code = p.c.clipboard
    p.press("o")
    p.c.choose_menuitem("leave puzzle")
    p.idle(2)
    p.press("down")                  # enter a code
    p.press("o")
    p.c.paste(code[:20] + ("0" if code[20] != "0" else "1") + code[21:])
    p.idle(3)
    shots.append(_shot(p, out, "code-damaged"))
    return shots
