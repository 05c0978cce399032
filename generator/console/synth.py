"""PICO-8's sound, synthesised with numpy: sfx() and music() on 4 channels, 22,050 Hz.

    s = Synth(console.mem.ram, seed=0)     # reads __sfx__/__music__ memory as it plays
    s.sfx(3); s.music(0, 500, 7)           # the API's calls
    samples = s.render(735)                # one 30 fps frame: int16, the 4 channels mixed
    s.stat(46)                             # what stat(46..57) and stat(16..26) report

How it plays (the manual's words where it has them, the rest as zepto8 and fake-08 agree, which
the console's module docstring lists): a note lasts speed * 183 samples; pitch p sounds at
440 * 2^((p - 33) / 12) Hz; volume v is v/7 of the instrument's peak, and every channel is
halved (MASTER) so that four loud ones sum without clipping. A channel renders its block in
segments within which nothing changes but what an effect sweeps (a note, an arpeggio step,
a custom instrument's note); the oscillator's phase runs on across segments, so a held pitch
never jumps. Where a segment starts with a harsh change (another waveform, a volume step over
0.1, a frequency step over 1%), the old voice goes on underneath and fades out over 1/130 s
(170 samples) while the new one comes in: notes start and stop without clicks.
Each channel is clipped to +-0.99 and scaled to 16 bits; the four are summed and clipped to
+-32767 (never wrapped).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from generator.console.soundmem import NOTES, SoundMemory, Sfx
from generator.console.waves import RATE, WAVE_NOISE, NoiseSource, wave

TICK = 183                     # samples a tick; a note lasts speed ticks
MASTER = 0.5                   # each channel's share of full scale
FADE = 170                     # de-click crossfade, samples (1/130 s)
FADE_STEP = 130 / RATE
C2 = 24                        # custom instruments play relative to c2
FREQ = 440 * 2 ** ((np.arange(64) - 33) / 12)
SEMITONE = 2 ** (1 / 12)
VIBRATO_HZ = 7.5               # vibrato: a triangle of +-a quarter semitone, 7.5 times a second
HIST = 732                     # the longest echo (REVERB 2: 4 ticks)
ECHO = {1: 2 * TICK, 2: 4 * TICK}
PHASE_WRAP = 218_900.0         # a whole number of cycles of every detune and phaser ratio
CHANNELS = 4


def _highshelf(freq: float, gain_db: float, taps: int = 256) -> np.ndarray:
    """The impulse response of the audio cookbook's high shelf (slope 1) at `freq`, `gain_db`,
    truncated to `taps` (it has decayed below 1e-12 long before): DAMPEN's low-pass, applied
    as a convolution so that it needs no per-sample loop."""
    a = 10 ** (gain_db / 40)
    w0 = 2 * np.pi * freq / RATE
    cw, alpha = np.cos(w0), np.sin(w0) / 2 * np.sqrt(2)
    sq = 2 * np.sqrt(a) * alpha
    b = [a * ((a + 1) + (a - 1) * cw + sq), -2 * a * ((a - 1) + (a + 1) * cw),
         a * ((a + 1) + (a - 1) * cw - sq)]
    d = [(a + 1) - (a - 1) * cw + sq, 2 * ((a - 1) - (a + 1) * cw), (a + 1) - (a - 1) * cw - sq]
    b = [x / d[0] for x in b]
    d = [x / d[0] for x in d]
    h = np.zeros(taps)
    x1 = x2 = y1 = y2 = 0.0
    for n in range(taps):
        x0 = 1.0 if n == 0 else 0.0
        y0 = b[0] * x0 + b[1] * x1 + b[2] * x2 - d[1] * y1 - d[2] * y2
        h[n] = y0
        x2, x1, y2, y1 = x1, x0, y1, y0
    return h


# DAMPEN 1 and 2: high shelves at 2400 Hz -6 dB and 1000 Hz -12 dB (zepto8's, fake-08's)
DAMP = {1: _highshelf(2400, -6), 2: _highshelf(1000, -12)}


@dataclass(frozen=True)
class Voice:
    """What a channel sounds for one segment: waveform (-1 silent), frequency and volume (a
    number, or an array over the segment), the pitch (for noise) and the sfx's filters."""
    w: int
    f: object = 0.0
    v: object = 0.0
    key: int = 0
    noiz: bool = False
    buzz: bool = False
    detune: int = 0
    reverb: int = 0
    dampen: int = 0

    def ends(self) -> tuple[float, float, float, float]:
        f, v = np.atleast_1d(self.f), np.atleast_1d(self.v)
        return float(f[0]), float(f[-1]), float(v[0]), float(v[-1])


SILENT = Voice(-1)


class Track:
    """Where one sfx is: its note, the samples into that note, how many notes it may still
    play, and the previous note (for slides)."""

    def __init__(self, n: int, s: Sfx, offset: int = 0, length: int = 0, music: bool = False,
                 sub: int = 0) -> None:
        self.n, self.music, self.can_loop = n, music, True
        self.note, self.sub = offset, sub
        self.left = length if length > 0 else None
        self.prev_key, self.prev_vol = C2, 0.0    # a slide from nothing starts at c2
        self.entries = 0                          # notes entered (launch included)
        self.ended = False
        if s.loops and self.note >= s.loop_end:
            self.note = (self.note - s.loop_start) % (s.loop_end - s.loop_start) + s.loop_start
        self.ended = self.note >= self._end(s)

    def _end(self, s: Sfx) -> int:
        if s.loops and self.can_loop:
            return NOTES
        return s.length if self.music else min(s.length, s.audible_end)

    def span(self, s: Sfx) -> int:
        """Samples until the next change: the note's end, or an arpeggio's next step."""
        length = TICK * s.speed
        span = max(1, length - self.sub)
        fx = s.fx[self.note]
        if fx >= 6 and s.vol[self.note]:
            step = _arp_step(s, fx)
            pos = self.note * length + self.sub
            span = min(span, step - pos % step)
        return span

    def advance(self, k: int, s: Sfx) -> None:
        self.sub += k
        length = TICK * s.speed
        if self.sub < length:
            return
        self.sub = 0
        self.prev_key, self.prev_vol = s.pitch[self.note], s.vol[self.note] / 7
        self.note += 1
        self.entries += 1
        if self.left is not None:
            self.left -= 1
            if self.left <= 0:
                self.ended = True
        if s.loops and self.can_loop and self.note >= s.loop_end:
            self.note = s.loop_start
        if self.note >= min(self._end(s), NOTES):
            self.ended = True

    def voice(self, s: Sfx, m: int, drop: bool = True) -> Voice:
        """The current note over the next m samples, its effect applied."""
        i = self.note
        key, v0, fx = s.pitch[i], s.vol[i] / 7, s.fx[i]
        if not v0:
            return Voice(-1, key=key, noiz=s.noiz, buzz=s.buzz, detune=s.detune,
                         reverb=s.reverb, dampen=s.dampen)
        f, v = FREQ[key], v0
        length = TICK * s.speed
        if fx in (1, 3, 4, 5):
            t = (self.sub + np.arange(m)) / length
            if fx == 1:     # from the previous note's pitch and volume to this one's
                f = FREQ[self.prev_key] + (f - FREQ[self.prev_key]) * t
                if self.prev_vol:
                    v = self.prev_vol + (v0 - self.prev_vol) * t
            elif fx == 3 and drop:
                f = f * (1.0 - t)
            elif fx == 4:
                v = v0 * t
            elif fx == 5:
                v = v0 * (1.0 - t)
        elif fx == 2:
            pos = i * length + self.sub + np.arange(m)
            lfo = np.abs((VIBRATO_HZ * pos / RATE) % 1.0 - 0.5) - 0.25
            f = f * (1.0 + lfo * (SEMITONE - 1.0))
        elif fx >= 6:
            n = (i * length + self.sub) // _arp_step(s, fx)
            f = FREQ[s.pitch[(i & ~3) | (n & 3)]]
        return Voice(s.wave[i], f, v, key, s.noiz, s.buzz, s.detune, s.reverb, s.dampen)


def _arp_step(s: Sfx, fx: int) -> int:
    """Samples an arpeggio step lasts: 4 ticks (fast) or 8 (slow), halved at speed <= 8."""
    ticks = 4 if fx == 6 else 8
    return TICK * (ticks // 2 if s.speed <= 8 else ticks)


class Channel:
    def __init__(self, mem: SoundMemory, noise: NoiseSource) -> None:
        self.mem, self.noise = mem, noise
        self.track: Track | None = None
        self.inst: Track | None = None       # the custom instrument playing under a note
        self.stash: int | None = None        # music's sfx, waiting for an sfx to finish
        self.seen = -1                       # the track's last note handled (entries)
        self.main_last = None                # (wave, pitch, volume) of the previous note
        self.phase = 0.0
        self.last = SILENT                   # the voice at the last sample (its end values)
        self.fade_voice, self.fade_left, self.fade_phase, self.fade_noise = SILENT, 0, 0.0, 0.0
        self.hist = np.zeros(HIST)           # post-echo output, for REVERB and DAMPEN

    @property
    def music(self) -> bool:
        return self.track is not None and self.track.music

    def launch(self, n: int, offset: int = 0, length: int = 0, music: bool = False,
               sub: int = 0) -> None:
        self.track = Track(n, self.mem.sfx(n), offset, length, music, sub)
        self.inst, self.seen, self.main_last = None, -1, None
        if self.track.ended:
            self.stop()

    def stop(self) -> None:
        self.track = self.inst = None

    # ---- rendering -----------------------------------------------------------------------
    def render(self, m_total: int, fade=None, music_pos: int | None = None) -> np.ndarray:
        """The next m_total samples (floats, +-1 full scale, before clipping). fade: the music's
        volume over them (for a music channel); music_pos: the music's position in its pattern
        at the first sample (None: no music), where a stashed music sfx resumes."""
        out = np.empty(m_total)
        done = 0
        while done < m_total:
            rem = m_total - done
            if self.track is None and self.stash is not None and music_pos is not None:
                self._resume(music_pos + done)
            if self.track is None:
                if self.last.w == -1 and not self.fade_left:     # idle and quiet
                    out[done:] = 0.0
                    self._keep(out[done:])
                    break
                voice, m, s = SILENT, rem, None
            else:
                s = self.mem.sfx(self.track.n)
                if self.track.entries != self.seen:
                    self._enter_note(s)
                m = min(rem, self.track.span(s))
                sounding = self.inst is not None and self._inst_sounding(s)
                if sounding:
                    m = min(m, self.inst.span(self.mem.sfx(self.inst.n)))
                voice = self._voice(s, m, fade, done)
            out[done:done + m] = self._filters(self._sound(voice, m), voice.reverb, voice.dampen)
            if s is not None:
                if sounding:
                    self.inst.advance(m, self.mem.sfx(self.inst.n))
                    if self.inst.ended:
                        self.inst = None
                self.track.advance(m, s)
                if self.track.ended:
                    self.stop()
            done += m
        return out

    def _resume(self, pos: int) -> None:
        """A music sfx that an sfx() interrupted comes back at the music's position."""
        n, self.stash = self.stash, None
        s = self.mem.sfx(n)
        length = TICK * s.speed
        note, sub = divmod(pos, length)
        if s.loops or note < NOTES:
            self.launch(n, note, 0, True, sub)

    def _enter_note(self, s: Sfx) -> None:
        """A new note: a custom instrument (re)starts when the pitch or instrument changes, the
        previous note was silent, the sfx just started, or the note has effect 3 (the manual)."""
        i = self.track.note
        w, key, vol = s.wave[i], s.pitch[i], s.vol[i]
        if w >= 8 and vol:
            last = self.main_last
            if last is None or last[0] != w or last[1] != key or not last[2] or s.fx[i] == 3:
                self.inst = Track(w - 8, self.mem.sfx(w - 8))
                if self.inst.ended:
                    self.inst = None
        self.main_last = (w, key, vol)
        self.seen = self.track.entries

    def _inst_sounding(self, s: Sfx) -> bool:
        i = self.track.note
        return s.wave[i] >= 8 and s.vol[i] > 0

    def _voice(self, s: Sfx, m: int, fade, at: int) -> Voice:
        custom = s.wave[self.track.note] >= 8
        main = self.track.voice(s, m, drop=not custom)
        if custom and main.w != -1:
            main = self._instrument(main, s, m)
        if fade is not None and self.track.music and main.w != -1:
            main = replace(main, v=main.v * fade[at:at + m])
        return main

    def _instrument(self, main: Voice, s: Sfx, m: int) -> Voice:
        """A note played by sfx 0-7: the instrument's own notes, effects and filters, its
        pitch moved by the note's distance from c2, its volume times the note's."""
        if self.inst is None:
            return replace(main, w=-1)
        si = self.mem.sfx(self.inst.n)
        iv = self.inst.voice(si, m)
        if iv.w == -1:
            return replace(main, w=-1)
        return Voice(iv.w & 7, iv.f * (main.f / FREQ[C2]), iv.v * main.v,
                     int(min(63, max(0, iv.key + main.key - C2))),
                     s.noiz or si.noiz, s.buzz or si.buzz, si.detune or s.detune,
                     si.reverb or s.reverb, si.dampen or s.dampen)

    def _sound(self, voice: Voice, m: int) -> np.ndarray:
        """m samples of `voice`, crossfaded from the previous voice after a harsh change."""
        f0, f1, v0, v1 = voice.ends()
        silent = voice.w == -1 or (v0 == 0 and v1 == 0 and np.ndim(voice.v) == 0)
        w, f0, v0 = (-1, 0.0, 0.0) if silent else (voice.w, f0, v0)
        last = self.last
        _, lf1, _, lv1 = last.ends()
        harsh = w != last.w or abs(v0 - lv1) > 0.1 or abs(f0 - lf1) > min(f0, lf1) * 0.01
        if harsh:       # from silence too: the new voice then ramps in from nothing
            self.fade_voice = last if last.w != -1 and lv1 > 0 else SILENT
            self.fade_left, self.fade_phase, self.fade_noise = FADE, self.phase, self.noise.y
        if silent:
            y = np.zeros(m)
            self.last = SILENT
        else:
            y, self.phase, self.noise.y = self._oscillate(voice, m, self.phase, self.noise.y)
            self.last = replace(voice, f=f1, v=v1)
        if self.fade_left:
            k = min(m, self.fade_left)
            if self.fade_voice.w == -1:
                old = 0.0
            else:
                old, self.fade_phase, self.fade_noise = self._oscillate(
                    self.fade_voice, k, self.fade_phase, self.fade_noise)
            weight = 1.0 - (FADE - self.fade_left + np.arange(k)) * FADE_STEP
            np.clip(weight, 0.0, 1.0, out=weight)
            y[:k] = y[:k] * (1.0 - weight) + old * weight
            self.fade_left -= k
        return y

    def _oscillate(self, voice: Voice, m: int, phase: float, noise_y: float):
        """m samples of a voice from `phase`: (samples at the voice's volume, phase after, noise
        filter state after)."""
        f = voice.f
        if np.ndim(f) == 0:
            ph = phase + (f / RATE) * np.arange(1, m + 1)
        else:
            ph = phase + np.cumsum(f[:m]) / RATE
        if voice.w == WAVE_NOISE:
            raw, noise_y = self.noise.render(f, m, voice.key, voice.noiz, voice.buzz, noise_y)
        else:
            raw = wave(voice.w, ph, voice.buzz, voice.detune)
        v = voice.v if np.ndim(voice.v) == 0 else voice.v[:m]
        y = raw * (np.asarray(v) * MASTER)
        np.clip(y, -1.0, 1.0, out=y)
        return y, float(ph[-1] % PHASE_WRAP), noise_y

    def _filters(self, y: np.ndarray, reverb: int, dampen: int) -> np.ndarray:
        """REVERB: y[n] += y[n - 2 or 4 ticks] / 2 (an echo that feeds back); DAMPEN: a high
        shelf (a gentle low-pass). The history keeps the last 4 ticks after the echo."""
        if not (reverb or dampen):
            self._keep(y)
            return y
        z = np.concatenate((self.hist, y))
        if reverb:
            d = ECHO[reverb]
            for c in range(0, len(y), d):
                e = min(c + d, len(y))
                z[HIST + c:HIST + e] += 0.5 * z[HIST + c - d:HIST + e - d]
        self.hist = z[-HIST:].copy()
        if dampen:
            taps = DAMP[dampen]
            return np.convolve(z[HIST - len(taps) + 1:], taps, "valid")
        return z[HIST:]

    def _keep(self, y: np.ndarray) -> None:
        """Remember the last HIST samples of output (for an echo that starts later)."""
        if len(y) >= HIST:
            self.hist = y[-HIST:].copy()
        else:
            self.hist = np.concatenate((self.hist[len(y):], y))


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
