// A user's clip whose subject is off-centre keeps it in frame when cropped to a portrait ad
// (issue 23: "cropped to the chosen ratio keeping the subject in frame"; ADR 315).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ffmpegPath } from "~/providers/media/ffmpeg.server";
import { clipStill, fitClip } from "~/providers/motion/clip.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "clip-crop-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Red pixels in a frame (R high, G and B low). */
async function redPixels(image: Buffer | string): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] > 180 && data[i + 1] < 80 && data[i + 2] < 80) n++;
  return n;
}

describe("an own clip with its subject at the right edge", () => {
  it("is cropped around the subject, in the scene's video and in its still", async () => {
    const clip = path.join(dir, "right.mp4");
    // 16:9, dark, with a red square near the right edge.
    execFileSync(ffmpegPath(), [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "color=c=0x203040:s=640x360:d=2:r=30",
      "-vf",
      "drawbox=x=520:y=130:w=90:h=90:color=red:t=fill,format=yuv420p",
      "-c:v",
      "libx264",
      clip,
    ]);
    const size = { width: 180, height: 320 };
    const still = await clipStill(clip, size);
    expect(await redPixels(still)).toBeGreaterThan(500);
    const fitted = await fitClip(clip, { durationSec: 1.5, size });
    const frame = path.join(dir, "frame.png");
    execFileSync(ffmpegPath(), ["-y", "-loglevel", "error", "-ss", "0.7", "-i", fitted.path, "-frames:v", "1", frame]);
    expect(await redPixels(frame)).toBeGreaterThan(500);
    rmSync(fitted.path, { force: true });
  });
});
