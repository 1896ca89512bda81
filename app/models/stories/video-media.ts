// The brand's own photos and clips in a Create Video request (docs/decisions/315-own-photos-and-clips.md):
// how many, of which kind, the messages people read, and which scene shows which. Client-safe:
// the dialog's media picker and the submission core (video-requests.server.ts) share it.
import { CLIP_LIMITS, parseFileUrl, parseObjectRef, type BucketName } from "~/utils/storage/buckets";
import { ACCEPTED_TYPES, acceptAttribute, formatBytes, MAX_BYTES } from "~/utils/storage/media-types";
import { OWN_MEDIA_COST_CREDITS, VIDEO_COST_CREDITS } from "~/models/billing/prices";
import { countWords, secondsForWords } from "~/providers/llm/planner/text";

/** The buckets of the two kinds of own media: photos (images) and clips (videos). */
export const MEDIA_BUCKETS = { photo: "product-photos", clip: "product-clips" } as const satisfies Record<string, BucketName>;
export type OwnMediaKind = keyof typeof MEDIA_BUCKETS;

/** At most this many of each kind in one request. */
export const MEDIA_LIMITS = { photo: 8, clip: 4 } as const satisfies Record<OwnMediaKind, number>;

export const PHOTO_ACCEPT = acceptAttribute(["image"]);
export const CLIP_ACCEPT = acceptAttribute(["video"]);

/** What the picker says about the files it takes. */
export const MEDIA_HINT =
  `Up to ${MEDIA_LIMITS.photo} photos (JPEG, PNG, WebP; up to ${formatBytes(MAX_BYTES.image)}) and up to ${MEDIA_LIMITS.clip} clips ` +
  `(MP4, MOV, WebM; up to ${CLIP_LIMITS.maxSeconds} seconds and ${formatBytes(MAX_BYTES.video)}). Each scene shows one, in this order. ` +
  (OWN_MEDIA_COST_CREDITS === 0
    ? `No extra credits: the video costs ${VIDEO_COST_CREDITS} credits with or without them.`
    : `${OWN_MEDIA_COST_CREDITS} credits each.`);

/** What the editors say about a project's own photos and clips (its image and video assets, ADR 330). */
export const PROJECT_MEDIA_HINT =
  `A project keeps up to ${MEDIA_LIMITS.photo} photos and ${MEDIA_LIMITS.clip} clips (MP4, MOV, WebM; up to ${CLIP_LIMITS.maxSeconds} seconds and ` +
  `${formatBytes(MAX_BYTES.video)}). A scene can show one: choose it under "Scene material".`;

export const MEDIA_MESSAGES = {
  tooMany: (kind: OwnMediaKind, count: number) => `Please choose at most ${MEDIA_LIMITS[kind]} ${kind === "photo" ? "photos" : "clips"} (you chose ${count}).`,
  notFound: (position: number) => `Photo or clip ${position} could not be found. Please upload it again.`,
  notMedia: (position: number) => `Item ${position} is not one of your uploaded photos or clips. Please upload it again.`,
} as const;

/** The kind of an own-media reference ("product-photos/<key>", "product-clips/<key>" or their file URLs); null for anything else. */
export function ownMediaKind(ref: string): OwnMediaKind | null {
  const parsed = parseObjectRef(ref) ?? parseFileUrl(ref);
  if (parsed?.bucket === MEDIA_BUCKETS.photo) return "photo";
  if (parsed?.bucket === MEDIA_BUCKETS.clip) return "clip";
  return null;
}

/**
 * The kind of a scene's own material (canvas_scenes.sourceMediaUrl): an own photo or clip, or a
 * project asset's image or video (ADR 330; "project-images" under public/project-assets/, whose
 * key ends in the extension of the type detected from its bytes when it was stored).
 */
export function sceneMaterialKind(ref: string): OwnMediaKind | null {
  const own = ownMediaKind(ref);
  if (own) return own;
  const parsed = parseObjectRef(ref) ?? parseFileUrl(ref);
  if (parsed?.bucket !== "project-images" || !parsed.key.startsWith("public/project-assets/")) return null;
  const ext = parsed.key.split(".").pop()?.toLowerCase() ?? "";
  const kind = ACCEPTED_TYPES.find((t) => t.exts[0] === ext)?.kind;
  return kind === "image" ? "photo" : kind === "video" ? "clip" : null;
}

/**
 * Which of the media each scene shows, in order (null: the compositor draws the scene). The
 * material goes to the scenes in the order chosen, one each, so every photo and clip is used
 * once where there are scenes enough; the last scene of an ad of two or more scenes stays the end
 * card (product, name, call to action, logo). Scenes beyond the material are drawn as before.
 */
export function sceneMedia(sceneCount: number, media: readonly string[]): (string | null)[] {
  const slots = sceneCount > 1 ? sceneCount - 1 : sceneCount;
  return Array.from({ length: sceneCount }, (_, i) => (i < slots && i < media.length ? media[i] : null));
}

/** The planner's default scene length (docs/product.md#video-pipeline): what a division aims for without own media. */
const DEFAULT_SCENE_SECONDS = 6;
/** No scene is cut shorter than this to make room for another photo or clip. */
const SHORTEST_MEDIA_SCENE_SECONDS = 2;

/**
 * Scene lengths for dividing `script` so that each of `mediaCount` photos and clips gets a scene
 * of its own, plus the end card, where the script is long enough: a 4-sentence script with two
 * photos and a clip becomes four scenes instead of one. Null when the usual division already
 * gives scenes enough (or there is no media). The cuts stay at sentence and clause boundaries.
 */
export function divisionForMedia(script: string, mediaCount: number): { targetSceneSeconds: number; minSceneSeconds: number; maxSceneSeconds: number } | null {
  if (mediaCount <= 0) return null;
  const seconds = secondsForWords(countWords(script));
  const target = seconds / (mediaCount + 1);
  if (target >= DEFAULT_SCENE_SECONDS) return null;
  const aim = Math.max(SHORTEST_MEDIA_SCENE_SECONDS, target);
  return { targetSceneSeconds: aim, minSceneSeconds: Math.max(1, aim * 0.5), maxSceneSeconds: Math.max(4, aim * 2) };
}
