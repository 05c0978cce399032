"""The console's sound through pygame's mixer, for `make play`: a stream of short Sounds queued
one after another on one mixer channel (SDL_mixer starts a queued Sound in the same mixing
pass that finishes the one before it, so the joins are seamless).

    sp = Speaker(pygame)            # sp.ok is False when there is no audio device
    while ...:
        if sp.wants_frame():        # the audio clock paces the game: a frame whenever less
            run a frame             # than a chunk is waiting
            sp.push(console.frame_audio)
        sp.pump()                   # hand the mixer the next chunk once its queue is free

The mixer runs at 22,050 Hz mono 16-bit, the console's own format (allowedchanges=0: SDL
converts for the device if it must). The sound card's clock, not a timer, decides when frames
run, so sound and game never drift apart and the queue never runs dry while the frames keep
up; the latency is one to two chunks (67-133 ms). If a chunk's frames take longer than a chunk
plays (a busy machine), the channel runs dry once; the chunks then grow by a frame, up to
six frames, trading latency for a steady stream.
"""
from __future__ import annotations

import numpy as np

from generator.console.waves import RATE

FRAME = RATE // 30
CHUNK = 2 * FRAME               # samples a queued Sound: two 30 fps frames, at first
MAX_CHUNK = 6 * FRAME           # and at most six, after underruns


class Speaker:
    def __init__(self, pygame) -> None:
        self.pg = pygame
        self.pending = np.zeros(0, dtype=np.int16)
        self.queued = 0                 # Sounds handed to the mixer
        self.underruns = 0              # times the channel had gone quiet while we had sound
        self.chunk = CHUNK
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512, allowedchanges=0)
            self.channel = pygame.mixer.Channel(0)
            self.ok = pygame.mixer.get_init() is not None
        except pygame.error:
            self.ok = False

    def wants_frame(self) -> bool:
        """Less than a chunk is waiting to be queued: time for another frame."""
        return len(self.pending) < self.chunk

    def push(self, samples: np.ndarray) -> None:
        self.pending = np.concatenate((self.pending, np.asarray(samples, dtype=np.int16)))

    def pump(self) -> None:
        """Queue the next chunk if the channel has room (nothing queued behind what plays)."""
        if not self.ok or len(self.pending) < self.chunk:
            return
        if self.channel.get_busy() and self.channel.get_queue() is not None:
            return
        chunk, self.pending = self.pending[:self.chunk], self.pending[self.chunk:]
        sound = self.pg.mixer.Sound(buffer=chunk.tobytes())
        if self.channel.get_busy():
            self.channel.queue(sound)
        else:
            if self.queued:             # it ran dry: give the frames more time from now on
                self.underruns += 1
                self.chunk = min(self.chunk + FRAME, MAX_CHUNK)
            self.channel.play(sound)
        self.queued += 1

    def close(self) -> None:
        if self.ok:
            self.pg.mixer.quit()
            self.ok = False
