// node run_z8.js Z8_FACTORY Z8_JS CHECKS.json: evaluates each Lua chunk of CHECKS (a JSON list of
// source strings) in a fresh z8lua (wasm) and prints a JSON list of [type, value] results,
// numbers as their 16.16 bits, errors as ["error", message].
const fs = require("fs");
const [factoryPath, z8Path, checksPath] = process.argv.slice(2);
const createZ8 = require(factoryPath);
const { Z8 } = require(z8Path);
(async () => {
  // a host function, to check values crossing from Lua (a coroutine's own stack too) and back
  const lua = await Z8.create(createZ8, { echo: (...args) => args });
  const out = [];
  for (const code of JSON.parse(fs.readFileSync(checksPath, "utf8"))) {
    lua.reset();
    lua.ram.fill(0);
    try {
      lua.load(code, "=check");
      const r = lua.call("check");
      out.push(r.map((v) => typeof v === "number" ? ["number", Math.round(v * 65536) | 0]
        : v === undefined ? ["nil", null] : [typeof v, v]));
    } catch (e) {
      out.push([["error", String(e.message).split("\n")[0]]]);
    }
  }
  process.stdout.write(JSON.stringify(out));
})();
