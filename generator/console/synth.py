"""PICO-8's sound, synthesised with numpy: sfx() and music() on 4 channels, 22,050 Hz.

    s = Synth(console.mem.ram, seed=0)     # reads __sfx__/__music__ memory as it plays
    s.sfx(3); s.music(0, 500, 7)           # the API's calls
    samples = s.render(735)                # one 30 fps frame: int16, the 4 channels mixed
    s.stat(46)                             # what stat(46..57) and stat(16..26) report

The manual's words where it has them, the rest as zepto8 and fake-08 agree (docs/console.md,
known differences, lists each choice). The channels (channel.py) render their sfx (track.py)
with the instruments of waves.py; this module holds the API's rules (which channel an sfx takes,
-1 and -2), the music player (patterns, their length and flags, the fade, the mask) and the
mix: each channel clipped to +-0.99 and scaled to 16 bits, the four summed and clipped to
+-32767 (never wrapped).
"""
from __future__ import annotations

import numpy as np

from generator.console.channel import Channel
from generator.console.soundmem import NOTES, SoundMemory
from generator.console.track import TICK
from generator.console.waves import RATE, NoiseSource

CHANNELS = 4


class Synth:
    """Four channels and the music player (see the module docstring)."""

    def __init__(self, ram, seed: int = 0) -> None:
        self.mem = SoundMemory(ram)
        self.channels = [Channel(self.mem, NoiseSource(seed * CHANNELS + i)) for i in range(CHANNELS)]
        self.pattern, self.count, self.pos, self.length, self.mask = -1, -1, -1, 0, 0
        self.fade_vol, self.fade_step = 1.0, 0.0   # music volume 0-1, change a sample

    # ---- the API ----------------------------------------------------------------------------
    def sfx(self, n: int, channel: int = -1, offset: int = 0, length: int = 0) -> None:
        """sfx(n, [channel], [offset], [length]) as the manual describes it; values out of
        range (n < -2 or > 63, channel < -2 or > 3, offset > 31) are ignored."""
        if not (-2 <= n <= 63 and -2 <= channel <= 3 and offset <= 31):
            return
        chans = self.channels
        if channel == -2:                    # stop sfx n on any channel
            for ch in chans:
                if ch.track is not None and ch.track.n == n:
                    ch.stop()
            return
        if n < 0:                            # -1 stop, -2 release the loop; music is left be
            for ch in (chans if channel == -1 else [chans[channel]]):
                if ch.track is not None and not ch.music:
                    if n == -1:
                        ch.stop()
                    else:
                        ch.track.can_loop = False
            return
        if channel == -1:
            channel = self._free_channel(n)
            if channel is None:
                return
        for ch in chans:
            if ch.track is not None and ch.track.n == n:
                ch.stop()
        ch = chans[channel]
        if ch.music:
            ch.stash = ch.track.n
        ch.launch(n, max(0, offset), max(0, length))

    def _free_channel(self, n: int) -> int | None:
        """sfx(n)'s channel (zepto8's and fake-08's rule): the first one not reserved by
        music's mask that is idle or already plays n; else the first playing music; else the
        one playing the fastest sfx (the last of equals); else none (the call is ignored)."""
        free = [i for i in range(CHANNELS) if not self.mask >> i & 1]
        for i in free:
            t = self.channels[i].track
            if t is None or t.n == n:
                return i
        for i in free:
            if self.channels[i].music:
                return i
        speeds = [(self.mem.sfx(self.channels[i].track.n).speed, -i) for i in free
                  if self.channels[i].track is not None]
        return -min(speeds)[1] if speeds else None

    def music(self, n: int, fade_ms: int = 0, mask: int = 0) -> None:
        """music(n, [fade_len], [channel_mask]); music(-1, [fade_len]) fades out, then stops."""
        if not -1 <= n <= 63:
            return
        if n == -1:
            if self.pattern == -1:
                return
            if fade_ms > 0 and self.fade_vol > 0:
                self.fade_step = -self.fade_vol * 1000 / (fade_ms * RATE)
            else:
                self._set_pattern(-1)
            return
        self.count, self.mask = 0, mask & 15
        self.fade_vol, self.fade_step = 1.0, 0.0
        if fade_ms > 0:
            self.fade_vol, self.fade_step = 0.0, 1000 / (fade_ms * RATE)
        self._set_pattern(n)

    def _set_pattern(self, p: int) -> None:
        for ch in self.channels:
            ch.stash = None
            if ch.music:
                ch.stop()
        pat = self.mem.pattern(p) if 0 <= p <= 63 else None
        ticks = self._duration(pat) if pat else 0
        if not ticks:                        # stopped, or no data left to play
            self.pattern, self.count, self.pos, self.length, self.mask = -1, -1, -1, 0, 0
            return
        self.pattern, self.pos, self.length = p, 0, ticks * TICK
        for ch, n in zip(self.channels, pat.channels):
            if n is None:
                continue
            if ch.track is None:
                ch.launch(n, music=True)
            else:
                ch.stash = n

    def _duration(self, pat) -> int:
        """A pattern's ticks (the manual): the left-most non-looping channel's length; when all
        loop, the longest of them (32 notes each); 0 when every channel is silent."""
        looping = 0
        for n in pat.channels:
            if n is None:
                continue
            s = self.mem.sfx(n)
            if not s.loops:
                return s.length * s.speed
            looping = max(looping, NOTES * s.speed)
        return looping

    def _next_pattern(self) -> None:
        pat = self.mem.pattern(self.pattern)
        count = self.count + 1
        if pat.stop:
            self._set_pattern(-1)
            return
        nxt = self.pattern + 1
        if pat.end:                          # back to the loop's start, or pattern 0
            nxt = self.pattern
            while nxt > 0 and not self.mem.pattern(nxt).start:
                nxt -= 1
        self._set_pattern(nxt)
        if self.pattern != -1:
            self.count = count

    # ---- rendering --------------------------------------------------------------------------
    def render(self, n: int, channels: bool = False) -> np.ndarray:
        """The next n samples, mixed (int16); channels=True: also each channel's (float, 4 x n,
        after its clipping, in 16-bit units), as (mix, per_channel)."""
        if not channels and self.pattern == -1 and all(ch.idle() for ch in self.channels):
            for ch in self.channels:             # silence: the loop below would give zeros
                ch.rest(n)
            return np.zeros(n, dtype=np.int16)
        per = np.zeros((CHANNELS, n))
        done = 0
        while done < n:
            m = n - done
            fade = None
            playing = self.pattern != -1
            if playing:
                m = min(m, self.length - self.pos)
                if self.fade_step < 0:
                    m = min(m, max(1, int(np.ceil(self.fade_vol / -self.fade_step))))
                if self.fade_step:
                    fade = np.clip(self.fade_vol + self.fade_step * np.arange(1, m + 1), 0.0, 1.0)
            for i, ch in enumerate(self.channels):
                per[i, done:done + m] = ch.render(m, fade, self.pos if playing else None)
            done += m
            if playing:
                self.pos += m
                if fade is not None:
                    self.fade_vol = float(fade[-1])
                    if self.fade_step > 0 and self.fade_vol >= 1.0:
                        self.fade_step = 0.0
                if self.fade_step < 0 and self.fade_vol <= 0.0:
                    self._set_pattern(-1)
                elif self.pos >= self.length:
                    self._next_pattern()
        np.clip(per, -0.99, 0.99, out=per)
        per = np.trunc(per * 32767.99)
        mix = np.clip(per.sum(axis=0), -32767.9, 32767.9).astype(np.int16)
        return (mix, per) if channels else mix

    # ---- stat -------------------------------------------------------------------------------
    def stat(self, k: int):
        """stat(46..57) (and 16..26, the same without 57): the sfx on each channel (-1 none),
        its note (0-31, -1), the pattern (-1), patterns played, ticks into the pattern, and
        whether music plays."""
        if 16 <= k <= 26:
            k += 30
        if 46 <= k <= 49:
            t = self.channels[k - 46].track
            return -1 if t is None else t.n
        if 50 <= k <= 53:
            t = self.channels[k - 50].track
            return -1 if t is None else t.note
        if k == 54:
            return self.pattern
        if k == 55:
            return self.count
        if k == 56:
            return self.pos // TICK if self.pattern != -1 else -1
        if k == 57:
            return self.pattern != -1
        raise ValueError(f"stat({k}) is not a sound stat")
