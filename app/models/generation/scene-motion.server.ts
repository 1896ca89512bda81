// What the local motion made a scene's video from (docs/decisions/360-encode-every-frame-once.md):
// the beats and the shot's layers (background plate, product layer for a parallax shot, text layer
// held still: ADR 381) stored as the scene's files. Kept with the
// video's version (scene_asset_versions.inputs.motion), so the compile can hand the renderer the
// still and the beats and every frame of the ad is lossy-encoded once; the clip stays what the
// editors show. A video replaced by any other (an upload, a hosted model, an own clip, a restored
// version) has no such record, or one made from another image, and is rendered from its clip.
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/models/access/actor.server";
import { mediaFile } from "~/models/files/media-refs.server";
import type { Beat, BeatTransition } from "~/providers/motion/beats";
import type { MotionResult, PictureLayers } from "~/providers/motion/types";
import type { RenderVisual } from "~/providers/render/types";
import { prisma } from "~/utils/db.server";
import { storeSceneBytes } from "./scene-media.server";

/** The record kept with a local motion's video version; `layers` are stored files (URLs). */
export type SceneMotion = { beats: Beat[]; transition: BeatTransition; layers?: PictureLayers };

type MadeFrom = NonNullable<Extract<RenderVisual, { kind: "clip" }>["madeFrom"]>;

/**
 * The record of a clip the local motion made (null for any other provider's), its layers stored
 * as the scene's files (so they go with the scene's other files).
 */
export async function sceneMotionOf(
  clip: Pick<MotionResult, "beats" | "transition">,
  layers: PictureLayers<Buffer> | undefined,
  file: { sceneId: string; ownerId: string; sceneOrder: number },
): Promise<SceneMotion | null> {
  if (!clip.beats?.length || !clip.transition) return null;
  const store = async (bytes: Buffer, part: string) => {
    const ext = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ? "png" : "jpg";
    const name = `scene-${file.sceneOrder}-motion-${part}.${ext}`;
    return (await storeSceneBytes(bytes, ext, { sceneId: file.sceneId, ownerId: file.ownerId, kind: "image", name })).url;
  };
  // At once: two stores of one scene in the same millisecond take two keys (docs/decisions/388-a-lost-key-race-takes-the-next-key.md).
  const [background, foreground, text] = layers
    ? await Promise.all([
        store(layers.background, "background"),
        layers.foreground ? store(layers.foreground, "foreground") : undefined,
        layers.text ? store(layers.text, "text") : undefined,
      ])
    : [];
  const stored = background ? { layers: { background, ...(foreground ? { foreground } : {}), ...(text ? { text } : {}) } } : {};
  return { beats: clip.beats, transition: clip.transition, ...stored };
}

/** The record as kept in a version's inputs (JSON). */
export function sceneMotionJson(motion: SceneMotion): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(motion)) as Prisma.InputJsonValue;
}

const FRAMINGS = new Set(["wide", "medium", "close"]);
const MOVES = new Set(["zoom-in", "zoom-out", "pan-left", "pan-right"]);

/** A stored record read back; null when it is absent or not in the shape this code writes. */
export function parseSceneMotion(value: unknown): SceneMotion | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const beats = Array.isArray(v.beats) ? (v.beats as Record<string, unknown>[]) : null;
  if (!beats?.length) return null;
  for (const b of beats) {
    if (!b || typeof b !== "object" || typeof b.start !== "number" || typeof b.durationSec !== "number") return null;
    if (!FRAMINGS.has(String(b.framing)) || !MOVES.has(String(b.move))) return null;
  }
  const t = v.transition as Record<string, unknown> | undefined;
  let transition: BeatTransition;
  if (t?.kind === "cut") transition = { kind: "cut" };
  else if ((t?.kind === "flash" || t?.kind === "dip") && typeof t.seconds === "number") transition = { kind: t.kind, seconds: t.seconds };
  else return null;
  const l = v.layers as Record<string, unknown> | undefined;
  const optional = (x: unknown) => x === undefined || typeof x === "string";
  if (l !== undefined && !(typeof l?.background === "string" && optional(l.foreground) && optional(l.text))) return null;
  return {
    beats: beats.map((b) => ({ start: b.start, durationSec: b.durationSec, framing: b.framing, move: b.move }) as Beat),
    transition,
    ...(l
      ? {
          layers: {
            background: String(l.background),
            ...(typeof l.foreground === "string" ? { foreground: l.foreground } : {}),
            ...(typeof l.text === "string" ? { text: l.text } : {}),
          },
        }
      : {}),
  };
}

/**
 * For the scenes of a project the actor may work on (already read through it): what the local
 * motion made each scene's current video from, by scene id, where that video was made from the
 * scene's current image. One query.
 */
export async function videoMotionsOf(
  _actor: Actor,
  project: { id: string; scenes: { id: string; imageUrl: string | null; videoUrl: string | null }[] },
): Promise<Map<string, SceneMotion>> {
  const wanted = project.scenes.filter((s) => s.imageUrl && s.videoUrl);
  const found = new Map<string, SceneMotion>();
  if (!wanted.length) return found;
  const rows = await prisma.sceneAssetVersion.findMany({
    where: { kind: "video", scene: { projectId: project.id }, OR: wanted.map((s) => ({ sceneId: s.id, url: s.videoUrl! })) },
    select: { sceneId: true, inputs: true },
  });
  for (const row of rows) {
    const inputs = row.inputs && typeof row.inputs === "object" && !Array.isArray(row.inputs) ? (row.inputs as Record<string, unknown>) : null;
    const scene = wanted.find((s) => s.id === row.sceneId);
    const motion = parseSceneMotion(inputs?.motion);
    if (scene && motion && inputs?.image === scene.imageUrl) found.set(row.sceneId, motion);
  }
  return found;
}

/** The renderer's `madeFrom` of a scene's clip: the scene's image and stored layers as local files; null when one cannot be read. */
export async function motionMadeFrom(motion: SceneMotion | undefined, imageUrl: string | null, ownerId: string): Promise<MadeFrom | null> {
  if (!motion || !imageUrl) return null;
  try {
    const image = (await mediaFile(imageUrl, "scene image", ownerId)).path;
    const file = async (url: string | undefined) => (url ? (await mediaFile(url, "scene layer", ownerId)).path : undefined);
    const layers = motion.layers
      ? {
          background: (await file(motion.layers.background))!,
          ...(motion.layers.foreground ? { foreground: await file(motion.layers.foreground) } : {}),
          ...(motion.layers.text ? { text: await file(motion.layers.text) } : {}),
        }
      : undefined;
    return { image, ...(layers ? { layers } : {}), beats: { list: motion.beats, transition: motion.transition } };
  } catch {
    // A file that cannot be read: the clip is rendered as it is.
    return null;
  }
}
