import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { captionCapacity, captionChunks } from "~/providers/render/captions.server";
import { LocalRenderProvider, sceneDurationFor } from "~/providers/render/local.server";
import type { RenderRequest, RenderStage } from "~/providers/render/types";
import { productPhoto } from "../providers/fixtures";
import { tinyClip, tmpWorkDir, writeTone } from "../providers/helpers";

vi.setConfig({ testTimeout: 120_000 });

let work: ReturnType<typeof tmpWorkDir>;
let files: { img1: string; img2: string; clip: string; v1: string; v2: string; v3: string; music: string };
const SIZE = { width: 180, height: 320 };

beforeAll(async () => {
  work = tmpWorkDir("render");
  const d = work.dir;
  files = {
    img1: path.join(d, "img1.jpg"),
    img2: path.join(d, "img2.jpg"),
    clip: await tinyClip(path.join(d, "clip.mp4"), 1),
    v1: writeTone(path.join(d, "v1.wav"), 1.2, 220),
    v2: writeTone(path.join(d, "v2.wav"), 0.9, 260),
    v3: writeTone(path.join(d, "v3.wav"), 1.0, 300),
    music: writeTone(path.join(d, "music.wav"), 0.7, 110, 0.3),
  };
  writeFileSync(files.img1, await productPhoto({ width: 300, height: 400 }));
  writeFileSync(files.img2, await productPhoto({ width: 300, height: 400, colour: "#be123c", label: "ROSE" }));
});
afterAll(() => work.cleanup());

function threeScenes(): RenderRequest["scenes"] {
  return [
    { id: "a", visual: { kind: "image", path: files.img1 }, voiceOver: { path: files.v1 }, captionText: "Meet Aurora, the bottle that keeps water cold." },
    { id: "b", visual: { kind: "clip", path: files.clip }, voiceOver: { path: files.v2 }, captionText: "नमस्ते! आज ही ऑर्डर करें।" },
    { id: "c", visual: { kind: "image", path: files.img2, motion: "pan-right" }, voiceOver: { path: files.v3 }, captionText: "Order yours today." },
  ];
}

describe("captions", () => {
  it("splits text into timed chunks that fit two lines", () => {
    const cap = captionCapacity({ width: 720, height: 1280 });
    const chunks = captionChunks(
      "Meet Aurora. The bottle that keeps your water ice-cold for twenty-four hours, wherever you go. Order today!",
      0.15,
      6.15,
      cap,
    );
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(cap);
    expect(chunks[0].start).toBe(0.15);
    expect(chunks[chunks.length - 1].end).toBeCloseTo(6.15, 2);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].start).toBeCloseTo(chunks[i - 1].end, 3);
    expect(captionChunks("", 0, 1, cap)).toEqual([]);
  });

  it("sizes a scene to its voice-over in whole frames", () => {
    expect(sceneDurationFor(2, 30, false)).toBeCloseTo(2.1, 5);
    expect(sceneDurationFor(2)).toBeCloseTo(2.64 + 1 / 60, 1);
    const frames = sceneDurationFor(1.234) * 30;
    expect(Math.abs(frames - Math.round(frames))).toBeLessThan(1e-9);
  });
});

describe("local renderer", () => {
  it.each(["mp4", "webm"] as const)("renders 3 scenes to %s with voice, music, captions and motion in sync", async (format) => {
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, format) });
    const progress: Array<[number, RenderStage]> = [];
    const r = await renderer.render({ scenes: threeScenes(), music: { path: files.music }, format, size: SIZE }, (p, s) => progress.push([p, s]));
    const info = await probeMedia(r.path);
    const video = info.streams.find((s) => s.type === "video")!;
    const audio = info.streams.find((s) => s.type === "audio")!;
    if (format === "mp4") {
      expect(info.formatName).toContain("mp4");
      expect(video.codec).toBe("h264");
      expect(audio.codec).toBe("aac");
    } else {
      expect(info.formatName).toContain("webm");
      expect(video.codec).toBe("vp9");
      expect(audio.codec).toBe("opus");
    }
    expect([video.width, video.height]).toEqual([180, 320]);
    expect(audio.channels).toBe(2);
    const expected = [1.2, 0.9, 1.0].map((v, i) => sceneDurationFor(v, 30, i === 2)).reduce((a, b) => a + b, 0);
    expect(r.scenes.map((s) => s.durationSec)).toEqual([1.2, 0.9, 1.0].map((v, i) => expect.closeTo(sceneDurationFor(v, 30, i === 2), 3)));
    expect(Math.abs(info.durationSec - expected)).toBeLessThan(0.1);
    expect(r).toMatchObject({ format, mime: `video/${format}`, width: 180, height: 320, provider: "local-ffmpeg" });
    // Progress: whole percentages, never going back, ending at 100.
    const percents = progress.map(([p]) => p);
    expect(percents[percents.length - 1]).toBe(100);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]);
    expect(progress.some(([, s]) => s === "scenes")).toBe(true);
    expect(progress.some(([, s]) => s === "joining")).toBe(true);
    expect(new Set(percents).size).toBeGreaterThan(3);
  });

  it("re-renders only the changed scene on a re-compile", async () => {
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "cache") });
    const first = await renderer.render({ scenes: threeScenes(), format: "mp4", size: SIZE });
    expect(first.scenes.map((s) => s.cached)).toEqual([false, false, false]);
    const again = await renderer.render({ scenes: threeScenes(), format: "mp4", size: SIZE });
    expect(again.scenes.map((s) => s.cached)).toEqual([true, true, true]);
    const edited = threeScenes();
    edited[1] = { ...edited[1], captionText: "Edited caption for the middle scene" };
    // The ad's sound is kept by what it is made of (ADR 391): an edited caption takes the same one.
    const sounds = () => readdirSync(renderer.cacheDir).filter((n) => /^mix-\w+\.m4a$/.test(n));
    expect(sounds()).toHaveLength(1);
    const sound = path.join(renderer.cacheDir, sounds()[0]);
    const inode = statSync(sound).ino;
    const third = await renderer.render({ scenes: edited, format: "mp4", size: SIZE });
    expect(third.scenes.map((s) => s.cached)).toEqual([true, false, true]);
    expect(third.scenes[1].hash).not.toBe(first.scenes[1].hash);
    expect(sounds()).toHaveLength(1);
    expect(statSync(sound).ino, "the kept sound taken, not made again").toBe(inode);
    // A changed voice-over file (same path, new content) is noticed too, and so is its new sound.
    writeTone(files.v3, 1.4, 300);
    const fourth = await renderer.render({ scenes: edited, format: "mp4", size: SIZE });
    expect(fourth.scenes.map((s) => s.cached)).toEqual([true, true, false]);
    expect(fourth.scenes[2].durationSec).toBeCloseTo(sceneDurationFor(1.4), 3);
    expect(sounds()).toHaveLength(2);
    writeTone(files.v3, 1.0, 300);
  });

  it("ducks the music under the voice", async () => {
    // Voice: a 1 kHz tone in scene 1, silence in scene 2. Music: a steady 150 Hz tone.
    const d = path.join(work.dir, "duck");
    const renderer = new LocalRenderProvider({ workDir: d });
    const voice = writeTone(path.join(work.dir, "duck-voice.wav"), 2, 1000, 0.7);
    const silent = writeTone(path.join(work.dir, "duck-silent.wav"), 2, 0);
    const music = writeTone(path.join(work.dir, "duck-music.wav"), 1, 150, 0.5);
    const r = await renderer.render({
      scenes: [
        { visual: { kind: "image", path: files.img1 }, voiceOver: { path: voice } },
        { visual: { kind: "image", path: files.img1 }, voiceOver: { path: silent } },
      ],
      music: { path: music, volume: 0.5 },
      format: "mp4",
      size: { width: 90, height: 160 },
      captions: false,
    });
    const level = async (start: number) => {
      const { stderr } = await runFfmpeg(
        [
          "-loglevel",
          "info",
          ...inputArgs(r.path, await demuxerOf(r.path), ["-ss", String(start), "-t", "1"]),
          "-af",
          "lowpass=f=300,lowpass=f=300,volumedetect",
          "-f",
          "null",
          "-",
        ],
        { limiter: null },
      );
      return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
    };
    const during = await level(0.6);
    const after = await level(3.3);
    expect(after - during).toBeGreaterThan(6);
  });

  it("is ready when ffmpeg starts", async () => {
    expect(await new LocalRenderProvider({ workDir: path.join(work.dir, "ready") }).checkReady()).toEqual({ ok: true, message: "ffmpeg is ready" });
  });

  it("rejects empty projects, missing files and bad formats", async () => {
    const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "bad") });
    await expect(renderer.render({ scenes: [], format: "mp4" })).rejects.toThrow(/no scenes/);
    await expect(renderer.render({ scenes: [{ visual: { kind: "image", path: "/nope.jpg" } }], format: "mp4" })).rejects.toThrow(/no image or video/);
    await expect(renderer.render({ scenes: threeScenes(), format: "avi" as never })).rejects.toThrow(/mp4 or webm/);
  });
});
