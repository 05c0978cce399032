"""The wasm build holds its cache's lock: two builds at once wait for each other, not race."""
from __future__ import annotations

import fcntl

import pytest

from generator.web import compile as wasm


def _held(lock_path) -> bool:
    """Whether another open file description holds an exclusive lock on `lock_path`."""
    with open(lock_path, "a") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(other, fcntl.LOCK_UN)
        return False


def test_fetching_and_compiling_happen_under_the_caches_lock(tmp_path, monkeypatch):
    seen = []

    def sources(cache):
        seen.append(("sources", _held(cache / ".lock")))
        return cache / "src"

    def compile_z8(src, out):
        seen.append(("compile", _held(out.parent / ".lock")))
        return out

    monkeypatch.setattr(wasm, "luaz8_sources", sources)
    monkeypatch.setattr(wasm, "compile_z8", compile_z8)
    assert wasm.z8_factory(tmp_path / "cache") == tmp_path / "cache" / "z8.js"
    assert seen == [("sources", True), ("compile", True)]
    assert not _held(tmp_path / "cache" / ".lock")      # let go after


def test_the_lock_is_let_go_when_the_build_fails(tmp_path, monkeypatch):
    def broken(cache):
        raise RuntimeError("emcc failed")

    monkeypatch.setattr(wasm, "luaz8_sources", broken)
    with pytest.raises(RuntimeError):
        wasm.z8_factory(tmp_path / "cache")
    assert not _held(tmp_path / "cache" / ".lock")
