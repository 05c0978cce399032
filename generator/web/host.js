// The page's host: boots the shared PICO-8 runtime (generator/runtime, PICO-8 Lua) and the cart
// in z8lua (wasm, z8.js), runs the frames at the cart's rate, blits the screen at 0x6000
// through the display palette at 0x5f10 to the canvas, and feeds buttons (keyboard, touch,
// gamepad), the devkit mouse, the clipboard and cartdata (localStorage). Nothing is drawn here:
// every pixel comes from the runtime's Lua. Sound is the console's synthesiser in JavaScript
// (synth.js, PicoSynth.PageSound), rendered frame by frame from the sound memory and played from
// the player's first key or tap. window.pico8 is the test interface (docs/elsewhere.md).
(function () {
  "use strict";
  const DATA = window.PICO8_DATA;
  const KEYS = { ArrowLeft: 0, ArrowRight: 1, ArrowUp: 2, ArrowDown: 3,
    KeyZ: 4, KeyC: 4, KeyN: 4, KeyX: 5, KeyV: 5, KeyM: 5 };
  // a letter key that is none of KEYS' places (on AZERTY the key marked Z is KeyW): its button
  // by the letter it types
  const LETTERS = { z: 4, c: 4, n: 4, x: 5, v: 5, m: 5 };
  const PAUSE_KEYS = new Set(["Enter", "NumpadEnter", "KeyP"]);
  const CARTDATA_KEY = "pico8-cartdata:";
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const latin1 = (b64) => atob(b64);

  // PICO-8's 32 colours as canvas pixels (RGBA in a little-endian Uint32)
  const RGBA = new Uint32Array(256);
  DATA.palette.forEach(([c, r, g, b]) => { RGBA[c] = (255 << 24 | b << 16 | g << 8 | r) >>> 0; });

  const fix = (v) => (Math.floor(v * 65536) | 0) / 65536;
  const bits = (v) => Math.floor(v * 65536) | 0;

  // PICO-8's random generator (the console's api.Rng): two 32-bit words
  class Rng {
    srand(x) {
      this.a = (bits(x) & 0x7fffffff) || 0xdeadbeef;
      this.b = (this.a ^ 0xbead29ba) >>> 0;
      for (let i = 0; i < 32; i++) this.step();
    }
    step() {
      this.b = (this.a + ((this.b >>> 16) | (this.b << 16))) >>> 0;
      this.a = (this.a + this.b) >>> 0;
      return this.b;
    }
    rnd(x) {
      const limit = bits(x) >>> 0, b = this.step();
      return limit ? ((b % limit) | 0) / 65536 : 0;
    }
    index(n) { return Math.floor((this.step() % ((n << 16) >>> 0)) / 65536) + 1; }
  }

  const S = {
    lua: null, rom: null, rng: new Rng(), fps: 30, frame: 0, error: null, manual: false,
    keys: 0, latched: 0, touch: 0, pad: 0, mouse: [0, 0, 0], mouseLatch: 0,
    clip: "", pasted: false, cartId: null, saved: null, muted: false, audio: null,
    paused: false, lastPauseKey: false, printh: [],
  };
  const SOUND = window.PicoSynth ? new window.PicoSynth.PageSound(0, 30) : null;
  if (SOUND) SOUND.memory(() => S.lua.ram);

  // ------------------------------------------------------------------ host functions for Lua
  const host = {
    rnd: (x) => S.rng.rnd(x),
    rnd_index: (n) => S.rng.index(n),
    srand: (x) => { S.rng.srand(x); },
    sin: (x) => fix(-Math.sin(x * 2 * Math.PI) + 0.5 / 65536),
    cos: (x) => fix(Math.cos(x * 2 * Math.PI) + 0.5 / 65536),
    time: (frame, fps) => fix(frame / fps),
    cpu: () => 0,
    paste: () => (S.pasted ? S.clip : ""),
    cartdata: (id) => openCartdata(id),
    reload: (dest, src, n) => {
      const ram = S.lua.ram;
      for (let i = 0; i < n; i++) ram[(dest + i) & 0xffff] = src + i < S.rom.length ? S.rom[src + i] : 0;
    },
    cstore: (dest, src, n) => {
      const end = Math.min(dest + n, S.rom.length), ram = S.lua.ram;
      for (let i = 0; dest >= 0 && dest + i < end; i++) S.rom[dest + i] = ram[(src + i) & 0xffff];
    },
    printh: (s, file) => {
      if (file === "@clip") {
        S.clip = s;
        if (navigator.clipboard && navigator.clipboard.writeText)
          navigator.clipboard.writeText(s).catch(() => {});
      } else { S.printh.push(s); console.log(s); }
    },
    extcmd: () => {},
    sfx: (frame, n, ch, off, len) => { if (SOUND) { snapshotSound(); SOUND.sfx(n, ch, off, len); } },
    music: (frame, n, fade, mask) => { if (SOUND) { snapshotSound(); SOUND.music(n, fade, mask); } },
    sound_stat: (n) => (SOUND ? SOUND.stat(n) : (n >= 46 && n <= 56 || n >= 16 && n <= 26 ? -1 : 0)),
    // the frame's share of sound, rendered before its code runs (as the console does)
    sound_frame: (frame) => { if (SOUND) SOUND.frame(frame, S.fps); },
    mute: (on) => { S.muted = on; if (SOUND) SOUND.mute(on); },
    // the pause menu's black, white and grey: the display palette's darkest and brightest slots,
    // and the slot nearest halfway between them in luminance
    menu_colours: () => {
      const ram = S.lua.ram, lum = [];
      for (let i = 0; i < 16; i++) {
        const c = RGBA[ram[0x5f10 + i] & 0x8f];
        lum.push([0.2126 * (c & 255) + 0.7152 * (c >> 8 & 255) + 0.0722 * (c >> 16 & 255), i]);
      }
      lum.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const lo = lum[0], hi = lum[15], mid = (lo[0] + hi[0]) / 2;
      const grey = lum.reduce((best, l) => (Math.abs(l[0] - mid) < Math.abs(best[0] - mid) ? l : best));
      return [lo[1], hi[1], grey[1]];
    },
    reset_cart: () => { setTimeout(() => boot({ seed: 0 }), 0); },
  };

  // the sound memory (0x3100-0x42ff) as the cart has it now, for an sfx or music call (the
  // console's snapshot_sound; PageSound copies it itself at each frame's start)
  function snapshotSound() { SOUND.sound.set(S.lua.ram.subarray(0x3100, 0x4300)); }

  // ------------------------------------------------------------------ cartdata
  function storeGet(id) {
    try { const v = JSON.parse(localStorage.getItem(CARTDATA_KEY + id)); return Array.isArray(v) ? v : null; }
    catch (e) { return null; }
  }
  function storeSet(id, words) {
    try { localStorage.setItem(CARTDATA_KEY + id, JSON.stringify(words)); } catch (e) {}
  }
  function openCartdata(id) {
    S.cartId = id;
    const words = storeGet(id);
    if (!words) { S.saved = null; return false; }
    const ram = S.lua.ram;
    words.forEach((w, i) => { for (let k = 0; k < 4; k++) ram[0x5e00 + 4 * i + k] = (w >>> (8 * k)) & 255; });
    S.saved = JSON.stringify(cartdataWords());
    return true;
  }
  function cartdataWords() {
    const ram = S.lua.ram, out = [];
    for (let i = 0; i < 64; i++) {
      const a = 0x5e00 + 4 * i;
      out.push((ram[a] | ram[a + 1] << 8 | ram[a + 2] << 16 | ram[a + 3] << 24) >>> 0);
    }
    return out;
  }
  function saveCartdata() {
    if (S.cartId === null) return;
    const words = cartdataWords(), text = JSON.stringify(words);
    if (text !== S.saved) { storeSet(S.cartId, words); S.saved = text; }
  }

  // ------------------------------------------------------------------ boot and frames
  async function boot(opts) {
    const { seed = 0 } = opts || {};
    if (!S.lua) {
      // no WebAssembly (an old browser, or one that turns it off, as iOS's Lockdown Mode
      // does): say so on the page rather than leave it black
      try { S.lua = await Z8.create(window.createZ8, host); }
      catch (e) { fail("This browser could not start the game (it needs WebAssembly): " + (e && e.message || e)); return; }
    } else S.lua.reset();
    const lua = S.lua;
    S.error = null; S.frame = 0; S.cartId = null; S.saved = null; S.paused = false;
    S.rom = bytes(DATA.cart.rom);
    if (SOUND) { const keep = SOUND.keep; SOUND.reset(seed, 30); SOUND.keepAudio(keep); SOUND.mute(S.muted); }
    lua.ram.fill(0);
    lua.ram.set(S.rom.subarray(0, 0x4300), 0);
    try {
      lua.load(latin1(DATA.hostLua), "=web/host.lua");
      lua.call("web/host.lua");
      for (const [key, value] of Object.entries(DATA.rtData)) lua.call("__web_rtdata", key, latin1(value));
      for (const f of DATA.runtime) {
        lua.load(latin1(f.code), "=runtime/" + f.name);
        lua.call("__web_runtime", "runtime/" + f.name);
      }
      lua.load(latin1(DATA.cart.lua), "@" + DATA.cart.name);
      S.fps = lua.call("__web_boot", seed, DATA.cart.name)[0];
      saveCartdata();
    } catch (e) { fail(e); }
    blit();
  }

  function fail(e) {
    S.error = String(e && e.message || e);
    const el = document.getElementById("error");
    if (el) { el.textContent = S.error; el.hidden = false; }
    console.error(S.error);
  }

  function frame(mask, mouse) {
    if (S.error) return false;
    const [mx, my, mb] = mouse || S.mouse;
    try {
      S.fps = S.lua.call("__web_frame", mask, mx, my, mb)[0];
      S.frame++;
      saveCartdata();
    } catch (e) { fail(e); return false; }
    return true;
  }

  // ------------------------------------------------------------------ the screen
  const canvas = document.getElementById("screen");
  const ctx = canvas.getContext("2d");
  const image = ctx.createImageData(128, 128);
  const pixels = new Uint32Array(image.data.buffer);
  function displayColours() {
    const ram = S.lua.ram, out = new Uint8Array(16384), lut = new Uint8Array(16);
    for (let i = 0; i < 16; i++) lut[i] = ram[0x5f10 + i] & 0x8f;
    for (let i = 0; i < 8192; i++) {
      const b = ram[0x6000 + i];
      out[2 * i] = lut[b & 15]; out[2 * i + 1] = lut[b >> 4];
    }
    return out;
  }
  function blit() {
    if (!S.lua) return;
    const d = displayColours();
    for (let i = 0; i < 16384; i++) pixels[i] = RGBA[d[i]];
    ctx.putImageData(image, 0, 0);
  }
  function fit() {
    const dpr = window.devicePixelRatio || 1;
    const box = document.getElementById("stage").getBoundingClientRect();
    const scale = Math.max(1, Math.floor(Math.min(box.width, box.height) * dpr / 128));
    canvas.style.width = canvas.style.height = (128 * scale / dpr) + "px";
  }
  window.addEventListener("resize", fit);

  // ------------------------------------------------------------------ input
  // The browser lets sound start only in a key press, click or tap (a finger's touching down is
  // none: its lifting is), so every such event asks: the context is made on the first and
  // resumed on any later one while it is not running. A hidden tab runs no frames; its sound
  // is suspended until the tab shows again.
  function startAudio() {
    if (!SOUND || document.hidden) return;
    if (!S.audio) {
      try { S.audio = new (window.AudioContext || window.webkitAudioContext)(); SOUND.start(S.audio); }
      catch (e) { S.audio = null; return; }
    }
    if (S.audio.state !== "running") settle(S.audio.resume && S.audio.resume());
  }
  // a promise's refusal (older browsers return none) is no error on the page
  function settle(p) { if (p && p.catch) p.catch(() => {}); }
  for (const type of ["keydown", "pointerdown", "pointerup", "touchend", "click"])
    window.addEventListener(type, startAudio, { capture: true, passive: true });
  document.addEventListener("visibilitychange", () => {
    if (!S.audio) return;
    settle(document.hidden ? S.audio.suspend && S.audio.suspend() : S.audio.resume && S.audio.resume());
  });
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey) {       // ctrl-v: the paste event, or the clipboard API
      if (e.code === "KeyV" && navigator.clipboard && navigator.clipboard.readText)
        navigator.clipboard.readText().then((t) => { if (t) setPaste(t); }).catch(() => {});
      return;
    }
    const n = buttonOf(e);
    if (n >= 0) { const b = 1 << n; S.keys |= b; S.latched |= b; e.preventDefault(); }
    else if (PAUSE_KEYS.has(e.code) && !e.repeat) { togglePause(); e.preventDefault(); }
  });
  window.addEventListener("keyup", (e) => { const n = buttonOf(e); if (n >= 0) S.keys &= ~(1 << n); });
  // a key's button (0-5): by its place (KEYS), else by its letter (LETTERS); -1 for none
  function buttonOf(e) {
    if (e.code in KEYS) return KEYS[e.code];
    const letter = typeof e.key === "string" ? e.key.toLowerCase() : "";
    return Object.prototype.hasOwnProperty.call(LETTERS, letter) ? LETTERS[letter] : -1;
  }
  window.addEventListener("blur", () => { S.keys = 0; S.touch = 0; S.mouse[2] = 0; });
  window.addEventListener("paste", (e) => {
    setPaste((e.clipboardData || window.clipboardData).getData("text"));
    e.preventDefault();
  });
  // a paste reaches stat(4) from now on (one byte a character: others become "?")
  function setPaste(text) {
    S.clip = Array.from(text).map((c) => (c.charCodeAt(0) < 256 ? c : "?")).join("");
    S.pasted = true;
  }
  function mouseAt(e) {
    const r = canvas.getBoundingClientRect();
    S.mouse[0] = Math.max(0, Math.min(127, Math.floor((e.clientX - r.left) * 128 / r.width)));
    S.mouse[1] = Math.max(0, Math.min(127, Math.floor((e.clientY - r.top) * 128 / r.height)));
  }
  canvas.addEventListener("pointermove", (e) => { mouseAt(e); S.mouse[2] = e.buttons & 7; });
  canvas.addEventListener("pointerdown", (e) => {
    mouseAt(e); S.mouse[2] = e.buttons & 7; S.mouseLatch |= e.buttons & 7;
  });
  canvas.addEventListener("pointerup", (e) => { mouseAt(e); S.mouse[2] = e.buttons & 7; });
  // a button let go off the screen (a drag that ran past its edge) or while the window was
  // away is let go for the cart too: held, it would stay 🅾️ and paint along every key move
  for (const type of ["pointerup", "pointercancel"])
    window.addEventListener(type, (e) => { if (e.target !== canvas) S.mouse[2] = e.buttons & 7; });
  // a long press on the screen (touch) pastes, as ctrl-v does; a finger that moves (painting
  // cells) is no long press
  let pressTimer = null, pressAt = null;
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch" || !navigator.clipboard || !navigator.clipboard.readText) return;
    clearTimeout(pressTimer);
    pressAt = [e.clientX, e.clientY];
    pressTimer = setTimeout(() => navigator.clipboard.readText().then(setPaste).catch(() => {}), 600);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (pressAt && Math.hypot(e.clientX - pressAt[0], e.clientY - pressAt[1]) > 10) clearTimeout(pressTimer);
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"])
    canvas.addEventListener(type, () => clearTimeout(pressTimer));
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());

  // the on-screen d-pad and buttons (shown on touch screens)
  document.querySelectorAll("[data-btn]").forEach((el) => {
    const b = 1 << Number(el.dataset.btn);
    const up = (e) => { S.touch &= ~b; e.preventDefault(); };
    el.addEventListener("pointerdown", (e) => {
      S.touch |= b; S.latched |= b; el.setPointerCapture(e.pointerId); e.preventDefault();
    });
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  });
  const pauseButton = document.getElementById("pause");
  if (pauseButton) pauseButton.addEventListener("pointerdown", (e) => { togglePause(); e.preventDefault(); });
  const pasteButton = document.getElementById("paste");
  if (pasteButton) pasteButton.addEventListener("click", async () => {
    try { setPaste(await navigator.clipboard.readText()); } catch (e) {}
  });
  // the on-screen pad: on a touch screen from the start, elsewhere from the first touch
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) document.body.classList.add("touch");
  window.addEventListener("touchstart", () => { document.body.classList.add("touch"); fit(); }, { once: true, passive: true });

  function gamepadMask() {
    let m = 0, pause = false;
    const pads = navigator.getGamepads ? navigator.getGamepads() : [];
    for (const p of pads) {
      if (!p) continue;
      const on = (i) => p.buttons[i] && p.buttons[i].pressed;
      if (on(14) || p.axes[0] < -0.5) m |= 1;
      if (on(15) || p.axes[0] > 0.5) m |= 2;
      if (on(12) || p.axes[1] < -0.5) m |= 4;
      if (on(13) || p.axes[1] > 0.5) m |= 8;
      if (on(0) || on(3)) m |= 16;
      if (on(1) || on(2)) m |= 32;
      if (on(9)) pause = true;
    }
    if (pause && !S.lastPauseKey) togglePause();
    S.lastPauseKey = pause;
    return m;
  }

  function togglePause() {
    if (!S.lua || S.error) return;
    S.lua.call("__web_pause");
    if (S.manual) blit();
  }

  // ------------------------------------------------------------------ real time
  let last = null, owed = 0;
  function tick(now) {
    requestAnimationFrame(tick);
    if (S.manual || !S.lua) { last = null; return; }
    const period = 1000 / S.fps;
    owed += last === null ? period : Math.min(now - last, 4 * period);
    last = now;
    let ran = false;
    while (owed >= period - 0.5) {
      owed -= period;
      const mask = S.keys | S.latched | S.touch | gamepadMask();
      S.latched = 0;
      const mouse = [S.mouse[0], S.mouse[1], S.mouse[2] | S.mouseLatch];
      S.mouseLatch = 0;
      frame(mask, mouse);
      ran = true;
    }
    if (ran) blit();
  }

  // ------------------------------------------------------------------ the test interface
  // (the "loading" line goes once the cart has booted, or failed to)
  const ready = boot({ seed: 0 }).then(() => {
    document.body.classList.add("booted"); fit(); takeFocus(); requestAnimationFrame(tick);
  });
  // Embedded in another page (an itch.io or blog iframe), the page takes the keyboard once it
  // has booted; otherwise keys would go to the outer page until the player clicks the screen.
  function takeFocus() {
    if (window.top === window) return;
    try { window.focus(); canvas.focus({ preventScroll: true }); } catch (e) {}
  }
  window.pico8 = {
    ready,
    async reset(opts) {
      S.manual = true;
      opts = opts || {};
      if ("cartdata" in opts) {
        const ids = Object.keys(localStorage).filter((k) => k.startsWith(CARTDATA_KEY));
        if (opts.cartdata === null) ids.forEach((k) => localStorage.removeItem(k));
        else if (typeof opts.cartdata === "object") {
          for (const [id, words] of Object.entries(opts.cartdata)) storeSet(id, words);
        }
      }
      S.clip = ""; S.pasted = false; S.printh = [];
      await boot({ seed: opts.seed || 0 });
    },
    step(frames, mask, mouse) {
      S.manual = true;
      let n = 0;
      for (let i = 0; i < (frames || 1); i++) { if (!frame(mask || 0, mouse)) break; n++; }
      blit();
      return n;
    },
    display() { return Array.from(displayColours()); },
    cartdata() { return cartdataWords(); },
    paste(text) { setPaste(text); },
    printh() { return S.printh.slice(); },
    // run Lua in the cart's state (for tests): its results
    exec(code) { S.lua.load(code, "=__web_exec"); return S.lua.call("__web_exec"); },
    clipboard() { return S.clip; },
    pause() { S.manual = true; togglePause(); },
    paused() { return !!S.lua.call("__web_paused")[0]; },
    menuitem(i, b) { return S.lua.call("__web_menuitem", i, b); },
    menuitems() { return Object.fromEntries(S.lua.call("__web_menuitems")[0].split("\n").filter((l) => l).map((l) => [Number(l[0]), l.slice(2)])); },
    realtime() { S.manual = false; },
    error() { return S.error; },
    frame() { return S.frame; },
    fps() { return S.fps; },
    // sound (tests): keep every sample from now on; those samples (int16 LE, base64); the
    // audio context's state after the first key or tap ("running"; "suspended" while the tab is
    // hidden), null before
    keepAudio(on) { if (SOUND) SOUND.keepAudio(on); },
    audio() {
      if (!SOUND) return null;
      const a = SOUND.audio(), b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      let s = "";
      for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
      return btoa(s);
    },
    audioState() { return S.audio ? S.audio.state : null; },
  };
})();
