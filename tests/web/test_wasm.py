"""z8lua in wasm (the page's Lua) against lupaz8 (the console's): the same numbers bit for bit,
and the project's patch to its memory functions holding in wasm."""
from __future__ import annotations

import json
import subprocess

import pytest
from lupaz8 import luaz8

from cartfixtures import REPO
from webkit import CACHE, need_node, z8_factory

HERE = REPO / "tests" / "web"

# PICO-8's 16.16 arithmetic where it is easy to get wrong: overflow, fractions, shifts and
# rotations of fractions, the integer divide, division by 0, trig, string conversions
NUMBER_CHECKS = """
32767+1 | -32768-1 | 1/3 | -1/3 | 2/3*3 | 0x7fff.ffff+0x0.0001 | 1/0 | -1/0 | 0/0 | 5%3
-5%3 | 5.5%-2 | 7\\2 | -7\\2 | 7.5\\2 | 1.5<<1 | 0x0.8<<3 | 1>>1 | -1>>1 | -1>>>1
1>><1 | 1<<>1 | 0x8000>>>16 | 0x1234.5678>><4 | 3^^5 | 0x0.ff^^0x1.0f | ~0x0.0001 | 2^10
2^-1 | 0.5^0.5 | flr(-0.5) | ceil(-0.5) | flr(1.99998) | abs(-32768) | sgn(0) | sqrt(2)
sqrt(-1) | atan2(1,1) | atan2(0,0) | sin(0.125) | cos(0.3) | band(0xf0f0.f0f0,0xff00.ff00)
bor(1,0x0.0001) | bxor(-1,1) | shl(1,15) | shr(-32768,15) | lshr(-1,16) | rotl(0x8000,1)
rotr(1,1) | tostr(1/3) | tostr(-32768) | tostr(0x1234.5678,true) | tonum("0x10")
tonum("1.5") | tonum("abc") | tonum("0b101") | mid(1,5,3) | 1000*1000 | -0x0.0001*0x0.0001
32767.99999*2 | (-32768)\\-1 | 12345.678%0.5
""".replace("\n", " | ").split(" | ")
NUMBER_CHECKS = [c.strip() for c in NUMBER_CHECKS if c.strip()]

# the patch: a negative 16.16 address (0x8000 and up) must reach upper memory in wasm too
MEMORY_CHECKS = {       # chunk: its results (16.16 numbers), as PICO-8's 64 KiB memory gives
    "poke(0x8000,5) return peek(0), peek(0x8000)": (0, 5),
    "poke(-1,7) return peek(0), peek(0xffff)": (0, 7),
    "poke2(0xfffe,0x1234) return peek2(0xfffe), peek(0)": (0x1234, 0),
    "poke4(0x9000,-1.5) return peek4(0x9000), peek4(0)": (-1.5, 0),
    "memset(0x8000,9,4) return peek(0x8003), peek(0)": (9, 0),
    "poke(0xa000,1,2,3) memcpy(0xb000,0xa000,3) return peek(0xb002), peek(2)": (3, 0),
    "poke(0x8000,5) return @0x8000, %0x8000, $0x8000": (5, 5, 5 / 65536),
}


def lupaz8_results(code: str) -> list:
    lua = luaz8.LuaRuntime(unpack_returned_tuples=True)
    lua.execute("memset(0, 0, 0x8000) memset(0x8000, 0, 0x8000)")
    try:
        r = lua.execute(code)
    except Exception as e:  # a Lua error: the wasm build must fail too
        return [["error", str(e)]]
    r = r if isinstance(r, tuple) else (r,)
    out = []
    for v in r:
        if isinstance(v, bool):
            out.append(["boolean", v])
        elif isinstance(v, (int, float)):
            out.append(["number", round(v * 65536) & 0xFFFFFFFF])
        elif v is None:
            out.append(["nil", None])
        else:
            out.append(["string", v])
    return strip(out)


def strip(values: list) -> list:
    """Without trailing nils (lupaz8 gives None for no result at all)."""
    while values and values[-1][0] == "nil":
        values = values[:-1]
    return values


def wasm_results(tmp_path, chunks: list[str]) -> list:
    node = need_node()
    factory = z8_factory()
    checks = tmp_path / "checks.json"
    checks.write_text(json.dumps(chunks))
    run = subprocess.run([node, str(HERE / "run_z8.js"), str(factory),
                          str(REPO / "generator/web/z8.js"), str(checks)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    for r in out:
        for v in r:
            if v[0] == "number":
                v[1] &= 0xFFFFFFFF
    return [strip(r) for r in out]


def test_fixed_point_agrees_bit_for_bit(tmp_path):
    assert len(NUMBER_CHECKS) >= 45
    chunks = [f"return {c}" for c in NUMBER_CHECKS]
    wasm = wasm_results(tmp_path, chunks)
    for expr, code, got in zip(NUMBER_CHECKS, chunks, wasm):
        want = lupaz8_results(code)
        if want and want[0][0] == "error":
            assert got[0][0] == "error", expr
        else:
            assert got == want, expr


def test_upper_memory_addresses_in_wasm(tmp_path):
    """Unpatched, wasm turns a negative address into 0 (x86 wraps it), so poke(0x8000,5)
    wrote address 0. (lupaz8 is no oracle here: its memory is not its own between runtimes.)"""
    wasm = wasm_results(tmp_path, list(MEMORY_CHECKS))
    for (code, want), got in zip(MEMORY_CHECKS.items(), wasm):
        assert got == strip([["number", round(v * 65536) & 0xFFFFFFFF] for v in want]), code


def test_the_patch_is_the_projects_and_applies(tmp_path):
    from generator.web.sources import patches
    [patch] = patches()
    text = patch.read_text()
    assert "+    unsigned int addr = (unsigned)(int32_t)lua_tonumber(l, 1);" in text
    src = z8_factory().parent / "luaz8" / "lpico8lib.c"
    body = src.read_text()
    assert "unsigned int addr = lua_tonumber(l, 1);" not in body
    assert body.count("(unsigned)(int32_t)lua_tonumber") == 5


def test_a_tampered_source_is_refused(tmp_path, monkeypatch):
    from generator import UserError
    from generator.web import sources
    z8_factory()
    cache = tmp_path / "cache"
    import shutil
    shutil.copytree(CACHE / "lupaz8", cache / "lupaz8")
    victim = cache / "lupaz8" / "third-party" / "luaz8" / "lvm.c"
    victim.write_text(victim.read_text() + "\n/* changed */\n")
    tampered = cache / "tmp" / "pip-download-x" / "lupaz8_y"
    shutil.copytree(cache / "lupaz8", tampered)
    monkeypatch.setattr(sources, "download_sdist", lambda work: tampered)
    with pytest.raises(UserError, match="does not match"):
        sources.luaz8_sources(cache)




def test_host_calls_from_lua_and_from_a_coroutine(tmp_path):
    """__js(name, ...) reaches the page's host with the caller's own arguments, also inside a
    coroutine (a thread with its own stack), and its results come back; an error is Lua's."""
    chunks = [
        "return __js('echo', 1/3, 'a\\0b', true, nil, -32768)",
        "local co = cocreate(function(x) return __js('echo', x, 'in co') end) "
        "return coresume(co, 2.5)",
        "return pcall(__js, 'nothing here')",
    ]
    got = wasm_results(tmp_path, chunks)
    third = round(65536 / 3 - 0.5)
    assert got[0] == [["number", third], ["string", "a\0b"], ["boolean", True], ["nil", None],
                      ["number", 0x80000000]]
    assert got[1] == [["boolean", True], ["number", 0x28000], ["string", "in co"]]
    assert got[2][0] == ["boolean", False] and "no host function" in got[2][1][1]
