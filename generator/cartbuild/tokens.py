"""Token, character and compressed-size counts with shrinko's counter, and the cart's budgets.

The counts come from the `shrinko8 --parsable-count` command line (the interface shrinko keeps
stable), run on each source file alone and on the whole built cart.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator import UserError

from generator.pico8 import CHARS, COMPRESSED, FILE_TOKEN_BUDGETS, TOKENS  # noqa: F401


@dataclass(frozen=True)
class Counts:
    tokens: int
    chars: int
    compressed: int


def _shrinko8() -> list[str]:
    exe = Path(sys.executable).parent / "shrinko8"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "shrinko.shrinko8"]


def count_file(path, name: str | None = None) -> Counts:
    """Counts of the file at `path`; errors name `name` (the user's file, not a temporary one)."""
    r = subprocess.run(_shrinko8() + [str(path), "--count", "--parsable-count"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        detail = (r.stderr or r.stdout).strip().replace(str(path), name or str(path))
        raise UserError(f"{name or path}: shrinko8 could not count it: {' '.join(detail.split())}")
    got = {}
    for line in r.stdout.splitlines():
        parts = line.split(":")
        if len(parts) == 5 and parts[0] == "count" and parts[1] == "None":
            got[parts[2]] = int(parts[3])
    return Counts(got["tokens"], got["chars"], got["compressed"])


def count_text(text: str, suffix: str = ".lua", name: str = "lua") -> Counts:
    fd, tmp = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        return count_file(tmp, name)
    finally:
        os.unlink(tmp)


def check_budgets(per_file: dict[str, Counts], total: Counts, compressed: bool = True) -> None:
    """Refuse a cart over any budget; the message names every file's count. `compressed`
    False: the compressed budget is not held (the unminified source cart, whose long names
    the shipped cart does not carry)."""
    over = []
    for name, c in per_file.items():
        limit = FILE_TOKEN_BUDGETS.get(Path(name).name)
        if limit is not None and c.tokens > limit:
            over.append(f"{name} has {c.tokens} tokens (budget {limit})")
    for what, n, limit in (("tokens", total.tokens, TOKENS), ("characters", total.chars, CHARS),
                           ("compressed bytes", total.compressed, COMPRESSED)):
        if n > limit and (compressed or limit != COMPRESSED):
            over.append(f"the cart has {n} {what} (limit {limit})")
    if over:
        files = ", ".join(f"{name} {c.tokens} tokens/{c.chars} chars" for name, c in per_file.items())
        raise UserError(f"over budget: {'; '.join(over)} [per file: {files}]")


def report(per_file: dict[str, Counts], total: Counts) -> str:
    """The table `make cart` prints."""
    w = max(len(n) for n in list(per_file) + ["cart total"])
    lines = [f"{'file':<{w}}  {'tokens':>6}  {'chars':>6}  {'compressed':>10}"]
    for name, c in per_file.items():
        budget = FILE_TOKEN_BUDGETS.get(Path(name).name)
        note = f"  (budget {budget})" if budget else ""
        lines.append(f"{name:<{w}}  {c.tokens:>6}  {c.chars:>6}  {c.compressed:>10}{note}")
    lines.append(f"{'cart total':<{w}}  {total.tokens:>6}  {total.chars:>6}  {total.compressed:>10}")
    lines.append(f"{'limit':<{w}}  {TOKENS:>6}  {CHARS:>6}  {COMPRESSED:>10}")
    return "\n".join(lines)
