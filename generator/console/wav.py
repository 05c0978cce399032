"""WAV files of the console's sound: 22,050 Hz, mono, 16-bit PCM, written atomically.

    write_wav("run.wav", console.audio())
    rate, samples = read_wav("run.wav")        # for tests and tools
"""
from __future__ import annotations

import io
import wave

import numpy as np

from generator import UserError
from generator.files.atomic import Kind, write_atomic
from generator.console.waves import RATE

WAV = Kind("a WAV file", lambda head: head[:4] == b"RIFF" and head[8:12] == b"WAVE")


def wav_bytes(samples: np.ndarray, rate: int = RATE) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.asarray(samples, dtype="<i2").tobytes())
    return buf.getvalue()


def write_wav(path, samples: np.ndarray, rate: int = RATE) -> None:
    write_atomic(path, wav_bytes(samples, rate))


def read_wav(path) -> tuple[int, np.ndarray]:
    """(sample rate, int16 samples) of a mono 16-bit PCM WAV; anything else is a UserError."""
    try:
        with wave.open(str(path), "rb") as w:
            if w.getnchannels() != 1 or w.getsampwidth() != 2:
                raise UserError(f"{path}: not a mono 16-bit WAV")
            return w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    except (wave.Error, EOFError) as e:
        raise UserError(f"{path}: not a WAV file ({e})") from None
