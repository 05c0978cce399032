"""Outputs: the checks before a command writes anything, and atomic writes.

`check_output` refuses, before the work: an output that is also one of the command's inputs
(same resolved path, or the same file under another name), two outputs that are one file, a
directory, a place that cannot be written, and an existing file that is not of the kind the
command writes (a batch command never overwrites cart/main.lua; the build never overwrites
cart/puzzles.json): picross only replaces files it could have made. An empty file may be
replaced.

`write_atomic` writes a temporary file beside the output, then renames it over the output, so a
failed or interrupted write never leaves a truncated file; `write_all` does that for several
files, renaming only once every one is written. Errors name the user's path, never the
temporary file.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from generator import UserError

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Kind:
    """A kind of output file: its name in messages and a test of an existing file's first bytes."""
    name: str
    test: Callable[[bytes], bool]


def _json_format(head: bytes, fmt: str) -> bool:
    try:
        return json.loads(head.decode("utf-8-sig")).get("format") == fmt
    except (ValueError, AttributeError):
        return False


PNG = Kind("a PNG image", lambda head: head.startswith(PNG_MAGIC))
BATCH = Kind("a picross8 batch file", lambda head: _json_format(head, "picross8-batch"))
CART = Kind("a .p8 cart", lambda head: head.startswith(b"pico-8 cartridge"))
MANIFEST = Kind("a picross8 cart manifest", lambda head: _json_format(head, "picross8-cart-manifest"))

_SNIFF_BYTES = 64 * 1024 * 1024


def _same(a: Path, b: Path) -> bool:
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, RuntimeError):     # RuntimeError: a symlink loop (pathlib's resolve)
        return False


def check_writable(path: Path) -> None:
    """The output must be a file we can create: not a directory, in a writable place."""
    try:
        path.resolve()
    except (OSError, RuntimeError) as e:    # a symlink loop: pathlib raises RuntimeError
        raise UserError(f"{path}: cannot write there ({getattr(e, 'strerror', None) or 'a symlink loop'})") from None
    if path.is_dir():
        raise UserError(f"{path}: is a directory")
    if path.exists() and not path.is_file():
        # a FIFO, a device, a socket: never replaced by a file, nor opened (a FIFO would block)
        raise UserError(f"{path}: is not a regular file; write to a file (or '-' for stdout where "
                        "the command allows it)")
    parent = path.resolve().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise UserError(f"{path}: {parent} is not a directory")
    if parent == path.resolve().parent:
        try:
            with tempfile.TemporaryFile(dir=parent):
                pass
        except OSError as e:
            raise UserError(f"{path}: cannot write there ({e.strerror})") from None
    elif not os.access(parent, os.W_OK):
        raise UserError(f"{path}: cannot create directories in {parent} (permission denied)")


def check_output(path, kind: Kind | None, inputs=(), others=(), flag: str = "output") -> None:
    """Refuse `path` as an output (see the module docstring); `others`: the command's other outputs.
    '-' (stdout) is always fine."""
    if path is None or str(path) == "-":
        return
    path = Path(path)
    for src in inputs:
        if src is not None and str(src) != "-" and _same(path, Path(src)):
            raise UserError(f"{path}: the {flag} is also an input ({src}); write it elsewhere")
    for other in others:
        if other is not None and str(other) != "-" and _same(path, Path(other)):
            raise UserError(f"{path}: the {flag} would be the same file as another output ({other}); "
                          "give them different names")
    check_writable(path)
    if kind is not None and path.is_file():
        try:
            with open(path, "rb") as f:
                head = f.read(_SNIFF_BYTES)
        except OSError as e:
            raise UserError(f"{path}: cannot read the existing file ({e.strerror})") from None
        if head.strip() and not kind.test(head):
            raise UserError(f"{path}: exists and is not {kind.name}; refusing to overwrite it "
                            f"(picross only replaces files of the kind it writes)")


def _fail(path: Path, e: OSError) -> UserError:
    return UserError(f"{path}: cannot write ({e.strerror or e})")


def _write_temp(path: Path, raw: bytes) -> str:
    """A temporary file beside `path` holding `raw`, synced; returns its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file owner-only; give it the mode a plain open() would
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_all(files) -> None:
    """Write every (path, str | bytes) to a temporary file, then rename them all into place;
    if any write fails, no output is touched."""
    done: list[tuple[Path, str]] = []
    try:
        for path, data in files:
            path = Path(path)
            raw = data.encode() if isinstance(data, str) else data
            try:
                done.append((path, _write_temp(path, raw)))
            except OSError as e:
                raise _fail(path, e) from None
        for i, (path, tmp) in enumerate(done):
            try:
                os.replace(tmp, path)
            except OSError as e:
                raise _fail(path, e) from None
            done[i] = (path, "")
    finally:
        for _, tmp in done:
            if tmp:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path`."""
    write_all([(path, data)])
