// What a scene's generated assets are made from, and whether they are stale
// (docs/decisions/151-stale-assets-and-versions.md). Each media step records a hash of its
// inputs with the file it made (canvas_scenes.*InputsHash); the same hash computed from the
// scene and project now differs exactly when an edit changed one of those inputs:
//   - image:      image prompt + product image + style + aspect ratio
//   - voice-over: voice-over text + voice
//   - video:      the scene image (the file) + motion settings (clip length, aspect ratio)
// so an edit of the voice-over text makes the voice-over stale, an edit of the image prompt
// makes the image stale, and a new image (generated or uploaded) makes the video stale. An
// uploaded file records no hash and is never stale itself.
import { createHash } from "node:crypto";
import type { ProjectRow } from "./project.server";
import type { SceneAssetStates, SceneMediaStep } from "~/models/generation/scene-asset-steps";
import { aspectOf, clipSecondsFor } from "~/models/generation/scene-media.server";
import type { SceneRow } from "./scenes.server";
import { DEFAULT_VOICE_ID } from "~/utils/constants";
import { sceneMaterialKind, type OwnMediaKind } from "~/models/stories/video-media";

export type StalenessProject = Pick<ProjectRow, "mainProductImageUrl" | "style" | "aspectRatio" | "voiceId">;
export type StalenessScene = Pick<
  SceneRow,
  | "imagePrompt"
  | "productImageUrl"
  | "sourceMediaUrl"
  | "voiceOverText"
  | "imageUrl"
  | "voiceOverUrl"
  | "videoUrl"
  | "voiceOverDuration"
  | "duration"
  | "imageInputsHash"
  | "voiceOverInputsHash"
  | "videoInputsHash"
>;

const text = (value: string | null | undefined) => value?.trim() ?? "";

/**
 * The product picture a scene image is made from: the scene's own product image (set for this
 * scene, e.g. by the automated scene creation), else the project's main image (ADR 178).
 */
export function productImageOf(scene: Pick<SceneRow, "productImageUrl">, project: Pick<ProjectRow, "mainProductImageUrl">): string | null {
  return scene.productImageUrl ?? project.mainProductImageUrl ?? null;
}

/** The user's own photo or clip a scene shows (ADR 315), with its kind; null when the compositor draws it. */
export function ownMediaOf(scene: Pick<SceneRow, "sourceMediaUrl">): { kind: OwnMediaKind; url: string } | null {
  const url = scene.sourceMediaUrl;
  const kind = url ? sceneMaterialKind(url) : null;
  return url && kind ? { kind, url } : null;
}

/** The inputs of each media step, as recorded (also shown with a version). */
export function stepInputs(step: SceneMediaStep, scene: StalenessScene, project: StalenessProject): Record<string, string | number | null> {
  switch (step) {
    case "image":
      return {
        prompt: text(scene.imagePrompt),
        product: productImageOf(scene, project),
        style: project.style ?? null,
        aspect: aspectOf(project),
        // Only when the scene shows the user's own material, so the hashes of other scenes stay as they were.
        ...(scene.sourceMediaUrl ? { media: scene.sourceMediaUrl } : {}),
      };
    case "voice-over":
      return { text: text(scene.voiceOverText), voice: project.voiceId ?? DEFAULT_VOICE_ID };
    case "video":
      return {
        image: scene.imageUrl ?? null,
        seconds: Math.round(clipSecondsFor(scene) * 10) / 10,
        aspect: aspectOf(project),
        ...(ownMediaOf(scene)?.kind === "clip" ? { clip: scene.sourceMediaUrl } : {}),
      };
  }
}

// The hashes of the inputs seen lately, by their text: a page of a long project checks every
// scene's three files, each check one hash, and the same scenes again on the next page.
// Bounded by their text's length (an image prompt can be long), then forgotten all at once.
const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX_CHARS = 1_000_000;
let recentChars = 0;

export function hashInputs(inputs: Record<string, unknown>): string {
  const keys = Object.keys(inputs).sort();
  const key = JSON.stringify(keys.map((k) => [k, inputs[k]]));
  let hash = recentHashes.get(key);
  if (hash === undefined) {
    hash = createHash("sha256").update(key).digest("hex").slice(0, 32);
    if (recentChars + key.length > RECENT_HASHES_MAX_CHARS) {
      recentHashes.clear();
      recentChars = 0;
    }
    recentHashes.set(key, hash);
    recentChars += key.length;
  }
  return hash;
}

/** The hash the step would record if it ran now. */
export function currentInputsHash(step: SceneMediaStep, scene: StalenessScene, project: StalenessProject): string {
  return hashInputs(stepInputs(step, scene, project));
}

export const MEDIA_COLUMNS = {
  image: { url: "imageUrl", hash: "imageInputsHash" },
  "voice-over": { url: "voiceOverUrl", hash: "voiceOverInputsHash" },
  video: { url: "videoUrl", hash: "videoInputsHash" },
} as const satisfies Record<SceneMediaStep, { url: keyof SceneRow; hash: keyof SceneRow }>;

/** Whether the scene's current file for this step was generated from inputs that have changed since. */
export function isStale(step: SceneMediaStep, scene: StalenessScene, project: StalenessProject): boolean {
  const { url, hash } = MEDIA_COLUMNS[step];
  const recorded = scene[hash];
  return Boolean(scene[url]) && Boolean(recorded) && recorded !== currentInputsHash(step, scene, project);
}

/** The image, voice-over and video of a scene: file, generated or not, stale or not. */
export function sceneAssetStates(scene: StalenessScene, project: StalenessProject): SceneAssetStates {
  const state = (step: SceneMediaStep) => {
    const { url, hash } = MEDIA_COLUMNS[step];
    return { url: scene[url] ?? null, generated: Boolean(scene[url] && scene[hash]), stale: isStale(step, scene, project) };
  };
  return { image: state("image"), "voice-over": state("voice-over"), video: state("video") };
}

/** Whether any of the scene's files is stale. */
export function hasStaleAsset(scene: StalenessScene, project: StalenessProject): boolean {
  return isStale("image", scene, project) || isStale("voice-over", scene, project) || isStale("video", scene, project);
}
