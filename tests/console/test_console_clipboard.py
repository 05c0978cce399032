"""The console's clipboard (Console's docstring): printh(s, "@clip") writes it, stat(4) reads it
only once the player has pressed ctrl-v (PICO-8 0.2's rule), and a clipboard write is not
printed on stdout."""
from __future__ import annotations

from consolecarts import make  # noqa: F401  (the fixture)


def test_stat4_is_empty_until_the_player_pastes(make):
    c = make('function _update() got=stat(4) end function _draw() end')
    c.clipboard = "from the host"
    c.run_frames(1)
    assert c.global_("got") == ""
    c.paste()
    c.run_frames(1)
    assert c.global_("got") == "from the host"
    c.paste("5azze4wm")
    c.run_frames(1)
    assert c.global_("got") == "5azze4wm"


def test_printh_to_clip_writes_the_clipboard_not_stdout(make):
    c = make('printh("hello") printh("5azze4wm","@clip") printh(12,"@clip")')
    assert c.printh_lines == ["hello"]
    assert c.clipboard == "12"
    c.run_frames(1)
    assert c.global_("stat")(4) == ""     # written, but not yet pasted
    c.paste()
    assert c.exec("return stat(4)") == "12"
