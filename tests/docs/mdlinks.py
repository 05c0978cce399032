"""The links of the project's Markdown pages: where they point and which anchors a page has."""
from __future__ import annotations

import re
from pathlib import Path

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
ANCHOR = re.compile(r"<a id=\"([^\"]+)\"></a>")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def prose(text: str) -> str:
    """The text without code blocks and inline code (a link shown as code is not a link)."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    s = heading.strip().lower().replace("`", "")
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(text: str) -> set[str]:
    body = FENCE.sub("", text)
    out = set(ANCHOR.findall(body))
    for line in body.splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if m:
            out.add(slug(m.group(1)))
    return out


def links(text: str) -> list[str]:
    return [t for t in LINK.findall(prose(text)) if not re.match(r"[a-z]+:", t)]
