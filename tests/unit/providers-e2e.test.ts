// The "done when": with no keys and no network, a script and a product photo become a
// finished mp4 with voice-over, captions, music and motion, using the registry's providers.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { providerStatus } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import { makeOfflineAd, splitScript } from "../../bench/pipeline";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir } from "../providers/helpers";

vi.setConfig({ testTimeout: 180_000 });

const saved = { ...process.env };
let work: ReturnType<typeof tmpWorkDir>;
beforeAll(() => {
  work = tmpWorkDir("e2e");
  for (const k of Object.keys(process.env)) if (/^(VOICE_|IMAGE_|MOTION_|MUSIC_|RENDER_PROVIDER|JSON2VIDEO_|FAL_KEY)/.test(k)) delete process.env[k];
  process.env.DATA_DIR = work.dir;
});
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  work.cleanup();
});

async function meanVolume(file: string, start: number, seconds: number): Promise<number> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", ...inputArgs(file, await demuxerOf(file), ["-ss", String(start), "-t", String(seconds)]), "-af", "volumedetect", "-f", "null", "-"],
    { limiter: null },
  );
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
}

describe("offline script + photo -> video", () => {
  it("splits a script into scenes by paragraph, else by sentences", () => {
    expect(splitScript("One.\n\nTwo.\n\nThree.")).toEqual(["One.", "Two.", "Three."]);
    const long = "word ".repeat(20) + "end.";
    expect(splitScript(`A short one. Another short one. ${long}`, 8)).toEqual(["A short one. Another short one.", long]);
  });

  it("makes a finished mp4 with every provider local", async () => {
    expect(providerStatus().every((s) => s.local)).toBe(true);
    const result = await makeOfflineAd({
      script: "Meet Aurora, the bottle that keeps water cold.\n\nOrder yours today!",
      productPhoto: await productPhoto({ width: 300, height: 400 }),
      voice: "rms",
      style: "UGC Testimonial",
      headline: "Stay cold",
      videoSize: { width: 180, height: 320 },
      imageSize: { width: 270, height: 480 },
      outDir: path.join(work.dir, "out"),
    });
    const info = await probeMedia(result.path);
    expect(info.streams.map((s) => `${s.type}:${s.codec}`)).toEqual(["video:h264", "audio:aac"]);
    expect(info.streams[0]).toMatchObject({ width: 180, height: 320 });
    expect(result.scenes).toHaveLength(2);
    const expected = result.scenes.reduce((a, s) => a + s.durationSec, 0);
    expect(Math.abs(info.durationSec - expected)).toBeLessThan(0.1);
    expect(result.scenes[0].durationSec).toBeGreaterThan(sceneDurationFor(1));
    // Speech is there, and the music bed carries on in the quiet tail after the last words.
    expect(await meanVolume(result.path, 0.3, 1)).toBeGreaterThan(-35);
    expect(await meanVolume(result.path, info.durationSec - 0.45, 0.3)).toBeGreaterThan(-60);
  });
});
