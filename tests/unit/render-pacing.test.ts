// Pacing (issue 24 item 1, ADR 335): the fixed 3-scene ad, made as the Create Video pipeline makes
// it (tests/providers/ad-inputs.ts: each scene's clip cut into beats by the local motion), rendered
// small. Picture changes per 10 s counted twice: by ffmpeg scene detection and from the motion's
// own cut list (plus the cuts between scenes), both within 5-7; none closer than 0.8 s. Scene
// detection sees a frame over the shot-change threshold, or a listed cut where the scene score
// peaks (a punch-in between framings of one shot, its text held still: ADR 381).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalRenderProvider } from "~/providers/render/local.server";
import type { RenderResult } from "~/providers/render/types";
import { adInputs, adVoices } from "../providers/ad-inputs";
import { tmpWorkDir } from "../providers/helpers";
import { detectedChanges } from "../providers/attention-checks";
import { sceneScores } from "../providers/visual-checks";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const SIZE = { width: 270, height: 480 };
/** One Style per kind of beat transition: a flash, a hard cut, a dip. */
const STYLES = ["Product Showcase", "UGC Testimonial", "Lifestyle"];
let work: ReturnType<typeof tmpWorkDir>;
const ads = new Map<string, { video: RenderResult; cuts: number[]; detected: number[] }>();

/** The picture changes of the render from the clips' cut lists: each scene's beat cuts inside its rendered length, and each scene start after the first. */
function recordedChanges(video: RenderResult, clipCuts: number[][]): number[] {
  const out: number[] = [];
  let start = 0;
  for (const [i, scene] of video.scenes.entries()) {
    if (i > 0) out.push(start);
    for (const cut of clipCuts[i] ?? []) if (cut < scene.durationSec - 0.05) out.push(start + cut);
    start += scene.durationSec;
  }
  return out;
}

beforeAll(async () => {
  work = tmpWorkDir("pacing");
  const voices = await adVoices(path.join(work.dir, "voices"));
  const renderer = new LocalRenderProvider({ workDir: path.join(work.dir, "render") });
  for (const style of STYLES) {
    const { request, cuts } = await adInputs(path.join(work.dir, style.replace(/\W+/g, "-")), style, SIZE, voices, { music: false });
    const video = await renderer.render(request);
    const listed = recordedChanges(video, cuts);
    ads.set(style, { video, cuts: listed, detected: detectedChanges(await sceneScores(video.path), listed) });
  }
});
afterAll(() => work.cleanup());

describe.each(STYLES)("the fixed 3-scene ad as %s", (style) => {
  it("changes picture 5-7 times per 10 s by its cut list, none under 0.8 s apart, the first within 2 s", () => {
    const { video, cuts } = ads.get(style)!;
    const rate = (cuts.length / video.durationSec) * 10;
    expect(rate, `cut list ${cuts.map((c) => c.toFixed(2)).join(" ")} over ${video.durationSec.toFixed(2)} s`).toBeGreaterThanOrEqual(5);
    expect(rate).toBeLessThanOrEqual(7);
    expect(cuts[0]).toBeLessThanOrEqual(2);
    // The renderer reports the same list (RenderResult.cuts, ADR 375).
    expect(video.cuts?.length).toBe(cuts.length);
    for (const [i, c] of cuts.entries()) expect(video.cuts![i]).toBeCloseTo(c, 2);
    const edges = [0, ...cuts, video.durationSec];
    for (let i = 1; i < edges.length; i++) expect(edges[i] - edges[i - 1], `beat ${i} of ${edges.join(" ")}`).toBeGreaterThanOrEqual(0.8 - 0.04);
    // The end card holds 2-3 s.
    const hold = video.durationSec - cuts.at(-1)!;
    expect(hold).toBeGreaterThanOrEqual(2 - 0.05);
    expect(hold).toBeLessThanOrEqual(3.05);
  });

  it("changes picture 5-7 times per 10 s by ffmpeg scene detection, at the cuts it lists", () => {
    const { video, cuts, detected } = ads.get(style)!;
    const rate = (detected.length / video.durationSec) * 10;
    const msg = `detected ${detected.map((c) => c.toFixed(2)).join(" ")}; listed ${cuts.map((c) => c.toFixed(2)).join(" ")}`;
    expect(rate, msg).toBeGreaterThanOrEqual(5);
    expect(rate, msg).toBeLessThanOrEqual(7);
    const seen = cuts.filter((c) => detected.some((d) => Math.abs(d - c) <= 0.2));
    expect(seen.length / cuts.length, msg).toBeGreaterThanOrEqual(0.8);
  });
});
