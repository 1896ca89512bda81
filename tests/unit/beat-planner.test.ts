// Pacing (issue 24 item 1, ADR 335): the beat planner of the local motion.
import { describe, expect, it } from "vitest";
import {
  BEAT_MIN_SECONDS,
  MOTION_TAIL_SLACK_SECONDS as SLACK,
  STYLE_TRANSITIONS,
  beatCount,
  beatCuts,
  beatFrames,
  beatTransitionFor,
  planBeats,
  type Beat,
} from "~/providers/motion/beats";
import { AD_STYLES } from "~/providers/llm/planner/ad-structure";

/** Picture changes per 10 s of an ad made of scenes of these lengths (the last one the end card): beat cuts plus scene cuts. */
function changesPer10s(scenes: number[]): number {
  const beats = scenes.map((d, i) => planBeats(d, { sceneIndex: i, endCard: scenes.length > 1 && i === scenes.length - 1 }));
  const changes = beats.reduce((n, b) => n + b.length, 0) - 1;
  return (changes / scenes.reduce((a, b) => a + b, 0)) * 10;
}

const total = (beats: Beat[]) => beats.reduce((a, b) => a + b.durationSec, 0);

describe("beat planner", () => {
  it("cuts a scene into beats of about 1.4 s, none under 0.8 s or over 2 s, covering the scene exactly", () => {
    const expected: [number, number][] = [
      [1, 1],
      [2, 1],
      [2.4, 2],
      [3.4, 2],
      [4.5, 3],
      [6, 4],
      [8, 6],
      [12, 9],
    ];
    for (const [seconds, count] of expected) expect([seconds, beatCount(seconds)]).toEqual([seconds, count]);
    for (let d = 1.6; d <= 20; d += 0.1) {
      const beats = planBeats(d, { sceneIndex: 1 });
      expect(Math.abs(total(beats) - d)).toBeLessThan(0.01);
      for (const b of beats) {
        expect(b.durationSec).toBeGreaterThanOrEqual(BEAT_MIN_SECONDS);
        expect(b.durationSec).toBeLessThanOrEqual(2 + 1e-9);
      }
      for (let i = 1; i < beats.length; i++) {
        expect(beats[i].start).toBeCloseTo(beats[i - 1].start + beats[i - 1].durationSec, 2);
        // Shot type (crop) and move alternate: never the same twice in a row.
        expect(beats[i].framing).not.toBe(beats[i - 1].framing);
        expect(beats[i].move).not.toBe(beats[i - 1].move);
      }
    }
  });

  it("gives 5-7 picture changes per 10 s for typical scene lengths", () => {
    for (const scenes of [
      [4.5, 4.5, 4.5],
      [3.4, 5.1, 4.2],
      [6, 6, 6],
      [2.8, 3.3, 3.9, 4.4, 5, 3.1],
      [5.5, 7, 6.5, 4],
      [3, 4, 5, 6, 7, 8],
    ]) {
      const rate = changesPer10s(scenes);
      expect(rate, `${scenes.join(", ")}: ${rate.toFixed(2)} per 10 s`).toBeGreaterThanOrEqual(5);
      expect(rate, `${scenes.join(", ")}: ${rate.toFixed(2)} per 10 s`).toBeLessThanOrEqual(7);
    }
  });

  it("opens the ad wide (product and claim on screen) and cuts within 2 s", () => {
    for (const d of [2.5, 4, 6, 9]) {
      const [first, second] = planBeats(d, { sceneIndex: 0, variant: "pan-right" });
      expect(first).toMatchObject({ start: 0, framing: "wide", move: "pan-right" });
      expect(first.durationSec).toBeLessThanOrEqual(2);
      expect(second.start).toBeLessThanOrEqual(2);
    }
  });

  it("holds the end card as one wide beat of 2-3 s at the end of the last scene", () => {
    for (let d = 2; d <= 12; d += 0.25) {
      const beats = planBeats(d, { sceneIndex: 2, endCard: true });
      const hold = beats.at(-1)!;
      expect(hold.framing).toBe("wide");
      expect(hold.durationSec).toBeGreaterThanOrEqual(2);
      expect(hold.durationSec).toBeLessThanOrEqual(3);
      expect(hold.start + hold.durationSec).toBeCloseTo(d, 2);
      for (const b of beats) expect(b.durationSec).toBeGreaterThanOrEqual(BEAT_MIN_SECONDS);
      if (beats.length > 1) expect(beats.at(-2)!.framing).not.toBe("wide");
    }
    // A short end card is one beat.
    expect(planBeats(2.8, { endCard: true, sceneIndex: 2 })).toHaveLength(1);
  });

  it("splits frames exactly and lists the cuts", () => {
    const beats = planBeats(4.6, { sceneIndex: 1 });
    const frames = beatFrames(beats, 138, 30);
    expect(frames.reduce((a, b) => a + b, 0)).toBe(138);
    expect(Math.min(...frames)).toBeGreaterThanOrEqual(24);
    expect(beatCuts(beats)).toEqual(beats.slice(1).map((b) => b.start));
  });

  it("joins beats by a short transition that differs by Style", () => {
    const kinds = new Set(AD_STYLES.map((s) => beatTransitionFor(s).kind));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    for (const s of [...AD_STYLES, null, "Something else"]) {
      const t = beatTransitionFor(s);
      if (t.kind !== "cut") expect(t.seconds).toBeLessThanOrEqual(0.3);
    }
    expect(STYLE_TRANSITIONS.length).toBeGreaterThan(0);
  });
});

describe("beat planner with a tail the renderer may cut", () => {
  it("gives the slack to the last beat, so a scene shortened by it keeps every beat at 0.8 s or more", () => {
    for (let d = 2; d <= 12; d += 0.1) {
      for (const endCard of [false, true]) {
        const beats = planBeats(d, { sceneIndex: 1, endCard, tailSlackSec: SLACK });
        expect(Math.abs(total(beats) - d)).toBeLessThan(0.01);
        const shown = beats.map((b, i) => (i === beats.length - 1 ? b.durationSec - Math.min(SLACK, Math.max(0, d - 1.6)) : b.durationSec));
        for (const s of shown) expect(s).toBeGreaterThanOrEqual(BEAT_MIN_SECONDS - 1e-9);
        // The end card as shown holds 2-3 s when the scene has room for it.
        if (endCard && d - SLACK >= 2) {
          expect(shown.at(-1)).toBeGreaterThanOrEqual(2 - 1e-9);
          expect(shown.at(-1)).toBeLessThanOrEqual(3 + 1e-9);
        }
      }
    }
  });
});
