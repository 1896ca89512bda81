// The storyboard's shape (beats as the motion provider plans them, captions shared out, material
// chosen) and the ETA maths (rolling median of this install's runs, time left per phase, the
// count-down text) of docs/decisions/355-storyboard-and-eta.md.
import { describe, expect, it } from "vitest";
import {
  FIRST_RUN_SPEED,
  formatTimeLeft,
  median,
  MIN_SECONDS_LEFT,
  overallPercent,
  progressSteps,
  runProgress,
  runRates,
  secondsLeft,
  SPEED_WINDOW,
  speedFromHistory,
  type RunState,
  type StepTimes,
} from "~/models/stories/eta";
import { beatCaptions, buildStoryboard, parseStoryboard } from "~/models/stories/storyboard";
import { FRAMING_ZOOM, MOTION_TAIL_SLACK_SECONDS, planBeats } from "~/providers/motion/beats";

const T0 = Date.parse("2026-11-26T10:00:00.000Z");
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/** A finished run of `video` seconds: scenes took `scenes` s, the render `render` s. */
function run(video: number, scenes: number, render: number): StepTimes {
  return { submittedAt: at(-1), plannedAt: at(0), scenesDoneAt: at(scenes), readyAt: at(scenes + render), videoSec: video, scenes: 3 };
}

describe("the rolling measure", () => {
  it("is the median of the last runs, per second of video, for each phase", () => {
    const speed = speedFromHistory([run(10, 30, 10), run(20, 100, 20), run(10, 40, 30)]);
    // scenes: 3, 5, 4 → 4; render: 1, 1, 3 → 1.
    expect(speed).toEqual({ scenesPerVideoSec: 4, renderPerVideoSec: 1, samples: 3 });
  });

  it("looks at the newest SPEED_WINDOW runs only and skips runs without times", () => {
    const slowOld = Array.from({ length: 20 }, () => run(10, 100, 100));
    const fresh = Array.from({ length: SPEED_WINDOW }, () => run(10, 20, 10));
    const speed = speedFromHistory([{ plannedAt: at(0) }, ...fresh, ...slowOld]);
    expect(speed).toEqual({ scenesPerVideoSec: 2, renderPerVideoSec: 1, samples: SPEED_WINDOW });
  });

  it("falls back to the first-run estimate, flagged as not measured", () => {
    expect(speedFromHistory([])).toBe(FIRST_RUN_SPEED);
    expect(speedFromHistory([{ plannedAt: at(0), videoSec: 5 }])).toBe(FIRST_RUN_SPEED);
    expect(runProgress({}, state({ planned: false }), FIRST_RUN_SPEED, T0).measured).toBe(false);
  });

  it("median and rates handle even counts, bad times and zero lengths", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(runRates({ ...run(10, 30, 10), videoSec: 0 })).toBeNull();
    expect(runRates({ ...run(10, 30, 10), readyAt: at(-5) })).toBeNull();
  });
});

function state(over: Partial<RunState> = {}): RunState {
  return { planned: true, scenes: 3, voicesDone: 0, picturesDone: 0, renderPercent: null, ready: false, ...over };
}

describe("the time left", () => {
  const speed = { scenesPerVideoSec: 4, renderPerVideoSec: 1, samples: 5 };
  const planned: StepTimes = { plannedAt: at(0), videoSec: 10, scenes: 3 };

  it("counts the expected phases down from the measured speed", () => {
    // 40 s of scenes and 10 s of render expected; 15 s into the scenes: 25 + 10 left.
    expect(secondsLeft(planned, state(), speed, T0 + 15_000)).toBe(35);
    // In the render, 4 s in: 6 left.
    expect(secondsLeft({ ...planned, scenesDoneAt: at(40) }, state({ renderPercent: 30 }), speed, T0 + 44_000)).toBe(6);
    // Before the plan: both phases of the planned length (unknown length: 0).
    expect(secondsLeft({}, state({ planned: false }), speed, T0)).toBe(0);
    expect(secondsLeft({ videoSec: 10 }, state({ planned: false }), speed, T0)).toBe(50);
  });

  it("extrapolates a phase that runs over from its own progress, never reading zero while unfinished", () => {
    // 60 s into scenes expected to take 40 s, half the steps done: 60 more, plus the render.
    expect(secondsLeft(planned, state({ voicesDone: 3, picturesDone: 0 }), speed, T0 + 60_000)).toBe(60 + 10);
    // Over, with nothing to extrapolate from: the floor.
    expect(secondsLeft({ ...planned, scenesDoneAt: at(40) }, state({ renderPercent: 0 }), speed, T0 + 90_000)).toBe(MIN_SECONDS_LEFT);
    expect(secondsLeft(planned, state({ ready: true }), speed, T0 + 90_000)).toBe(0);
  });

  it("gives the ETA as a time and the share done weighted by the phases", () => {
    const p = runProgress(planned, state({ voicesDone: 3, picturesDone: 3 }), speed, T0 + 10_000);
    expect(p.etaAt).toBe(new Date(T0 + 10_000 + p.secondsLeft * 1000).toISOString());
    // Scenes are 4/5 of the work and done: 80 %.
    expect(p.percent).toBe(80);
    expect(overallPercent(state({ ready: true }), speed)).toBe(100);
    expect(overallPercent(state({ planned: false }), speed)).toBe(0);
  });

  it("shows each step's state", () => {
    const steps = progressSteps(state({ voicesDone: 3, picturesDone: 1, renderPercent: null }));
    expect(steps.map((s) => [s.key, s.state, s.done, s.total])).toEqual([
      ["storyboard", "done", 1, 1],
      ["voice", "done", 3, 3],
      ["pictures", "working", 1, 3],
      ["render", "waiting", 0, 100],
    ]);
    expect(progressSteps(state({ voicesDone: 3, picturesDone: 3, renderPercent: 40 }))[3]).toMatchObject({ state: "working", done: 40 });
  });

  it("reads as a person would say it", () => {
    expect(formatTimeLeft(3)).toBe("Less than 10 s left");
    expect(formatTimeLeft(42)).toBe("About 40 s left");
    expect(formatTimeLeft(60)).toBe("About 1 min left");
    expect(formatTimeLeft(83)).toBe("About 1 min 20 s left");
    expect(formatTimeLeft(178)).toBe("About 3 min left");
  });
});

describe("the storyboard", () => {
  const scenes = [
    { title: "Meet Aurora", voiceOver: "Meet Aurora, the serum for a morning glow.", durationSec: 4.2, mediaRef: "/resources/files/product-photos/u/a.png" },
    { title: "Fast", voiceOver: "It sinks in fast and never feels sticky.", durationSec: 3.6, mediaRef: "/resources/files/product-clips/u/b.mp4" },
    { title: "Try it", voiceOver: "Try Aurora today!", durationSec: 3, mediaRef: null },
  ];

  it("has the beats the motion provider plans, with their framing's zoom", () => {
    const board = buildStoryboard({ aspectRatio: "9:16", style: "UGC", productRef: "/resources/files/product-photos/u/p.png", scenes });
    expect(board.scenes).toHaveLength(3);
    for (const [i, scene] of board.scenes.entries()) {
      const planned = planBeats(scenes[i].durationSec, { sceneIndex: i, endCard: i === 2, tailSlackSec: MOTION_TAIL_SLACK_SECONDS });
      expect(scene.beats.map((b) => [b.start, b.durationSec, b.framing])).toEqual(planned.map((b) => [b.start, b.durationSec, b.framing]));
      for (const b of scene.beats) expect(b.zoom).toBe(FRAMING_ZOOM[b.framing]);
    }
    expect(board.totalSec).toBeCloseTo(10.8, 3);
  });

  it("shows each scene's own photo or clip, else the product photo, else a typographic card", () => {
    const board = buildStoryboard({ aspectRatio: "9:16", style: null, productRef: "/resources/files/product-photos/u/p.png", scenes });
    expect(board.scenes.map((s) => s.material.kind)).toEqual(["photo", "clip", "product"]);
    const noProduct = buildStoryboard({ aspectRatio: "1:1", style: null, productRef: null, scenes: [{ ...scenes[2] }] });
    expect(noProduct.scenes[0].material).toEqual({ kind: "text", ref: null });
  });

  it("shares every voice-over word out over the beats, in order, by time", () => {
    const board = buildStoryboard({ aspectRatio: "9:16", style: null, productRef: null, scenes });
    for (const [i, scene] of board.scenes.entries())
      expect(
        scene.beats
          .map((b) => b.caption)
          .filter(Boolean)
          .join(" "),
      ).toBe(scenes[i].voiceOver);
    expect(beatCaptions("one two three four", [1, 1])).toEqual(["one two", "three four"]);
    expect(beatCaptions("one", [1, 1, 1])).toEqual(["one", "", ""]);
    expect(beatCaptions("", [1])).toEqual([""]);
  });

  it("is read back from its stored JSON, and anything else is no storyboard", () => {
    const board = buildStoryboard({ aspectRatio: "16:9", style: null, productRef: null, scenes });
    expect(parseStoryboard(JSON.parse(JSON.stringify(board)))).toEqual(board);
    expect(parseStoryboard(null)).toBeNull();
    expect(parseStoryboard({ version: 2, scenes: [] })).toBeNull();
  });
});
