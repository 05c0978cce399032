"""python -m generator.web CART --out build/web

Builds the page that plays CART in a browser, with no PICO-8: z8lua's sources fetched from PyPI
and verified (cached in build/web-src), compiled to wasm with emscripten, and one
self-contained OUT/index.html (plus OUT/LICENSES.txt). Without emcc it says what to install, in
one line, and exits 1.
"""
from __future__ import annotations

from pathlib import Path

import click

from generator.errors import run_command, user_errors
from generator.files.atomic import write_all
from generator.web.compile import emcc, z8_factory
from generator.web.page import build_page


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("cart", type=click.Path(dir_okay=False))
@click.option("--out", default="build/web", show_default=True, type=click.Path(file_okay=False),
              help="Folder to write index.html and LICENSES.txt into.")
@click.option("--cache", default="build/web-src", show_default=True,
              type=click.Path(file_okay=False), help="Folder for z8lua's sources and the wasm.")
@user_errors
def main(cart, out, cache):
    """Build the page that plays CART in any browser."""
    emcc()
    cache = Path(cache)
    factory = z8_factory(cache)
    page, notices = build_page(cart, factory)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    write_all([(out / "index.html", page), (out / "LICENSES.txt", notices)])
    click.echo(f"wrote {out / 'index.html'} ({len(page.encode()) // 1024} KiB)")


if __name__ == "__main__":
    run_command(main, "python -m generator.web")
