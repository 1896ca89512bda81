// `npx tsx bench/encode-once.ts` (issue 25 item 1, docs/decisions/360-encode-every-frame-once.md):
// the Create Video path of a fixed 3-scene 720x1280 ad with local providers. The scene clips are
// made by the local motion (all three started at once, as the workflow does), then the ad is
// rendered in mp4 and webm from an empty cache: "twice" decodes the clips and encodes them
// again (the path before ADR 360), "once" draws the clips' beats from their stills in the one
// encode. Records wall and CPU seconds (this process and its ffmpeg children) and the
// RENDER_CONCURRENCY in use. Writes bench/results/encode-once-<date>[-<label>].json (--label=NAME).
// --ready-first (docs/decisions/380-ready-before-the-scene-clips.md): mp4 only, the media part of
// submission → Ready before (clips, then the render) and after (the render from the planned
// motion; the clips after Ready), and the editors' compile with the clips from the cache.
// Writes bench/results/ready-first-<date>[-<label>].json.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { mediaLimiter } from "~/providers/media/limiter.server";
import { LocalMotionProvider, localMotionPlanFor } from "~/providers/motion/local.server";
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
  // --ready-first (ADR 380): only mp4, and only the paths Create Video takes before and after that change.
  const readyFirstOnly = process.argv.includes("--ready-first");
  if (readyFirstOnly) return readyFirst({ loadAtStart, clips, scenes, stills, voices });
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

/**
 * Submission → Ready's media part of Create Video, before and after ADR 380, from the same stills
 * and voices: before, the three clips (made at once) and then the render drawing their beats;
 * after, the render drawing the motion planned for the clips (no clip made: they come after
 * Ready), then the clips. Last, the editors' compile once the clips exist: every segment cached.
 */
async function readyFirst(o: {
  loadAtStart: number[];
  clips: { value: Awaited<ReturnType<LocalMotionProvider["animate"]>>[]; wallSec: number; cpuSec: number | null };
  scenes: (once: boolean) => RenderScene[];
  stills: string[];
  voices: { path: string; durationSec: number }[];
}) {
  const { clips, scenes, stills, voices } = o;
  const before = await timed(() =>
    new LocalRenderProvider({ workDir: path.join(root, "before") }).render({ scenes: scenes(true), format: "mp4", seed: "bench" }),
  );
  const renderer = new LocalRenderProvider({ workDir: path.join(root, "ready-first") });
  const planned = await timed(async () =>
    stills.map((image, i): RenderScene => {
      const plan = localMotionPlanFor({
        durationSec: sceneDurationFor(voices[i].durationSec),
        sceneIndex: i,
        endCard: i === stills.length - 1,
        style: "Product Showcase",
      });
      if (!plan) throw new Error("the local motion refused the scene");
      return {
        id: `s${i}`,
        visual: { kind: "image", path: image, beats: { list: plan.beats, transition: plan.transition } },
        voiceOver: { path: voices[i].path },
        captionText: LINES[i],
      };
    }),
  );
  const after = await timed(() => renderer.render({ scenes: planned.value, format: "mp4", seed: "bench" }));
  const editors = await timed(() => renderer.render({ scenes: scenes(true), format: "mp4", seed: "bench" }));
  const videoSec = round(after.value.durationSec);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageAtStart: o.loadAtStart, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    renderConcurrency: mediaLimiter().limit,
    note: "Shared machine (other engineers' work running): wall figures are noisy; CPU seconds are the steadier figure. Media only (voices, stills and the rest of the run are the same before and after).",
    videoSec,
    before: {
      clips: { wallSec: clips.wallSec, cpuSec: clips.cpuSec },
      render: { wallSec: before.wallSec, cpuSec: before.cpuSec },
      toReadyWallSec: round(clips.wallSec + before.wallSec),
      toReadyCpuSec: clips.cpuSec !== null && before.cpuSec !== null ? round(clips.cpuSec + before.cpuSec) : null,
    },
    after: {
      plan: { wallSec: planned.wallSec, cpuSec: planned.cpuSec },
      render: { wallSec: after.wallSec, cpuSec: after.cpuSec },
      toReadyWallSec: round(planned.wallSec + after.wallSec),
      toReadyCpuSec: planned.cpuSec !== null && after.cpuSec !== null ? round(planned.cpuSec + after.cpuSec) : null,
      clipsAfterReady: { wallSec: clips.wallSec, cpuSec: clips.cpuSec },
    },
    editorsCompileWithClips: {
      wallSec: editors.wallSec,
      cpuSec: editors.cpuSec,
      cachedScenes: editors.value.scenes.filter((s) => s.cached).length,
      scenes: editors.value.scenes.length,
    },
  };
  const file = path.resolve("bench/results", `ready-first-${result.date.slice(0, 10)}${label ? `-${label}` : ""}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  console.log(JSON.stringify(result, null, 2));
  rmSync(root, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
