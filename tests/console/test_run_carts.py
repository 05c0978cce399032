"""generator.dev.run_carts: the open-source cart check on tiny carts of its own."""
from __future__ import annotations

from consolecarts import p8_text
from generator.dev.run_carts import buttons_for, main, run_cart


def write(tmp_path, name, lua):
    path = tmp_path / name
    path.write_text(p8_text(lua), encoding="utf-8")
    return path


def test_each_cart_is_ok_unsupported_or_an_error(tmp_path, capsys):
    write(tmp_path, "a_ok.p8", "x=0 function _update() if btnp(5) then x+=1 end end")
    write(tmp_path, "b_load.p8", "function _update() if btn(4) then load('other.p8') end end")
    write(tmp_path, "c_bug.p8", "function _update() if btn(1) then nothing() end end")
    assert run_cart(tmp_path / "a_ok.p8", frames=60) == ("ok", "")
    assert run_cart(tmp_path / "b_load.p8", frames=60) == ("unsupported", "load")
    status, detail = run_cart(tmp_path / "c_bug.p8", frames=60)
    assert status == "error" and "c_bug.p8:4" in detail
    main([str(tmp_path), "--frames", "60"])
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "3 carts, 60 frames each: 1 ok, 1 unsupported, 1 error"


def test_the_script_presses_every_button():
    held = set().union(*(buttons_for(i) for i in range(60)))
    assert held == {"left", "right", "up", "down", "o", "x"}
    assert [buttons_for(i) for i in range(120)] == [buttons_for(i) for i in range(60)] * 2
