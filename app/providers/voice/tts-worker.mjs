// Speech synthesis in a child process (spawned by local.server.ts), so that the synthesis CPU
// time never blocks the web server's event loop and the GPL espeak-ng engine runs as a separate
// program (see docs/decisions/041-offline-tts-engines.md).
// stdin: JSON {engine: "flite"|"espeak", voice, text, out, speed, fliteWasm?, text2wav?}
// stdout: JSON {sampleRate, channels, durationSec}
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { WASI } from "node:wasi";

const input = JSON.parse(fs.readFileSync(0, "utf8"));

async function flite({ voice, text, out, speed, fliteWasm }) {
  const dir = path.dirname(out);
  const name = path.basename(out);
  const textFile = path.join(dir, `${name}.txt`);
  fs.writeFileSync(textFile, text);
  const args = ["flite", "-voice", voice];
  if (speed && speed !== 1) args.push("--setf", `duration_stretch=${(1 / speed).toFixed(3)}`);
  args.push("-f", `/work/${name}.txt`, "-o", `/work/${name}`);
  const wasi = new WASI({ version: "preview1", args, preopens: { "/work": dir }, returnOnExit: true });
  const module = await WebAssembly.compile(fs.readFileSync(fliteWasm));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  const code = wasi.start(instance);
  fs.rmSync(textFile, { force: true });
  if (code) throw new Error(`flite exited with code ${code}`);
}

async function espeak({ voice, text, out, speed, text2wav }) {
  const require = createRequire(import.meta.url);
  const synth = require(text2wav);
  // espeak-ng's wasm wrapper prints harmless "falling back" notes to stderr; silence them.
  const log = console.log;
  const warn = console.warn;
  console.log = () => {};
  console.warn = () => {};
  try {
    const opts = { voice };
    if (speed && speed !== 1) opts.speed = String(Math.round(175 * speed));
    const wav = await synth(text, opts);
    fs.writeFileSync(out, wav);
  } finally {
    console.log = log;
    console.warn = warn;
  }
}

/** Parses a PCM16 WAV, peak-normalises it to -1 dBFS in place, returns its format and length. */
function normalise(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a WAV file");
  let pos = 12;
  let fmt = null;
  let dataStart = -1;
  let dataLen = 0;
  while (pos + 8 <= buf.length) {
    const id = buf.toString("ascii", pos, pos + 4);
    let len = buf.readUInt32LE(pos + 4);
    if (id === "fmt ") {
      fmt = { channels: buf.readUInt16LE(pos + 10), sampleRate: buf.readUInt32LE(pos + 12), bits: buf.readUInt16LE(pos + 22) };
    } else if (id === "data") {
      dataStart = pos + 8;
      // Streaming writers may leave 0 or 0xFFFFFFFF as the size: take the rest of the file.
      if (len === 0 || dataStart + len > buf.length) len = buf.length - dataStart;
      dataLen = len;
      break;
    }
    pos += 8 + len + (len % 2);
  }
  if (!fmt || dataStart < 0) throw new Error("WAV without fmt/data");
  if (fmt.bits !== 16) throw new Error(`unexpected ${fmt.bits}-bit WAV`);
  const samples = Math.floor(dataLen / 2);
  let peak = 0;
  for (let i = 0; i < samples; i++) peak = Math.max(peak, Math.abs(buf.readInt16LE(dataStart + i * 2)));
  if (peak > 0) {
    const gain = Math.min(8, (0.89 * 32767) / peak);
    for (let i = 0; i < samples; i++) {
      const o = dataStart + i * 2;
      buf.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(buf.readInt16LE(o) * gain))), o);
    }
  }
  // Rewrite the header sizes so every reader agrees on the length.
  buf.writeUInt32LE(dataStart + dataLen - 8, 4);
  buf.writeUInt32LE(dataLen, dataStart - 4);
  fs.writeFileSync(file, buf.subarray(0, dataStart + dataLen));
  const frames = samples / fmt.channels;
  return { sampleRate: fmt.sampleRate, channels: fmt.channels, durationSec: frames / fmt.sampleRate, peak };
}

try {
  if (input.engine === "flite") await flite(input);
  else if (input.engine === "espeak") await espeak(input);
  else throw new Error(`unknown engine ${input.engine}`);
  const info = normalise(input.out);
  if (info.peak === 0 || info.durationSec <= 0) throw new Error("the engine produced silence");
  process.stdout.write(JSON.stringify(info));
} catch (error) {
  process.stderr.write(String(error?.stack ?? error));
  process.exit(1);
}
