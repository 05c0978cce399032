"""A batch in numbers, as text: sizes, fill, iterations histogram, how it was generated."""
from __future__ import annotations

from collections import Counter

from generator.formats.batchfile import Batch

BAR_WIDTH = 40


def bar_lines(counts: dict[int, int], width: int = BAR_WIDTH) -> list[str]:
    """One text bar per key, longest bar `width` characters, keys in order with gaps filled."""
    if not counts:
        return []
    top = max(counts.values())
    keys = range(min(counts), max(counts) + 1)
    total = sum(counts.values())
    return [f"{k:>4} | {'#' * round(width * counts.get(k, 0) / top):<{width}} "
            f"{counts.get(k, 0):>5} {100 * counts.get(k, 0) / total:5.1f}%" for k in keys]


def stats_lines(batch: Batch, source: str) -> list[str]:
    ps = batch.puzzles
    out = [f"{source}: {len(ps)} puzzles"]
    if not ps:
        return out
    sizes = Counter((p.width, p.height) for p in ps)
    out.append("sizes: " + ", ".join(f"{w}x{h} {n}" for (w, h), n in sorted(sizes.items())))
    fill = [float(p.solution.mean()) for p in ps]
    out.append(f"fill: mean {sum(fill) / len(fill):.3f}, min {min(fill):.3f}, max {max(fill):.3f}")
    named = sum(p.name is not None for p in ps)
    if named:
        out.append(f"named: {named}")
    its = Counter(p.iterations for p in ps)
    mean = sum(p.iterations for p in ps) / len(ps)
    out.append(f"iterations: mean {mean:.2f}, min {min(its)}, max {max(its)}")
    out += bar_lines(dict(its))
    prm = batch.params
    if "tried" in prm and "accepted" in prm:
        tried, acc = prm["tried"], prm["accepted"]
        rate = f"{100 * acc / tried:.1f}%" if tried else "n/a"
        how = ", ".join(f"{k} {prm[k]}" for k in ("style", "density", "seed") if k in prm)
        out.append(f"generated: {acc} accepted of {tried} tried ({rate})" + (f"; {how}" if how else ""))
        rej = {k: v for k, v in prm.get("rejected", {}).items() if v}
        if rej:
            out.append("rejected: " + ", ".join(f"{k} {v}" for k, v in sorted(rej.items(), key=lambda kv: -kv[1])))
    return out
