"""z8lua's C sources for the page, fetched from PyPI at build time, verified and patched.

z8lua (PICO-8's Lua with 16.16 numbers) ships inside lupaz8's sdist as `third-party/luaz8/`.
`pip download --no-binary lupaz8` cannot prepare that sdist's metadata and stops with an error,
but with `--no-clean` and TMPDIR pointing at a folder of the build's own, the unpacked sdist
stays in `pip-download-*/lupaz8_*/`. Every file taken from it must match its sha256 in
luaz8.sha256 (committed); the verified files are cached under build/, so a second build needs
no network. Then the project's own patches (patches/*.patch, unified diffs of files in
third-party/luaz8/) are applied to the cached copy with `git apply`. Third-party sources are
never written into the repository.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

from generator import UserError

LUPAZ8 = "lupaz8==2.8.0.1"
LUAZ8_DIR = "third-party/luaz8"


def expected_sums() -> dict[str, str]:
    """{path in the sdist: sha256} from luaz8.sha256."""
    text = (resources.files("generator.web") / "luaz8.sha256").read_text()
    sums = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            digest, path = line.split(None, 1)
            sums[path.strip()] = digest
    return sums


def patches() -> list[Path]:
    """The project's patches to z8lua, applied in name order."""
    return sorted(Path(str(resources.files("generator.web") / "patches")).glob("*.patch"))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _verified(root: Path, sums: dict[str, str]) -> list[str]:
    """The files under root whose sha256 differs from the list (or that are missing)."""
    return [p for p, digest in sums.items()
            if not (root / p).is_file() or sha256(root / p) != digest]


def download_sdist(work: Path) -> Path:
    """pip-download lupaz8's sdist into `work` and return the unpacked sdist's folder."""
    # a folder of this call's own: a pip left running by an earlier, interrupted call may still
    # be writing into that call's folder
    work.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tmp-", dir=work))
    env = {**os.environ, "TMPDIR": str(tmp)}
    cmd = [sys.executable, "-m", "pip", "download", "--no-binary", "lupaz8", "--no-deps",
           "--no-clean", "--no-build-isolation", "--quiet", "-d", str(work / "dl"), LUPAZ8]
    # pip stops after unpacking (the sdist's metadata step fails): its exit status says nothing
    try:
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=900)
    except subprocess.TimeoutExpired:
        raise UserError(f"make web: pip took over 15 minutes to download {LUPAZ8}'s sdist")
    found = sorted(tmp.glob("pip-download-*/lupaz8_*"))
    if not found:
        raise UserError(f"make web: pip could not download {LUPAZ8}'s sdist from PyPI"
                        f" (is the network or a package index reachable?)")
    return found[0]


def luaz8_sources(cache: Path) -> Path:
    """A patched copy of z8lua's sources under `cache` (build/web-src): fetched and verified on
    first use, reused after. Returns the folder holding lapi.c & co."""
    sums = expected_sums()
    verified = cache / "lupaz8"
    if _verified(verified, sums):
        sdist = download_sdist(cache)
        bad = _verified(sdist, sums)
        if bad:
            raise UserError(f"make web: {LUPAZ8}'s sdist does not match generator/web/luaz8.sha256"
                            f" ({len(bad)} file(s) differ, e.g. {bad[0]}): refusing to build")
        shutil.rmtree(verified, ignore_errors=True)
        for p in sums:
            (verified / p).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(sdist / p, verified / p)
        shutil.rmtree(sdist.parents[1], ignore_errors=True)
    patched = cache / "luaz8"
    shutil.rmtree(patched, ignore_errors=True)
    shutil.copytree(verified / LUAZ8_DIR, patched)
    for patch in patches():
        run = subprocess.run(["git", "apply", "--unsafe-paths", "-p1", str(patch)], cwd=patched,
                             capture_output=True, text=True)
        if run.returncode:
            raise UserError(f"make web: patch {patch.name} does not apply to z8lua:"
                            f" {run.stderr.strip().splitlines()[0] if run.stderr.strip() else ''}")
    return patched


