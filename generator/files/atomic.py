"""Outputs: the checks before a command writes anything, and atomic writes.

`check_output` refuses, before the work: an output that is also one of the command's inputs
(same resolved path, or the same file under another name), two outputs that are one file (two
'-'), a directory or a name ending in '/' (a folder's name), a place that cannot be written, a
read-only file, and an existing file that is not of the kind the command writes (a batch command
never overwrites cart/main.lua; the build never overwrites cart/puzzles.json): picross only
replaces files it could have made. An empty file may be replaced.

`write_atomic` writes a temporary file beside the output, then renames it over the output, so a
failed or interrupted write never leaves a truncated file; `write_all` does that for several
files, renaming only once every one is written. An output that is a symlink is followed (the
file it points to is replaced, the link kept), and a file replaced keeps its permission bits.
'-' is stdout, flushed before the files are renamed, so a full or closed stdout is an error.
Errors name the user's path (or `<stdout>`), never the temporary file.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from generator import UserError
from generator.files.userfile import parse_json

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Kind:
    """A kind of output file: its name in messages and a test of an existing file's first bytes."""
    name: str
    test: Callable[[bytes], bool]


def _json_format(head: bytes, fmt: str) -> bool:
    """The file is JSON whose "format" is `fmt`, read by the one JSON reader (its depth and
    number limits: a deeply nested file is simply not a batch)."""
    try:
        data = parse_json(head.decode("utf-8"), "output")
    except (UserError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == fmt


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


def names_folder(raw: str) -> bool:
    """The name ends in a separator (or '.'/'..'): a folder's name, whatever Path() makes of it."""
    return raw.endswith(("/", os.sep)) or os.path.basename(raw) in (".", "..")


def read_only(path: Path) -> bool:
    """An existing file we may not (or, as root, should not) write: no write permission for us,
    or no write bit at all (root may write anything; a file marked read-only still says no)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def check_writable(path) -> None:
    """The output must be a file we can create: not a directory, in a writable place."""
    raw = os.fspath(path)
    path = Path(raw)
    try:
        path.resolve()
    except (OSError, RuntimeError) as e:    # a symlink loop: pathlib raises RuntimeError
        raise UserError(f"{path}: cannot write there ({getattr(e, 'strerror', None) or 'a symlink loop'})") from None
    if path.is_dir():
        raise UserError(f"{path}: is a directory")
    if names_folder(raw):
        raise UserError(f"{raw}: names a folder (it ends in '/'); give the file's name")
    if path.exists() and not path.is_file():
        # a FIFO, a device, a socket: never replaced by a file, nor opened (a FIFO would block)
        raise UserError(f"{path}: is not a regular file; write to a file (or '-' for stdout where "
                        "the command allows it)")
    if path.is_file() and read_only(path):
        raise UserError(f"{path}: is read-only; not replaced (make it writable, or write elsewhere)")
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
    '-' (stdout) is fine, once."""
    if path is None:
        return
    if str(path) == "-":
        if any(other is not None and str(other) == "-" for other in others):
            raise UserError(f"the {flag} and another output are both '-' (stdout); give one a file name")
        return
    raw = os.fspath(path)
    path = Path(raw)
    for src in inputs:
        if src is not None and str(src) != "-" and _same(path, Path(src)):
            raise UserError(f"{path}: the {flag} is also an input ({src}); write it elsewhere")
    for other in others:
        if other is not None and str(other) != "-" and _same(path, Path(other)):
            raise UserError(f"{path}: the {flag} would be the same file as another output ({other}); "
                          "give them different names")
    check_writable(raw)
    if kind is not None and path.is_file():
        try:
            with open(path, "rb") as f:
                head = f.read(_SNIFF_BYTES)
        except OSError as e:
            raise UserError(f"{path}: cannot read the existing file ({e.strerror})") from None
        try:
            ours = kind.test(head)
        except (UserError, ValueError, RecursionError):   # a sniff never decides by crashing
            ours = False
        if head.strip() and not ours:
            raise UserError(f"{path}: exists and is not {kind.name}; refusing to overwrite it "
                            f"(picross only replaces files of the kind it writes)")


STDOUT = "<stdout>"


def _fail(path, e: OSError) -> UserError:
    return UserError(f"{path}: cannot write ({e.strerror or e})")


def _target(path: Path) -> Path:
    """Where the bytes go: the file a symlink points to (followed to the end), else the path."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _write_temp(path: Path, raw: bytes) -> str:
    """A temporary file beside `path` holding `raw`, synced, with the permission bits `path`
    has (a new file: those a plain open() would give); returns its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)            # mkstemp makes the file owner-only
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_stdout(raw: bytes) -> None:
    """Bytes to stdout, flushed: a full device or a closed pipe is an error naming <stdout>
    (a reader that went away is left to raise BrokenPipeError: generator.errors ends quietly)."""
    out = getattr(sys.stdout, "buffer", None)
    try:
        sys.stdout.flush()
        if out is None:                     # a text-only stream (tests capture one)
            sys.stdout.write(raw.decode("utf-8", "replace"))
        else:
            out.write(raw)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise _fail(STDOUT, e) from None


def write_all(files) -> None:
    """Write every (path, str | bytes) to a temporary file ('-': stdout, after them), then rename
    them all into place; if any write fails, no output is touched."""
    done: list[tuple[Path, Path, str]] = []
    to_stdout = []
    try:
        for path, data in files:
            raw = data.encode() if isinstance(data, str) else data
            if str(path) == "-":
                to_stdout.append(raw)
                continue
            if names_folder(os.fspath(path)):
                raise UserError(f"{path}: names a folder (it ends in '/'); give the file's name")
            path = Path(path)
            target = _target(path)
            try:
                done.append((path, target, _write_temp(target, raw)))
            except OSError as e:
                raise _fail(path, e) from None
        for raw in to_stdout:
            write_stdout(raw)
        for i, (path, target, tmp) in enumerate(done):
            try:
                os.replace(tmp, target)
            except OSError as e:
                raise _fail(path, e) from None
            done[i] = (path, target, "")
    finally:
        for _, _, tmp in done:
            if tmp:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path` ('-': stdout)."""
    write_all([(path, data)])
