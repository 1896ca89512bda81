// End-to-end check, offline and without keys: a script and a product photo become a finished
// video. Usage: npx tsx bench/e2e-offline.ts [photo.jpg] [out-dir]  (writes video + frames)
import { copyFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { providerStatus } from "~/providers/registry.server";
import { productPhoto } from "../tests/providers/fixtures";
import { makeOfflineAd } from "./pipeline";

const SCRIPT = `Tired of warm water by lunchtime? Meet Aurora, the steel bottle that keeps drinks ice-cold for twenty-four hours.

Double walls and a leak-proof cap mean it goes everywhere with you: the gym, the office, the beach.

Order yours today for just 499 rupees and get free shipping across India.`;

const [photoArg, outArg] = process.argv.slice(2);
const outDir = path.resolve(outArg ?? path.join(process.env.DATA_DIR || ".data", "e2e"));
const started = Date.now();
for (const s of providerStatus()) console.log(`${s.capability.padEnd(7)} ${s.provider.padEnd(17)} ${s.label}${s.problem ? ` (${s.problem})` : ""}`);
const photo = photoArg ? photoArg : await productPhoto();
const result = await makeOfflineAd({
  script: SCRIPT,
  productPhoto: photo,
  voice: "slt",
  style: "Product Showcase",
  prompt: "on a sunny beach",
  headline: "Ice-cold for 24 hours",
  outDir,
  onStep: (s) => console.log(`… ${s}`),
  onProgress: (p, stage) => process.stdout.write(`\r  compile ${String(p).padStart(3)}% ${stage.padEnd(10)}`),
});
process.stdout.write("\n");
const video = path.join(outDir, `ad.${result.format}`);
await copyFile(result.path, video);
const info = await probeMedia(video);
const frames: string[] = [];
for (const t of [1.5, result.durationSec / 2, result.durationSec - 2]) {
  const f = path.join(outDir, `frame-${t.toFixed(1)}s.png`);
  await runFfmpeg([...inputArgs(video, await demuxerOf(video), ["-ss", t.toFixed(2)]), "-frames:v", "1", f]);
  frames.push(f);
}
const summary = {
  video,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  durationSec: info.durationSec,
  streams: info.streams.map((s) => `${s.type}:${s.codec}${s.width ? ` ${s.width}x${s.height}` : ""}${s.channels ? ` ${s.channels}ch` : ""}`),
  scenes: result.sceneTexts,
  frames,
};
await writeFile(path.join(outDir, "summary.json"), JSON.stringify(summary, null, 2));
console.log(JSON.stringify(summary, null, 2));
