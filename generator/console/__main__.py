"""python -m generator.console CART [--press x] [--press right:20] [--frames N] --out shot.png
                               [--wav run.wav]

Boots the cart, runs each --press in order (buttons joined by '+', held for ':N' frames, default
1, then released for one frame), then --frames more frames, and saves a screenshot; --wav saves
the sound of the whole run (22,050 Hz mono 16-bit PCM, 735 samples a frame at 30 fps: N frames
are exactly N/30 s). A run plays at most MAX_FRAMES frames and scales by at most MAX_SCALE;
--frames, --scale and --seed are read as every number is (ASCII digits, bounded:
generator.files.userfile.whole_number);
--out and --wav are never one of the inputs nor each other, and are written atomically.
"""
from __future__ import annotations

import click

from generator import UserError
from generator.errors import run_command, user_errors
from generator.files.atomic import PNG, check_output, check_writable
from generator.files.userfile import whole_number
from generator.console.buttons import NAMES, button_index
from generator.console.console import CartError, Console
from generator.console.wav import WAV, write_wav


MAX_FRAMES = 3600      # frames one run plays, presses included: a minute of PICO-8 time
MAX_SCALE = 16         # a 2048-pixel-square screenshot
MAX_SEED = 0x7fff      # srand() takes a PICO-8 number: its whole part is 16 bits, signed


def parse_press(spec: str) -> tuple[list[str], int]:
    """'o', 'left+x', 'right:20': the buttons (names checked) and the frames to hold them."""
    names, colon, n = spec.partition(":")
    if colon and not n:
        raise UserError(f"--press {spec!r}: no frame count after ':' (write {names}:N, or just {names})")
    frames = whole_number(n, f"--press {spec!r}: frame count") if colon else 1
    if frames < 1:
        raise UserError(f"--press {spec!r}: frame count must be at least 1")
    buttons = names.split("+")
    if not names.strip() or any(not b.strip() for b in buttons):
        raise UserError(f"--press {spec!r}: name a button for each '+' ({', '.join(NAMES)}, or 0-5)")
    for b in buttons:
        try:
            button_index(int(b) if b.isascii() and b.isdigit() else b)
        except ValueError as e:
            raise UserError(f"--press {spec!r}: {e}") from None
    return [int(b) if b.isascii() and b.isdigit() else b for b in buttons], frames


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("cart", type=click.Path(dir_okay=False))
@click.option("--press", "presses", multiple=True, metavar="BUTTONS[:N]",
              help="Buttons (left right up down o x, joined by +) held N frames, then released.")
@click.option("--frames", default="1", show_default=True, metavar="N",
              help=f"Frames to run after the presses (the run: at most {MAX_FRAMES}).")
@click.option("--out", type=click.Path(dir_okay=False), help="Write the last screen as a PNG.")
@click.option("--wav", type=click.Path(dir_okay=False),
              help="Write the run's sound as a WAV (22,050 Hz mono 16-bit).")
@click.option("--scale", default="1", show_default=True, metavar="N",
              help=f"PNG pixels per PICO-8 pixel, 1..{MAX_SCALE}.")
@click.option("--cartdata", type=click.Path(dir_okay=False), help="JSON file holding cartdata.")
@click.option("--seed", default="0", show_default=True, metavar="N",
              help=f"Seed of rnd() before any srand(), 0..{MAX_SEED}.")
@user_errors
def main(cart, presses, frames, out, wav, scale, cartdata, seed):
    """Run a .p8 cart headless and screenshot it."""
    script = [parse_press(p) for p in presses]
    scale = whole_number(scale, "--scale", 1, MAX_SCALE)
    seed = whole_number(seed, "--seed", 0, MAX_SEED)
    frames = whole_number(frames, "--frames", 0, MAX_FRAMES)
    total = frames + sum(n + 1 for _, n in script)
    if total > MAX_FRAMES:
        raise UserError(f"the run (--frames and the presses) is at most {MAX_FRAMES} frames "
                        f"(a minute of PICO-8 time), not {total}")
    if wav == "-":
        raise UserError("--wav needs a file name (stdout carries the run's report)")
    check_output(out, PNG, inputs=[cart, cartdata], others=[wav], flag="--out")
    check_output(wav, WAV, inputs=[cart, cartdata], others=[out], flag="--wav")
    if cartdata is not None:
        check_writable(cartdata)      # the run ends by saving it: refused now, not after the run
    try:
        c = Console.load(cart, cartdata=cartdata, seed=seed)
        c.boot()
        for names, n in script:
            c.press(*names, frames=n)
        c.run_frames(frames)
    except CartError as e:
        raise UserError(f"{cart}: {str(e).splitlines()[0]}")
    except ValueError as e:
        raise UserError(str(e))
    click.echo(f"frames: {c.frame_index}  max instructions/frame: {c.max_instructions}"
               f" (budget {c.budget})")
    for p in c.prints:
        click.echo(f"print {p.x},{p.y} c{p.colour}: {p.text}")
    if out:
        c.screenshot(out, scale)
        click.echo(f"wrote {out}")
    if wav:
        samples = c.audio()
        write_wav(wav, samples)
        click.echo(f"wrote {wav} ({len(samples) / 22050:.3f} s, peak {int(abs(samples).max(initial=0))})")


if __name__ == "__main__":
    # click's usage errors as one line and exit status 1, like picross and build.py
    run_command(main, "python -m generator.console")
