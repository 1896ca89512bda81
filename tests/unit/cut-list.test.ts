// The ad's cut list (ADR 375): the cuts a local motion clip is encoded with are the ones the
// compile recomputes for it (clipCuts), and adCutList puts each scene's cuts after its start,
// dropping the ones past its rendered length.
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { beatCuts, planBeats, MOTION_TAIL_SLACK_SECONDS } from "~/providers/motion/beats";
import { adCutList, clipCuts, encodedBeats, MOTION_FPS } from "~/providers/motion/cut-list";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { tmpWorkDir } from "../providers/helpers";

const work = tmpWorkDir("cut-list");
afterAll(() => work.cleanup());

describe("adCutList", () => {
  it("offsets each scene's cuts by its start and adds each scene start after the first", () => {
    expect(
      adCutList([
        { durationSec: 3, cuts: [1.4] },
        { durationSec: 2.5, cuts: [1.2] },
        { durationSec: 4, cuts: [1, 2] },
      ]),
    ).toEqual([1.4, 3, 4.2, 5.5, 6.5, 7.5]);
  });

  it("drops cuts past (or within 0.05 s of) the scene's rendered end, at 0, and sorts", () => {
    expect(
      adCutList([
        { durationSec: 2, cuts: [2.5, 1.97, 0, 1] },
        { durationSec: 2, cuts: null },
      ]),
    ).toEqual([1, 2]);
    expect(adCutList([{ durationSec: 5 }])).toEqual([]);
    expect(adCutList([])).toEqual([]);
  });
});

describe("clipCuts", () => {
  it("are the planned beats' cuts in whole frames", () => {
    for (const sec of [2.5, 4.1, 6.03, 9]) {
      for (const o of [{ sceneIndex: 0 }, { sceneIndex: 2 }, { sceneIndex: 3, endCard: true }]) {
        const planned = beatCuts(planBeats(sec, { ...o, tailSlackSec: MOTION_TAIL_SLACK_SECONDS }));
        const cuts = clipCuts(sec, o);
        expect(cuts.length).toBe(planned.length);
        for (const [i, c] of cuts.entries()) {
          expect(Math.abs(c - planned[i])).toBeLessThanOrEqual(1 / MOTION_FPS);
          expect(Math.abs(c * MOTION_FPS - Math.round(c * MOTION_FPS))).toBeLessThan(0.05);
        }
        const e = encodedBeats(sec, o);
        expect(e.beatFrames.reduce((a, b) => a + b, 0)).toBe(e.frames);
      }
    }
  });

  it("are the cuts the local motion reports for the clip it encodes", async () => {
    const still = path.join(work.dir, "still.jpg");
    writeFileSync(
      still,
      await sharp({ create: { width: 90, height: 160, channels: 3, background: "#3366aa" } })
        .jpeg()
        .toBuffer(),
    );
    const motion = new LocalMotionProvider({ workDir: work.dir });
    for (const o of [{ sceneIndex: 0 }, { sceneIndex: 2, endCard: true }]) {
      const clip = await motion.animate({ image: still, durationSec: 5.2, aspectRatio: "9:16", size: { width: 90, height: 160 }, ...o });
      expect(clip.cuts).toEqual(clipCuts(5.2, o));
      expect(clip.cuts!.length).toBeGreaterThan(1);
    }
  }, 60_000);
});
