"""Did a rewrite of the docs keep everything? Every paragraph, table row and code line of an old
page must appear in the new pages, modulo headings, links and line breaks.

    python -m generator.dev.docs_kept OLD.md NEW.md [NEW.md ...]     (or OLD as REV:PATH, from git)

Prints each unit of OLD that is not found word for word in NEW (with the closest one found and
how close, by difflib's ratio), then a count: kept exactly, kept with small edits (ratio >= 0.85),
missing. Exit 1 when anything is missing. A dev tool (for moving text between the README and docs/), not
library code.
"""
from __future__ import annotations

import difflib
import re
import subprocess
import sys
from pathlib import Path

LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
ANCHOR = re.compile(r"<a id=\"[^\"]*\"></a>")
COMMENT = re.compile(r"<!--.*?-->", re.S)


def norm(s: str) -> str:
    s = ANCHOR.sub("", COMMENT.sub("", s))
    s = LINK.sub(r"\1", s)
    return " ".join(s.split())


def units(text: str) -> list[str]:
    """Paragraphs (blank-line separated), each table row and each code line; no headings."""
    out, para, fenced = [], [], False

    def flush():
        if para:
            out.append(norm(" ".join(para)))
            para.clear()

    for line in text.splitlines():
        if line.startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced:
            if line.strip() and line.strip() != "...":
                out.append(norm(line))
            continue
        s = line.strip()
        if s.startswith("#") or not s or s.startswith("|"):
            flush()
            if s.startswith("|") and not set(s) <= set("|-: "):
                out.append(norm(s))
            continue
        if s.startswith("- ") or re.match(r"\d+\. ", s):       # a list item is a unit of its own
            flush()
        para.append(s)
    flush()
    return [u for u in out if u]


def read(spec: str) -> str:
    if ":" in spec and not Path(spec).exists():
        return subprocess.run(["git", "show", spec], check=True, capture_output=True, text=True).stdout
    return Path(spec).read_text()


def check(old: str, new: list[str]):
    new_units = [u for t in new for u in units(t)]
    corpus = "\n".join(new_units)
    exact, edited, missing = 0, [], []
    for u in units(old):
        if u in corpus:
            exact += 1
            continue
        best = max(new_units, key=lambda n: difflib.SequenceMatcher(None, u, n).quick_ratio())
        r = difflib.SequenceMatcher(None, u, best).ratio()
        (edited if r >= 0.85 else missing).append((u, best, r))
    return exact, edited, missing


def main(argv=None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if len(args) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    exact, edited, missing = check(read(args[0]), [read(a) for a in args[1:]])
    for tag, rows in (("edited", edited), ("MISSING", missing)):
        for u, best, r in rows:
            print(f"{tag} ({r:.2f}): {u[:160]}\n    closest: {best[:160]}")
    print(f"{exact} kept exactly, {len(edited)} kept with small edits, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
