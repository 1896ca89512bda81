// Progress by step and the time left of a Create Video run (issue 25 item 6,
// docs/decisions/355-storyboard-and-eta.md). Pure and client-safe: the server computes the view,
// the browser counts the seconds down. Each finished run records when its steps ended
// (stories.stepTimes); this install's speed is the median over the last finished runs, in seconds
// of work per planned second of video, for the two long phases: the scenes (voice-overs and
// pictures, made side by side) and the render (compile and finishing).

/** When a run's steps ended (ISO 8601), with the video's planned seconds and scene count. */
export type StepTimes = {
  /** The request was submitted (the story row's creation). */
  submittedAt?: string;
  /** The script was divided and the storyboard stored. */
  plannedAt?: string;
  /** Every scene's voice-over and picture, and the music, were made, and the scenes' motion planned (their clips come after Ready). */
  scenesDoneAt?: string;
  /** The video was rendered and the story marked Ready. */
  readyAt?: string;
  videoSec?: number;
  scenes?: number;
};

export type MeasuredSpeed = {
  /** Seconds of work per second of video while the scenes are made. */
  scenesPerVideoSec: number;
  /** Seconds of work per second of video for the render. */
  renderPerVideoSec: number;
  /** How many finished runs the figures come from (0: the first-run estimate). */
  samples: number;
};

/** How many finished runs the rolling measure looks at. */
export const SPEED_WINDOW = 10;

/**
 * The first-run estimate, before this install has finished a run: about what the local providers
 * take on a small 2-core machine (scenes ~3 s and render ~1.5 s per second of video). Stated as an
 * estimate on the page until measured.
 */
export const FIRST_RUN_SPEED: MeasuredSpeed = { scenesPerVideoSec: 3, renderPerVideoSec: 1.5, samples: 0 };

export function median(values: number[]): number | null {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!xs.length) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

const seconds = (from?: string, to?: string): number | null => {
  if (!from || !to) return null;
  const d = (Date.parse(to) - Date.parse(from)) / 1000;
  return Number.isFinite(d) && d >= 0 ? d : null;
};

/** The phases' rates of one finished run, or null when it lacks a time or its length. */
export function runRates(t: StepTimes): { scenes: number; render: number } | null {
  const video = t.videoSec ?? 0;
  const scenes = seconds(t.plannedAt, t.scenesDoneAt);
  const render = seconds(t.scenesDoneAt, t.readyAt);
  if (!(video > 0) || scenes === null || render === null) return null;
  return { scenes: scenes / video, render: render / video };
}

/** This install's speed: the median of the last SPEED_WINDOW finished runs (newest first), else the first-run estimate. */
export function speedFromHistory(history: StepTimes[]): MeasuredSpeed {
  const rates = history
    .map(runRates)
    .filter((r): r is { scenes: number; render: number } => r !== null)
    .slice(0, SPEED_WINDOW);
  if (!rates.length) return FIRST_RUN_SPEED;
  return { scenesPerVideoSec: median(rates.map((r) => r.scenes))!, renderPerVideoSec: median(rates.map((r) => r.render))!, samples: rates.length };
}

export type ProgressStepKey = "storyboard" | "voice" | "pictures" | "render";
export type ProgressStep = { key: ProgressStepKey; label: string; done: number; total: number; state: "waiting" | "working" | "done" };

/**
 * What the run has done: scenes with their voice-over and with their picture (the still; the render
 * draws its motion, and the scene's clip is made after Ready: ADR 380), and the render's percent.
 */
export type RunState = {
  planned: boolean;
  scenes: number;
  voicesDone: number;
  picturesDone: number;
  /** 0-100 once the render has started, else null. */
  renderPercent: number | null;
  ready: boolean;
};

export function progressSteps(s: RunState): ProgressStep[] {
  const state = (done: number, total: number, started: boolean): ProgressStep["state"] =>
    done >= total && total > 0 ? "done" : started ? "working" : "waiting";
  const scenesStarted = s.planned;
  const renderDone = s.ready ? 100 : (s.renderPercent ?? 0);
  return [
    { key: "storyboard", label: "Storyboard", done: s.planned ? 1 : 0, total: 1, state: s.planned ? "done" : "working" },
    { key: "voice", label: "Voice", done: s.voicesDone, total: s.scenes, state: state(s.voicesDone, s.scenes, scenesStarted) },
    { key: "pictures", label: "Pictures", done: s.picturesDone, total: s.scenes, state: state(s.picturesDone, s.scenes, scenesStarted) },
    { key: "render", label: "Render", done: renderDone, total: 100, state: s.ready ? "done" : s.renderPercent !== null ? "working" : "waiting" },
  ];
}

/** The whole run's share done, 0-100, weighted by the measured phases' lengths. */
export function overallPercent(s: RunState, speed: MeasuredSpeed): number {
  if (s.ready) return 100;
  if (!s.planned || s.scenes <= 0) return 0;
  const scenesShare = speed.scenesPerVideoSec / (speed.scenesPerVideoSec + speed.renderPerVideoSec);
  const scenesDone = (s.voicesDone + s.picturesDone) / (2 * s.scenes);
  const renderDone = (s.renderPercent ?? 0) / 100;
  return Math.max(0, Math.min(99, Math.round(100 * (scenesShare * Math.min(1, scenesDone) + (1 - scenesShare) * renderDone))));
}

/**
 * Seconds left of a run at `now`: what the measured speed expects of the phase it is in, less the
 * time spent in it, plus the phases after it. A phase that runs over its expectation is extrapolated
 * from its own progress (elapsed / done share), never below a few seconds while unfinished.
 */
export function secondsLeft(t: StepTimes, s: RunState, speed: MeasuredSpeed, now: number): number {
  if (s.ready) return 0;
  const video = t.videoSec && t.videoSec > 0 ? t.videoSec : 0;
  const scenesExpected = speed.scenesPerVideoSec * video;
  const renderExpected = speed.renderPerVideoSec * video;
  const since = (iso?: string) => (iso ? Math.max(0, (now - Date.parse(iso)) / 1000) : 0);
  const phaseLeft = (expected: number, elapsed: number, doneShare: number) => {
    const plain = expected - elapsed;
    if (plain > 0) return plain;
    const extrapolated = doneShare > 0 && doneShare < 1 ? (elapsed * (1 - doneShare)) / doneShare : 0;
    return Math.max(MIN_SECONDS_LEFT, extrapolated);
  };
  if (!t.plannedAt) return scenesExpected + renderExpected;
  if (!t.scenesDoneAt) {
    const share = s.scenes > 0 ? (s.voicesDone + s.picturesDone) / (2 * s.scenes) : 0;
    return phaseLeft(scenesExpected, since(t.plannedAt), share) + renderExpected;
  }
  return phaseLeft(renderExpected, since(t.scenesDoneAt), (s.renderPercent ?? 0) / 100);
}

/** While a phase is unfinished the time left never reads as zero. */
export const MIN_SECONDS_LEFT = 5;

/** "About 1 min 20 s left", "About 40 s left", "Less than 10 s left". */
export function formatTimeLeft(secondsLeftValue: number): string {
  const s = Math.max(0, Math.round(secondsLeftValue));
  if (s < 10) return "Less than 10 s left";
  if (s < 60) return `About ${Math.round(s / 5) * 5} s left`;
  const m = Math.floor(s / 60);
  const rest = Math.round((s - m * 60) / 10) * 10;
  return rest === 0 || rest === 60 ? `About ${rest === 60 ? m + 1 : m} min left` : `About ${m} min ${rest} s left`;
}

/** What the card and the story page show about a run in progress. */
export type RunProgress = {
  steps: ProgressStep[];
  percent: number;
  /** When the run is expected to be Ready (ISO 8601), from the measured speed; the page counts down to it. */
  etaAt: string;
  secondsLeft: number;
  /** false: the first-run estimate (this install has not finished a run yet). */
  measured: boolean;
  samples: number;
};

export function runProgress(t: StepTimes, s: RunState, speed: MeasuredSpeed, now: number): RunProgress {
  const left = secondsLeft(t, s, speed, now);
  return {
    steps: progressSteps(s),
    percent: overallPercent(s, speed),
    etaAt: new Date(now + left * 1000).toISOString(),
    secondsLeft: Math.round(left),
    measured: speed.samples > 0,
    samples: speed.samples,
  };
}
