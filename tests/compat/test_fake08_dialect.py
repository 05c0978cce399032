"""The portability check's table, held against fake-08 itself: every form the cart may use loads
there, and the forms the check refuses because of fake-08 fail or mean something else there.
Skips, saying why, unless FAKE08_RUNNER names a runner."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fake08 import RUNNER, needs_fake08

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "cartbuild"))
from test_portable import ALLOWED  # noqa: E402

pytestmark = needs_fake08


def run_fake08(tmp_path: Path, code: str, probe: str = "") -> str:
    """fake-08's stdout for a cart of `code` (then an empty _draw), probed after frame 1."""
    cart = tmp_path / "t.p8"
    cart.write_text("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                    f"{code}\nfunction _draw() end\n", encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text((f"lua 1 {probe}\n" if probe else "") + "end 1\n")
    return subprocess.run([RUNNER, str(cart), str(script), str(tmp_path)], capture_output=True,
                          text=True, timeout=600).stdout


def loads(out: str) -> bool:
    return "LoadCart: ok" in out and "cart changed" not in out and "ERROR" not in out


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_every_allowed_form_loads_in_fake08(tmp_path, name):
    assert loads(run_fake08(tmp_path, "y,x=1,0\n" + ALLOWED[name])), name


def test_binary_tilde_does_not_load_and_its_xor_spelling_does(tmp_path):
    assert not loads(run_fake08(tmp_path, "x=5~3"))
    out = run_fake08(tmp_path, "x=5^^3", 'printh("x="..x)')
    assert loads(out) and "x=6" in out


def test_fake08_nests_long_brackets_where_lupaz8_does_not(tmp_path):
    # read as PICO-8 0.2.5f on and lupaz8 read it, x is 1; fake-08 reads it all as a comment
    from lupaz8 import luaz8
    code = "x=0\n--[[ a [[ b ]]\nx=1\n--]]"
    rt = luaz8.LuaRuntime()
    rt.execute(code)
    assert rt.eval("x") == 1
    out = run_fake08(tmp_path, code, 'printh("x="..x)')
    assert loads(out) and "x=0" in out


def test_fake08s_poke2_writes_a_byte_per_value(tmp_path):
    out = run_fake08(tmp_path, "", 'poke2(0x8000,4,11) printh("w="..peek2(0x8000)..","..peek2(0x8002))')
    assert "w=2820,0" in out   # PICO-8: 4,11 (the check refuses several values)


def test_fake08s_clock_runs_on_in_its_pause_menu(tmp_path):
    """Why the cart counts frames instead of calling time(): 30 frames, half of them paused."""
    cart = tmp_path / "t.p8"
    cart.write_text("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                    "n=0 function _update() n+=1 end function _draw() end\n")
    (tmp_path / "s.txt").write_text("in 10 64\nin 11 0\nin 25 64\nin 26 0\n"
                                    'lua 30 printh("n="..n.." t="..time())\nend 30\n')
    out = subprocess.run([RUNNER, str(cart), str(tmp_path / "s.txt"), str(tmp_path)],
                         capture_output=True, text=True, timeout=600).stdout
    line = next(ln for ln in out.splitlines() if "n=" in ln)
    n, t = (float(v.split("=")[1]) for v in line.split(":", 1)[1].split())
    assert n < 25 and t * 30 >= 29    # the cart ran fewer frames than time() counted
