"""Golden files: outputs compared byte for byte with a file kept in tests/data/golden/.

When an output changes on purpose, regenerate with `PICROSS_UPDATE_GOLDEN=1 make test` and
review the diff of tests/data/golden/ like any other change before committing it.
"""
from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"


def check_golden(name: str, actual: str | bytes) -> None:
    """Assert `actual` equals the golden file `name` (or rewrite it when updating)."""
    path = GOLDEN / name
    data = actual.encode() if isinstance(actual, str) else actual
    if os.environ.get("PICROSS_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden file {path}; run with PICROSS_UPDATE_GOLDEN=1 to create it"
    want = path.read_bytes()
    if data != want:
        # show the first differing line, the usual way to see what moved
        a, b = want.decode(errors="replace").splitlines(), data.decode(errors="replace").splitlines()
        line = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        raise AssertionError(f"{name} differs from its golden file at line {line + 1}:\n"
                             f"  golden: {a[line] if line < len(a) else '<end>'!r}\n"
                             f"  now:    {b[line] if line < len(b) else '<end>'!r}\n"
                             "(PICROSS_UPDATE_GOLDEN=1 rewrites it, if the change is meant)")
