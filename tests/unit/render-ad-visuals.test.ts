// Structure and variety of a rendered ad (issue 14 §1-3, §7): the fixed 3-scene script with a
// product photo in every Style, made as the Create Video pipeline makes it (tests/providers/
// ad-inputs.ts), rendered small. Shot changes by ffmpeg scene detection; the hook on screen
// within 2 s and the call to action in the last 3 s read back with tesseract (when installed;
// without it, the plan's text timing is checked and the OCR check is reported as skipped).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AD_STYLES } from "~/providers/llm/planner/ad-structure";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { captionContrast, captionStyleFor } from "~/providers/render/captions.server";
import type { RenderResult } from "~/providers/render/types";
import type { AdStructure } from "~/providers/llm/planner/ad-structure";
import { adInputs, adVoices } from "../providers/ad-inputs";
import { tmpWorkDir } from "../providers/helpers";
import { hasTesseract, shotChanges, textOnScreen, wordsFound } from "../providers/visual-checks";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const SIZE = { width: 270, height: 480 };
let work: ReturnType<typeof tmpWorkDir>;
const ads = new Map<string, { plan: AdStructure; video: RenderResult }>();
let ocr = false;

beforeAll(async () => {
  work = tmpWorkDir("ad-visuals");
  ocr = await hasTesseract();
  const voices = await adVoices(path.join(work.dir, "voices"));
  const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "render") });
  for (const style of AD_STYLES) {
    const { plan, request } = await adInputs(path.join(work.dir, style.replace(/\W+/g, "-")), style, SIZE, voices, { music: false });
    ads.set(style, { plan, video: await renderer.render(request) });
  }
});
afterAll(() => (process.env.KEEP_AD_VISUALS ? undefined : work.cleanup()));

describe.each(AD_STYLES)("the fixed 3-scene ad as %s", (style) => {
  it("changes shot at least once per scene boundary (shots >= scenes) and never repeats a layout back to back", async () => {
    const { plan, video } = ads.get(style)!;
    const changes = await shotChanges(video.path);
    // The first shot starts at frame 0; every cut after it is a detected change.
    expect(changes.length + 1).toBeGreaterThanOrEqual(plan.shots.length);
    for (let i = 1; i < plan.shots.length; i++) expect(plan.shots[i].shot).not.toBe(plan.shots[i - 1].shot);
  });

  it("shows the hook within 2 s and the call to action in the last 3 s", async () => {
    const { plan, video } = ads.get(style)!;
    expect(plan.shots[0].beat).toBe("hook");
    expect(plan.shots.at(-1)!.shot).toBe("end-card");
    // The end card (with the CTA) covers the whole last scene, which is longer than 3 s.
    const last = video.scenes.at(-1)!;
    expect(last.durationSec).toBeGreaterThanOrEqual(3);
    if (!ocr) return;
    const hook = await textOnScreen(video.path, 1.5, SIZE);
    expect(wordsFound(hook, plan.shots[0].headline), `hook OCR: ${hook}`).toBeGreaterThanOrEqual(2);
    const end = await textOnScreen(video.path, video.durationSec - 1.5, SIZE);
    expect(wordsFound(end, plan.callToAction), `end OCR: ${end}`).toBeGreaterThanOrEqual(2);
  });

  it("captions its words at 4.5:1 or more", () => {
    expect(captionContrast(captionStyleFor(style))).toBeGreaterThanOrEqual(4.5);
  });
});
