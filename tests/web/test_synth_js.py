"""The page's synthesiser (generator/web/synth.js, run in node) against the console's
(generator/console/synth.py): the same scripted sfx()/music() calls and stat() queries, frame by
frame as a host makes them (a frame's samples first, then its calls), must give the same samples
within float rounding (a sample or two of 16-bit units), the same stats, and so the same
pitches, onsets and loudness. Scripts: the built cart's music loops for both worlds and the
solve's jingle, a battery of sfx covering every instrument, effect, filter, custom instrument,
loop form and call form, and random sfx memory with random calls (hypothesis)."""
from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartfixtures import REPO
from generator.console.cart import read_p8
from generator.console.synth import Synth
from generator.console.waves import white
from soundkit import REST, cart_text, music_line, note, sfx_line

NODE = shutil.which("node") or "/usr/bin/node"
pytestmark = pytest.mark.skipif(not Path(NODE).exists(), reason="node is not installed")

DRIVER = Path(__file__).with_name("synth_driver.js")
SOUND = slice(0x3100, 0x4300)     # music patterns, then sfx
FRAME = 735                       # samples a frame at 30 fps
TOLERANCE = 1                     # 16-bit units: float rounding (measured: 0), never a sound
STATS = list(range(46, 58)) + [16, 20, 24, 26]


# ---- running a script in both synthesisers ------------------------------------------------------
def play_python(memory: bytes, seed: int, steps) -> tuple[np.ndarray, list]:
    ram = bytearray(0x10000)
    ram[SOUND] = memory
    s = Synth(ram, seed)
    chunks, stats = [], []
    for op, *args in steps:
        if op == "render":
            chunks.append(s.render(args[0]))
        elif op == "sfx":
            s.sfx(*args)
        elif op == "music":
            s.music(*args)
        elif op == "stat":
            stats.append(s.stat(args[0]))
        elif op == "poke":
            ram[args[0]:args[0] + len(args[1])] = bytes(args[1])
    return np.concatenate(chunks) if chunks else np.zeros(0, np.int16), stats


def play_js(cases, tmp_path: Path) -> list[tuple[np.ndarray, list]]:
    """Each case played by synth.js in one node process: (memory, seed, steps), or (memory,
    seed, python's steps, the page's steps, fps) for a case played through PageSound."""
    script = tmp_path / "cases.json"
    script.write_text(json.dumps([{"memory": base64.b64encode(c[0]).decode(), "seed": c[1],
                                   "steps": c[3] if len(c) > 3 else c[2],
                                   "page": c[4] if len(c) > 3 else 0} for c in cases]))
    run = subprocess.run([NODE, str(DRIVER), str(script)], capture_output=True, text=True,
                         check=False, timeout=600)
    assert run.returncode == 0, run.stderr
    return [(np.frombuffer(base64.b64decode(r["samples"]), "<i2"), r["stats"])
            for r in json.loads(run.stdout)]


def frames(count: int, calls: dict | None = None, stats=STATS):
    """A host's script: each frame renders its samples, then makes that frame's calls (a list
    of steps at its index), then reads the stats."""
    steps = []
    for k in range(count):
        steps.append(["render", FRAME])
        steps += (calls or {}).get(k, [])
        steps += [["stat", n] for n in stats]
    return steps


def level_db(x: np.ndarray) -> np.ndarray:
    """RMS level of each whole second, in dB of full scale (floored at -120)."""
    x = x[:len(x) // 22050 * 22050].astype(float).reshape(-1, 22050)
    return 20 * np.log10(np.maximum(np.sqrt((x * x).mean(axis=1)), 32767e-6) / 32767)


def compare(cases, tmp_path: Path) -> list[dict]:
    """Play every case in both; assert they agree; return the agreement figures."""
    figures = []
    for (memory, seed, steps, *_), (js, js_stats) in zip(cases, play_js(cases, tmp_path)):
        py, py_stats = play_python(memory, seed, steps)
        assert len(js) == len(py)
        assert js_stats == py_stats, next((i, a, b) for i, (a, b) in
                                          enumerate(zip(py_stats, js_stats)) if a != b)
        diff = np.abs(js.astype(int) - py.astype(int))
        worst = int(diff.max(initial=0))
        assert worst <= TOLERANCE, (worst, int(np.argmax(diff)), int((diff > 0).sum()))
        figures.append({"max_diff": worst, "differing": int((diff > 0).sum()),
                        "samples": len(py), "rms": float(np.sqrt((py.astype(float) ** 2).mean()))
                        if len(py) else 0.0,
                        "db": float(np.abs(level_db(js) - level_db(py)).max(initial=0))})
        assert figures[-1]["db"] < 0.01
    return figures


# ---- the cart's music ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cart_sound(built_cart) -> bytes:
    return bytes(read_p8(built_cart.path).rom[SOUND])


@pytest.mark.parametrize("first,count", [(0, 660), (8, 900), (63, 80)],
                         ids=["spires", "lookout", "jingle"])
def test_the_carts_music_sounds_the_same(cart_sound, tmp_path, first, count):
    """Each loop once round and into its start again (the jingle to its end), faded in with
    the cart's mask; an sfx on the fourth channel midway."""
    calls = {0: [["music", first, 500, 7]], 200: [["sfx", 1, -1]], 400: [["sfx", 2, 3]]}
    (fig,) = compare([(cart_sound, 0, frames(count, calls))], tmp_path)
    assert fig["rms"] > 500                   # it played something


# ---- the battery -------------------------------------------------------------------------------
def mode(noiz=0, buzz=0, detune=0, reverb=0, dampen=0) -> int:
    """The editor byte: bit 0 editor mode, NOIZ, BUZZ, then the switches in base 3."""
    return 1 | noiz << 1 | buzz << 2 | 8 * (detune + 3 * reverb + 9 * dampen)


FILTERS = [mode(noiz=1), mode(buzz=1), mode(noiz=1, buzz=1), mode(detune=1), mode(detune=2),
           mode(reverb=1), mode(reverb=2), mode(dampen=1), mode(dampen=2),
           mode(buzz=1, detune=2, reverb=1, dampen=2)]


def battery_sfx() -> dict[int, str]:
    sfx = {
        # 0-7: custom instruments
        0: sfx_line([note(24, 0, v) for v in (7, 5, 3, 1)], 4),
        1: sfx_line([note(24, 2, 6, 2)] * 4, 3, loop=(0, 4)),
        2: sfx_line([note(30, 6, 5), note(36, 6, 3, 5)], 2, loop=(0, 2)),
        3: sfx_line([note(p, 3, 5, 6) for p in (24, 28, 31, 36)], 2, loop=(0, 4),
                    mode=mode(buzz=1, reverb=1)),
        4: sfx_line([note(24, 5, 7, 1), note(31, 5, 5, 1), note(28, 5, 6)], 5,
                    mode=mode(dampen=2)),
        5: sfx_line([note(24, 7, 7, 3)] * 3, 6, mode=mode(detune=2)),
        6: sfx_line([note(24, 1, 5, 4), note(24, 1, 5, 5)], 8, loop=(0, 2)),
        7: sfx_line([note(24 + i, 4, 6) for i in range(8)], 2, loop=(4, 0)),
    }
    # 8-15: each waveform through every effect, volume and a rest, at its own speed
    vols = (7, 5, 3, 0, 6, 4, 2, 1)
    for w in range(8):
        sfx[8 + w] = sfx_line([note((12 + 7 * j + 3 * w) % 64, w, vols[j % 8], j % 8)
                               for j in range(32)], (1, 2, 5, 8, 9, 12, 16, 3)[w])
    # 16-25: every filter over notes of every waveform
    for k, m in enumerate(FILTERS):
        sfx[16 + k] = sfx_line([note(20 + (5 * j) % 40, j % 8, 6 if j % 3 else 3,
                                     (0, 1, 2, 4)[j % 4]) for j in range(24)], 4 + k % 3, mode=m)
    # 26-28: custom instruments played: repeats (no retrigger), effect 3 (retrigger), rests,
    # slides, vibrato, arpeggios and fades on the note, the note's filters with the instrument's
    custom = [note(24, 8, 7), note(24, 8, 7), note(24, 8, 7, 3), REST, note(31, 9, 6, 1),
              note(36, 10, 5, 2), note(29, 11, 7), note(29, 12, 4, 6), note(33, 12, 4, 6),
              note(36, 13, 6, 4), note(24, 14, 7, 5), note(40, 15, 5), note(40, 15, 5, 3)]
    sfx[26] = sfx_line(custom, 6)
    sfx[27] = sfx_line(custom, 5, mode=mode(reverb=2, dampen=1, noiz=1))
    sfx[28] = sfx_line([note(24 + j, 8 + j % 8, (j * 3) % 8, (4, 5, 0, 7)[j % 4])
                        for j in range(20)], 3)
    # 29-34: loops: a loop, the LEN form, start >= end (no loop), all 32, trailing rests, short
    sfx[29] = sfx_line([note(30 + j, j % 6, 5) for j in range(16)], 2, loop=(4, 12))
    sfx[30] = sfx_line([note(40 - j, 3, 6) for j in range(16)], 3, loop=(8, 0))
    sfx[31] = sfx_line([note(40, 0, 6)] * 16, 2, loop=(12, 4))
    sfx[32] = sfx_line([note(20 + j, 5, 4, j % 3) for j in range(32)], 1, loop=(0, 32))
    sfx[33] = sfx_line([note(45, 2, 6)] * 6, 2)
    sfx[34] = sfx_line([note(50, 6, 7), note(45, 6, 5), note(40, 6, 3)], 1)
    # 40-44: music
    sfx[40] = sfx_line([note((36, 40, 43, 48)[j % 4] + j // 8, 3, 5, (0, 2)[j % 2])
                        for j in range(32)], 12)
    sfx[41] = sfx_line([note(24 + (j % 4) * 2, 0, 6) for j in range(16)], 12, loop=(16, 0))
    sfx[42] = sfx_line([note(60, 6, 6, 5) if j % 2 == 0 else REST for j in range(8)], 12,
                       loop=(0, 8))
    sfx[43] = sfx_line([note(36, 5, 3, 2)] * 4, 24, loop=(0, 4), mode=mode(reverb=1))
    sfx[44] = sfx_line([note(36 + j % 5, 8 + j % 3, 5) for j in range(32)], 12)
    return sfx


def battery_music() -> dict[int, str]:
    return {0: music_line([40, 41, 42, None], 1), 1: music_line([44, 41, 42, 43]),
            2: music_line([40, None, 43, 42], 2), 3: music_line([43, 42, None, None]),
            4: music_line([40, 41, None, None], 4), 5: music_line([None] * 4),
            6: music_line([41, None, None, None]), 8: music_line([43, None, None, 42], 3)}


@pytest.fixture(scope="module")
def battery(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("battery") / "battery.p8"
    path.write_text(cart_text("", battery_sfx(), battery_music()))
    return bytes(read_p8(path).rom[SOUND])


def one_after_another(slots, channel_of=lambda n: n % 4, gap=140):
    """Each sfx in turn, `gap` frames apart (long enough for the slowest to finish)."""
    return {i * gap: [["sfx", n, channel_of(n)]] for i, n in enumerate(slots)}


SCRIPTS = {
    "waveforms and effects": (8 * 140, one_after_another(range(8, 16))),
    "filters": (10 * 50, one_after_another(range(16, 26), gap=50)),
    "custom instruments": (3 * 70, one_after_another(range(26, 29), gap=70)),
    "instruments played alone": (8 * 40, one_after_another(range(8), gap=40)),
    "loops": (240, {0: [["sfx", 29, 0], ["sfx", 30, 1], ["sfx", 31, 2], ["sfx", 32, 3]],
                    60: [["sfx", -2, 0]], 90: [["sfx", -2, -1]],
                    120: [["sfx", 33, -1], ["sfx", 34, -1], ["sfx", 33, -1]],
                    160: [["sfx", 29, 0], ["sfx", 32, 1]], 200: [["sfx", -1, 0]],
                    210: [["sfx", -1]]}),
    "call forms": (260, {0: [["sfx", 40, 0, 8], ["sfx", 29, 1, 3, 5], ["sfx", 64], ["sfx", 3, 4],
                             ["sfx", 3, 0, 40], ["sfx", -3], ["sfx", 32, -1, 0, 2]],
                         30: [["sfx", 40, -2], ["sfx", 11], ["sfx", 12], ["sfx", 13], ["sfx", 14],
                              ["sfx", 15]],                    # all busy: the fastest yields
                         60: [["sfx", 11, -1, 4], ["sfx", 9, 2, 31, 1]],
                         100: [["sfx", 32, 3], ["sfx", 32, -1]],  # n again: its own channel
                         140: [["sfx", -1, 3], ["sfx", -2, 2], ["sfx", 29, 2, 20]],
                         180: [["sfx", 28, -1, -4, -2]],
                         220: [["sfx", 29, 0], ["sfx", 33, 1], ["sfx", 43, 2], ["sfx", 41, 3],
                               ["sfx", 34]]}),         # two as fast: the last of them yields
    "music": (1500, {0: [["music", 0]], 400: [["sfx", 34, 1]],         # over a music channel
                     420: [["sfx", 29, 2], ["sfx", -2, 2]], 700: [["music", 3, 1000, 12]],
                     730: [["sfx", 33], ["sfx", 34]], 900: [["music", -1, 700]],
                     1000: [["music", 4, 0, 1]], 1100: [["music", 6]],
                     1200: [["music", 8, 300]], 1300: [["music", -1]], 1310: [["music", 5]],
                     1320: [["music", 2, 200]], 1330: [["music", 64], ["music", -1, 100]]}),
    "sound memory poked while playing": (120, {
        0: [["sfx", 29, 0], ["music", 1]],
        30: [["poke", 0x3200 + 68 * 29, [0x25, 0x0b] * 8], ["poke", 0x3200 + 68 * 29 + 65, [3]]],
        60: [["poke", 0x3100 + 4 * 2, [0x41, 0x42, 0x43, 0x44]]]}),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_battery_sounds_the_same(battery, tmp_path, name):
    count, calls = SCRIPTS[name]
    (fig,) = compare([(battery, 0, frames(count, calls))], tmp_path)
    assert fig["rms"] > 100


def test_seeds_give_the_noise_the_same_in_both(battery, tmp_path):
    script = frames(60, {0: [["sfx", 2, 0], ["sfx", 34, 1], ["sfx", 24, 2], ["sfx", 16, 3]]})
    figs = compare([(battery, seed, script) for seed in (1, 7, -3, 2 ** 40)], tmp_path)
    assert all(f["rms"] > 100 for f in figs)


# ---- PageSound: the synthesiser as a page's host drives it ---------------------------------------
def page_script(count: int, fps: int, calls: dict):
    """(the console's steps, the page's steps) for `count` frames at `fps`: the page calls
    frame(k) and then the frame's calls, poking its own memory; the console renders the frame's
    share of samples from the sound memory copied at the frame's start (so a poke is heard from
    the next frame on), as Console.step does."""
    py, js, pending = [], [], []
    for k in range(1, count + 1):
        py += pending + [["render", k * 22050 // fps - (k - 1) * 22050 // fps]]
        js.append(["frame", k])
        todo = calls.get(k, []) + [["stat", n] for n in STATS]
        pending = [c for c in todo if c[0] == "poke"]
        py += [c for c in todo if c[0] != "poke"]
        js += todo
    return py, js


@pytest.mark.parametrize("fps", [30, 60])
def test_page_sound_renders_each_frame_as_the_console_does(battery, tmp_path, fps):
    sfx29 = 0x3200 + 68 * 29
    calls = {1: [["music", 0, 300]], 40: [["sfx", 29, 3], ["poke", sfx29, [0x25, 0x0b] * 8]],
             41: [["sfx", 29, 2]], 90: [["poke", 0x3100, [0x42, 0x41, 0x43, 0x44]]],
             100: [["sfx", 34, -1]], 160: [["music", -1, 500]]}
    py, js = page_script(240, fps, calls)
    (fig,) = compare([(battery, 5, py, js, fps)], tmp_path)
    assert fig["rms"] > 100 and fig["samples"] == 240 * 22050 // fps


def run_node(source: str, *args) -> str:
    run = subprocess.run([NODE, "-e", source, str(REPO / "generator" / "web" / "synth.js"), *args],
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0, run.stderr
    return run.stdout


SPEAKER = """
const {PageSound} = require(process.argv[1]);
const mem = new Uint8Array(0x10000);
mem.set(Buffer.from(process.argv[2], "base64"), 0x3100);
const rate = 48000, block = 1024, out = [];
// a context whose ScriptProcessor the script pulls by hand
const node = {connect() {}, onaudioprocess: null};
const ctx = {sampleRate: rate, destination: {}, createScriptProcessor: () => node};
const page = new PageSound(0, 30);
page.memory(mem);
page.keepAudio(true);
page.music(0);
page.start(ctx);
const pull = () => {
  const data = new Float32Array(block);
  node.onaudioprocess({outputBuffer: {getChannelData: () => data}});
  out.push(...data);
};
let k = 0, pulled = 0;
for (let t = 1; t <= 90; t++) {            // 3 s in real time: frames and blocks as they fall due
  page.frame(++k);
  while ((pulled + block) / rate <= t / 30 - 0.06) { pull(); pulled += block; }
}
const realTime = {out: out.slice(), audio: Array.from(page.audio())};
for (let i = 0; i < 600; i++) page.frame(++k);   // a test stepping 600 frames at once
const ahead = page.lag();
page.mute(true);
out.length = 0;
pull();
const muted = out.every((x) => x === 0);
const fresh = new PageSound(0, 30), primed = [];
fresh.memory(mem);
fresh.music(0);
fresh.start(ctx);
for (let i = 1; i <= 2; i++) {
  fresh.frame(i + 30);                     // into the music: not silence
  out.length = 0;
  pull();
  primed.push(out.some((x) => x !== 0));
}
process.stdout.write(JSON.stringify({...realTime, ahead, muted, primed}));
"""


def test_page_sound_plays_the_frames_through_the_speaker_in_order(battery):
    got = json.loads(run_node(SPEAKER, base64.b64encode(battery).decode()))
    out, audio = np.array(got["out"]), np.array(got["audio"]) / 32768
    # the frames' samples in order, from the first, linearly resampled to 48 kHz
    t = np.arange(len(out)) * 22050 / 48000
    assert np.abs(out - np.interp(t, np.arange(len(audio)), audio)).max() < 1e-6
    assert np.abs(out).max() > 0.05
    # silent until half of LAG (50 ms) has been queued: one frame is not enough, two are
    assert got["primed"] == [False, True]
    assert 0.09 <= got["ahead"] <= 0.25 and got["muted"]


# ---- random sound memory, random calls ---------------------------------------------------------
CALL = st.one_of(
    st.tuples(st.just("sfx"), st.integers(-3, 64), st.integers(-3, 4), st.integers(-2, 33),
              st.integers(-1, 40)).map(list),
    st.tuples(st.just("sfx"), st.integers(0, 12)).map(list),
    st.tuples(st.just("music"), st.integers(-2, 12), st.sampled_from([0, 0, 100, 1500]),
              st.integers(0, 15)).map(list))


@st.composite
def random_case(draw):
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32)))   # 4.5 KB of random bytes
    memory = bytearray(rng.bytes(0x1200))
    speeds = rng.choice([0, 1, 2, 3, 5, 8, 9, 16], 64)   # short enough to hear them end
    for n in range(64):
        memory[0x100 + 68 * n + 65] = speeds[n]
    calls = draw(st.dictionaries(st.integers(0, 59), st.lists(CALL, min_size=1, max_size=3),
                                 max_size=8))
    return bytes(memory), draw(st.integers(0, 2 ** 31)), frames(60, calls, stats=range(46, 58))


@pytest.mark.slow
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(cases=st.lists(random_case(), min_size=4, max_size=4))
def test_random_sound_memory_and_calls_sound_the_same(tmp_path, cases):
    compare(cases, tmp_path)


def test_synth_js_is_a_plain_script_for_node_and_the_page():
    """No import/export statements: node require()s it, a page or an AudioWorklet evaluates it
    and finds globalThis.PicoSynth."""
    source = (REPO / "generator" / "web" / "synth.js").read_text()
    run = subprocess.run([NODE, "-e", "const vm = require('vm'); const g = {};"
                          "vm.runInNewContext(require('fs').readFileSync(process.argv[1], 'utf8'),"
                          " g); const s = new g.PicoSynth.Synth(new Uint8Array(0x1200));"
                          " process.stdout.write(String(s.render(10).length + s.stat(54)))",
                          str(REPO / "generator" / "web" / "synth.js")],
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0 and run.stdout == "9", run.stderr
    assert not re.search(r"^\s*(import|export)\b", source, re.M)


def test_the_white_noise_hash_is_the_same_in_both():
    """waves.white's stream in numpy and in JavaScript, at keys and counters up to and across
    2^32 (where the counter wraps)."""
    points = [(0, 0), (1, 1), (0xFFFFFFFF, 7), (123456789, 0xFFFFFFFF), (42, 2 ** 31),
              (983819102, 0xFFFFFFF0)]
    run = subprocess.run([NODE, "-e", "const {white} = require(process.argv[1]);"
                          "const p = JSON.parse(process.argv[2]);"
                          "process.stdout.write(JSON.stringify(p.map(([key, k]) =>"
                          " [0, 1, 2, 3, 20].map((j) => white(key, (k + j) >>> 0)))))",
                          str(REPO / "generator" / "web" / "synth.js"), json.dumps(points)],
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0, run.stderr
    for (key, k), js in zip(points, json.loads(run.stdout)):
        py = white(key, k, 21)[[0, 1, 2, 3, 20]]
        assert list(py) == js
