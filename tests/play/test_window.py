"""`make play`'s window, driven without a display (SDL's dummy video driver) by synthetic
pygame events, a few frames at a time. Skipped where pygame-ce (the `play` extra) is missing."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pg = pytest.importorskip("pygame")

from generator.play.speaker import CHUNK, MAX_CHUNK, Speaker  # noqa: E402
from generator.play.window import TITLE, Player, pause_overlay  # noqa: E402

SCALE = 2


@pytest.fixture
def player(built_cart, tmp_path):
    p = Player(built_cart.path, tmp_path / "cartdata.json", scale=SCALE, pygame=pg)
    yield p
    pg.display.quit()


def key(k, down=True):
    return pg.event.Event(pg.KEYDOWN if down else pg.KEYUP, key=k, mod=0, unicode="", scancode=0)


def tap(p, k, idle=3):
    """Press and release a key as a player would: down for a frame, then up."""
    assert p.frame([key(k)])
    assert p.frame([key(k, False)])
    for _ in range(idle):
        assert p.frame()


def on_play_screen(p) -> bool:
    c = p.console
    return bool(c.call("rawequal", c.global_("screen_update"), c.global_("play_update")))


def board(p) -> np.ndarray:
    g = p.console.global_("cells")
    return np.array([[int(g[y * 15 + x]) for x in range(15)] for y in range(15)])


def to_the_first_puzzle(p):
    for _ in range(3):
        p.frame()
    for k in (pg.K_z, pg.K_c, pg.K_n):         # O three ways: title -> worlds -> list -> play
        tap(p, k, idle=8)
    assert on_play_screen(p)


def test_a_window_of_whole_pixels_titled_with_sound(player):
    assert player.window.get_size() == (128 * SCALE, 128 * SCALE)
    assert pg.display.get_caption()[0] == TITLE == "picross8" and player.speaker.ok
    assert player.frame()
    shown = pg.surfarray.array3d(player.window).transpose(1, 0, 2)
    assert (shown[::SCALE, ::SCALE] == player.console.rgb()).all()
    assert (shown[1::SCALE, 1::SCALE] == player.console.rgb()).all()


def test_keys_play_the_cart_and_the_mouse_marks(player, tmp_path):
    to_the_first_puzzle(player)
    c = player.console
    x, y = int(c.global_("cursor_x")), int(c.global_("cursor_y"))
    tap(player, pg.K_RIGHT, idle=8)
    assert (int(c.global_("cursor_x")), int(c.global_("cursor_y"))) == (x + 1, y)
    tap(player, pg.K_x)                         # X crosses
    tap(player, pg.K_v)                         # and again (V) clears
    tap(player, pg.K_m)                         # M crosses too
    assert board(player)[y, x + 1] == 2
    # the mouse: the middle of the board's cell (3, 2), where the cart lays the board out
    # (corner: its top left x and y, alike; cz: a cell's pixels)
    corner, cz = (int(c.global_(v)) for v in ("board_corner", "cell_px"))
    at = (corner + 3 * cz + cz // 2, corner + 2 * cz + cz // 2)
    pos = (at[0] * SCALE, at[1] * SCALE)
    for e in (pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1),
              pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1)):
        assert player.frame([e])
    assert player.mouse[:2] == list(at)
    assert board(player)[2, 3] == 1
    saved = json.loads((tmp_path / "cartdata.json").read_text())
    assert "picross8_v1" in saved                # cartdata persists to the file


def test_the_pause_menu_runs_the_carts_menu_items(player):
    to_the_first_puzzle(player)
    tap(player, pg.K_z)
    assert (board(player) == 1).sum() == 1
    frames = player.console.frame_index
    assert player.frame([key(pg.K_RETURN)]) and player.paused
    menu = player.menu()                         # the window's own items round the cart's
    assert menu[0] == "continue" and menu[-2:] == ["reset cart", "quit"]
    assert {"hint", "leave puzzle", "clear board"} <= set(menu[1:-2])
    assert player.console.frame_index == frames  # the cart does not run while paused
    assert not (player.picture() == player.console.rgb()).all()
    for _ in range(menu.index("clear board")):
        player.frame([key(pg.K_DOWN)])
    assert player.menu()[player.sel] == "clear board"
    player.frame([key(pg.K_z)])
    assert not player.paused
    for _ in range(3):
        player.frame()
    tap(player, pg.K_z)                          # the cart asks first: O clears
    assert (board(player) == 0).all()
    player.frame([key(pg.K_p)])                  # P pauses too; "continue" goes back
    assert player.paused
    player.frame([key(pg.K_x)])
    assert not player.paused


def test_quit_from_the_menu_the_window_or_escape(player):
    player.frame([key(pg.K_RETURN)])
    player.frame([key(pg.K_UP)])                 # wraps round to "quit"
    assert not player.frame([key(pg.K_z)])
    player.running = True
    assert not player.frame([pg.event.Event(pg.QUIT)])
    player.running, player.paused = True, False
    assert not player.frame([key(pg.K_ESCAPE)])   # Escape quits (in the menu it closes it)


def test_the_pause_menu_picture():
    rgb = np.zeros((128, 128, 3), dtype=np.uint8)
    out = pause_overlay(rgb, ["continue", "quit"], 1)
    assert out.shape == rgb.shape and (out != 0).any() and (rgb == 0).all()


def test_the_window_streams_the_consoles_sound(player):
    """Frames as run() paces them: the speaker asks for frames until a chunk waits, and what
    it hands the mixer is exactly the console's samples, frame after frame; the pause menu is
    silent."""
    sent = []
    sp = player.speaker
    real_sound = pg.mixer.Sound
    pg.mixer.Sound = lambda buffer: (sent.append(np.frombuffer(buffer, np.int16)), real_sound(buffer=buffer))[1]
    try:
        heard = []
        for _ in range(12):                  # title: 2 frames, then the worlds screen's music
            while sp.wants_frame():
                events = [key(pg.K_z)] if len(heard) == 2 else [key(pg.K_z, False)] if len(heard) == 3 else []
                assert player.frame(events)
                heard.append(player.sound().copy())
                sp.push(heard[-1])
            sp.pump()
            while player.speaker.channel.get_queue() is not None:
                pg.time.wait(2)
    finally:
        pg.mixer.Sound = real_sound
    played = np.concatenate(sent)
    assert len(sent) >= 10 and all(len(s) % 735 == 0 and CHUNK <= len(s) <= MAX_CHUNK for s in sent)
    assert (played == np.concatenate(heard)[:len(played)]).all()
    assert np.abs(played).max() > 1000                             # the world's music
    player.paused = True
    assert not player.sound().any() and len(player.sound()) == 735


def test_a_speaker_without_a_device_is_silent_not_an_error(monkeypatch):
    def no_device(*a, **k):
        raise pg.error("no audio device")
    monkeypatch.setattr(pg.mixer, "init", no_device)
    sp = Speaker(pg)
    assert not sp.ok
    sp.push(np.ones(CHUNK * 2, np.int16))
    sp.pump()                                 # nothing to hand over to, nothing raised


def test_run_plays_through_a_real_mixer(player):
    """run() itself on SDL's dummy audio driver, for 45 frames on the worlds screen: it hands
    the mixer the music, and waits for the sound card (never faster than 30 frames a second)."""
    import time
    frames, real_frame = [0], player.frame

    def frame(events=()):
        frames[0] += 1
        if frames[0] in (3, 4):
            events = list(events) + [key(pg.K_z, frames[0] == 3)]
        return real_frame(events) and frames[0] < 45
    player.frame = frame
    sp = player.speaker
    close, sp.close = sp.close, lambda: None         # keep the mixer open to inspect it
    start = time.monotonic()
    player.run()
    assert frames[0] == 45 and sp.queued >= 45 * 735 // MAX_CHUNK
    assert time.monotonic() - start > 45 / 30 - 0.3
    close()


class FakeMixer:
    """A sound card on a virtual clock (seconds): one channel that plays a Sound, holds one
    queued behind it and starts it the moment the first ends, as SDL_mixer does."""

    def __init__(self):
        self.t, self.end, self.next, self.gaps = 0.0, None, None, 0
        self.mixer = self
        self.time = self
        self.event = self
        self.error = RuntimeError

    # pygame.mixer
    def init(self, **kw):
        pass

    def get_init(self):
        return (22050, -16, 1)

    def Channel(self, n):
        return self

    def Sound(self, buffer):
        return len(buffer) // 2 / 22050

    def quit(self):
        pass

    # the channel
    def _run(self):
        while self.end is not None and self.t >= self.end:
            self.end, self.next = (self.end + self.next, None) if self.next else (None, None)

    def get_busy(self):
        self._run()
        return self.end is not None

    def get_queue(self):
        self._run()
        return self.next

    def play(self, seconds):
        if self.end is None and self.gaps is not None and self.t > 0:
            self.gaps += 1
        self.end, self.next = self.t + seconds, None

    def queue(self, seconds):
        self.next = seconds

    # pygame.time and pygame.event
    def wait(self, ms):
        self.t += ms / 1000

    def get(self):
        return []


@pytest.mark.parametrize("slow", [False, True])
def test_run_is_paced_by_the_sound_card_without_gaps(slow):
    """run()'s loop on a virtual sound card: 300 frames of 12 ms each run at the card's 30 a
    second and the stream never runs dry; one slow frame (150 ms, over a chunk) dries it once, the
    chunks grow by a frame, and it flows again."""
    from types import SimpleNamespace
    from generator.play.window import Player as Window
    fake = FakeMixer()
    frames = [0]

    def frame(events):
        frames[0] += 1
        fake.t += 0.150 if slow and frames[0] == 100 else 0.012
        return frames[0] < 300
    stub = SimpleNamespace(pg=fake, speaker=Speaker(fake), frame=frame,
                           sound=lambda: np.zeros(735, np.int16))
    Window.run(stub)
    sp = stub.speaker
    assert frames[0] == 300 and abs(fake.t - 300 / 30) < 0.3      # the card's pace
    assert sp.underruns == (1 if slow else 0) and sp.chunk == (CHUNK + 735 if slow else CHUNK)
