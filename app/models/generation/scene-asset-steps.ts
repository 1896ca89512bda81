// The steps of a scene's asset generation and their messages (isomorphic: the editor shows
// them too). The order is fixed: image prompt, image, script, voice-over, video
// (docs/product.md#video-pipeline, docs/decisions/100-scene-asset-generation.md).

export const SCENE_ASSET_STEPS = ["image prompt", "image", "script", "voice-over", "video"] as const;
export type SceneAssetStep = (typeof SCENE_ASSET_STEPS)[number];

export function isSceneAssetStep(value: unknown): value is SceneAssetStep {
  return typeof value === "string" && (SCENE_ASSET_STEPS as readonly string[]).includes(value);
}

/** "Failed while {step}: {reason}". */
export function failedWhile(step: string, reason: string): string {
  return `Failed while ${step}: ${reason}`;
}

export const SCENE_ASSET_MESSAGES = {
  productImageRequired: "Upload a product image first to generate scene variations.",
  noImagePrompt: "The scene has no image prompt",
  noText: "The scene has no script, description or title to work from",
  noVoiceOverText: "The scene has no voice-over text",
  noImage: "The scene has no image yet",
  sceneMissing: "The scene no longer exists",
} as const;

/** The steps whose output is a file: the scene's image, voice-over and video (ADR 151). */
export const SCENE_MEDIA_STEPS = ["image", "voice-over", "video"] as const satisfies readonly SceneAssetStep[];
export type SceneMediaStep = (typeof SCENE_MEDIA_STEPS)[number];

export function isSceneMediaStep(value: unknown): value is SceneMediaStep {
  return typeof value === "string" && (SCENE_MEDIA_STEPS as readonly string[]).includes(value);
}

/** One of a scene's media assets as the editors show it. */
export type SceneAssetState = {
  /** The file's URL (/resources/files/...), or null when the scene has none. */
  url: string | null;
  /** Made by a generation step (false: uploaded, or made before inputs were recorded). */
  generated: boolean;
  /** What it was made from has changed since (an edit): "Regenerate" makes it again. */
  stale: boolean;
};

export type SceneAssetStates = Record<SceneMediaStep, SceneAssetState>;
