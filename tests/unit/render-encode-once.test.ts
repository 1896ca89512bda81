// Issue 25 item 1 (docs/decisions/360-encode-every-frame-once.md): a scene drawn from its still and
// the local motion's beats is encoded once (no clip decoded and encoded again), the segments are
// joined by stream copy, two segments render at once, and the frames are the motion clip's. The soft cut
// between scenes starts from the previous scene's last frame drawn from its still, so a render needs no
// clip and Create Video renders before its clips exist (docs/decisions/380-ready-before-the-scene-clips.md).
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ffmpegPath, runProcess } from "~/providers/media/ffmpeg.server";
import { mediaLimiter, renderConcurrencyFor } from "~/providers/media/limiter.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalRenderProvider, sceneDurationFor } from "~/providers/render/local.server";
import { drawLastFrame } from "~/providers/render/last-frame.server";
import { beatLengths, shownBeats } from "~/providers/render/segment.server";
import { beatFilters, pictureInputs, preparePicture } from "~/providers/motion/zoompan.server";
import type { RenderRequest, RenderScene } from "~/providers/render/types";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir, writeTone } from "../providers/helpers";

const calls = vi.hoisted(() => [] as string[][]);
vi.mock("~/providers/media/ffmpeg.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/providers/media/ffmpeg.server")>();
  return {
    ...real,
    runFfmpeg: (args: string[], options?: Parameters<typeof real.runFfmpeg>[1]) => {
      calls.push(args);
      return real.runFfmpeg(args, options);
    },
  };
});

vi.setConfig({ testTimeout: 180_000 });

let work: ReturnType<typeof tmpWorkDir>;
let files: { img: string[]; voice: string[] };
const SIZE = { width: 180, height: 320 };
const VOICE_SECONDS = [2.6, 2.6, 3.6];
/** As the pipeline asks the motion for a clip: an upper bound of the scene (scene-media.server.ts clipSecondsFor). */
const CLIP_SECONDS = VOICE_SECONDS.map((v) => sceneDurationFor(v));

beforeAll(async () => {
  work = tmpWorkDir("encode-once");
  const d = work.dir;
  const colours = ["#0f766e", "#be123c", "#1d4ed8"];
  files = { img: [], voice: [] };
  for (const [i, colour] of colours.entries()) {
    const img = path.join(d, `img${i}.jpg`);
    writeFileSync(img, await productPhoto({ width: 300, height: 400, colour, label: `S${i + 1}` }));
    files.img.push(img);
    files.voice.push(writeTone(path.join(d, `v${i}.wav`), VOICE_SECONDS[i], 220 + i * 40));
  }
});
afterAll(() => work.cleanup());

const clips = new Map<string, Awaited<ReturnType<LocalMotionProvider["animate"]>>>();

/** The Create Video scenes as the pipeline hands them over: each scene's motion clip, with the still and beats it was made from. */
async function createVideoScenes(style: string, size = SIZE): Promise<RenderScene[]> {
  const motion = new LocalMotionProvider({ workDir: path.join(work.dir, "motion") });
  const scenes: RenderScene[] = [];
  for (const [i, img] of files.img.entries()) {
    const key = `${style}|${size.width}x${size.height}|${i}`;
    let clip = clips.get(key);
    if (!clip) {
      const aspectRatio = size.width === size.height ? "1:1" : "9:16";
      clip = await motion.animate({ image: img, durationSec: CLIP_SECONDS[i], aspectRatio, size, sceneIndex: i, endCard: i === files.img.length - 1, style });
      clips.set(key, clip);
    }
    expect(clip.beats?.length && clip.transition).toBeTruthy();
    scenes.push({
      id: `s${i}`,
      visual: { kind: "clip", path: clip.path, madeFrom: { image: img, beats: { list: clip.beats!, transition: clip.transition! } } },
      voiceOver: { path: files.voice[i] },
      captionText: `Scene ${i + 1} says its line.`,
    });
  }
  return scenes;
}

const valueOf = (args: string[], flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const inputsOf = (args: string[]) => args.flatMap((a, i) => (a === "-i" ? [args[i + 1]] : []));
const videoEncodes = (list: string[][]) => list.filter((a) => ["libx264", "libvpx-vp9"].includes(valueOf(a, "-c:v") ?? ""));

describe("every frame encoded once", () => {
  it("derives the render concurrency from the cores: one per core, three from two cores, at most eight", () => {
    expect([1, 2, 3, 4, 8, 64].map(renderConcurrencyFor)).toEqual([1, 3, 3, 4, 8, 8]);
    expect(renderConcurrencyFor(0)).toBe(1);
  });

  for (const [format, aspectRatio] of [
    ["mp4", "9:16"],
    ["webm", "1:1"],
  ] as const) {
    it(`draws each scene's beats in its one ${format} encode, two at once, and joins by stream copy (${aspectRatio})`, async () => {
      const size = aspectRatio === "1:1" ? { width: 240, height: 240 } : SIZE;
      const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, `w-${format}`) });
      const request: RenderRequest = { scenes: await createVideoScenes("Lifestyle", size), format, aspectRatio, size, seed: "p1" };
      calls.length = 0;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, mediaLimiter().running)), 2);
      const result = await renderer.render(request).finally(() => clearInterval(sampler));
      expect(result.scenes.every((s) => !s.cached)).toBe(true);

      const encodes = videoEncodes(calls);
      // One lossy video encode per scene, none of them reading a video file: the beats are drawn from the still.
      expect(encodes).toHaveLength(3);
      let softCuts = 0;
      for (const args of encodes) {
        // No clip decoded at all: not for the scene's frames, nor for the frame its soft cut starts from, which is
        // the previous scene's last frame drawn from its still (ADR 380).
        expect(inputsOf(args).filter((f) => /\.(mp4|webm|mov|mkv)$/.test(f))).toEqual([]);
        const drawnFrames = inputsOf(args).filter((f) => /last-frame-\d+\.png$/.test(f));
        expect(drawnFrames.length).toBeLessThanOrEqual(1);
        if (drawnFrames.length) expect(valueOf(args, "-filter_complex")).toMatch(/(^|;)\[\d+:v\]trim=end_frame=1,/);
        softCuts += drawnFrames.length;
        // Every beat the scene shows is drawn (a zoompan each, concatenated into the picture).
        expect(valueOf(args, "-filter_complex")?.match(/zoompan=/g)?.length).toBeGreaterThanOrEqual(2);
        expect(valueOf(args, "-filter_complex")).toMatch(/concat=n=\d+:v=1:a=0\[base\]/);
      }
      // Scenes 2 and 3 start with the soft cut from the scene before them (ADR 207), scene 1 with none.
      expect(softCuts).toBe(2);
      // The join copies the video stream.
      const join = calls.filter((a) => valueOf(a, "-c:v") === "copy");
      expect(join).toHaveLength(1);
      // Besides: one still frame (PNG) for each soft cut, not a video encode.
      expect(calls.filter((a) => valueOf(a, "-c:v") === "png").map((a) => valueOf(a, "-frames:v"))).toEqual(["1", "1"]);
      expect(calls.filter((a) => valueOf(a, "-c:v") && !["copy", "libx264", "libvpx-vp9", "png"].includes(valueOf(a, "-c:v")!))).toEqual([]);
      // Scene segments at once (RENDER_CONCURRENCY from the cores: 3 on a 2-core machine).
      if (mediaLimiter().limit >= 2) expect(peak).toBeGreaterThanOrEqual(2);

      // A re-render with one scene changed encodes only that scene again.
      calls.length = 0;
      const edited = await createVideoScenes("Lifestyle", size);
      edited[1] = { ...edited[1], captionText: "Scene 2 says something else." };
      const again = await renderer.render({ ...request, scenes: edited });
      expect(again.scenes.map((s) => s.cached)).toEqual([true, false, true]);
      // That one scene is drawn whole, or in two parts at once where the machine has more cores than scenes to draw (ADR 395).
      const redrawn = videoEncodes(calls);
      const outputs = redrawn.map((a) => a[a.length - 1]);
      expect(new Set(outputs.map((f) => path.basename(path.dirname(f)))).size).toBe(1);
      expect(path.basename(path.dirname(outputs[0]))).toMatch(/^seg-1-/);
      if (os.availableParallelism() > 1) expect(outputs.map((f) => path.basename(f)).sort()).toEqual([`part-0.${format}`, `part-1.${format}`]);
      else expect(outputs.map((f) => path.basename(f))).toEqual([`seg.${format}`]);
    });
  }

  it("renders Create Video's scenes before their clips exist (the still and the planned beats) as the same segments (ADR 380)", async () => {
    const withClips = await createVideoScenes("Unboxing");
    const withoutClips: RenderScene[] = withClips.map((scene) => {
      if (scene.visual.kind !== "clip" || !scene.visual.madeFrom) throw new Error("expected a clip");
      return { ...scene, visual: { kind: "image", path: scene.visual.madeFrom.image, beats: scene.visual.madeFrom.beats } };
    });
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "w-ready-first") });
    calls.length = 0;
    const first = await renderer.render({ scenes: withoutClips, format: "mp4", size: SIZE, seed: "p1" });
    expect(first.scenes.every((s) => !s.cached)).toBe(true);
    expect(calls.flatMap(inputsOf).filter((f) => /\.(mp4|webm|mov|mkv)$/.test(f))).toEqual([]);
    // The editors' compile once the clips are made: every segment from the cache, the picture the same.
    calls.length = 0;
    const later = await renderer.render({ scenes: withClips, format: "mp4", size: SIZE, seed: "p1" });
    expect(later.scenes.map((s) => s.cached)).toEqual([true, true, true]);
    expect(videoEncodes(calls).filter((a) => valueOf(a, "-c:v") !== "copy")).toEqual([]);
  });

  it("draws a scene's last frame from its still as its motion clip shows it (the next scene's soft cut)", async () => {
    const [scene] = await createVideoScenes("Lifestyle");
    if (scene.visual.kind !== "clip" || !scene.visual.madeFrom) throw new Error("expected a clip");
    const frames = Math.round(CLIP_SECONDS[0] * 30);
    const out = path.join(work.dir, "last.png");
    const picture = { kind: "image" as const, path: scene.visual.madeFrom.image, beats: scene.visual.madeFrom.beats };
    await drawLastFrame(picture, { frames, size: SIZE, fps: 30, workDir: work.dir, out });
    const psnr = async (at: number) => {
      const args = [
        ...["-hide_banner", "-nostdin", "-i", out, "-ss", at.toFixed(3), "-i", scene.visual.path],
        ...["-frames:v", "1", "-lavfi", "[0:v]format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]psnr", "-f", "null", "-"],
      ];
      const result = await runProcess(ffmpegPath(), args);
      return Number(/average:([\d.]+|inf)/.exec(result.stderr)?.[1].replace("inf", "99"));
    };
    const last = await psnr((frames - 1) / 30);
    expect(last).toBeGreaterThan(30);
    expect(last).toBeGreaterThan((await psnr(0)) + 3);
  });

  it("draws only the last frame, the very frame the whole beats draw there, at any length (fade-ins included)", async () => {
    const layers = { background: files.img[2], foreground: path.join(work.dir, "exact-fg.png") };
    await sharp({ create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 4, background: "#f5c518" } })
            .png()
            .toBuffer(),
          left: 100,
          top: 150,
        },
      ])
      .png()
      .toFile(layers.foreground);
    const motion = new LocalMotionProvider({ workDir: path.join(work.dir, "motion") });
    const clip = await motion.animate({ image: files.img[2], layers, durationSec: 4, aspectRatio: "9:16", size: SIZE, sceneIndex: 1, style: "Lifestyle" });
    const picture = { kind: "image" as const, path: files.img[2], layers, beats: { list: clip.beats!, transition: clip.transition! } };
    expect(picture.beats.transition.kind).not.toBe("cut");
    const starts = clip.beats!.map((b) => Math.round(b.start * 30));
    // The frame just after a beat's start is inside its fade-in; the last of a whole clip; one cut short mid-beat.
    for (const frames of [starts[1] + 3, Math.round(4 * 30), starts[1] + 20]) {
      calls.length = 0;
      const out = path.join(work.dir, `exact-${frames}.png`);
      await drawLastFrame(picture, { frames, size: SIZE, fps: 30, workDir: work.dir, out });
      // Only the one frame is drawn, or a few when it falls inside a fade-in.
      const drawn = calls.flatMap((a) => [...(valueOf(a, "-filter_complex") ?? "").matchAll(/:d=(\d+):s=/g)].map((m) => Number(m[1])));
      expect(Math.max(...drawn)).toBeLessThanOrEqual(10);
      // The whole segment's picture, drawn the long way, at that frame.
      const reference = path.join(work.dir, `exact-ref-${frames}.png`);
      const inputs = pictureInputs(
        await preparePicture({ image: files.img[2], layers }, SIZE, {
          background: `${reference}.jpg`,
          foreground: `${reference}-l.png`,
          text: `${reference}-t.png`,
        }),
      );
      const beats = shownBeats(picture.beats.list, frames, 30);
      const graph = beatFilters(inputs.labels, beats, beatLengths(beats, frames, 30), SIZE, 30, picture.beats.transition, "all");
      await runProcess(ffmpegPath(), [
        ...["-hide_banner", "-nostdin", "-y", ...inputs.args, "-filter_complex", [...graph, `[all]trim=start_frame=${frames - 1}[v]`].join(";")],
        ...["-map", "[v]", "-frames:v", "1", "-f", "image2", "-c:v", "png", reference],
      ]);
      const [a, b] = await Promise.all([out, reference].map((f) => sharp(f).raw().toBuffer()));
      expect(a.equals(b)).toBe(true);
    }
  });

  it("draws a layered scene's last frame (plate, product and unmoved text layers) as its motion clip shows it", async () => {
    const dir = work.dir;
    const layers = { background: files.img[1], foreground: path.join(dir, "fg.png"), text: path.join(dir, "text.png") };
    const square = (size: number, background: { r: number; g: number; b: number; alpha: number }) =>
      sharp({ create: { width: size, height: size, channels: 4, background } })
        .png()
        .toBuffer();
    await sharp({ create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: await square(120, { r: 250, g: 200, b: 20, alpha: 1 }), left: 90, top: 140 }])
      .png()
      .toFile(layers.foreground);
    await sharp({ create: { ...SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: await square(40, { r: 255, g: 255, b: 255, alpha: 1 }), left: 20, top: 20 }])
      .png()
      .toFile(layers.text);
    const durationSec = CLIP_SECONDS[1];
    const motion = new LocalMotionProvider({ workDir: path.join(work.dir, "motion") });
    const clip = await motion.animate({ image: files.img[1], layers, durationSec, aspectRatio: "9:16", size: SIZE, sceneIndex: 1, style: "Unboxing" });
    const frames = Math.round(durationSec * 30);
    const out = path.join(dir, "last-layered.png");
    await drawLastFrame(
      { kind: "image", path: files.img[1], layers, beats: { list: clip.beats!, transition: clip.transition! } },
      { frames, size: SIZE, fps: 30, workDir: dir, out },
    );
    const psnr = async (at: number) => {
      const args = [
        ...["-hide_banner", "-nostdin", "-i", out, "-ss", at.toFixed(3), "-i", clip.path],
        ...["-frames:v", "1", "-lavfi", "[0:v]format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]psnr", "-f", "null", "-"],
      ];
      return Number(/average:([\d.]+|inf)/.exec((await runProcess(ffmpegPath(), args)).stderr)?.[1].replace("inf", "99"));
    };
    const last = await psnr((frames - 1) / 30);
    expect(last).toBeGreaterThan(30);
    expect(last).toBeGreaterThan((await psnr(0)) + 3);
  });

  it("falls back to the clip when a file it was made from is missing", async () => {
    const [scene] = await createVideoScenes("Lifestyle");
    if (scene.visual.kind !== "clip" || !scene.visual.madeFrom) throw new Error("expected a clip");
    const missing: RenderScene = { ...scene, visual: { ...scene.visual, madeFrom: { ...scene.visual.madeFrom, image: path.join(work.dir, "gone.jpg") } } };
    calls.length = 0;
    await new LocalRenderProvider({ workDir: path.join(work.dir, "w-missing") }).render({ scenes: [missing], format: "mp4", size: SIZE });
    const [encode] = videoEncodes(calls);
    expect(inputsOf(encode).filter((f) => f.endsWith(".mp4"))).toHaveLength(1);
    expect(valueOf(encode, "-filter_complex")).not.toMatch(/zoompan/);
  });

  it("shows the motion clip's frames: the segment drawn from the beats matches the clip it replaces", async () => {
    const [scene] = await createVideoScenes("Product Showcase");
    if (scene.visual.kind !== "clip") throw new Error("expected a clip");
    const clip = { path: scene.visual.path };
    const motion = new LocalMotionProvider({ workDir: path.join(work.dir, "motion") });
    const other = await motion.animate({
      image: files.img[0],
      durationSec: CLIP_SECONDS[0],
      aspectRatio: "9:16",
      size: SIZE,
      sceneIndex: 0,
      variant: "pan-left",
    });
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "w-psnr") });
    const result = await renderer.render({ scenes: [{ ...scene, captionText: "" }], format: "mp4", size: SIZE, captions: false });
    // PSNR of the render against a clip, after the first scene's fade-in and before the last scene's fade-out.
    const psnr = async (against: string) => {
      const out = await runProcess(ffmpegPath(), [
        ...["-hide_banner", "-nostdin", "-ss", "0.4", "-i", result.path, "-ss", "0.4", "-i", against],
        ...["-t", String(Math.max(0.5, result.durationSec - 1)), "-lavfi", "[0:v][1:v]psnr", "-f", "null", "-"],
      ]);
      return Number(/average:([\d.]+|inf)/.exec(out.stderr)?.[1].replace("inf", "99"));
    };
    const same = await psnr(clip.path);
    const different = await psnr(other.path);
    expect(same).toBeGreaterThan(different + 3);
    expect(same).toBeGreaterThan(25);
  });
});
