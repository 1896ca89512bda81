// Sound and finish of a rendered ad (issue 14 §4, §5, §7): the fixed 3-scene script with offline
// voices, product shots and music has no dead air between its first and last word, is normalised
// to -14 LUFS with true peaks at or below -1 dBTP, and gets a poster that is not the black of the
// fade-in. Rendered small (180x320) to stay quick.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { gainToTarget, parseEbur128 } from "~/providers/render/loudness.server";
import { lumaStats, makePoster, POSTER_LUMA, posterTimes } from "~/providers/render/poster.server";
import { keepFilter, keptSeconds, MAX_PAUSE, parseSilences, speechKeep } from "~/providers/render/speech.server";
import type { RenderResult } from "~/providers/render/types";
import { tmpWorkDir } from "../providers/helpers";
import { deadAir, lumaRange, MAX_GAP_SEC, meanLuma, measureLoudness } from "../providers/media-checks";
import { soundFinishInputs } from "../providers/sound-inputs";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const SIZE = { width: 180, height: 320 };
let work: ReturnType<typeof tmpWorkDir>;
let withMusic: RenderResult;
let voiceOnly: RenderResult;
let quiet: RenderResult;

beforeAll(async () => {
  work = tmpWorkDir("sound-finish");
  const inputs = await soundFinishInputs(path.join(work.dir, "inputs"), SIZE);
  const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "render") });
  withMusic = await renderer.render({ scenes: inputs.scenes, music: inputs.music, format: "mp4", size: SIZE });
  voiceOnly = await renderer.render({ scenes: inputs.scenes, format: "mp4", size: SIZE });
  // The same voice-overs 12 dB quieter (another TTS engine's level) under a loud bed.
  const quietScenes = await Promise.all(
    inputs.scenes.map(async (scene, i) => {
      const file = path.join(work.dir, `quiet-${i}.wav`);
      await runFfmpeg([...inputArgs(scene.voiceOver!.path, await demuxerOf(scene.voiceOver!.path)), "-af", "volume=-12dB", file], { limiter: null });
      return { ...scene, voiceOver: { path: file } };
    }),
  );
  quiet = await renderer.render({ scenes: quietScenes, music: { ...inputs.music, volume: 0.8 }, format: "mp4", size: SIZE });
});
afterAll(() => work.cleanup());

describe("sound of the fixed 3-scene ad", () => {
  it("has no pause longer than 0.3 s between the first and the last word", async () => {
    const air = await deadAir(voiceOnly.path, voiceOnly.durationSec);
    expect(air.gaps).toEqual([]);
    expect(air.longestSec).toBeLessThanOrEqual(MAX_GAP_SEC);
    // Speech starts promptly.
    expect(air.speechStartSec).toBeLessThan(0.3);
  });

  it("is normalised to -14 LUFS integrated with true peaks at or below -1 dBTP", async () => {
    for (const video of [withMusic, voiceOnly, quiet]) {
      const loud = await measureLoudness(video.path);
      expect(Math.abs(loud.integratedLufs - -14)).toBeLessThanOrEqual(1);
      expect(loud.truePeakDb).toBeLessThanOrEqual(-1);
    }
  });

  it("ducks the music under the voice: the mix is the voice with a quiet bed", async () => {
    // During speech the music adds little energy: the two mixes differ by under 1.5 LU.
    const a = await measureLoudness(withMusic.path);
    const b = await measureLoudness(voiceOnly.path);
    expect(Math.abs(a.integratedLufs - b.integratedLufs)).toBeLessThan(1.5);
  });
});

describe("poster", () => {
  it("is a bright, detailed frame of the first scene, within the video's normal luma range", async () => {
    const poster = await makePoster(withMusic.path, { firstSceneSec: withMusic.scenes[0].durationSec, videoSec: withMusic.durationSec, root: work.dir });
    expect(poster.timeSec).toBeGreaterThanOrEqual(0.5);
    expect(poster.timeSec).toBeLessThan(withMusic.scenes[0].durationSec);
    const luma = await meanLuma(poster.path);
    const range = await lumaRange(withMusic.path, withMusic.durationSec, 1);
    // POSTER_LUMA is on the picker's own (full-range) scale; the range check compares like with like.
    expect((await lumaStats(poster.path)).meanLuma).toBeGreaterThan(POSTER_LUMA.min);
    expect(luma).toBeGreaterThanOrEqual(range.p10 - 5);
    expect(luma).toBeLessThanOrEqual(range.p90 + 5);
    // The frame cards used to show (0.1 s in, during the fade from black) is far darker.
    expect(await meanLuma(withMusic.path, 0.1)).toBeLessThan(luma - 40);
  });

  it("takes candidates after the fade-in, inside the first scene", () => {
    const times = posterTimes(4, 12);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...times)).toBeLessThan(4);
    expect(posterTimes(0.6, 0.6).every((t) => t < 0.6)).toBe(true);
  });
});

describe("speech tightening", () => {
  it("trims leading and trailing silence and shortens long pauses", () => {
    const log = [
      "[silencedetect @ 0x1] silence_start: 0",
      "[silencedetect @ 0x1] silence_end: 0.226 | silence_duration: 0.226",
      "[silencedetect @ 0x1] silence_start: 1.0",
      "[silencedetect @ 0x1] silence_end: 1.1 | silence_duration: 0.1",
      "[silencedetect @ 0x1] silence_start: 3.68",
      "[silencedetect @ 0x1] silence_end: 4.08 | silence_duration: 0.4",
      "[silencedetect @ 0x1] silence_start: 6.16",
    ].join("\n");
    const silences = parseSilences(log, 6.34);
    expect(silences).toEqual([
      { start: 0, end: 0.226 },
      { start: 1, end: 1.1 },
      { start: 3.68, end: 4.08 },
      { start: 6.16, end: 6.34 },
    ]);
    const keep = speechKeep(silences, 6.34);
    expect(keep[0].start).toBeCloseTo(0.206, 3);
    expect(keep[keep.length - 1].end).toBeCloseTo(6.19, 3);
    // The 0.4 s pause becomes MAX_PAUSE; the 0.1 s one stays.
    expect(keep).toHaveLength(2);
    expect(keep[1].start - keep[0].end).toBeCloseTo(0.4 - MAX_PAUSE, 3);
    expect(keptSeconds(keep)).toBeCloseTo(6.19 - 0.206 - (0.4 - MAX_PAUSE), 3);
    expect(keepFilter("in", "out", keep)).toContain("concat=n=2:v=0:a=1[out]");
  });

  it("keeps a file without speech, or without silences, whole", () => {
    expect(speechKeep([{ start: 0, end: 2 }], 2)).toEqual([{ start: 0, end: 2 }]);
    expect(speechKeep([], 1.5)).toEqual([{ start: 0, end: 1.5 }]);
  });
});

describe("loudness", () => {
  it("reads ebur128's summary and never amplifies silence", () => {
    const log =
      "[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -19.6 LUFS\n    Threshold: -30.0 LUFS\n\n  True peak:\n    Peak:       -0.8 dBFS\n";
    expect(parseEbur128(log)).toEqual({ integratedLufs: -19.6, truePeakDb: -0.8 });
    expect(gainToTarget(-19.6)).toBeCloseTo(5.6, 5);
    expect(gainToTarget(-70)).toBe(0);
    expect(gainToTarget(-Infinity)).toBe(0);
  });
});
