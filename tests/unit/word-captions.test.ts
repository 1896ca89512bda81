// Word-by-word captions (issue 14 §3): timed to the voice's own speech, not spread evenly.
import { describe, expect, it } from "vitest";
import { captionBand, captionGroups, captionSteps, captionStyleFor, speechIslands, wordTimings } from "~/providers/render/captions.server";
import { safeArea } from "~/providers/media/safe-zones";

describe("speech islands", () => {
  it("are the kept spans minus their silences, placed end to end from the offset", () => {
    const keep = [
      { start: 0.5, end: 2.1 },
      { start: 3.0, end: 4.0 },
    ];
    const silences = [
      { start: 0, end: 0.52 },
      { start: 1.2, end: 1.35 },
      { start: 2.0, end: 3.1 },
      { start: 4.0, end: 5 },
    ];
    expect(speechIslands(silences, keep, 0.04)).toEqual([
      { start: 0.06, end: 0.74 },
      { start: 0.89, end: 1.54 },
      { start: 1.74, end: 2.64 },
    ]);
  });
});

describe("word timings", () => {
  it("give each phrase its own stretch of speech when the pauses match the punctuation", () => {
    const words = wordTimings("Tired of soggy salads? Meet CrispBox.", [
      { start: 0.1, end: 1.5 },
      { start: 1.8, end: 2.6 },
    ]);
    expect(words.map((w) => w.text)).toEqual(["Tired", "of", "soggy", "salads?", "Meet", "CrispBox."]);
    expect(words[3].end).toBeCloseTo(1.5, 3);
    expect(words[4].start).toBeCloseTo(1.8, 3);
    // Longer words take longer: not evenly spread.
    expect(words[1].end - words[1].start).toBeLessThan(words[2].end - words[2].start);
  });

  it("leave the silences without words otherwise", () => {
    const words = wordTimings("one two three four", [
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
    for (const w of words) expect(w.start >= 1 - 1e-9 && w.end <= 2 + 1e-9 && w.end - w.start > 0.01).toBe(false);
  });
});

describe("caption groups and steps", () => {
  it("show one to three words at a time, each word highlighted while it is said", () => {
    const words = wordTimings("Its sealed dressing pod keeps your greens crisp for hours.", [{ start: 0, end: 3 }]);
    const groups = captionGroups(words, 20);
    for (const g of groups) expect(g.length).toBeLessThanOrEqual(3);
    const steps = captionSteps(groups, 3.5);
    expect(steps).toHaveLength(words.length);
    for (let i = 1; i < steps.length; i++) expect(steps[i].start).toBeGreaterThanOrEqual(steps[i - 1].end - 1e-9);
  });

  // Issue 24 item 4-5 (ADR 350): the band is the lower third of the platform-safe area now, not
  // the old fixed line under the shots' content (captionSafeTop); it sits in the frame's lower half.
  it("sit in the lower part of the safe area, in every aspect ratio", () => {
    for (const size of [
      { width: 720, height: 1280 },
      { width: 1280, height: 720 },
      { width: 1080, height: 1080 },
    ]) {
      const band = captionBand(size, captionStyleFor("Unboxing"));
      expect(band.top).toBeGreaterThanOrEqual(safeArea(size).top);
      expect(band.top + band.height).toBeLessThanOrEqual(safeArea(size).bottom);
      expect(band.top + band.height / 2).toBeGreaterThan(size.height * 0.55);
    }
  });
});
