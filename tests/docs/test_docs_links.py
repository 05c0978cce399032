"""The README and docs/ hold together: every relative link resolves (file and #anchor), every
page is reachable from the README, and the README stays a front door (at most 250 lines)."""
from pathlib import Path

import pytest

from cartfixtures import REPO
from mdlinks import anchors, links, slug

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves_to_a_file_and_its_anchor(page):
    text = page.read_text()
    bad = []
    for target in links(text):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            bad.append(f"{target}: no file {dest.relative_to(REPO) if dest.is_relative_to(REPO) else dest}")
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(dest.read_text())):
            bad.append(f"{target}: no anchor #{anchor} in {dest.name}")
    assert not bad, f"{page.name}: broken links:\n" + "\n".join(bad)


def test_the_readme_is_at_most_250_lines_and_links_every_docs_page():
    text = (REPO / "README.md").read_text()
    assert len(text.splitlines()) <= 250
    linked = {(REPO / t.partition("#")[0]).resolve() for t in links(text)}
    unlinked = [p.name for p in PAGES[1:] if p.resolve() not in linked]
    assert not unlinked, f"docs pages the README does not link: {unlinked}"


@pytest.mark.parametrize("heading,want", [
    ("The `picross` command", "the-picross-command"),
    ("Sound: the synthesiser and the cart's music", "sound-the-synthesiser-and-the-carts-music"),
    ("In the terminal: `picross play FILE [-i N]`", "in-the-terminal-picross-play-file--i-n"),
])
def test_anchors_are_githubs(heading, want):
    assert slug(heading) == want


def test_a_broken_link_is_caught(tmp_path):
    """The checker itself: a missing file and a missing anchor are both found."""
    (tmp_path / "a.md").write_text("# Top\n\n[ok](#top) [gone](b.md) [no](a.md#nowhere) `[code](x.md)`\n")
    text = (tmp_path / "a.md").read_text()
    assert links(text) == ["#top", "b.md", "a.md#nowhere"]
    assert "top" in anchors(text) and "nowhere" not in anchors(text)
