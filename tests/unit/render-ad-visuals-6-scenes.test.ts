// The fixed 6-scene ad (issue 14 §7), in one Style (the bench covers every Style): made as the
// Create Video pipeline makes it (tests/providers/ad-inputs.ts), with music, rendered small, and
// held to the same figures as the bench: shot changes >= scenes, no layout twice in a row, no
// pause > 0.3 s between the first and the last word, -14 ± 1 LUFS with true peak <= -1 dBTP, a
// poster inside the video's luma range, the hook on screen within 2 s and the call to action in
// the last 3 s (tesseract, when installed), captions at 4.5:1 or more.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { captionContrast, captionStyleFor } from "~/providers/render/captions.server";
import { makePoster } from "~/providers/render/poster.server";
import type { RenderResult } from "~/providers/render/types";
import type { AdStructure } from "~/providers/llm/planner/ad-structure";
import { AD_SCRIPT_6, adInputs, adVoices } from "../providers/ad-inputs";
import { tmpWorkDir } from "../providers/helpers";
import { deadAir, lumaRange, MAX_GAP_SEC, meanLuma, measureLoudness } from "../providers/media-checks";
import { hasTesseract, shotChanges, textOnScreen, wordsFound } from "../providers/visual-checks";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const STYLE = "Problem / Solution";
const SIZE = { width: 270, height: 480 };
let work: ReturnType<typeof tmpWorkDir>;
let plan: AdStructure;
let video: RenderResult;
let voiceOnly: RenderResult;

beforeAll(async () => {
  work = tmpWorkDir("ad-visuals-6");
  const voices = await adVoices(path.join(work.dir, "voices"), AD_SCRIPT_6);
  const inputs = await adInputs(path.join(work.dir, "ad"), STYLE, SIZE, voices);
  plan = inputs.plan;
  const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "render") });
  video = await renderer.render(inputs.request);
  voiceOnly = await renderer.render({ ...inputs.request, music: undefined });
});
afterAll(() => work.cleanup());

describe(`the fixed 6-scene ad as ${STYLE}`, () => {
  it("has six scenes, a shot change at every boundary and no layout twice in a row", async () => {
    expect(video.scenes).toHaveLength(6);
    expect((await shotChanges(video.path)).length + 1).toBeGreaterThanOrEqual(6);
    for (let i = 1; i < plan.shots.length; i++) expect(plan.shots[i].shot).not.toBe(plan.shots[i - 1].shot);
  });

  it("has no pause longer than 0.3 s between the first and the last word, and is at -14 ± 1 LUFS", async () => {
    const air = await deadAir(voiceOnly.path, voiceOnly.durationSec);
    expect(air.gaps).toEqual([]);
    expect(air.longestSec).toBeLessThanOrEqual(MAX_GAP_SEC);
    const loud = await measureLoudness(video.path);
    expect(Math.abs(loud.integratedLufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeakDb).toBeLessThanOrEqual(-1);
  });

  it("gets a poster inside the video's normal luma range", async () => {
    const poster = await makePoster(video.path, { firstSceneSec: video.scenes[0].durationSec, videoSec: video.durationSec, root: work.dir });
    const luma = await meanLuma(poster.path);
    const range = await lumaRange(video.path, video.durationSec, 2);
    expect(luma).toBeGreaterThan(40);
    expect(luma).toBeGreaterThanOrEqual(range.p10 - 5);
    expect(luma).toBeLessThanOrEqual(range.p90 + 5);
  });

  it("shows the hook within 2 s and the call to action in the last 3 s, captioned at 4.5:1 or more", async () => {
    expect(captionContrast(captionStyleFor(STYLE))).toBeGreaterThanOrEqual(4.5);
    expect(plan.shots.at(-1)!.shot).toBe("end-card");
    expect(video.scenes.at(-1)!.durationSec).toBeGreaterThanOrEqual(3);
    if (!(await hasTesseract())) return;
    const hook = await textOnScreen(video.path, 1.5, SIZE);
    expect(wordsFound(hook, plan.shots[0].headline), `hook OCR: ${hook}`).toBeGreaterThanOrEqual(2);
    const end = await textOnScreen(video.path, video.durationSec - 1.5, SIZE);
    expect(wordsFound(end, plan.callToAction), `end OCR: ${end}`).toBeGreaterThanOrEqual(2);
  });
});
