// The ad's sound is mixed while the pictures hold every render permit
// (docs/decisions/394-the-sound-not-queued-behind-the-pictures.md).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { mediaLimiter } from "~/providers/media/limiter.server";
import { mixSegments } from "~/providers/render/join.server";
import type { PlannedScene } from "~/providers/render/segment.server";
import { tmpWorkDir, writeTone } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000 });

let work: ReturnType<typeof tmpWorkDir>;
beforeAll(() => {
  work = tmpWorkDir("sound-not-queued");
});
afterAll(() => work.cleanup());

it("mixes, levels and encodes the ad's sound while every render permit is held by pictures", async () => {
  const d = work.dir;
  const jobDir = path.join(d, "job");
  const cacheDir = path.join(d, "cache");
  mkdirSync(jobDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const planned = [
    { index: 0, frames: 30, audioFile: writeTone(path.join(d, "a.wav"), 1, 220) },
    { index: 1, frames: 30, audioFile: writeTone(path.join(d, "b.wav"), 1, 330) },
  ] as unknown as PlannedScene[];
  const music = writeTone(path.join(d, "music.wav"), 2, 110, 0.3);

  const limiter = mediaLimiter();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = Array.from({ length: limiter.limit }, () => limiter.run(() => gate));
  try {
    expect(limiter.running).toBe(limiter.limit);
    const mixed = mixSegments(
      {
        cacheDir,
        planned,
        request: { scenes: [], format: "mp4", music: { path: music } },
        formats: new Map([[music, "wav"]]),
        jobDir,
        format: "mp4",
        fps: 30,
        joinWeight: 1,
      },
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the sound waited for a render permit")), 20_000);
    });
    const track = await Promise.race([mixed, waited]).finally(() => clearTimeout(timer));
    // Done while the pictures' permits are all still taken.
    expect(limiter.running).toBe(limiter.limit);
    const probe = await probeMedia(track);
    expect(probe.durationSec).toBeGreaterThan(1.9);
    expect(probe.durationSec).toBeLessThan(2.2);
  } finally {
    open();
    await Promise.all(held);
  }
});
