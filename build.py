"""Build the PICO-8 cart: `python build.py [--out build/picross.p8] [--worlds cart/worlds.json]`.

A thin command line over generator.cartbuild.build (which documents the steps); the ROM layout is in
generator.cartbuild.rom and the art rules in generator.cartbuild.artmap.
"""
from __future__ import annotations

from generator.startup import quiet_interrupts

quiet_interrupts("build.py")    # before the imports below: Ctrl-C during them is one line too

from pathlib import Path  # noqa: E402

import click  # noqa: E402

from generator.cartbuild.build import build_to, palette_report  # noqa: E402
from generator.errors import run_command, user_errors  # noqa: E402

HERE = Path(__file__).resolve().parent


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--worlds", "worlds_path", type=click.Path(dir_okay=False), default=str(HERE / "cart/worlds.json"),
              show_default=True, help="The world config: worlds, batches, art.")
@click.option("--main", "main_lua", type=click.Path(dir_okay=False), default=str(HERE / "cart/main.lua"),
              show_default=True, help="The cart's Lua entry; #include lines are inlined.")
@click.option("--out", type=click.Path(dir_okay=False), default="build/picross.p8", show_default=True)
@click.option("--manifest", type=click.Path(dir_okay=False), default=None,
              help="Manifest JSON [default: OUT with .json instead of .p8].")
@click.option("--source-out", type=click.Path(dir_okay=False), default=None,
              help="Also write the cart unminified, with the source's names (for tools that read "
                   "its globals by name).")
@click.option("--palettes/--no-palettes", default=False, help="Also print the palette report.")
@user_errors
def main(worlds_path, main_lua, out, manifest, source_out, palettes):
    """Pack the worlds' puzzles, the art and the Lua into a .p8 cart, its Lua minified by
    shrinko8, and print its counts (the source's per file; the cart's as shipped)."""
    manifest = manifest or str(Path(out).with_suffix(".json"))
    res = build_to(worlds_path, main_lua, out, manifest, source_out)
    also = f", {source_out} with {Path(source_out).with_suffix('.json')}" if source_out else ""
    click.echo(f"wrote {out} with {manifest}{also}")
    click.echo(res.summary)
    if palettes:
        click.echo(palette_report(res.palettes))


def run(argv: list[str] | None = None) -> None:
    """The command line: click's usage errors become one line and exit status 1, as in `picross`."""
    run_command(main, "build.py", argv)


if __name__ == "__main__":
    run()
