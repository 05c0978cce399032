"""Bench: the headless console's frame time, against the console as it was at BASELINE.

Two measurements, each timed here and, in the same run, in the console of commit BASELINE (its
`generator` taken with `git archive` into a temporary directory and timed in a subprocess
with PYTHONPATH there), so the ratios compare like with like on this machine:

- a heavy frame: cls, 225 rectfills, 4,000 psets, 40 prints, 20 circfills and 60 lines in
  _draw; the median of FRAMES frames (target: at least TARGET_RATIO times faster);
- the picross cart (build/picross.p8, built if missing): a fixed button script from the title
  into a puzzle and across its board; the mean frame time (target: no slower).

Without the commit in the clone (a shallow copy) the baselines are skipped, saying so.
Run: python -m generator.dev.bench_console [frames]
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from generator.dev.cli_args import whole_arg

REPO = Path(__file__).resolve().parents[2]
CART = REPO / "build" / "picross.p8"
BASELINE = "ad9a99d"
FRAMES = 30
TARGET_RATIO = 8

HEAVY = """pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
function _draw()
 cls(1)
 for i=0,224 do rectfill(i%15*8,i\\15*8,i%15*8+6,i\\15*8+6,i%16) end
 for i=0,3999 do pset(i*7%128,i*13%128,i%16) end
 for i=0,39 do print("heavy frame "..i,i%4*30,i*3%128,7) end
 for i=0,19 do circfill(i*6%128,i*11%128,3+i%9,i%16) end
 for i=0,59 do line(i*2,0,127-i*2,127,i%16) end
end
"""

# timed in this process and in the baseline's: the same code for both consoles (their
# public API, Console.load/boot/step, is the same)
MEASURE = r"""
import json, statistics, sys, time
from generator.console import Console
heavy, cart, frames = sys.argv[1], sys.argv[2], int(sys.argv[3])
c = Console.load(heavy).boot()
c.step()
times = []
for _ in range(frames):
    t = time.perf_counter(); c.step(); times.append(time.perf_counter() - t)
out = {"heavy_ms": statistics.median(times) * 1000}
if cart:
    c = Console.load(cart, cartdata={}).boot()
    script = ([()] * 20 + [("o",), ()] * 2 + [()] * 10 + [("o",), ()] + [()] * 20
              + [("right",)] * 40 + [("down",)] * 40 + [("o",), ()] * 10 + [()] * 30)
    t = time.perf_counter()
    for b in script:
        c.step(b)
    out["picross_ms"] = (time.perf_counter() - t) / len(script) * 1000
print(json.dumps(out))
"""


def measure(pythonpath: Path, heavy: Path, cart: Path | None, frames: int) -> dict:
    """Run MEASURE with `pythonpath` first on the path; its results as a dict."""
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    r = subprocess.run([sys.executable, "-c", MEASURE, str(heavy), str(cart or ""), str(frames)],
                       capture_output=True, text=True, env=env, cwd=pythonpath)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "failed")
    return json.loads(r.stdout.strip().splitlines()[-1])


def baseline_tree(into: Path) -> bool:
    """Extract BASELINE's `generator` into `into`; False when the commit is not in the clone."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", BASELINE, "generator"],
                             capture_output=True)
    if archive.returncode:
        return False
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return True


def main(argv: list[str]) -> None:
    frames = whole_arg(argv[0], "bench_console: frames", 1, 1_000_000) if argv else FRAMES
    if not CART.exists():
        subprocess.run([sys.executable, str(REPO / "build.py"), "--out", str(CART)], check=True,
                       capture_output=True)
    with tempfile.TemporaryDirectory() as tmp:
        heavy = Path(tmp) / "heavy.p8"
        heavy.write_text(HEAVY)
        now = measure(REPO, heavy, CART, frames)
        old_dir = Path(tmp) / "baseline"
        old_dir.mkdir()
        old = measure(old_dir, heavy, CART, frames) if baseline_tree(old_dir) else None
    print(f"console frame time ({frames} heavy frames: cls, 225 rectfill, 4,000 pset, 40 print,"
          f" 20 circfill, 60 line)")
    print(f"  heavy frame: {now['heavy_ms']:.2f} ms (median)")
    print(f"  picross cart: {now['picross_ms']:.2f} ms a frame (mean of a fixed button script)")
    if old is None:
        print(f"  baseline {BASELINE} is not in this clone: no ratios")
        return
    ratio = old["heavy_ms"] / now["heavy_ms"]
    slower = now["picross_ms"] / old["picross_ms"]
    print(f"  at {BASELINE}: heavy {old['heavy_ms']:.2f} ms, picross {old['picross_ms']:.2f} ms")
    print(f"  heavy frame {ratio:.1f}x faster (target {TARGET_RATIO}x): "
          f"{'met' if ratio >= TARGET_RATIO else 'NOT met'}")
    print(f"  picross cart {old['picross_ms'] / now['picross_ms']:.2f}x the old speed"
          f" (target: no slower): {'met' if slower <= 1 else 'NOT met'}")


if __name__ == "__main__":
    main(sys.argv[1:])
