// z8: PICO-8's Lua (z8lua in wasm, built by compile.py) as a JavaScript object, for the page
// and for node. Numbers cross as JavaScript numbers (a 16.16 value is exact in a double),
// strings as one character per byte (P8SCII), booleans and nil (undefined) as themselves.
//
//   const lua = await Z8.create(createZ8, {hostFunctionName(...args) {...}});
//   lua.load(code, "=name");      // the chunk becomes global `name`
//   lua.call("name", 1, "a");     // its results, as an array; a Lua error throws Z8Error
//   lua.ram                       // PICO-8's 64 KiB (a Uint8Array over wasm memory)
// Lua calls host function f with __js("f", ...).
(function (root) {
  "use strict";
  const T_NIL = 0, T_BOOL = 1, T_NUM = 2, T_STR = 3, SLOTS = 256, HEAP = 1 << 21;

  class Z8Error extends Error {}

  class Z8 {
    static async create(factory, host) {
      const z = new Z8();
      z.host = host || {};
      z.mod = await factory({ jsHost: (argc) => z._fromLua(argc) });
      if (z.mod._z8_init() !== 0) throw new Z8Error("z8lua: no memory for a Lua state");
      z.ioAt = z.mod._z8_io();
      z.ramAt = z.mod._z8_ram();
      return z;
    }

    get ram() { return this.mod.HEAPU8.subarray(this.ramAt, this.ramAt + 0x10000); }

    reset() {
      if (this.mod._z8_init() !== 0) throw new Z8Error("z8lua: no memory for a Lua state");
    }

    // the io area: slots of 4 int32 (type, bits, at, len), then `used`, then the string heap
    _write(values) {
      const h32 = this.mod.HEAP32, h8 = this.mod.HEAPU8;
      const slots = this.ioAt >> 2, heap = this.ioAt + SLOTS * 16 + 4;
      let used = 0;
      values.forEach((v, k) => {
        const s = slots + 4 * k;
        h32[s + 1] = 0; h32[s + 2] = 0; h32[s + 3] = 0;
        if (v === undefined || v === null) h32[s] = T_NIL;
        else if (typeof v === "boolean") { h32[s] = T_BOOL; h32[s + 1] = v ? 1 : 0; }
        else if (typeof v === "number") { h32[s] = T_NUM; h32[s + 1] = Z8.bits(v); }
        else {
          const str = String(v);
          if (used + str.length > HEAP) throw new Z8Error("string too long for Lua");
          for (let i = 0; i < str.length; i++) h8[heap + used + i] = str.charCodeAt(i);
          h32[s] = T_STR; h32[s + 2] = used; h32[s + 3] = str.length;
          used += str.length;
        }
      });
    }

    _read(n) {
      const h32 = this.mod.HEAP32, h8 = this.mod.HEAPU8;
      const slots = this.ioAt >> 2, heap = this.ioAt + SLOTS * 16 + 4;
      const out = [];
      for (let k = 0; k < n; k++) {
        const s = slots + 4 * k, t = h32[s];
        if (t === T_BOOL) out.push(h32[s + 1] !== 0);
        else if (t === T_NUM) out.push(h32[s + 1] / 65536);
        else if (t === T_STR) out.push(Z8.text(h8, heap + h32[s + 2], h32[s + 3]));
        else out.push(undefined);
      }
      return out;
    }

    static text(h8, at, len) {
      let s = "";
      for (let i = 0; i < len; i += 8192)
        s += String.fromCharCode.apply(null, h8.subarray(at + i, at + Math.min(len, i + 8192)));
      return s;
    }

    // a number's 16.16 bits, as PICO-8 truncates a literal (toward minus infinity)
    static bits(v) { return Math.floor(v * 65536) | 0; }

    load(code, name) {
      this._write([code, name]);
      if (this.mod._z8_load() !== 0) throw new Z8Error(this._read(1)[0]);
    }

    call(name, ...args) {
      this._write([name, ...args]);
      const n = this.mod._z8_call(args.length + 1);
      if (n < 0) throw new Z8Error(this._read(1)[0]);
      return this._read(n);
    }

    // Lua called __js(name, ...): run host[name] and hand its results back
    _fromLua(argc) {
      const [name, ...args] = this._read(argc);
      const f = this.host[name];
      try {
        if (!f) throw new Error(`no host function ${name}`);
        let r = f(...args);
        r = r === undefined ? [] : Array.isArray(r) ? r : [r];
        this._write(r);
        return r.length;
      } catch (e) {
        this._write([`${name}(): ${e && e.message ? e.message : e}`]);
        return -1;
      }
    }
  }

  root.Z8 = Z8;
  root.Z8Error = Z8Error;
  if (typeof module !== "undefined") module.exports = { Z8, Z8Error };
})(typeof window !== "undefined" ? window : globalThis);
