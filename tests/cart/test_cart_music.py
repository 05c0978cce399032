"""The cart's music, played in the headless console: __music__ holds a loop a world of existing,
audible effects; walking into a world starts its loop with music(); the pause-menu toggle stops
and restarts it and is kept in the save; a solve plays the jingle."""
import pytest

from generator.console.console import Console
from generator.playtest.player import Player, solution
from generator.pico8 import MUSIC, SFX


def test_the_music_section_names_audible_effects(built_cart):
    text = built_cart.path.read_text()
    assert "__music__" in text
    p = Player(built_cart.path)
    rom = p.c.peek(MUSIC, 256)
    playing = [rom[4 * n:4 * n + 4] for n in range(64) if any(c & 0x40 == 0 for c in rom[4 * n:4 * n + 4])]
    assert len(playing) >= 8
    for pat in playing:
        for c in pat:
            if c & 0x40 == 0:
                fx = p.c.peek(SFX + 68 * (c & 63), 68)
                assert fx[65] > 0 and any(b & 0x0E for b in fx[1:64:2]), f"sfx {c & 63} is silent"


def music(p: Player):
    """The pattern of the last music() call (-1: stopped; None: never called)."""
    return p.c.music_calls[-1][1] if p.c.music_calls else None


def test_each_world_plays_its_loop(built_cart):
    p = Player(built_cart.path)
    p.idle(2)
    assert music(p) in (None, -1)                     # the title is quiet
    p.press("o")                                      # worlds: spires
    assert music(p) == 0
    rom = p.c.peek(MUSIC, 4)
    assert rom[0] & 0x80                              # loop start flag on world 1's pattern
    p.press("right")                                  # lookout
    assert music(p) == 16 and p.c.peek(MUSIC + 64, 1)[0] & 0x80
    p.press("o")                                      # its list: still its music
    p.press("o")                                      # play
    assert p.on("play_update") and music(p) == 16
    n = len(p.c.music_calls)
    p.idle(30)
    assert len(p.c.music_calls) == n                  # started once, not every frame
    p.press("right")
    p.enter(solution(built_cart.manifest, p.g("puzzle")))
    assert p.on("solved_update") and music(p) == 63            # the solve's jingle
    p.idle(45)
    assert music(p) == 63
    p.press("o")
    p.idle(2)
    assert p.on("puzzles_update") and music(p) == 16             # back in the world: its loop again


def test_the_pause_menu_turns_music_off_and_the_save_keeps_it(built_cart):
    store = {}
    p = Player(built_cart.path, store)
    p.idle(2)
    p.press("o")
    assert music(p) == 0
    p.c.choose_menuitem("music: on")
    p.idle(2)
    assert music(p) == -1 and p.c.menu_items()[1] == "music: off"
    p.c.save_cartdata()
    again = Player(built_cart.path, store)
    again.idle(2)
    again.press("o")
    assert music(again) in (None, -1) and again.c.menu_items()[1] == "music: off"
    again.c.choose_menuitem("music: off")
    again.idle(2)
    assert music(again) == 0


@pytest.mark.slow
def test_each_worlds_music_plays_a_minute_before_it_repeats(built_cart):
    """The cart in the console, on the worlds screen: from the frame a world's music starts,
    PICO-8's own stat(54) (the pattern playing) and stat(55) (patterns played since music())
    are read every frame until the music is back at its first pattern. That takes a minute or
    more in each world (a 15x15 puzzle takes minutes, and a short loop wears thin), and on the
    way every pattern of the world's room before its loop's end has played once."""
    c = Console.load(built_cart.path, cartdata={}).boot()
    c.run_frames(2)
    for button, first in (("o", 0), ("right", 16)):       # spires, then lookout
        c.press(button)
        called, n = c.music_calls[-1][:2]                 # the frame music() was called in
        assert n == first
        seen = []
        while True:
            at, played = c.exec("return stat(54)"), c.exec("return stat(55)")
            frames = c.frame_index - called
            if played > 0 and at == first:
                break
            if not seen or seen[-1] != at:
                seen.append(at)
            assert frames < 30 * 120, f"music({first}) has not come round in 2 minutes"
            c.step()
        assert frames / 30 >= 60, f"music({first}) repeats after {frames / 30:.1f} s"
        assert seen == list(range(first, first + len(seen))) and len(seen) <= 16
        assert played == len(seen)                       # once round, each pattern once
