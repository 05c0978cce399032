// Plays scripted cases through generator/web/synth.js for tests/web/test_synth_js.py.
// Input (a JSON file named on the command line): a list of cases, each
//   {memory: base64 of the sound memory 0x3100-0x42ff, seed, steps: [[op, ...args], ...]}
// with ops ["render", n], ["sfx", n, channel, offset, length], ["music", n, fade, mask],
// ["stat", k], ["poke", address, [bytes]] (the synthesiser reads the memory as it plays).
// Output (stdout, JSON): per case {samples: base64 of the rendered int16 samples
// (little-endian), stats: [...]}.
"use strict";
const fs = require("fs");
const path = require("path");
const { Synth, PageSound } = require(path.join(__dirname, "..", "..", "generator", "web",
                                               "synth.js"));

// A case with `page: fps` plays through PageSound instead, as a page's host would: its 64 KiB
// memory holds the sound memory, ["frame", k] starts frame k, and pokes go to that memory
// (the synthesiser sees them from the next frame on).
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const results = cases.map(({ memory, seed, steps, page }) => {
  const sound = new Uint8Array(Buffer.from(memory, "base64"));
  let mem = sound, synth = new Synth(sound, seed), base = 0x3100;
  if (page) {
    mem = new Uint8Array(0x10000);
    mem.set(sound, 0x3100);
    synth = new PageSound(seed, page);
    synth.memory(() => mem);
    base = 0;
  }
  const chunks = [], stats = [];
  for (const [op, ...args] of steps) {
    if (op === "render") chunks.push(synth.render(args[0]));
    else if (op === "frame") chunks.push(synth.frame(args[0]));
    else if (op === "sfx") synth.sfx(...args);
    else if (op === "music") synth.music(...args);
    else if (op === "stat") stats.push(synth.stat(args[0]));
    else if (op === "poke") mem.set(args[1], args[0] - base);
    else throw new Error(`unknown step ${op}`);
  }
  const total = chunks.reduce((a, c) => a + c.length, 0), all = new Int16Array(total);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  return { samples: Buffer.from(all.buffer).toString("base64"), stats };
});
process.stdout.write(JSON.stringify(results));
