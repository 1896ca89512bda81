// The ad's cut list (docs/decisions/375-the-ad-cut-list.md): where the picture changes, in
// seconds from the video's start, from the renderer's own plan rather than from the pixels. Pure:
// shared by the local motion (which encodes these beats), the compile (which records the list
// with the video) and the ad-attention bench (which counts picture changes per 10 s with it).
import { beatCuts, beatFrames, MOTION_TAIL_SLACK_SECONDS, planBeats, type Beat, type BeatPlanOptions } from "./beats";

/** The frame rate of a local motion clip. */
export const MOTION_FPS = 30;

/** What a clip's beats depend on besides its length (the first move only changes the moves, not the times). */
export type ClipBeatOptions = Pick<BeatPlanOptions, "sceneIndex" | "variant" | "endCard" | "style">;

/**
 * The beats of a local motion clip of `durationSec` as encoded: whole frames at MOTION_FPS
 * (`beatFrames`: frames per beat, summing to `frames`), times in seconds from the clip's start.
 */
export function encodedBeats(durationSec: number, options: ClipBeatOptions = {}): { frames: number; beats: Beat[]; beatFrames: number[] } {
  const frames = Math.max(1, Math.round(durationSec * MOTION_FPS));
  const planned = planBeats(frames / MOTION_FPS, { ...options, tailSlackSec: MOTION_TAIL_SLACK_SECONDS });
  const lengths = beatFrames(planned, frames, MOTION_FPS);
  let at = 0;
  const beats = planned.map((b, i) => {
    const made = { ...b, start: round3(at / MOTION_FPS), durationSec: round3(lengths[i] / MOTION_FPS) };
    at += lengths[i];
    return made;
  });
  return { frames, beats, beatFrames: lengths };
}

/** Where the picture changes inside a local motion clip of `durationSec` (seconds from its start): MotionResult.cuts of that clip. */
export function clipCuts(durationSec: number, options: ClipBeatOptions = {}): number[] {
  return beatCuts(encodedBeats(durationSec, options).beats);
}

/** A scene of a rendered ad: how long it is shown, and the cuts inside its picture (seconds from the scene's start). */
export type CutListScene = { durationSec: number; cuts?: readonly number[] | null };

/** A cut this close to a scene's end is not shown (the scene is trimmed there, a frame or so). */
export const CUT_END_MARGIN_SECONDS = 0.05;

/**
 * The ad's cut list: each scene's start after the first, and each cut of its picture that falls
 * inside its rendered length, offset by the scene's start. Seconds from the video's start, in
 * order, rounded to the millisecond.
 */
export function adCutList(scenes: readonly CutListScene[]): number[] {
  const out: number[] = [];
  let start = 0;
  for (const [i, scene] of scenes.entries()) {
    if (i > 0) out.push(round3(start));
    for (const cut of [...(scene.cuts ?? [])].sort((a, b) => a - b)) {
      if (cut > 0 && cut < scene.durationSec - CUT_END_MARGIN_SECONDS) out.push(round3(start + cut));
    }
    start += scene.durationSec;
  }
  return out;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
