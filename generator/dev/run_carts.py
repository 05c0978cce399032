"""Run every .p8 cart in a folder on the headless console with a fixed script of buttons.

    python -m generator.dev.run_carts DIR [--frames 300] [--verbose]

One line per cart: `ok`, `unsupported <api>` (an API the console documents as unsupported:
generator.console.api.UNSUPPORTED, e.g. load), or `error <first line of the message>`; then
a summary count. The script is deterministic (fixed seed, fixed buttons): the same carts give
the same lines. For the check on open-source carts (kept outside the repository).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from generator.files.userfile import NumberError, parse_whole

# The input script: a 60-frame cycle of presses and holds of every button, with gaps, so that
# menus advance (o/x presses) and games move (held directions).
CYCLE: list[tuple[frozenset, int]] = [
    (frozenset(), 10), (frozenset({"x"}), 2), (frozenset(), 4), (frozenset({"o"}), 2),
    (frozenset(), 4), (frozenset({"right"}), 8), (frozenset({"left"}), 6),
    (frozenset({"up"}), 3), (frozenset({"down"}), 3), (frozenset({"right", "o"}), 5),
    (frozenset({"left", "x"}), 5), (frozenset(), 8),
]


def buttons_for(frame: int) -> frozenset:
    """The buttons held on frame `frame` (0-based) of the script."""
    t = frame % sum(n for _, n in CYCLE)
    for held, n in CYCLE:
        if t < n:
            return held
        t -= n
    return frozenset()


def run_cart(path: Path, frames: int = 300) -> tuple[str, str]:
    """(status, detail): ("ok", ""), ("unsupported", api), ("error", first line)."""
    from generator import UserError
    from generator.console import CartError, Console
    from generator.console.api import UNSUPPORTED
    try:
        c = Console.load(path, cartdata={})
        c.boot()
        for i in range(frames):
            c.step(buttons_for(i))
    except UserError as e:
        return "error", f"unreadable: {str(e).splitlines()[0]}"
    except CartError as e:
        msg = str(e)
        for name in UNSUPPORTED:
            if re.search(rf"\b{re.escape(name)}\b.*(headless|not supported|unsupported)", msg):
                return "unsupported", name
        first = next((line for line in msg.splitlines() if line.strip()), msg)
        return "error", first.strip()[:160]
    except Exception as e:   # a Python error in the console itself is a console bug
        return "error", f"console {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:160]
    return "ok", ""


def _frames(text: str) -> int:
    """--frames: ASCII digits, 1..1,000,000 (generator.files.userfile's one number reader)."""
    try:
        return parse_whole(text, 1, 1_000_000)
    except NumberError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--frames", type=_frames, default=300)
    args = ap.parse_args(argv)
    carts = sorted(args.dir.glob("*.p8"))
    if not carts:
        print(f"{args.dir}: no .p8 carts", file=sys.stderr)
        return 2
    counts: dict[str, int] = {}
    width = max(len(p.name) for p in carts)
    for p in carts:
        status, detail = run_cart(p, args.frames)
        counts[status] = counts.get(status, 0) + 1
        print(f"{p.name:<{width}}  {status:<11} {detail}".rstrip(), flush=True)
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("ok", "unsupported", "error"))
    print(f"{len(carts)} carts, {args.frames} frames each: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
