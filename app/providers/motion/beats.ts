// Pacing (docs/decisions/335-beats-within-scenes.md): a still's scene is cut into beats, each a
// different framing and camera move of the same picture, so the picture changes every ~1.4-2 s
// (5-7 changes per 10 s, none under 0.8 s). Pure: shared by the motion provider and the tests.
import { STYLE_LOOKS, styleLookFor } from "~/providers/image/style-looks";
import type { MotionVariant } from "./types";

/** How much of the picture a beat shows: all of it, a medium crop, or a close crop of the subject. */
export type BeatFraming = "wide" | "medium" | "close";

export type Beat = {
  /** Seconds from the start of the scene's clip. */
  start: number;
  durationSec: number;
  framing: BeatFraming;
  move: MotionVariant;
};

/** The beat length aimed at; with the cut between scenes it gives 5-7 picture changes per 10 s. */
export const BEAT_TARGET_SECONDS = 1.4;
/** No beat is longer (except an end card's hold and a scene too short to cut). */
export const BEAT_MAX_SECONDS = 2;
/** No beat is shorter. */
export const BEAT_MIN_SECONDS = 0.8;
/** The end card (the last scene of an ad) ends on one held beat of this length, when the scene has it. */
export const END_CARD_HOLD_SECONDS = 2;
export const END_CARD_MIN_SECONDS = 2;
export const END_CARD_MAX_SECONDS = 3;

/** The zoom of each framing over the whole picture: a close crop still keeps most of a shot's headline (drawn from 10% to 90% of the width). */
export const FRAMING_ZOOM: Record<BeatFraming, number> = { wide: 1, medium: 1.15, close: 1.3 };
/** How long the ad's first beat (the whole first shot: product and headline) is shown, when the scene allows. */
export const HOOK_SECONDS = 2;

/** How the beats of a scene are joined: a hard cut, or a very short flash or dip into the next beat (≤ 0.3 s). */
export type BeatTransition = { kind: "cut" } | { kind: "flash" | "dip"; seconds: number };

/**
 * The transition between beats by Style (story type name): short and different per Style, from the Style's look
 * (image/style-looks.ts, docs/decisions/341-five-style-looks.md).
 */
export const STYLE_TRANSITIONS: { match: RegExp; transition: BeatTransition }[] = [
  { match: /ugc|testimonial|review/i, transition: STYLE_LOOKS["UGC Testimonial"].motion.transition },
  { match: /unbox/i, transition: STYLE_LOOKS.Unboxing.motion.transition },
  { match: /problem|solution/i, transition: STYLE_LOOKS["Problem / Solution"].motion.transition },
  { match: /lifestyle/i, transition: STYLE_LOOKS.Lifestyle.motion.transition },
];
/** Product Showcase and any other Style. */
export const DEFAULT_TRANSITION: BeatTransition = STYLE_LOOKS["Product Showcase"].motion.transition;

export function beatTransitionFor(style: string | null | undefined): BeatTransition {
  const found = STYLE_TRANSITIONS.find((t) => style && t.match.test(style));
  return found?.transition ?? DEFAULT_TRANSITION;
}

/** How many beats a stretch of `seconds` is cut into: about BEAT_TARGET_SECONDS each, none over the maximum or under the minimum. */
export function beatCount(seconds: number): number {
  if (!(seconds > 0)) return 1;
  const wanted = Math.max(Math.ceil(seconds / BEAT_MAX_SECONDS), Math.round(seconds / BEAT_TARGET_SECONDS));
  return Math.max(1, Math.min(wanted, Math.floor(seconds / BEAT_MIN_SECONDS)));
}

/**
 * The framings in turn (the Style's, image/style-looks.ts; Product Showcase's without one): never the same twice in a
 * row; the first scene opens wide (product and claim on screen at once).
 */
const FRAMING_ORDER: BeatFraming[] = STYLE_LOOKS["Product Showcase"].motion.framings;
/** Moves that alternate direction (the Style's, or Product Showcase's): after a push-in a pull-out or a pan, never the same move twice. */
const MOVE_ORDER: MotionVariant[] = STYLE_LOOKS["Product Showcase"].motion.moves;

export type BeatPlanOptions = {
  sceneIndex?: number;
  /** The scene's first move (the ad plan's or the scene's default); later beats alternate from it. */
  variant?: MotionVariant;
  /** The last scene of an ad: it ends on one held, wide beat of 2-3 s. */
  endCard?: boolean;
  /**
   * Seconds at the clip's end the renderer may not show (a clip is asked for as an upper bound of its scene:
   * render/timing.ts sceneDurationFor): the beats are planned without them and the last beat gets them, so a
   * shortened scene never ends on a sliver of a beat.
   */
  tailSlackSec?: number;
  /** The project's Style (story type name): its moves and framings in turn (image/style-looks.ts); without it Product Showcase's. */
  style?: string | null;
};

/** The tail a motion clip is planned with: render/timing.ts LAST_TAIL - VOICE_TAIL (0.54 s), plus the silence the renderer trims from a voice-over. */
export const MOTION_TAIL_SLACK_SECONDS = 1;

/**
 * The beats of a scene of `durationSec`: consecutive beats differ in framing and move. The first
 * scene's first beat is wide (the whole shot: product and claim) and short, so the hook lands in
 * the first 2 s. An end card scene holds its last beat 2-3 s (all of it when shorter than 3 s).
 */
export function planBeats(durationSec: number, options: BeatPlanOptions = {}): Beat[] {
  const sceneIndex = Math.max(0, Math.floor(options.sceneIndex ?? 0));
  const whole = Math.max(0, durationSec);
  const slack = Math.min(Math.max(0, options.tailSlackSec ?? 0), Math.max(0, whole - 2 * BEAT_MIN_SECONDS));
  const D = whole - slack;
  let hold = 0;
  // Too short to cut before a 2 s hold: one beat.
  const single = Math.max(END_CARD_MIN_SECONDS + BEAT_MIN_SECONDS, END_CARD_MAX_SECONDS - slack);
  if (options.endCard) hold = D <= single ? D : Math.min(END_CARD_HOLD_SECONDS, D - BEAT_MIN_SECONDS);
  const cutSeconds = D - hold;
  const count = cutSeconds > 1e-6 ? beatCount(cutSeconds) : 0;
  const lengths = Array.from({ length: count }, () => cutSeconds / count);
  // The hook: the ad's first beat shows the whole first shot (product and headline) for HOOK_SECONDS when the others keep 0.8 s.
  if (sceneIndex === 0 && count > 1 && lengths[0] < HOOK_SECONDS && (cutSeconds - HOOK_SECONDS) / (count - 1) >= BEAT_MIN_SECONDS) {
    lengths.fill((cutSeconds - HOOK_SECONDS) / (count - 1));
    lengths[0] = HOOK_SECONDS;
  }
  if (hold > 0) lengths.push(hold);
  lengths[lengths.length - 1] += slack;
  const look = options.style ? styleLookFor(options.style).motion : null;
  const moves = look?.moves ?? MOVE_ORDER;
  const framings = look?.framings ?? FRAMING_ORDER;
  const firstMove = options.variant ?? moves[sceneIndex % moves.length];
  const moveStart = Math.max(0, moves.indexOf(firstMove));
  const framingStart = sceneIndex === 0 ? 0 : (sceneIndex * 2 + 1) % framings.length;
  let start = 0;
  const beats = lengths.map((length, i) => {
    const last = i === lengths.length - 1;
    const endCardBeat = last && hold > 0;
    const beat: Beat = {
      start: round3(start),
      durationSec: round3(length),
      framing: endCardBeat ? "wide" : framings[(framingStart + i) % framings.length],
      move: endCardBeat ? "zoom-in" : moves[(moveStart + i) % moves.length],
    };
    start += length;
    return beat;
  });
  // The end card is wide: the beat before it must not be, or the cut would not show.
  const before = beats.length > 1 && hold > 0 ? beats[beats.length - 2] : null;
  if (before?.framing === "wide") before.framing = beats.length > 2 && beats[beats.length - 3].framing === "close" ? "medium" : "close";
  return beats;
}

/** Where the picture changes inside the scene (seconds from its start): every beat's start but the first. */
export function beatCuts(beats: Beat[]): number[] {
  return beats.slice(1).map((b) => b.start);
}

/** Whole frames per beat, summing exactly to `frames` (each beat ends at its rounded end time). */
export function beatFrames(beats: Beat[], frames: number, fps: number): number[] {
  const out: number[] = [];
  let done = 0;
  for (const [i, b] of beats.entries()) {
    const end = i === beats.length - 1 ? frames : Math.min(frames, Math.round((b.start + b.durationSec) * fps));
    out.push(Math.max(1, end - done));
    done = Math.max(done + 1, end);
  }
  return out;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
