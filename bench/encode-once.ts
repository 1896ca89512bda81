// `npx tsx bench/encode-once.ts` (issue 25 item 1, docs/decisions/360-encode-every-frame-once.md):
// the Create Video path of a fixed 3-scene 720x1280 ad with local providers. The scene clips are
// made by the local motion (all three started at once, as the workflow does), then the ad is
// rendered in mp4 and webm from an empty cache: "twice" decodes the clips and encodes them
// again (the path before ADR 360), "once" draws the clips' beats from their stills in the one
// encode. Records wall and CPU seconds (this process and its ffmpeg children) and the
// RENDER_CONCURRENCY in use. Writes bench/results/encode-once-<date>[-<label>].json (--label=NAME).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { mediaLimiter } from "~/providers/media/limiter.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalRenderProvider, sceneDurationFor } from "~/providers/render/local.server";
import type { RenderFormat, RenderScene } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { productPhoto } from "../tests/providers/fixtures";
import { cpuSeconds, cpuSince } from "./cpu";

const LINES = [
  "Meet Aurora, the bottle that keeps water ice cold all day.",
  "Double walls and a leak proof cap, ready for the gym.",
  "Order yours today and get free shipping across India.",
];
const root = path.resolve("bench/.work/encode-once");
const label = process.argv.find((a) => a.startsWith("--label="))?.slice("--label=".length);
const round = (n: number) => Math.round(n * 1000) / 1000;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; wallSec: number; cpuSec: number | null }> {
  const cpu = cpuSeconds();
  const t = performance.now();
  const value = await work();
  return { value, wallSec: round((performance.now() - t) / 1000), cpuSec: cpuSince(cpu) };
}

async function main() {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const tts = new LocalVoiceProvider({ workDir: root });
  const images = new LocalProductImageProvider();
  const photo = await productPhoto();
  const voices: { path: string; durationSec: number }[] = [];
  const stills: string[] = [];
  for (const [i, text] of LINES.entries()) {
    voices.push(await tts.synthesize({ text, voice: ["slt", "rms", "awb"][i] }));
    const shot = await images.generate({ productImage: photo, prompt: ["on a sunny beach", "luxury marble", "studio"][i], aspectRatio: "9:16", version: "v1" });
    const file = path.join(root, `still-${i}.jpg`);
    writeFileSync(file, shot.image);
    stills.push(file);
  }
  const motion = new LocalMotionProvider({ workDir: root });
  const clips = await timed(() =>
    Promise.all(
      stills.map((image, i) =>
        motion.animate({
          image,
          durationSec: sceneDurationFor(voices[i].durationSec),
          aspectRatio: "9:16",
          sceneIndex: i,
          endCard: i === stills.length - 1,
          style: "Product Showcase",
        }),
      ),
    ),
  );
  const scenes = (once: boolean): RenderScene[] =>
    clips.value.map((clip, i) => ({
      id: `s${i}`,
      visual: {
        kind: "clip",
        path: clip.path,
        ...(once && clip.beats && clip.transition ? { madeFrom: { image: stills[i], beats: { list: clip.beats, transition: clip.transition } } } : {}),
      },
      voiceOver: { path: voices[i].path },
      captionText: LINES[i],
    }));
  const renders: Record<string, unknown> = {};
  for (const format of ["mp4", "webm"] as RenderFormat[]) {
    for (const path_ of ["twice", "once"] as const) {
      const renderer = new LocalRenderProvider({ workDir: path.join(root, `${format}-${path_}`) });
      const r = await timed(() => renderer.render({ scenes: scenes(path_ === "once"), format, seed: "bench" }));
      const videoSec = r.value.durationSec;
      renders[`${format}-${path_}`] = {
        videoSec: round(videoSec),
        wallSec: r.wallSec,
        cpuSec: r.cpuSec,
        speedXRealtime: round(videoSec / r.wallSec),
        speedXRealtimeOn2CoresByCpu: r.cpuSec ? round(videoSec / (r.cpuSec / 2)) : null,
        sizeBytes: r.value.sizeBytes,
      };
      console.log(`${format} ${path_}: ${JSON.stringify(renders[`${format}-${path_}`])}`);
    }
  }
  const videoSec = (renders["mp4-once"] as { videoSec: number }).videoSec;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    renderConcurrency: mediaLimiter().limit,
    note: "Shared machine (other engineers' work running): wall figures are noisy; CPU seconds are the steadier figure.",
    clips: { scenes: clips.value.length, wallSec: clips.wallSec, cpuSec: clips.cpuSec },
    renders,
    createVideoPathMp4: {
      videoSec,
      twiceWallSec: round(clips.wallSec + (renders["mp4-twice"] as { wallSec: number }).wallSec),
      onceWallSec: round(clips.wallSec + (renders["mp4-once"] as { wallSec: number }).wallSec),
    },
  };
  const dir = path.resolve("bench/results");
  const file = path.join(dir, `encode-once-${result.date.slice(0, 10)}${label ? `-${label}` : ""}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  console.log(`clips: ${JSON.stringify(result.clips)}; results: ${file}`);
  rmSync(root, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
