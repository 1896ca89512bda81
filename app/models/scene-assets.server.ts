// Asset generation for one scene, as plain functions the durable workflow steps call, one per
// step, in the fixed order: image prompt, image, script, voice-over, video.
//
// Each step fills what is missing: when its output already exists it is skipped. That makes a
// step safe to run again (the workflow engine delivers at least once: a step interrupted after
// it stored its file runs again and finds the file). Each step writes its progress to the scene
// (status in_progress, progressStep) and stores its output as a scene asset (scene-media.server.ts).
// Every function takes the acting user and reaches the scene through its project (ADR 130);
// media are read only through media-refs.server.ts (the owner's stored files, ADR 131).
//
// A step that cannot succeed raises SceneAssetError ("Failed while {step}: {reason}").
// See docs/decisions/100-scene-asset-generation.md.
import path from "node:path";
import { isNotFound, type Actor } from "~/models/actor.server";
import { MediaMissingError, mediaFilePath, readMediaBytes } from "~/models/media-refs.server";
import { isRetriable, reasonOf, SceneAssetError } from "~/models/pipeline-errors.server";
import { planTask } from "~/models/planner.server";
import { getProjectWithScenes, storyIdOfProject, type ProjectRow } from "~/models/project.server";
import { SCENE_ASSET_MESSAGES, type SceneAssetStep } from "~/models/scene-asset-steps";
import { aspectOf, clipSecondsFor, imageSizeFor, storeSceneBytes, storeSceneFile, videoSizeFor } from "~/models/scene-media.server";
import { findSceneOfProject, markSceneCompleted, markSceneFailed, markSceneStep, updateScene, type SceneRow } from "~/models/scenes.server";
import { styleDetails, type StyleDetails } from "~/models/story-types.server";
import { ttsVoice } from "~/models/voices.server";
import type { ProductShotVersion } from "~/providers/image/types";
import { textCardImage } from "~/providers/image/text-card.server";
import type { AspectRatio } from "~/providers/media/types";
import { motionProvider, productImageProvider, voiceProvider } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";

export type SceneAssetOptions = {
  /** No product image: draw a typographic card from the scene's words instead of failing (Create Video). */
  allowTextCard?: boolean;
  /** Product shot version (default v1). */
  productShotVersion?: ProductShotVersion;
  /**
   * Called when the step starts, after the scene was marked (e.g. to report story progress).
   * `storyId` is the Create Video story the project was made for (read from the project), if any.
   */
  onStart?: (info: { step: SceneAssetStep; sceneOrder: number; sceneCount: number; projectId: string; storyId: number | null }) => Promise<unknown> | void;
  signal?: AbortSignal;
};

type SceneContext = {
  actor: Actor;
  scene: SceneRow;
  project: ProjectRow;
  sceneCount: number;
  aspect: AspectRatio;
  style: string | null;
  details: StyleDetails;
};

/** Which scene: always named with its project. */
export type SceneTarget = { projectId: string; sceneId: string };

async function loadContext(actor: Actor, { projectId, sceneId }: SceneTarget, step: SceneAssetStep): Promise<SceneContext> {
  let scene: SceneRow;
  let project: Awaited<ReturnType<typeof getProjectWithScenes>>;
  try {
    scene = await findSceneOfProject(actor, projectId, sceneId);
    project = await getProjectWithScenes(actor, projectId);
  } catch (error) {
    // Gone, or not the actor's: the same answer, and nothing is touched.
    if (isNotFound(error)) throw new SceneAssetError(step, SCENE_ASSET_MESSAGES.sceneMissing, false, { cause: error });
    throw error;
  }
  const { scenes, ...rest } = project;
  return {
    actor,
    scene,
    project: rest,
    sceneCount: scenes.length,
    aspect: aspectOf(project),
    style: project.style,
    details: await styleDetails(project.style),
  };
}

function sceneText(scene: SceneRow): string {
  return [scene.script, scene.voiceOverText, scene.description, scene.title].map((t) => t?.trim() ?? "").find(Boolean) ?? "";
}

export type SceneStepResult = {
  step: SceneAssetStep;
  /** The output already existed: nothing was generated. */
  skipped: boolean;
  /** The stored file's URL (image, voice-over, video), when the step made one. */
  url?: string;
};

/**
 * Runs one step for a scene: marks the scene in progress at this step, then generates and
 * stores what is missing. Throws SceneAssetError ("Failed while {step}: {reason}") on failure;
 * the caller decides whether to retry (isRetriable) and records the failure (recordSceneFailure).
 */
export async function runSceneAssetStep(actor: Actor, target: SceneTarget, step: SceneAssetStep, options: SceneAssetOptions = {}): Promise<SceneStepResult> {
  const ctx = await loadContext(actor, target, step);
  await markSceneStep(actor, ctx.project.id, ctx.scene.id, step);
  if (options.onStart) {
    const storyId = await storyIdOfProject(actor, ctx.project.id);
    await options.onStart({ step, sceneOrder: ctx.scene.sceneOrder, sceneCount: ctx.sceneCount, projectId: ctx.project.id, storyId });
  }
  try {
    switch (step) {
      case "image prompt":
        return await imagePromptStep(ctx);
      case "image":
        return await imageStep(ctx, options);
      case "script":
        return await scriptStep(ctx);
      case "voice-over":
        return await voiceOverStep(ctx, options);
      case "video":
        return await videoStep(ctx, options);
    }
  } catch (error) {
    if (error instanceof SceneAssetError) throw error;
    const retriable = !(error instanceof MediaMissingError) && isRetriable(error);
    throw new SceneAssetError(step, reasonOf(error), retriable, { cause: error });
  }
}

async function imagePromptStep({ actor, scene, aspect, style }: SceneContext): Promise<SceneStepResult> {
  if (scene.imagePrompt?.trim()) return { step: "image prompt", skipped: true };
  const text = sceneText(scene);
  if (!text) throw new SceneAssetError("image prompt", SCENE_ASSET_MESSAGES.noText, false);
  const { prompt } = await planTask("image_prompt", {
    sceneText: scene.script?.trim() || scene.voiceOverText?.trim() || text,
    description: scene.description,
    style,
    aspectRatio: aspect,
  });
  await updateScene(actor, scene.projectId, scene.id, { imagePrompt: prompt });
  return { step: "image prompt", skipped: false };
}

async function imageStep({ actor, scene, project, aspect, style, details }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  if (scene.imageUrl) return { step: "image", skipped: true };
  const prompt = scene.imagePrompt?.trim();
  if (!prompt) throw new SceneAssetError("image", SCENE_ASSET_MESSAGES.noImagePrompt, false);
  const productUrl = project.mainProductImageUrl ?? scene.productImageUrl;
  const size = imageSizeFor(aspect);
  let bytes: Buffer;
  let mime: string;
  let requestId: string | null = null;
  if (productUrl) {
    const productImage = await readMediaBytes(productUrl, "product image", project.userId);
    const shot = await productImageProvider().generate(
      { productImage, prompt, aspectRatio: aspect, style: style ?? undefined, version: options.productShotVersion ?? "v1", palette: details.palette, size },
      { signal: options.signal },
    );
    bytes = shot.image;
    mime = shot.mime;
    requestId = shot.requestId ?? null;
  } else if (options.allowTextCard) {
    bytes = await textCardImage(scene.title || sceneText(scene), size, details.palette);
    mime = "image/jpeg";
  } else {
    throw new SceneAssetError("image", SCENE_ASSET_MESSAGES.productImageRequired, false);
  }
  const ext = mime === "image/png" ? "png" : "jpg";
  const stored = await storeSceneBytes(bytes, ext, { sceneId: scene.id, ownerId: project.userId, kind: "image", name: `scene-${scene.sceneOrder}-image.${ext}` });
  await updateScene(actor, scene.projectId, scene.id, { imageUrl: stored.url, imageRequestId: requestId });
  return { step: "image", skipped: false, url: stored.url };
}

async function scriptStep({ actor, scene }: SceneContext): Promise<SceneStepResult> {
  const script = scene.script?.trim();
  const spoken = scene.voiceOverText?.trim();
  if (script && spoken) return { step: "script", skipped: true };
  const source = script || scene.description?.trim() || scene.title?.trim() || spoken || "";
  if (!source) throw new SceneAssetError("script", SCENE_ASSET_MESSAGES.noText, false);
  const voiceOver = spoken || (await planTask("voice_over", { text: source })).text;
  if (!voiceOver.trim()) throw new SceneAssetError("script", SCENE_ASSET_MESSAGES.noVoiceOverText, false);
  await updateScene(actor, scene.projectId, scene.id, { script: script || source, voiceOverText: voiceOver });
  return { step: "script", skipped: false };
}

async function voiceOverStep({ actor, scene, project }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  if (scene.voiceOverUrl) return { step: "voice-over", skipped: true };
  const text = scene.voiceOverText?.trim();
  if (!text) throw new SceneAssetError("voice-over", SCENE_ASSET_MESSAGES.noVoiceOverText, false);
  const { voice, language } = await ttsVoice(project.voiceId);
  const result = await voiceProvider().synthesize({ text, voice, language }, { signal: options.signal });
  const ext = path.extname(result.path).slice(1) || "wav";
  const stored = await storeSceneFile(result.path, { sceneId: scene.id, ownerId: project.userId, kind: "audio", name: `scene-${scene.sceneOrder}-voice-over.${ext}` });
  await updateScene(actor, scene.projectId, scene.id, {
    voiceOverUrl: stored.url,
    voiceOverDuration: result.durationSec,
    duration: sceneDurationFor(result.durationSec),
    ttsRequestId: null,
  });
  return { step: "voice-over", skipped: false, url: stored.url };
}

async function videoStep({ actor, scene, project, aspect }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  if (scene.videoUrl) return { step: "video", skipped: true };
  if (!scene.imageUrl) throw new SceneAssetError("video", SCENE_ASSET_MESSAGES.noImage, false);
  const image = await mediaFilePath(scene.imageUrl, "scene image", project.userId);
  const clip = await motionProvider().animate(
    {
      image,
      durationSec: clipSecondsFor(scene),
      aspectRatio: aspect,
      sceneIndex: Math.max(0, scene.sceneOrder - 1),
      seed: project.id,
      prompt: scene.imagePrompt ?? undefined,
      size: videoSizeFor(aspect),
    },
    { signal: options.signal },
  );
  const stored = await storeSceneFile(clip.path, { sceneId: scene.id, ownerId: project.userId, kind: "video", name: `scene-${scene.sceneOrder}-video.mp4` });
  await updateScene(actor, scene.projectId, scene.id, { videoUrl: stored.url, videoRequestId: clip.requestId ?? null });
  return { step: "video", skipped: false, url: stored.url };
}

/** After the last step: every asset exists, the scene is completed. */
export async function completeSceneAssets(actor: Actor, { projectId, sceneId }: SceneTarget): Promise<boolean> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  if (!scene.imagePrompt || !scene.imageUrl || !scene.voiceOverText || !scene.voiceOverUrl || !scene.videoUrl) return false;
  return markSceneCompleted(actor, projectId, sceneId);
}

/**
 * Records the first failure on the scene (status back to pending, the step, the message). A
 * scene that is gone, or not the actor's, has nothing to record.
 */
export async function recordSceneFailure(actor: Actor, { projectId, sceneId }: SceneTarget, error: SceneAssetError): Promise<string> {
  try {
    await markSceneFailed(actor, projectId, sceneId, error.step, error.message);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  return error.message;
}
