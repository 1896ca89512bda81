// A scene drawn in two parts at once shows the frames it shows drawn whole
// (docs/decisions/395-a-scene-drawn-in-two-parts.md).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ffmpegPath, probeMedia, runProcess } from "~/providers/media/ffmpeg.server";
import type { Beat, BeatTransition } from "~/providers/motion/beats";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalRenderProvider, sceneDurationFor } from "~/providers/render/local.server";
import { segmentParts, type PlannedScene } from "~/providers/render/segment.server";
import type { RenderFormat, RenderScene } from "~/providers/render/types";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir, writeTone } from "../providers/helpers";

vi.setConfig({ testTimeout: 180_000 });

// Failure injection for one test: the second part's ffmpeg fails at once, the first waits for its signal.
const inject = vi.hoisted(() => ({ on: false, firstAborted: false, folderThere: false }));
vi.mock("~/providers/media/ffmpeg.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/providers/media/ffmpeg.server")>();
  return {
    ...real,
    runFfmpeg: (args: string[], options?: Parameters<typeof real.runFfmpeg>[1]) => {
      const out = args[args.length - 1] ?? "";
      if (inject.on && /part-1\.mp4$/.test(out)) return Promise.reject(new real.MediaProcessError("the second part failed", 1, ""));
      if (inject.on && /part-0\.mp4$/.test(out))
        return new Promise((_, reject) => {
          const stopped = () => {
            inject.firstAborted = true;
            // Still running, so its folder must still be there.
            inject.folderThere = existsSync(path.dirname(out));
            reject(new real.MediaProcessError("stopped", null, "", "SIGTERM"));
          };
          if (options?.signal?.aborted) stopped();
          else options?.signal?.addEventListener("abort", stopped);
        });
      return real.runFfmpeg(args, options);
    },
  };
});

let work: ReturnType<typeof tmpWorkDir>;
let img: string;
let voice: string;
let layers: { background: string; foreground: string; text: string };
const SIZE = { width: 180, height: 320 };
const VOICE_SECONDS = 3.6;

beforeAll(async () => {
  work = tmpWorkDir("scene-parts");
  img = path.join(work.dir, "img.jpg");
  writeFileSync(img, await productPhoto({ width: 300, height: 400, colour: "#1d4ed8", label: "PARTS" }));
  voice = writeTone(path.join(work.dir, "v.wav"), VOICE_SECONDS, 240);
  // A parallax shot's layers: the plate, a product square with alpha, a text mark laid over unmoved.
  const square = (side: number, background: { r: number; g: number; b: number; alpha: number }) =>
    sharp({ create: { width: side, height: side, channels: 4, background } })
      .png()
      .toBuffer();
  const clear = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  layers = { background: img, foreground: path.join(work.dir, "fg.png"), text: path.join(work.dir, "text.png") };
  await clear(300, 400)
    .composite([{ input: await square(120, { r: 250, g: 200, b: 20, alpha: 1 }), left: 90, top: 140 }])
    .png()
    .toFile(layers.foreground);
  await clear(SIZE.width, SIZE.height)
    .composite([{ input: await square(40, { r: 255, g: 255, b: 255, alpha: 1 }), left: 20, top: 20 }])
    .png()
    .toFile(layers.text);
});
afterAll(() => work.cleanup());
afterEach(() => vi.restoreAllMocks());

const beat = (start: number, durationSec: number): Beat => ({ start, durationSec, framing: "wide", move: "pan-left" });
const still = (beats?: { list: Beat[]; transition: BeatTransition }) =>
  ({
    frames: 120,
    index: 1,
    dissolveFrom: null,
    scene: { id: "s", visual: { kind: "image", path: "x.jpg", ...(beats ? { beats } : {}) } },
  }) as unknown as PlannedScene;

describe("where a scene is cut into parts", () => {
  it("cuts a still's scene near its middle, and leaves short scenes and clips whole", () => {
    expect(segmentParts(still(), 3, 30)).toEqual([
      { from: 0, count: 60 },
      { from: 60, count: 60 },
    ]);
    expect(segmentParts({ ...still(), frames: 59 }, 3, 30)).toEqual([{ from: 0, count: 59 }]);
    const clip = { ...still(), scene: { id: "c", visual: { kind: "clip", path: "c.mp4" } } } as unknown as PlannedScene;
    expect(segmentParts(clip, 3, 30)).toEqual([{ from: 0, count: 120 }]);
  });

  it("cuts only at a beat's start where the beats fade in, anywhere in a hard cut", () => {
    const list = [beat(0, 1.5), beat(1.5, 1.2), beat(2.7, 1.3)];
    // Beats of 45, 36 and 39 frames, the later two fading in: the nearest frame to the middle (60) on the caption grid
    // (every 6th) outside their fades is 42, in the first beat; off the grid, the beat starts 45 and 81.
    expect(segmentParts(still({ list, transition: { kind: "flash", seconds: 0.2 } }), 3, 30)[1]).toEqual({ from: 42, count: 78 });
    expect(segmentParts(still({ list: [beat(0, 0.5), beat(0.5, 1.3), beat(1.8, 2.2)], transition: { kind: "flash", seconds: 0.2 } }), 3, 30)[1]).toEqual({
      from: 54,
      count: 66,
    });
    expect(segmentParts(still({ list, transition: { kind: "cut" } }), 3, 30)[1]).toEqual({ from: 60, count: 60 });
  });

  it("covers every frame once, each part at least a second long (so the soft cut, the fade-in and the fade-out stay in one part)", () => {
    for (let frames = 1; frames <= 200; frames++) {
      for (const index of [0, 1, 2]) {
        const parts = segmentParts({ ...still(), frames, index, dissolveFrom: index ? { path: "p.png", at: 0 } : null } as PlannedScene, 3, 30);
        expect(parts[0].from).toBe(0);
        expect(parts.reduce((a, w) => a + w.count, 0)).toBe(frames);
        for (let k = 1; k < parts.length; k++) expect(parts[k].from).toBe(parts[k - 1].from + parts[k - 1].count);
        if (parts.length > 1) expect(Math.min(...parts.map((w) => w.count))).toBeGreaterThanOrEqual(30);
        expect(parts.length).toBe(frames >= 60 ? 2 : 1);
      }
    }
  });
});

/** PSNR of each frame of `a` against the frame of `b` with the same number (dB; 99 for identical frames). */
async function framePsnr(a: string, b: string): Promise<number[]> {
  const stats = path.join(work.dir, `psnr-${Date.now()}.log`);
  await runProcess(ffmpegPath(), [
    "-hide_banner",
    "-nostdin",
    "-i",
    a,
    "-i",
    b,
    "-lavfi",
    `[0:v]setpts=N/(30*TB)[a];[1:v]setpts=N/(30*TB)[b];[a][b]psnr=stats_file=${stats}`,
    "-f",
    "null",
    "-",
  ]);
  return readFileSync(stats, "utf8")
    .trim()
    .split("\n")
    .map((line) => Number(/psnr_avg:([\d.]+|inf)/.exec(line)?.[1].replace("inf", "99")));
}

describe("a scene drawn in two parts", () => {
  // Lifestyle's beats dip in (cut at a beat's start), UGC Testimonial's cut hard (cut inside a beat); a still without
  // beats moves once; Unboxing's beats move a product layer over its plate.
  for (const [format, style, layered] of [
    ["mp4", "Lifestyle", false],
    ["webm", "Product Showcase", false],
    ["mp4", "UGC Testimonial", false],
    ["mp4", null, false],
    ["mp4", "Unboxing", true],
  ] as const) {
    it(`shows every frame as the scene drawn whole (${format}, ${style ? `${style}'s beats` : "one move"}${layered ? " over parallax layers" : ""}, captions)`, async () => {
      const motion = new LocalMotionProvider({ workDir: path.join(work.dir, "motion") });
      const shot = layered ? { layers } : {};
      const clip = style
        ? await motion.animate({ image: img, ...shot, durationSec: sceneDurationFor(VOICE_SECONDS), aspectRatio: "9:16", size: SIZE, sceneIndex: 0, style })
        : null;
      const scene: RenderScene = {
        id: "a",
        visual: clip
          ? { kind: "clip", path: clip.path, madeFrom: { image: img, ...shot, beats: { list: clip.beats!, transition: clip.transition! } } }
          : { kind: "image", path: img, motion: "pan-left" },
        voiceOver: { path: voice },
        captionText: "Every word of this line is shown where it is said.",
      };
      const render = async (cores: number) => {
        vi.spyOn(os, "availableParallelism").mockReturnValue(cores);
        const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, `w-${format}-${cores}`) });
        return renderer.render({ scenes: [scene], format: format as RenderFormat, size: SIZE, seed: "parts" });
      };
      const whole = await render(1);
      const parts = await render(8);
      const [w, p] = await Promise.all([probeMedia(whole.path), probeMedia(parts.path)]);
      expect(p.durationSec).toBeCloseTo(w.durationSec, 1);
      const psnr = await framePsnr(whole.path, parts.path);
      // The encoder's noise only. A part drawing its frames from the wrong point of the move, or its captions from the
      // wrong time, differs in every frame after the cut; a part starting off the captions' time grid (CAPTION_DEMUX_RATE)
      // may change a caption one frame apart.
      expect(psnr.filter((v) => v < 30).length).toBeLessThanOrEqual(2);
      expect(psnr.slice().sort((a, b) => a - b)[Math.floor(psnr.length / 2)]).toBeGreaterThan(40);
    });
  }
});

describe("a part that fails", () => {
  it("stops its sibling, and the render fails with its error", async () => {
    vi.spyOn(os, "availableParallelism").mockReturnValue(8);
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "w-fail") });
    inject.on = true;
    inject.firstAborted = false;
    inject.folderThere = false;
    try {
      await expect(
        renderer.render({
          scenes: [{ id: "f", visual: { kind: "image", path: img, motion: "zoom-in" }, voiceOver: { path: voice }, captionText: "It fails." }],
          format: "mp4",
          size: SIZE,
        }),
      ).rejects.toThrow("the second part failed");
      expect(inject.firstAborted).toBe(true);
      expect(inject.folderThere).toBe(true);
    } finally {
      inject.on = false;
    }
  });
});
