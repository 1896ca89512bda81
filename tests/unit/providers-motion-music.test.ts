import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { MOTION_VARIANTS } from "~/providers/motion/types";
import { motionVariantFor, zoompanFilter } from "~/providers/motion/zoompan.server";
import { composeBed, moodFor } from "~/providers/music/composer";
import { fitMusicTrack } from "~/providers/music/fit.server";
import { LocalMusicProvider } from "~/providers/music/local.server";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir, writeTone } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000 });

let work: ReturnType<typeof tmpWorkDir>;
let image: Buffer;
beforeAll(async () => {
  work = tmpWorkDir("motion-music");
  image = await productPhoto({ width: 360, height: 640 });
});
afterAll(() => work.cleanup());

async function lastFrame(file: string, out: string): Promise<Buffer> {
  await runFfmpeg([...inputArgs(file, await demuxerOf(file), ["-sseof", "-0.1"]), "-frames:v", "1", out], { limiter: null });
  return sharp(out).raw().toBuffer();
}

describe("local motion", () => {
  const motion = () => new LocalMotionProvider({ workDir: work.dir });

  it("animates a still into an H.264 clip of the requested length and size", async () => {
    const r = await motion().animate({ image, durationSec: 2, aspectRatio: "9:16", size: { width: 180, height: 320 }, variant: "zoom-in" });
    const info = await probeMedia(r.path);
    expect(info.streams).toHaveLength(1);
    expect(info.streams[0]).toMatchObject({ type: "video", codec: "h264", width: 180, height: 320, pixelFormat: "yuv420p" });
    expect(Math.abs(info.durationSec - 2)).toBeLessThan(0.1);
    expect(r).toMatchObject({ mime: "video/mp4", width: 180, height: 320, variant: "zoom-in" });
  });

  it("moves differently per variant", async () => {
    const frames: Buffer[] = [];
    for (const variant of ["zoom-in", "pan-left"] as const) {
      const r = await motion().animate({ image, durationSec: 1, aspectRatio: "9:16", size: { width: 90, height: 160 }, variant });
      frames.push(await lastFrame(r.path, path.join(work.dir, `${variant}.png`)));
    }
    let diff = 0;
    for (let i = 0; i < frames[0].length; i++) diff += Math.abs(frames[0][i] - frames[1][i]);
    expect(diff / frames[0].length).toBeGreaterThan(2);
  });

  it("picks a deterministic move per scene, never the same twice in a row", () => {
    for (let i = 0; i < 10; i++) {
      expect(motionVariantFor(i, "project-1")).toBe(motionVariantFor(i, "project-1"));
      expect(motionVariantFor(i, "project-1")).not.toBe(motionVariantFor(i + 1, "project-1"));
      expect(MOTION_VARIANTS).toContain(motionVariantFor(i));
    }
    expect(zoompanFilter("zoom-in", 60, { width: 720, height: 1280 }, 30)).toMatch(/^zoompan=z='1\+0\.16\*.*:d=60:s=720x1280:fps=30$/);
  });

  it("rejects bad durations and unreadable images", async () => {
    await expect(motion().animate({ image, durationSec: 0, aspectRatio: "1:1" })).rejects.toThrow(/Duration/);
    await expect(motion().animate({ image: Buffer.from("nope"), durationSec: 1, aspectRatio: "1:1" })).rejects.toThrow(/cannot be read/);
  });
});

describe("music", () => {
  it("maps moods and style words", () => {
    expect(moodFor("UGC Testimonial")).toBe("warm");
    expect(moodFor("Problem / Solution")).toBe("dramatic");
    expect(moodFor("Unboxing")).toBe("playful");
    expect(moodFor("Lifestyle")).toBe("upbeat");
    expect(moodFor(undefined)).toBe("confident");
  });

  it("composes a full-length score with drums, bass and chords", () => {
    const score = composeBed({ mood: "upbeat", durationSec: 15, seed: "p1" });
    const names = score.tracks.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["chords", "bass", "drums"]));
    const lastTick = Math.max(...score.tracks.flatMap((t) => t.notes.map((n) => n.tick + n.duration)));
    expect((lastTick / score.ppq) * (60 / score.bpm)).toBeGreaterThanOrEqual(15);
    expect(composeBed({ mood: "upbeat", durationSec: 15, seed: "p1" })).toEqual(score);
    expect(score.tracks.find((t) => t.name === "drums")!.channel).toBe(9);
  });

  it("renders a bed offline with the soundfont, at the requested length", async () => {
    const r = await new LocalMusicProvider({ workDir: work.dir }).generate({ mood: "warm", durationSec: 3 });
    const info = await probeMedia(r.path);
    expect(info.streams[0]).toMatchObject({ type: "audio", codec: "pcm_s16le", channels: 2, sampleRate: 44100 });
    expect(Math.abs(info.durationSec - 3)).toBeLessThan(0.05);
    expect(r.description).toMatch(/^warm, 88 bpm/);
    // Not silence: measure the level with ffmpeg.
    const { stderr } = await runFfmpeg(["-loglevel", "info", ...inputArgs(r.path, await demuxerOf(r.path)), "-af", "volumedetect", "-f", "null", "-"], {
      limiter: null,
    });
    const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
    expect(mean).toBeGreaterThan(-40);
  });

  it("loops a short uploaded track and trims a long one", async () => {
    const short = writeTone(path.join(work.dir, "short.wav"), 1, 330);
    const looped = await fitMusicTrack(short, 3.5, { workDir: work.dir });
    const a = await probeMedia(looped.path);
    expect(a.streams[0]).toMatchObject({ type: "audio", codec: "aac" });
    expect(Math.abs(a.durationSec - 3.5)).toBeLessThan(0.1);
    expect(looped.description).toContain("looped");
    const long = writeTone(path.join(work.dir, "long.wav"), 5, 330);
    const trimmed = await fitMusicTrack(long, 2, { workDir: work.dir });
    expect(Math.abs((await probeMedia(trimmed.path)).durationSec - 2)).toBeLessThan(0.1);
    await expect(fitMusicTrack(path.join(work.dir, "short.wav.missing"), 2, { workDir: work.dir })).rejects.toThrow(/no readable audio/);
  });
});
