"""One of the four channels: the sfx it plays (a `Track`), the custom instrument under a note,
music's sfx waiting while an sfx() holds the channel, and the rendering: the voice's waveform
from a running phase, the crossfade that keeps note changes from clicking, and the REVERB and
DAMPEN filters.

A channel renders its block in segments within which nothing changes but what an effect
sweeps (a note, an arpeggio step, a custom instrument's note); the oscillator's phase runs on
across segments, so a held pitch never jumps. Where a segment starts with a harsh change
(another waveform, a volume step over 0.1, a frequency step over 1%, from or to silence), the
old voice goes on underneath and fades out over 1/130 s (170 samples) while the new one comes
in. A voice is volume/7 of its waveform's peak, halved (MASTER) so that four channels sum
without clipping.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from generator.console.soundmem import NOTES, SoundMemory, Sfx
from generator.console.track import C2, FREQ, SILENT, TICK, Track, Voice
from generator.console.waves import RATE, WAVE_NOISE, NoiseSource, wave

MASTER = 0.5                   # each channel's share of full scale
FADE = 170                     # de-click crossfade, samples (1/130 s)
FADE_STEP = 130 / RATE
HIST = 732                     # the longest echo (REVERB 2: 4 ticks)
ECHO = {1: 2 * TICK, 2: 4 * TICK}
PHASE_WRAP = 218_900.0         # a whole number of cycles of every detune and phaser ratio


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
        if isinstance(f, np.ndarray):
            ph = phase + f[:m].cumsum() / RATE
        else:
            ph = phase + (f / RATE) * np.arange(1, m + 1)
        if voice.w == WAVE_NOISE:
            raw, noise_y = self.noise.render(f, m, voice.key, voice.noiz, voice.buzz, noise_y)
        else:
            raw = wave(voice.w, ph, voice.buzz, voice.detune)
        v = voice.v[:m] if isinstance(voice.v, np.ndarray) else voice.v
        y = raw * (v * MASTER)
        y.clip(-1.0, 1.0, out=y)
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

    def idle(self) -> bool:
        """Nothing to play and nothing still sounding (no sfx, no fade), with no music to
        resume: render() would give silence."""
        return self.track is None and self.last.w == -1 and not self.fade_left

    def rest(self, n: int) -> None:
        """Pass n samples of silence on an idle channel (what render(n) does then, cheaply)."""
        self._keep(np.zeros(n))

    def _keep(self, y: np.ndarray) -> None:
        """Remember the last HIST samples of output (for an echo that starts later)."""
        if len(y) >= HIST:
            self.hist = y[-HIST:].copy()
        else:
            self.hist = np.concatenate((self.hist[len(y):], y))
