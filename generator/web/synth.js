/*
 * PICO-8's sound for the page: the console's synthesiser (generator/console/synth.py with
 * channel.py, track.py, waves.py and soundmem.py) written again in JavaScript, operation for
 * operation, so that both hosts render the same samples (tests/web/test_synth_js.py holds it
 * to the console). The Python modules' docstrings explain the sound; the comments here say
 * which part of them each block is.
 *
 *     const synth = new PicoSynth.Synth(memory, seed);  // memory: 64 KiB, or 0x3100-0x42ff
 *     synth.sfx(3); synth.music(0, 500, 7);             // the API's calls (integers)
 *     const samples = synth.render(735);                // Int16Array, 22,050 Hz mono
 *     synth.stat(46);                                   // stat(46..57) and stat(16..26)
 *
 * A host renders each frame's samples before the frame's code runs (so the code's sfx() and
 * music() calls sound from the next frame's samples, and stat() sees the sound at the
 * frame's own time), as generator/console/console.py does.
 *
 * A plain script: in node `require("./synth.js")`, in a page or an AudioWorklet's module it
 * sets `globalThis.PicoSynth`.
 */
(function (root) {
  "use strict";

  // ---- constants (synth.py, channel.py, track.py, waves.py, soundmem.py) ------------------
  const RATE = 22050;
  const CHANNELS = 4;
  const TICK = 183;                 // samples a tick; a note lasts speed ticks
  const NOTES = 32;
  const C2 = 24;                    // custom instruments play relative to c2
  const MUSIC = 0x3100;             // 64 patterns of 4 bytes
  const SFX = 0x3200;               // 64 sfx of 68 bytes
  const SOUND_END = 0x4300;
  const SFX_BYTES = 68;
  const MASTER = 0.5;               // each channel's share of full scale
  const FADE = 170;                 // de-click crossfade, samples
  const FADE_STEP = 130 / RATE;
  const HIST = 732;                 // the longest echo (REVERB 2: 4 ticks)
  const ECHO = [0, 2 * TICK, 4 * TICK];
  const PHASE_WRAP = 218900.0;
  const VIBRATO_HZ = 7.5;
  const SEMITONE = 2 ** (1 / 12);
  const NOISE_TOP = 1760 * Math.SQRT2;      // pitch 63 (d#5, 440 * 2^2.5): white noise there
  const NOISE_CHUNK = 64;
  const BROWN_LEAK = 0.99;
  const BROWN_GAIN = 0.12;
  // pitch p's frequency, rounded to a multiple of 2^-32 Hz as the console rounds it, so that
  // the last bit of pow() (V8's and libm's differ) does not matter
  const FREQ = new Float64Array(64);
  for (let p = 0; p < 64; p++) FREQ[p] = Math.round(440 * 2 ** ((p - 33) / 12) * 2 ** 32) / 2 ** 32;

  const [TRIANGLE, TILTED, SAW, SQUARE, PULSE, ORGAN, NOISE, PHASER] = [0, 1, 2, 3, 4, 5, 6, 7];
  const DETUNE_RATIO = { [TRIANGLE]: [3 / 4, 3 / 2], [ORGAN]: [200 / 199, 800 / 199],
                         [PHASER]: [49 / 50, 400 / 199] };
  const DETUNE_OTHER = [200 / 199, 400 / 199];

  // ---- values that are a number or a Float64Array over a segment ---------------------------
  const isArr = (x) => x instanceof Float64Array;
  const first = (x) => (isArr(x) ? x[0] : x);
  const last = (x) => (isArr(x) ? x[x.length - 1] : x);

  // a * b elementwise over m samples (a number when both are numbers)
  function mul(a, b, m) {
    if (!isArr(a) && !isArr(b)) return a * b;
    const out = new Float64Array(m);
    for (let j = 0; j < m; j++) out[j] = (isArr(a) ? a[j] : a) * (isArr(b) ? b[j] : b);
    return out;
  }

  // ---- the sound memory, decoded (soundmem.py) ---------------------------------------------
  // An sfx: 32 little-endian 16-bit notes (pitch 0-5, waveform 6-8 plus bit 15, volume 9-11,
  // effect 12-14), then the editor byte (NOIZ bit 1, BUZZ bit 2, byte >> 3 in base 3:
  // detune, reverb, dampen), speed, loop start, loop end.
  function decodeSfx(b, at) {
    const s = { pitch: [], wave: [], vol: [], fx: [] };
    for (let i = 0; i < NOTES; i++) {
      const w = b[at + 2 * i] | (b[at + 2 * i + 1] << 8);
      s.pitch.push(w & 63);
      s.wave.push(((w >> 6) & 7) | ((w >> 12) & 8));
      s.vol.push((w >> 9) & 7);
      s.fx.push((w >> 12) & 7);
    }
    const mode = b[at + 64], switches = mode >> 3;
    s.noiz = (mode & 2) !== 0;
    s.buzz = (mode & 4) !== 0;
    s.detune = switches % 3;
    s.reverb = Math.floor(switches / 3) % 3;
    s.dampen = Math.floor(switches / 9) % 3;
    s.speed = Math.max(1, b[at + 65]);
    s.loopStart = b[at + 66];
    s.loopEnd = b[at + 67];
    // looping is off when start >= end; an end of 0 makes the start a length (LEN)
    s.loops = s.loopEnd > s.loopStart;
    s.length = s.loopEnd === 0 && s.loopStart > 0 ? Math.min(s.loopStart, NOTES) : NOTES;
    // one past the last note with a volume: where a non-looping sound effect stops
    s.audibleEnd = 0;
    for (let i = 0; i < NOTES; i++) if (s.vol[i]) s.audibleEnd = i + 1;
    return s;
  }

  // Reads sfx and patterns from the bytes as they are now (a cart may poke them), decoding an
  // sfx again only when its 68 bytes changed.
  class SoundMemory {
    constructor(bytes) { this.setBytes(bytes); }

    // bytes: the whole 64 KiB memory, or just 0x3100-0x42ff
    setBytes(bytes) {
      this.bytes = bytes;
      this.base = bytes.length >= SOUND_END ? 0 : -MUSIC;
      this.cache = new Map();
    }

    sfx(n) {
      const at = this.base + SFX + SFX_BYTES * n, b = this.bytes;
      const hit = this.cache.get(n);
      if (hit) {
        let same = true;
        for (let i = 0; i < SFX_BYTES && same; i++) same = hit.raw[i] === b[at + i];
        if (same) return hit.sfx;
      }
      const raw = b.slice(at, at + SFX_BYTES);
      const sfx = decodeSfx(b, at);
      this.cache.set(n, { raw, sfx });
      return sfx;
    }

    // four bytes: the sfx (0x40 a silent channel); bit 7 of bytes 0, 1, 2: start, end, stop
    pattern(p) {
      const at = this.base + MUSIC + 4 * p, b = this.bytes;
      const channels = [0, 1, 2, 3].map((i) => (b[at + i] & 0x40 ? null : b[at + i] & 0x3f));
      return { channels, start: (b[at] & 0x80) !== 0, end: (b[at + 1] & 0x80) !== 0,
               stop: (b[at + 2] & 0x80) !== 0 };
    }
  }

  // ---- the instruments (waves.py) ----------------------------------------------------------
  // 1 - |4t - 2|: -1 at t = 0 and 1, +1 at t = 0.5
  const tri = (t) => 1.0 - Math.abs(4.0 * t - 2.0);
  // -1 rising to +1 over `rise` of the cycle, then falling back to -1
  const tilted = (t, rise) => (t < rise ? 2.0 * t / rise - 1.0
                                        : 2.0 * (1.0 - t) / (1.0 - rise) - 1.0);

  // waveform w at phase p (cycles), plain
  function shape(w, p) {
    const t = p % 1.0;
    switch (w) {
      case TRIANGLE: return 0.5 * tri(t);
      case TILTED: return 0.5 * tilted(t, 0.875);
      case SAW: return 0.653 * (t < 0.5 ? t : t - 1.0);
      case SQUARE: return t < 0.5 ? 0.25 : -0.25;
      case PULSE: return t < 0.316 ? 0.25 : -0.25;
      case ORGAN:
        return (t < 0.5 ? 3.0 - Math.abs(24.0 * t - 6.0) : 1.0 - Math.abs(16.0 * t - 12.0)) / 9.0;
      case PHASER:
        return (2.0 - Math.abs(8.0 * t - 4.0) + tri((p * (109 / 110)) % 1.0)) / 6.0;
    }
    throw new Error(`no such waveform ${w}`);
  }

  // waveform w at phase p with the BUZZ filter's alterations
  function buzzed(w, p) {
    const t = p % 1.0;
    switch (w) {
      case TRIANGLE: return 0.5 * (0.75 * tri(t) + 0.25 * tilted(t, 0.875));
      case TILTED: return 0.5 * tilted(t, 0.975);
      case SAW: {
        const step = Math.abs(p % 2.0 - 1.0) < 0.5 ? 0.085 : 0.0;
        return 0.653 * (0.83 * (t < 0.5 ? t : t - 1.0) - step);
      }
      case SQUARE: return t < 0.4 ? 0.25 : -0.25;
      case PULSE: return t < 0.255 ? 0.25 : -0.25;
      case ORGAN: {
        let tall = (3.0 - Math.abs(24.0 * t - 6.0)) * 2.0 + 3.0;
        tall = tall > -1.875 ? tall * 0.2 - 1.0 : tall + 0.5;
        return (t < 0.5 ? tall : 1.5 - Math.abs(16.0 * t - 12.0)) / 9.0;
      }
      case PHASER: {
        const extra = 0.25 - Math.abs((2.0 * p + 0.5) % 1.0 - 0.5)
          + 0.125 - Math.abs(0.5 * ((4.0 * p) % 1.0) - 0.25);
        return (2.0 - Math.abs(8.0 * t - 4.0) + tri((p * (109 / 110)) % 1.0) + extra) / 6.0;
      }
    }
    throw new Error(`no such waveform ${w}`);
  }

  // waveforms 0-5 and 7 over an array of phases, with BUZZ and DETUNE's second voice
  function wave(w, ph, buzz, detune) {
    const f = buzz ? buzzed : shape, m = ph.length, out = new Float64Array(m);
    if (!detune) {
      for (let j = 0; j < m; j++) out[j] = f(w, ph[j]);
      return out;
    }
    const ratio = (DETUNE_RATIO[w] || DETUNE_OTHER)[detune - 1];
    const second = w === ORGAN && detune === 2 ? TRIANGLE : w;
    for (let j = 0; j < m; j++) out[j] = f(w, ph[j]) + 0.5 * f(second, ph[j] * ratio);
    return out;
  }

  // ---- the noise (waves.py's NoiseSource and white) ----------------------------------------
  // MurmurHash3's 32-bit finaliser, on unsigned 32-bit values
  function fmix32(h) {
    h = (h ^ (h >>> 16)) >>> 0;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  }

  // sample k of a white-noise stream: the top 24 bits of fmix32(k * golden + key), on [-1, 1)
  const GOLDEN = 0x9e3779b9;
  const white = (key, k) => (fmix32((Math.imul(k, GOLDEN) + key) >>> 0) >>> 8) * 2 ** -23 - 1.0;

  // Instrument 6: white noise through a one-pole low-pass whose corner follows the pitch;
  // NOIZ the white noise itself, BUZZ (without NOIZ) brown noise.
  class NoiseSource {
    constructor(seed) {
      this.key = fmix32(((seed ^ 0x5f8) >>> 0));
      this.count = 0;
      this.y = 0.0;
    }

    // n samples at freq (a number or an array); returns [samples, the filter's last output]
    render(freq, n, key, noiz, buzz, y) {
      const x = new Float64Array(n);
      for (let j = 0; j < n; j++) x[j] = white(this.key, (this.count + j) >>> 0);
      this.count = (this.count + n) >>> 0;
      if (noiz) {
        for (let j = 0; j < n; j++) x[j] = 0.5 * x[j];
        return [x, y];
      }
      const s = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        s[j] = buzz ? (1.0 - BROWN_LEAK) / BROWN_LEAK
                    : Math.min(100.0, Math.max(1e-6, (isArr(freq) ? freq[j] : freq) / NOISE_TOP));
      }
      // y[k] = (y[k-1] + s x[k]) / (1 + s), in the closed form the console uses, chunk by chunk:
      // y[k] = A[k] (y0 + sum_j<=k s[j] x[j] / A[j-1]), A the running product of 1 / (1 + s)
      const out = new Float64Array(n);
      for (let c = 0; c < n; c += NOISE_CHUNK) {
        const e = Math.min(n, c + NOISE_CHUNK);
        let prod = 1.0, sum = 0.0;
        for (let k = c; k < e; k++) {
          const prev = prod;
          prod = k === c ? 1.0 / (1.0 + s[k]) : prod * (1.0 / (1.0 + s[k]));
          sum += s[k] * x[k] / prev;
          out[k] = prod * (y + sum);
        }
        y = out[e - 1];
      }
      let gain;
      if (buzz) {
        gain = BROWN_GAIN / (1.0 - BROWN_LEAK) ** 0.5;
      } else {
        const factor = 1.0 - key / 63.0;
        gain = 1.5 * (1.0 + factor * factor);
      }
      for (let j = 0; j < n; j++) out[j] = out[j] * gain;
      return [out, y];
    }
  }

  // ---- DAMPEN's filters (channel.py's _highshelf) ------------------------------------------
  // The impulse response of the audio cookbook's high shelf (slope 1), truncated to `taps`.
  function highshelf(freq, gainDb, taps = 256) {
    const a = 10 ** (gainDb / 40);
    const w0 = 2 * Math.PI * freq / RATE;
    const cw = Math.cos(w0), alpha = Math.sin(w0) / 2 * Math.sqrt(2);
    const sq = 2 * Math.sqrt(a) * alpha;
    let b = [a * ((a + 1) + (a - 1) * cw + sq), -2 * a * ((a - 1) + (a + 1) * cw),
             a * ((a + 1) + (a - 1) * cw - sq)];
    let d = [(a + 1) - (a - 1) * cw + sq, 2 * ((a - 1) - (a + 1) * cw),
             (a + 1) - (a - 1) * cw - sq];
    b = b.map((x) => x / d[0]);
    d = d.map((x) => x / d[0]);
    const h = new Float64Array(taps);
    let x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0;
    for (let n = 0; n < taps; n++) {
      const x0 = n === 0 ? 1.0 : 0.0;
      const y0 = b[0] * x0 + b[1] * x1 + b[2] * x2 - d[1] * y1 - d[2] * y2;
      h[n] = y0;
      [x2, x1, y2, y1] = [x1, x0, y1, y0];
    }
    return h;
  }
  const DAMP = [null, highshelf(2400, -6), highshelf(1000, -12)];

  // ---- a voice: what a channel sounds for one segment (track.py's Voice) -------------------
  // w: waveform (-1 silent); f, v: frequency and volume, numbers or arrays over the segment
  function voice(w, f = 0.0, v = 0.0, key = 0, noiz = false, buzz = false, detune = 0, reverb = 0,
                 dampen = 0) {
    return { w, f, v, key, noiz, buzz, detune, reverb, dampen };
  }
  const SILENT = voice(-1);

  // ---- where an sfx is (track.py's Track) --------------------------------------------------
  // Samples an arpeggio step lasts: 4 ticks (fast) or 8 (slow), halved at speed <= 8.
  function arpStep(s, fx) {
    const ticks = fx === 6 ? 4 : 8;
    return TICK * (s.speed <= 8 ? Math.floor(ticks / 2) : ticks);
  }

  class Track {
    constructor(n, s, offset = 0, length = 0, music = false, sub = 0) {
      this.n = n;
      this.music = music;
      this.canLoop = true;
      this.note = offset;
      this.sub = sub;
      this.left = length > 0 ? length : null;
      this.prevKey = C2;                  // a slide from nothing starts at c2
      this.prevVol = 0.0;
      this.entries = 0;                   // notes entered (launch included)
      if (s.loops && this.note >= s.loopEnd) {
        this.note = (this.note - s.loopStart) % (s.loopEnd - s.loopStart) + s.loopStart;
      }
      this.ended = this.note >= this.end(s);
    }

    end(s) {
      if (s.loops && this.canLoop) return NOTES;
      return this.music ? s.length : Math.min(s.length, s.audibleEnd);
    }

    // samples until the next change: the note's end, or an arpeggio's next step
    span(s) {
      const length = TICK * s.speed;
      let span = Math.max(1, length - this.sub);
      const fx = s.fx[this.note];
      if (fx >= 6 && s.vol[this.note]) {
        const step = arpStep(s, fx);
        const pos = this.note * length + this.sub;
        span = Math.min(span, step - (pos % step));
      }
      return span;
    }

    advance(k, s) {
      this.sub += k;
      const length = TICK * s.speed;
      if (this.sub < length) return;
      this.sub = 0;
      this.prevKey = s.pitch[this.note];
      this.prevVol = s.vol[this.note] / 7;
      this.note += 1;
      this.entries += 1;
      if (this.left !== null) {
        this.left -= 1;
        if (this.left <= 0) this.ended = true;
      }
      if (s.loops && this.canLoop && this.note >= s.loopEnd) this.note = s.loopStart;
      if (this.note >= Math.min(this.end(s), NOTES)) this.ended = true;
    }

    // The current note over the next m samples, its effect applied: slide (1), vibrato (2),
    // drop (3, unless `drop` is false: a custom instrument's note), fades (4, 5), arpeggios.
    voice(s, m, drop = true) {
      const i = this.note;
      const key = s.pitch[i], v0 = s.vol[i] / 7, fx = s.fx[i];
      if (!v0) return voice(-1, 0.0, 0.0, key, s.noiz, s.buzz, s.detune, s.reverb, s.dampen);
      let f = FREQ[key], v = v0;
      const length = TICK * s.speed;
      if (fx === 1 || fx === 3 || fx === 4 || fx === 5) {
        const t = new Float64Array(m);
        for (let j = 0; j < m; j++) t[j] = (this.sub + j) / length;
        if (fx === 1) {                   // from the previous note's pitch and volume
          const from = FREQ[this.prevKey], df = f - from;
          f = t.map((x) => from + df * x);
          if (this.prevVol) {
            const pv = this.prevVol, dv = v0 - pv;
            v = t.map((x) => pv + dv * x);
          }
        } else if (fx === 3 && drop) {
          const f0 = f;
          f = t.map((x) => f0 * (1.0 - x));
        } else if (fx === 4) {
          v = t.map((x) => v0 * x);
        } else if (fx === 5) {
          v = t.map((x) => v0 * (1.0 - x));
        }
      } else if (fx === 2) {              // a triangle of +-a quarter semitone at 7.5 Hz
        const f0 = f, start = i * length + this.sub;
        f = new Float64Array(m);
        for (let j = 0; j < m; j++) {
          const lfo = Math.abs((VIBRATO_HZ * (start + j) / RATE) % 1.0 - 0.5) - 0.25;
          f[j] = f0 * (1.0 + lfo * (SEMITONE - 1.0));
        }
      } else if (fx >= 6) {               // the note's group of 4, a step at a time
        const n = Math.floor((i * length + this.sub) / arpStep(s, fx));
        f = FREQ[s.pitch[(i & ~3) | (n & 3)]];
      }
      return voice(s.wave[i], f, v, key, s.noiz, s.buzz, s.detune, s.reverb, s.dampen);
    }
  }

  // ---- one channel (channel.py's Channel) --------------------------------------------------
  class Channel {
    constructor(mem, noise) {
      this.mem = mem;
      this.noise = noise;
      this.track = null;
      this.inst = null;                   // the custom instrument playing under a note
      this.stash = null;                  // music's sfx, waiting for an sfx to finish
      this.seen = -1;                     // the track's last note handled (entries)
      this.mainLast = null;               // [wave, pitch, volume] of the previous note
      this.phase = 0.0;
      this.last = SILENT;                 // the voice at the last sample (its end values)
      this.fadeVoice = SILENT;
      this.fadeLeft = 0;
      this.fadePhase = 0.0;
      this.fadeNoise = 0.0;
      this.hist = new Float64Array(HIST); // post-echo output, for REVERB and DAMPEN
    }

    get music() { return this.track !== null && this.track.music; }

    launch(n, offset = 0, length = 0, music = false, sub = 0) {
      this.track = new Track(n, this.mem.sfx(n), offset, length, music, sub);
      this.inst = null;
      this.seen = -1;
      this.mainLast = null;
      if (this.track.ended) this.stop();
    }

    stop() { this.track = null; this.inst = null; }

    // The next mTotal samples (+-1 full scale, before clipping), in segments within which
    // nothing changes but what an effect sweeps. fade: the music's volume over them;
    // musicPos: the music's position at the first sample (null: no music).
    render(mTotal, fade, musicPos) {
      const out = new Float64Array(mTotal);
      let done = 0;
      while (done < mTotal) {
        const rem = mTotal - done;
        if (this.track === null && this.stash !== null && musicPos !== null) {
          this.resume(musicPos + done);
        }
        let v, m, s = null, sounding = false;
        if (this.track === null) {
          if (this.last.w === -1 && !this.fadeLeft) {       // idle and quiet
            this.keep(out.subarray(done));
            break;
          }
          v = SILENT;
          m = rem;
        } else {
          s = this.mem.sfx(this.track.n);
          if (this.track.entries !== this.seen) this.enterNote(s);
          m = Math.min(rem, this.track.span(s));
          sounding = this.inst !== null && this.instSounding(s);
          if (sounding) m = Math.min(m, this.inst.span(this.mem.sfx(this.inst.n)));
          v = this.voiceOf(s, m, fade, done);
        }
        out.set(this.filters(this.sound(v, m), v.reverb, v.dampen), done);
        if (s !== null) {
          if (sounding) {
            this.inst.advance(m, this.mem.sfx(this.inst.n));
            if (this.inst.ended) this.inst = null;
          }
          this.track.advance(m, s);
          if (this.track.ended) this.stop();
        }
        done += m;
      }
      return out;
    }

    // a music sfx that an sfx() interrupted comes back at the music's position
    resume(pos) {
      const n = this.stash;
      this.stash = null;
      const s = this.mem.sfx(n);
      const length = TICK * s.speed;
      const note = Math.floor(pos / length), sub = pos % length;
      if (s.loops || note < NOTES) this.launch(n, note, 0, true, sub);
    }

    // A new note: a custom instrument (re)starts when the pitch or instrument changes, the
    // previous note was silent, the sfx just started, or the note has effect 3.
    enterNote(s) {
      const i = this.track.note;
      const w = s.wave[i], key = s.pitch[i], vol = s.vol[i];
      if (w >= 8 && vol) {
        const l = this.mainLast;
        if (l === null || l[0] !== w || l[1] !== key || !l[2] || s.fx[i] === 3) {
          this.inst = new Track(w - 8, this.mem.sfx(w - 8));
          if (this.inst.ended) this.inst = null;
        }
      }
      this.mainLast = [w, key, vol];
      this.seen = this.track.entries;
    }

    instSounding(s) {
      const i = this.track.note;
      return s.wave[i] >= 8 && s.vol[i] > 0;
    }

    // the note's voice, through its custom instrument, at the music's volume
    voiceOf(s, m, fade, at) {
      const custom = s.wave[this.track.note] >= 8;
      let main = this.track.voice(s, m, !custom);
      if (custom && main.w !== -1) main = this.instrument(main, s, m);
      if (fade !== null && this.track.music && main.w !== -1) {
        main = { ...main, v: mul(main.v, fade.subarray(at, at + m), m) };
      }
      return main;
    }

    // A note played by sfx 0-7: the instrument's own notes, effects and filters, its pitch
    // moved by the note's distance from c2, its volume times the note's.
    instrument(main, s, m) {
      if (this.inst === null) return { ...main, w: -1 };
      const si = this.mem.sfx(this.inst.n);
      const iv = this.inst.voice(si, m);
      if (iv.w === -1) return { ...main, w: -1 };
      const ratio = isArr(main.f) ? main.f.map((x) => x / FREQ[C2]) : main.f / FREQ[C2];
      return voice(iv.w & 7, mul(iv.f, ratio, m), mul(iv.v, main.v, m),
                   Math.trunc(Math.min(63, Math.max(0, iv.key + main.key - C2))),
                   s.noiz || si.noiz, s.buzz || si.buzz, si.detune || s.detune,
                   si.reverb || s.reverb, si.dampen || s.dampen);
    }

    // m samples of voice v, crossfaded from the previous voice after a harsh change
    sound(v, m) {
      let f0 = first(v.f), v0 = first(v.v);
      const f1 = last(v.f), v1 = last(v.v);
      const silent = v.w === -1 || (v0 === 0 && v1 === 0 && !isArr(v.v));
      let w = v.w;
      if (silent) { w = -1; f0 = 0.0; v0 = 0.0; }
      const prev = this.last, lf1 = last(prev.f), lv1 = last(prev.v);
      const harsh = w !== prev.w || Math.abs(v0 - lv1) > 0.1
        || Math.abs(f0 - lf1) > Math.min(f0, lf1) * 0.01;
      if (harsh) {        // from silence too: the new voice then ramps in from nothing
        this.fadeVoice = prev.w !== -1 && lv1 > 0 ? prev : SILENT;
        this.fadeLeft = FADE;
        this.fadePhase = this.phase;
        this.fadeNoise = this.noise.y;
      }
      let y;
      if (silent) {
        y = new Float64Array(m);
        this.last = SILENT;
      } else {
        [y, this.phase, this.noise.y] = this.oscillate(v, m, this.phase, this.noise.y);
        this.last = { ...v, f: f1, v: v1 };
      }
      if (this.fadeLeft) {
        const k = Math.min(m, this.fadeLeft);
        let old = null;
        if (this.fadeVoice.w !== -1) {
          [old, this.fadePhase, this.fadeNoise] = this.oscillate(
            this.fadeVoice, k, this.fadePhase, this.fadeNoise);
        }
        for (let j = 0; j < k; j++) {
          let weight = 1.0 - (FADE - this.fadeLeft + j) * FADE_STEP;
          weight = Math.min(1.0, Math.max(0.0, weight));
          y[j] = y[j] * (1.0 - weight) + (old === null ? 0.0 : old[j]) * weight;
        }
        this.fadeLeft -= k;
      }
      return y;
    }

    // m samples of a voice from `phase`: [samples at its volume, phase after, noise state after]
    oscillate(v, m, phase, noiseY) {
      const ph = new Float64Array(m), f = v.f;
      if (isArr(f)) {
        let sum = 0.0;
        for (let j = 0; j < m; j++) { sum += f[j]; ph[j] = phase + sum / RATE; }
      } else {
        const step = f / RATE;
        for (let j = 0; j < m; j++) ph[j] = phase + step * (j + 1);
      }
      let raw;
      if (v.w === NOISE) {
        [raw, noiseY] = this.noise.render(f, m, v.key, v.noiz, v.buzz, noiseY);
      } else {
        raw = wave(v.w, ph, v.buzz, v.detune);
      }
      const y = new Float64Array(m);
      for (let j = 0; j < m; j++) {
        const g = raw[j] * ((isArr(v.v) ? v.v[j] : v.v) * MASTER);
        y[j] = Math.min(1.0, Math.max(-1.0, g));
      }
      return [y, ph[m - 1] % PHASE_WRAP, noiseY];
    }

    // REVERB: y[n] += y[n - 2 or 4 ticks] / 2 (an echo that feeds back); DAMPEN: a high shelf
    // (a gentle low-pass). The history keeps the last 4 ticks after the echo.
    filters(y, reverb, dampen) {
      if (!(reverb || dampen)) {
        this.keep(y);
        return y;
      }
      const n = y.length, z = new Float64Array(HIST + n);
      z.set(this.hist);
      z.set(y, HIST);
      if (reverb) {
        const d = ECHO[reverb];
        for (let i = HIST; i < HIST + n; i++) z[i] += 0.5 * z[i - d];
      }
      this.hist = z.slice(n);
      if (!dampen) return z.subarray(HIST);
      const taps = DAMP[dampen], out = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        let acc = 0.0;
        for (let k = 0; k < taps.length; k++) acc += taps[k] * z[HIST + j - k];
        out[j] = acc;
      }
      return out;
    }

    // remember the last HIST samples of output (for an echo that starts later)
    keep(y) {
      if (y.length >= HIST) {
        this.hist = y.slice(y.length - HIST);
      } else {
        const h = new Float64Array(HIST);
        h.set(this.hist.subarray(y.length));
        h.set(y, HIST - y.length);
        this.hist = h;
      }
    }
  }

  // ---- the API, the music player and the mix (synth.py's Synth) ----------------------------
  class Synth {
    // memory: a Uint8Array of the whole 64 KiB, or of 0x3100-0x42ff (read as it plays)
    constructor(memory, seed = 0) {
      this.mem = new SoundMemory(memory);
      this.channels = [];
      for (let i = 0; i < CHANNELS; i++) {
        this.channels.push(new Channel(this.mem, new NoiseSource(seed * CHANNELS + i)));
      }
      this.pattern = -1; this.count = -1; this.pos = -1; this.length = 0; this.mask = 0;
      this.fadeVol = 1.0;                 // music volume 0-1
      this.fadeStep = 0.0;                // its change a sample
    }

    // the host's memory moved (e.g. a WebAssembly memory grew): read from these bytes now
    setMemory(memory) { this.mem.setBytes(memory); }

    // sfx(n, [channel], [offset], [length]); values out of range are ignored
    sfx(n, channel = -1, offset = 0, length = 0) {
      if (!(n >= -2 && n <= 63 && channel >= -2 && channel <= 3 && offset <= 31)) return;
      const chans = this.channels;
      if (channel === -2) {               // stop sfx n on any channel
        for (const ch of chans) if (ch.track !== null && ch.track.n === n) ch.stop();
        return;
      }
      if (n < 0) {                        // -1 stop, -2 release the loop; music is left be
        for (const ch of channel === -1 ? chans : [chans[channel]]) {
          if (ch.track !== null && !ch.music) {
            if (n === -1) ch.stop(); else ch.track.canLoop = false;
          }
        }
        return;
      }
      if (channel === -1) {
        channel = this.freeChannel(n);
        if (channel === null) return;
      }
      for (const ch of chans) if (ch.track !== null && ch.track.n === n) ch.stop();
      const ch = chans[channel];
      if (ch.music) ch.stash = ch.track.n;
      ch.launch(n, Math.max(0, offset), Math.max(0, length));
    }

    // sfx(n)'s channel: the first not reserved by music's mask that is idle or already plays
    // n; else the first playing music; else the one playing the fastest sfx (the last of
    // equals); else none
    freeChannel(n) {
      const free = [0, 1, 2, 3].filter((i) => !((this.mask >> i) & 1));
      for (const i of free) {
        const t = this.channels[i].track;
        if (t === null || t.n === n) return i;
      }
      for (const i of free) if (this.channels[i].music) return i;
      let best = null, bestSpeed = Infinity;
      for (const i of free) {
        const t = this.channels[i].track;
        if (t === null) continue;
        const speed = this.mem.sfx(t.n).speed;
        if (speed <= bestSpeed) { best = i; bestSpeed = speed; }
      }
      return best;
    }

    // music(n, [fade_ms], [channel_mask]); music(-1, [fade_ms]) fades out, then stops
    music(n, fadeMs = 0, mask = 0) {
      if (!(n >= -1 && n <= 63)) return;
      if (n === -1) {
        if (this.pattern === -1) return;
        if (fadeMs > 0 && this.fadeVol > 0) {
          this.fadeStep = -this.fadeVol * 1000 / (fadeMs * RATE);
        } else {
          this.setPattern(-1);
        }
        return;
      }
      this.count = 0;
      this.mask = mask & 15;
      this.fadeVol = 1.0;
      this.fadeStep = 0.0;
      if (fadeMs > 0) { this.fadeVol = 0.0; this.fadeStep = 1000 / (fadeMs * RATE); }
      this.setPattern(n);
    }

    setPattern(p) {
      for (const ch of this.channels) {
        ch.stash = null;
        if (ch.music) ch.stop();
      }
      const pat = p >= 0 && p <= 63 ? this.mem.pattern(p) : null;
      const ticks = pat ? this.duration(pat) : 0;
      if (!ticks) {                       // stopped, or no data left to play
        this.pattern = -1; this.count = -1; this.pos = -1; this.length = 0; this.mask = 0;
        return;
      }
      this.pattern = p; this.pos = 0; this.length = ticks * TICK;
      pat.channels.forEach((n, i) => {
        if (n === null) return;
        const ch = this.channels[i];
        if (ch.track === null) ch.launch(n, 0, 0, true); else ch.stash = n;
      });
    }

    // a pattern's ticks: the left-most non-looping channel's length; when all loop, the
    // longest of them (32 notes each); 0 when every channel is silent
    duration(pat) {
      let looping = 0;
      for (const n of pat.channels) {
        if (n === null) continue;
        const s = this.mem.sfx(n);
        if (!s.loops) return s.length * s.speed;
        looping = Math.max(looping, NOTES * s.speed);
      }
      return looping;
    }

    nextPattern() {
      const pat = this.mem.pattern(this.pattern);
      const count = this.count + 1;
      if (pat.stop) { this.setPattern(-1); return; }
      let next = this.pattern + 1;
      if (pat.end) {                      // back to the loop's start, or pattern 0
        next = this.pattern;
        while (next > 0 && !this.mem.pattern(next).start) next -= 1;
      }
      this.setPattern(next);
      if (this.pattern !== -1) this.count = count;
    }

    // The next n samples, mixed: each channel clipped to +-0.99 and truncated to 16-bit units,
    // the four summed and clipped to +-32767 (never wrapped). Rendered in stretches that end
    // where the music's pattern ends (or its fade-out does).
    render(n) {
      const per = [0, 1, 2, 3].map(() => new Float64Array(n));
      let done = 0;
      while (done < n) {
        let m = n - done, fade = null;
        const playing = this.pattern !== -1;
        if (playing) {
          m = Math.min(m, this.length - this.pos);
          if (this.fadeStep < 0) {
            m = Math.min(m, Math.max(1, Math.ceil(this.fadeVol / -this.fadeStep)));
          }
          if (this.fadeStep) {
            fade = new Float64Array(m);
            for (let j = 0; j < m; j++) {
              fade[j] = Math.min(1.0, Math.max(0.0, this.fadeVol + this.fadeStep * (j + 1)));
            }
          }
        }
        this.channels.forEach((ch, i) => {
          per[i].set(ch.render(m, fade, playing ? this.pos : null), done);
        });
        done += m;
        if (playing) {
          this.pos += m;
          if (fade !== null) {
            this.fadeVol = fade[m - 1];
            if (this.fadeStep > 0 && this.fadeVol >= 1.0) this.fadeStep = 0.0;
          }
          if (this.fadeStep < 0 && this.fadeVol <= 0.0) this.setPattern(-1);
          else if (this.pos >= this.length) this.nextPattern();
        }
      }
      const mix = new Int16Array(n);
      for (let j = 0; j < n; j++) {
        let sum = 0.0;
        for (let i = 0; i < CHANNELS; i++) {
          sum += Math.trunc(Math.min(0.99, Math.max(-0.99, per[i][j])) * 32767.99);
        }
        mix[j] = Math.trunc(Math.min(32767.9, Math.max(-32767.9, sum)));
      }
      return mix;
    }

    // stat(46..57) (and 16..26, the same without 57): the sfx on each channel (-1 none), its
    // note (-1), the pattern (-1), patterns played, ticks into the pattern, music playing
    stat(k) {
      if (k >= 16 && k <= 26) k += 30;
      if (k >= 46 && k <= 49) {
        const t = this.channels[k - 46].track;
        return t === null ? -1 : t.n;
      }
      if (k >= 50 && k <= 53) {
        const t = this.channels[k - 50].track;
        return t === null ? -1 : t.note;
      }
      if (k === 54) return this.pattern;
      if (k === 55) return this.count;
      if (k === 56) return this.pattern !== -1 ? Math.floor(this.pos / TICK) : -1;
      if (k === 57) return this.pattern !== -1;
      throw new Error(`stat(${k}) is not a sound stat`);
    }
  }

  // ---- the page's sound: the synthesiser driven frame by frame, played through Web Audio ----
  // What a page's host calls (the console's order, generator/console/console.py): at the start
  // of frame k, before its code runs, frame(k) copies the sound memory (0x3100-0x42ff) from the
  // host's memory, renders the samples from frame k-1's time() to frame k's (k * 22050 // fps
  // in all) and queues them; the frame's sfx()/music()/stat() then go to the synthesiser.
  // start(context) plays the queue through an AudioContext (resampled linearly to its rate);
  // a host that runs frames faster than real time (a test stepping 600 frames at once) keeps
  // the state exact while the speaker drops what it could only play late.
  const LAG = 0.1;                    // seconds of sound queued ahead, aimed at
  const MAX_LAG = 0.25;               // beyond this the oldest queued samples are dropped

  class PageSound {
    constructor(seed = 0, fps = 30) {
      this.source = null;             // the host's memory: a Uint8Array or a function giving one
      this.fps = fps;
      this.keep = false;              // keepAudio(true): remember every sample (tests)
      this.muted = false;
      this.node = null;
      this.reset(seed);
    }

    // The host's 64 KiB memory (or a function returning its current view, for a wasm memory
    // that may grow); read once a frame.
    memory(source) { this.source = source; }

    // A fresh synthesiser (the cart booted again) with this seed; fps: the cart's frame rate.
    reset(seed = 0, fps = this.fps) {
      this.fps = fps;
      this.sound = new Uint8Array(SOUND_END - MUSIC);
      this.synth = new Synth(this.sound, seed);
      this.kept = [];
      this.queue = new Float32Array(Math.ceil(RATE * MAX_LAG) + 1);
      this.queued = 0;                // samples in `queue` (22,050 Hz), the first played or not
      this.readPos = 0.0;             // the speaker's position in them (fractional)
      this.primed = false;            // enough queued to play on
    }

    keepAudio(on) { this.keep = on; this.kept = []; }

    // every sample rendered since keepAudio(true) (Int16Array, 22,050 Hz mono)
    audio() {
      const out = new Int16Array(this.kept.reduce((a, c) => a + c.length, 0));
      let at = 0;
      for (const c of this.kept) { out.set(c, at); at += c.length; }
      return out;
    }

    frame(k, fps = this.fps) {
      this.fps = fps;
      const mem = typeof this.source === "function" ? this.source() : this.source;
      if (mem) this.sound.set(mem.subarray(MUSIC, SOUND_END));
      const n = Math.floor(k * RATE / fps) - Math.floor((k - 1) * RATE / fps);
      const samples = this.synth.render(Math.max(0, n));
      if (this.keep) this.kept.push(samples);
      if (this.node) this.push(samples);
      return samples;
    }

    sfx(n, channel = -1, offset = 0, length = 0) { this.synth.sfx(n, channel, offset, length); }
    music(n, fade = 0, mask = 0) { this.synth.music(n, fade, mask); }
    stat(k) { return this.synth.stat(k); }
    mute(on) { this.muted = !!on; }

    // seconds of sound queued for the speaker (a host may pace its frames by it)
    lag() { return Math.max(0, this.queued - this.readPos) / RATE; }

    // Queue a frame's samples for the speaker: what it has played is forgotten, and past
    // MAX_LAG the oldest are dropped so that LAG remains (frames ran ahead of real time).
    push(samples) {
      const q = this.queue, played = Math.floor(this.readPos), aim = Math.floor(RATE * LAG);
      q.copyWithin(0, played, this.queued);
      this.queued -= played;
      this.readPos -= played;
      if (samples.length > aim) samples = samples.subarray(samples.length - aim);
      if (this.queued + samples.length > RATE * MAX_LAG) {
        const drop = this.queued + samples.length - aim;
        q.copyWithin(0, drop, this.queued);
        this.queued -= drop;
        this.readPos = 0.0;
      }
      for (let j = 0; j < samples.length; j++) q[this.queued + j] = samples[j] / 32768;
      this.queued += samples.length;
    }

    // Fill `out` (at the context's rate) from the queue, interpolating linearly. Silence when
    // muted; silence too when the queue ran dry, until half of LAG has built up again (so
    // that a late frame costs one gap, not a crackle).
    pull(out, rate) {
      const step = RATE / rate, q = this.queue;
      if (!this.primed && this.lag() < LAG / 2) { out.fill(0); return; }
      this.primed = true;
      for (let j = 0; j < out.length; j++) {
        const i = Math.floor(this.readPos);
        if (i + 1 >= this.queued) { out.fill(0, j); this.primed = false; return; }
        out[j] = this.muted ? 0 : q[i] + (q[i + 1] - q[i]) * (this.readPos - i);
        this.readPos += step;
      }
    }

    // Play through `context` (an AudioContext the host made on the player's first key or tap).
    start(context) {
      if (this.node) return;
      const node = context.createScriptProcessor(1024, 0, 1);
      node.onaudioprocess = (e) => this.pull(e.outputBuffer.getChannelData(0), context.sampleRate);
      node.connect(context.destination);
      this.node = node;
      if (context.resume) context.resume();
    }
  }

  const api = { Synth, PageSound, RATE, TICK, FREQ, SEMITONE, NOISE_TOP, DAMP, white };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  root.PicoSynth = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
