"""The page's sound: the console's synthesiser in JavaScript (synth.js), driven by the page's
host frame by frame, gives the console's samples for the same session; the audio context runs
after the first key."""
from __future__ import annotations

import base64

import numpy as np

from generator.playtest.player import Player, solution
from generator.web.sessions import Recorder, replay
from webkit import WAIT_MS


def test_a_session_sounds_as_in_the_console(page, built_cart):
    p = Player(built_cart.path)
    rec = Recorder(p.c)
    p.idle(30)                              # the title's music
    p.open_puzzle(0, 0)
    sol = solution(built_cart.manifest, int(p.g("puzzle")))
    p.move_to(0, 0)
    p.press("x")                            # a cross, an undo: their sounds
    p.c.choose_menuitem("undo")
    p.enter(sol)
    p.idle(60)                              # solved: the jingle
    want = p.c.audio()
    page.evaluate("pico8.keepAudio(true)")
    got = replay(page, rec)
    assert got["display"] is None and got.get("error") is None
    audio = np.frombuffer(base64.b64decode(page.evaluate("pico8.audio()")), dtype="<i2")
    assert len(audio) == len(want) == len(rec.hashes) * 735
    assert np.abs(want).max() > 1000                          # there is sound to compare
    assert np.abs(audio.astype(int) - want.astype(int)).max() <= 1


def test_the_audio_context_runs_after_a_key(context, web_page):
    pg = context.new_page()
    pg.goto(web_page.as_uri())
    pg.evaluate("pico8.ready")
    assert pg.evaluate("pico8.audioState()") is None
    pg.keyboard.press("ArrowDown")
    pg.wait_for_function("pico8.audioState() === 'running'", timeout=WAIT_MS, polling=50)
