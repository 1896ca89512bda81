// The storyboard of an ad (issue 24 item 6, docs/decisions/355-storyboard-and-eta.md): one still per
// beat, each the beat's own framing of the material its scene will show (an own photo or clip, the
// product photo, or a typographic card), with its caption words and the scene's voice-over line.
// Built once when the script is planned (stories.storyboard), and for the editors from a project's
// scenes at no cost. Client-safe: the pages draw it; the beats come from the motion provider's own
// plan (app/providers/motion/beats.ts), so the storyboard is the cut the renderer will make.
import { z } from "zod";
import { FRAMING_ZOOM, MOTION_TAIL_SLACK_SECONDS, planBeats, type BeatFraming } from "~/providers/motion/beats";
import { ownMediaKind } from "./video-media";

/** What a scene shows: the user's own photo or clip, the product photo, or a typographic card (no picture). */
export type StoryboardMaterialKind = "photo" | "clip" | "product" | "text";

export type StoryboardBeat = {
  /** Seconds from the start of the scene. */
  start: number;
  durationSec: number;
  framing: BeatFraming;
  /** How far the beat's framing crops into the picture (1: all of it), centred as the renderer does. */
  zoom: number;
  /** The caption words on screen during the beat (the voice-over's words shared out by time). */
  caption: string;
};

export type StoryboardScene = {
  /** 1-based, the play order. */
  order: number;
  title: string;
  /** The line the voice says. */
  voiceOver: string;
  durationSec: number;
  material: { kind: StoryboardMaterialKind; ref: string | null };
  beats: StoryboardBeat[];
};

export type Storyboard = {
  version: 1;
  aspectRatio: string;
  style: string | null;
  /** Planned seconds of the whole video (the sum of the scenes). */
  totalSec: number;
  scenes: StoryboardScene[];
};

export type StoryboardSceneInput = { title: string; voiceOver: string; durationSec: number; mediaRef: string | null };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The voice-over's words shared out over the beats by their length (each beat gets at least one word while words remain). */
export function beatCaptions(text: string, lengths: number[]): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const total = lengths.reduce((a, b) => a + b, 0);
  if (!words.length || !(total > 0)) return lengths.map(() => "");
  const out: string[] = [];
  let taken = 0;
  let elapsed = 0;
  for (const [i, length] of lengths.entries()) {
    elapsed += length;
    const last = i === lengths.length - 1;
    let until = last ? words.length : Math.round((elapsed / total) * words.length);
    if (until <= taken && taken < words.length) until = taken + 1;
    out.push(words.slice(taken, until).join(" "));
    taken = Math.max(taken, until);
  }
  return out;
}

function materialOf(mediaRef: string | null, productRef: string | null): StoryboardScene["material"] {
  const kind = mediaRef ? ownMediaKind(mediaRef) : null;
  if (mediaRef && kind) return { kind, ref: mediaRef };
  if (productRef) return { kind: "product", ref: productRef };
  return { kind: "text", ref: null };
}

/**
 * The storyboard of scenes in play order: each scene's beats as planBeats cuts them (the first
 * scene opens on the hook, the last ends on the held end card), its material (its own photo or
 * clip, else the product photo, else a typographic card) and its words.
 */
export function buildStoryboard(input: { aspectRatio: string; style: string | null; productRef: string | null; scenes: StoryboardSceneInput[] }): Storyboard {
  const count = input.scenes.length;
  const scenes = input.scenes.map((s, i): StoryboardScene => {
    const durationSec = Math.max(0.5, Number.isFinite(s.durationSec) ? s.durationSec : 0);
    const planned = planBeats(durationSec, {
      sceneIndex: i,
      endCard: count > 1 && i === count - 1,
      tailSlackSec: MOTION_TAIL_SLACK_SECONDS,
      style: input.style,
    });
    const captions = beatCaptions(
      s.voiceOver,
      planned.map((b) => b.durationSec),
    );
    return {
      order: i + 1,
      title: s.title,
      voiceOver: s.voiceOver,
      durationSec: round3(durationSec),
      material: materialOf(s.mediaRef, input.productRef),
      beats: planned.map((b, j) => ({ start: b.start, durationSec: b.durationSec, framing: b.framing, zoom: FRAMING_ZOOM[b.framing], caption: captions[j] })),
    };
  });
  return {
    version: 1,
    aspectRatio: input.aspectRatio,
    style: input.style,
    totalSec: round3(scenes.reduce((a, s) => a + s.durationSec, 0)),
    scenes,
  };
}

const beatSchema = z.object({
  start: z.number(),
  durationSec: z.number(),
  framing: z.enum(["wide", "medium", "close"]),
  zoom: z.number(),
  caption: z.string(),
});
const storyboardSchema = z.object({
  version: z.literal(1),
  aspectRatio: z.string(),
  style: z.string().nullable(),
  totalSec: z.number(),
  scenes: z.array(
    z.object({
      order: z.number().int(),
      title: z.string(),
      voiceOver: z.string(),
      durationSec: z.number(),
      material: z.object({ kind: z.enum(["photo", "clip", "product", "text"]), ref: z.string().nullable() }),
      beats: z.array(beatSchema),
    }),
  ),
});

/** A stored storyboard (JSON column), or null when there is none or it is not one this code knows. */
export function parseStoryboard(value: unknown): Storyboard | null {
  const parsed = storyboardSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What a page draws: the storyboard with each scene's picture as an address the browser may load. */
export type StoryboardView = Omit<Storyboard, "scenes"> & {
  scenes: (StoryboardScene & {
    /** The material's address (/resources/files/...), or null for a typographic card. */
    pictureUrl: string | null;
    /** "generated": the scene's own made shot replaces the material once it exists. */
    pictureSource: StoryboardMaterialKind | "generated";
  })[];
};
