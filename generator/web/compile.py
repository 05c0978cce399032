"""z8lua and the project's glue (glue.cpp, glue.js) compiled to WebAssembly with emscripten.

The output is one JavaScript file with the wasm inside it (base64, emscripten's SINGLE_FILE),
a factory `createZ8()` that works in a page opened from file://, on any static server and in
node. Lua's errors are C++ exceptions, so the build uses wasm's own (-fwasm-exceptions); without
them the first error() aborts. emcc needs NODE_PATH=/usr/share/nodejs on Debian.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from generator import UserError
from generator.web.sources import luaz8_sources

INSTALL_HINT = ("make web: emscripten is needed to compile z8lua to WebAssembly: install it"
                " (Debian/Ubuntu: sudo apt-get install emscripten)")

# z8lua's makefile: CORE_O, AUX_O and LIB_O (the interpreter lua.c and the test hooks left out)
LUA_FILES = """lapi lcode ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser lstate
lstring ltable ltm lundump lvm lzio lctype lauxlib lbaselib lcorolib ldblib ltablib lstrlib
lpico8lib linit liolib loslib loadlib""".split()

EXPORTS = ["_z8_init", "_z8_io", "_z8_ram", "_z8_load", "_z8_call", "_malloc", "_free"]


def emcc() -> str:
    """The emcc command, or a UserError saying what to install."""
    found = shutil.which("emcc")
    if not found:
        raise UserError(INSTALL_HINT)
    return found


def compile_z8(src: Path, out: Path) -> Path:
    """Compile z8lua's sources in `src` with the glue into `out` (a .js holding the wasm)."""
    cc = emcc()
    here = Path(str(resources.files("generator.web")))
    out.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NODE_PATH": os.environ.get("NODE_PATH", "/usr/share/nodejs")}
    cmd = [cc, "-O3", "-fwasm-exceptions", "-std=c++17", "-x", "c++", "-I", str(src),
           "-DLUA_COMPAT_ALL", "-Wno-deprecated", "-Wno-everything",
           *[str(src / f"{name}.c") for name in LUA_FILES], str(here / "glue.cpp"),
           "-x", "none", "--js-library", str(here / "glue.js"),
           "-sMODULARIZE=1", "-sEXPORT_NAME=createZ8", "-sSINGLE_FILE=1",
           "-sENVIRONMENT=web,node", "-sALLOW_MEMORY_GROWTH=1", "-sFILESYSTEM=0",
           f"-sEXPORTED_FUNCTIONS={','.join(EXPORTS)}",
           "-sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32",
           "-o", str(out)]
    inputs = hashlib.sha256(" ".join(cmd).encode())
    for f in sorted(src.iterdir()) + [here / "glue.cpp", here / "glue.js"]:
        if f.is_file():
            inputs.update(f.name.encode() + f.read_bytes())
    stamp = out.with_suffix(".sha256")
    if out.is_file() and stamp.is_file() and stamp.read_text() == inputs.hexdigest():
        return out      # compiled from these very inputs already
    run = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if run.returncode:
        detail = (run.stderr.strip() or run.stdout.strip()).splitlines()
        raise UserError(f"make web: emcc failed: {detail[-1] if detail else run.returncode}")
    stamp.write_text(inputs.hexdigest())
    return out


def z8_factory(cache: Path) -> Path:
    """`cache`/z8.js: z8lua fetched, verified, patched and compiled, reusing what `cache` holds.

    The whole step holds an exclusive lock on `cache`/.lock: two builds at once (two `make web`,
    or test processes side by side) would otherwise delete and copy the patched sources under
    each other and both write z8.js. The second waits, then finds the first one's work done."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return compile_z8(luaz8_sources(cache), cache / "z8.js")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
