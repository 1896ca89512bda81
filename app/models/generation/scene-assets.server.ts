// Asset generation for one scene, as plain functions the durable workflow steps call, one per
// step, in the fixed order: image prompt, image, script, voice-over, video.
//
// Each step fills what is missing or stale: when its output exists and what it was made from has
// not changed (scene-staleness.server.ts) it is skipped, unless a regenerate was asked for. That
// makes a step safe to run again (the workflow engine delivers at least once: a step interrupted
// after it stored its file runs again and finds the file, or — when it was asked to regenerate —
// finds that this same request made the current file). Each step writes its progress to the
// scene (status in_progress, progressStep) and stores its output as a scene asset
// (scene-media.server.ts) with the hash of its inputs, records it as a version of the scene's
// asset (scene-asset-versions.server.ts) and, for the image and the video, as an image or video
// generation job of the owner (the Dashboard's Images and Videos tabs).
// Every function takes the acting user and reaches the scene through its project (ADR 130);
// media are read only through media-refs.server.ts (the owner's stored files, ADR 131).
//
// A step that cannot succeed raises SceneAssetError ("Failed while {step}: {reason}").
// See docs/decisions/100-scene-asset-generation.md and 151-stale-assets-and-versions.md.
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { isNotFound, type Actor } from "~/models/access/actor.server";
import { startImageJob, updateImageJobStatus } from "./image-jobs.server";
import { MediaMissingError, mediaFilePath, readMediaBytes } from "~/models/files/media-refs.server";
import { isRetriable, reasonOf, SceneAssetError } from "./pipeline-errors.server";
import { planTask } from "./planner.server";
import { listProjectAssets } from "~/models/projects/project-assets.server";
import { getProject, getProjectWithScenes, storyIdOfProject, type ProjectRow } from "~/models/projects/project.server";
import { currentMadeBy, keepCurrentAsVersion, recordSceneAssetVersion } from "./scene-asset-versions.server";
import { sceneMotionJson, sceneMotionOf, type SceneMotion } from "./scene-motion.server";
import { SCENE_ASSET_MESSAGES, type SceneAssetStep, type SceneMediaStep } from "./scene-asset-steps";
import { aspectOf, clipSecondsFor, imageSizeFor, storeSceneBytes, storeSceneFile, videoSizeFor } from "./scene-media.server";
import { hashInputs, hasStaleAsset, isStale, MEDIA_COLUMNS, productImageOf, stepInputs } from "~/models/projects/scene-staleness.server";
import { findSceneOfProject, markSceneCompleted, markSceneFailed, markSceneStep, updateScene, type SceneRow } from "~/models/projects/scenes.server";
import { startVideoJob, updateVideoJobStatus } from "~/models/stories/video-jobs.server";
import { styleDetails, type StyleDetails } from "~/models/stories/story-types.server";
import { ttsVoice } from "./voices.server";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import type { ProductShotVersion, ShotLayers } from "~/providers/image/types";
import { textCardImage } from "~/providers/image/text-card.server";
import type { AspectRatio } from "~/providers/media/types";
import type { MotionRequest } from "~/providers/motion/types";
import { motionProvider, productImageProvider, voiceProvider } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import { clipStill, fitClip } from "~/providers/motion/clip.server";
import { ownMediaOf } from "~/models/projects/scene-staleness.server";
import { adPlan, adShotRequest, brandPictureFields } from "./scene-shots.server";

export type SceneAssetOptions = {
  /** No product image: draw a typographic card from the scene's words instead of failing (Create Video). */
  allowTextCard?: boolean;
  /** Product shot version (default v1). */
  productShotVersion?: ProductShotVersion;
  /**
   * Create Video: the image is the scene's shot in the ad's structure (hook, body, end card;
   * docs/decisions/204-ad-beats-and-shots.md) and the video its camera move.
   */
  adShots?: boolean;
  /**
   * Called when the step starts, after the scene was marked (e.g. to report story progress).
   * `storyId` is the Create Video story the project was made for (read from the project), if any.
   */
  onStart?: (info: { step: SceneAssetStep; sceneOrder: number; sceneCount: number; projectId: string; storyId: number | null }) => Promise<unknown> | void;
  signal?: AbortSignal;
  /**
   * Make the step's output again even when it exists and is up to date (the editor's
   * "Regenerate"). A stale output is made again without it.
   */
  regenerate?: boolean;
  /**
   * The request this step belongs to (a charge batch, or the workflow run): recorded with the
   * file it makes, so a retried step finds its own work instead of regenerating again, and used
   * for the fixed id of its generation job.
   */
  runKey?: string;
  /** The image generation job the image step records into (an admin's retry of that job, ADR 187). */
  imageJobId?: string;
};

type SceneContext = {
  actor: Actor;
  scene: SceneRow;
  project: ProjectRow;
  sceneCount: number;
  aspect: AspectRatio;
  style: string | null;
  details: StyleDetails;
  /** The spoken text of every scene, in order (the ad's structure is planned from them). */
  sceneTexts: string[];
  /** The project's own pictures (its image assets, oldest first): some scenes show them (ADR 221). */
  photos: string[];
  sceneIndex: number;
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
    sceneTexts: scenes.map((s) => s.voiceOverText?.trim() || s.script?.trim() || s.title || ""),
    photos: (await listProjectAssets(actor, projectId)).filter((a) => a.type === "image").map((a) => a.url),
    sceneIndex: Math.max(
      0,
      scenes.findIndex((s) => s.id === scene.id),
    ),
  };
}

function sceneText(scene: SceneRow): string {
  return [scene.script, scene.voiceOverText, scene.description, scene.title].map((t) => t?.trim() ?? "").find(Boolean) ?? "";
}

export type SceneStepResult = {
  step: SceneAssetStep;
  /** The output already existed and was up to date (or this request made it already): nothing was generated now. */
  skipped: boolean;
  /** The current output was made by this request (runKey), now or by an earlier attempt. */
  madeByRequest?: boolean;
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
        return await imagePromptStep(ctx, options);
      case "image":
        return await imageStep(ctx, options);
      case "script":
        return await scriptStep(ctx, options);
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

async function imagePromptStep({ actor, scene, aspect, style }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  if (scene.imagePrompt?.trim() && !options.regenerate) return { step: "image prompt", skipped: true };
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

/**
 * Whether a media step has nothing to do: the scene has the file, and either this request made
 * it (a retried step) or it is up to date and no regenerate was asked for.
 */
async function mediaUpToDate(ctx: SceneContext, step: SceneMediaStep, options: SceneAssetOptions): Promise<{ skip: boolean; mine: boolean }> {
  if (!ctx.scene[MEDIA_COLUMNS[step].url]) return { skip: false, mine: false };
  if (options.runKey && (await currentMadeBy(ctx.scene, step)) === options.runKey) return { skip: true, mine: true };
  return { skip: !options.regenerate && !isStale(step, ctx.scene, ctx.project), mine: false };
}

/** The fixed id of the generation job a step of one request makes (a retried step updates it). */
function generationJobId(options: SceneAssetOptions, sceneId: string, step: SceneMediaStep): string {
  const key = options.runKey ?? randomUUID();
  return `job${createHash("sha256").update(`${key}|${sceneId}|${step}`).digest("hex").slice(0, 22)}`;
}

/** Stores what a media step made: the file on the scene with its inputs' hash, a version, the previous file kept. */
async function recordMade(
  ctx: SceneContext,
  step: SceneMediaStep,
  url: string,
  options: SceneAssetOptions,
  extra: Parameters<typeof updateScene>[3] & { durationSec?: number | null; motion?: SceneMotion | null } = {},
): Promise<void> {
  const { actor, scene } = ctx;
  const target = { projectId: scene.projectId, sceneId: scene.id };
  const inputs = stepInputs(step, ctx.scene, ctx.project);
  const inputsHash = hashInputs(inputs);
  await keepCurrentAsVersion(actor, target, step);
  const { durationSec, motion, ...fields } = extra;
  await recordSceneAssetVersion(actor, target, {
    step,
    url,
    source: "generated",
    inputsHash,
    // What the local motion drew, beside what the video was made from (ADR 360): not part of the hash.
    inputs: motion ? { ...inputs, motion: sceneMotionJson(motion) } : inputs,
    durationSec: durationSec ?? null,
    madeBy: options.runKey ?? null,
  });
  await updateScene(actor, scene.projectId, scene.id, { ...fields, [MEDIA_COLUMNS[step].url]: url, [MEDIA_COLUMNS[step].hash]: inputsHash });
}

async function imageStep(ctx: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  const { scene, project, aspect, style, details } = ctx;
  const current = await mediaUpToDate(ctx, "image", options);
  if (current.skip) return { step: "image", skipped: true, madeByRequest: current.mine };
  const prompt = scene.imagePrompt?.trim();
  if (!prompt) throw new SceneAssetError("image", SCENE_ASSET_MESSAGES.noImagePrompt, false);
  const productUrl = productImageOf(scene, project);
  const own = ownMediaOf(scene);
  if (!productUrl && !own && !options.allowTextCard) throw new SceneAssetError("image", SCENE_ASSET_MESSAGES.productImageRequired, false);
  const size = imageSizeFor(aspect);
  const provider = productImageProvider();
  const jobId = options.imageJobId ?? generationJobId(options, scene.id, "image");
  await startImageJob({
    id: jobId,
    userId: project.userId,
    prompt,
    sourceImageUrl: own?.url ?? productUrl,
    provider: own ? `own-${own.kind}` : productUrl ? provider.name : "text-card",
    projectId: project.id,
    sceneId: scene.id,
  });
  try {
    let bytes: Buffer;
    let mime: string;
    let requestId: string | null = null;
    if (own?.kind === "clip") {
      // The user's clip: its still is the scene's picture (the video step uses the clip itself).
      bytes = await clipStill(await mediaFilePath(own.url, "clip", project.userId), size, { signal: options.signal });
      mime = "image/jpeg";
    } else if (productUrl || own) {
      const ad = options.adShots || own ? await adShotRequest(ctx, options.adShots === true) : await brandPictureFields(ctx);
      const productImage = productUrl ? await readMediaBytes(productUrl, "product image", project.userId) : ad.photo!;
      // The user's own picture is framed, not generated: the local compositor draws a photo shot.
      const shot = await (ad.shot === "photo" ? new LocalProductImageProvider() : provider).generate(
        {
          productImage,
          prompt,
          aspectRatio: aspect,
          style: style ?? undefined,
          version: options.productShotVersion ?? "v1",
          palette: details.palette,
          size,
          ...ad,
        },
        { signal: options.signal },
      );
      bytes = shot.image;
      mime = shot.mime;
      requestId = shot.requestId ?? null;
    } else {
      bytes = await textCardImage(scene.title || sceneText(scene), size, details.palette);
      mime = "image/jpeg";
    }
    const ext = mime === "image/png" ? "png" : "jpg";
    const stored = await storeSceneBytes(bytes, ext, {
      sceneId: scene.id,
      ownerId: project.userId,
      kind: "image",
      name: `scene-${scene.sceneOrder}-image.${ext}`,
    });
    await recordMade(ctx, "image", stored.url, options, { imageRequestId: requestId });
    await updateImageJobStatus(jobId, { status: "completed", resultUrl: stored.url, errorMessage: null });
    return { step: "image", skipped: false, madeByRequest: true, url: stored.url };
  } catch (error) {
    await updateImageJobStatus(jobId, { status: "failed", errorMessage: reasonOf(error) }).catch(() => undefined);
    throw error;
  }
}

/**
 * The scene's ad shot in layers: the background plate, the product layer of a parallax move
 * (docs/decisions/220-parallax-layers.md; hero and close-up) and the text layer the motion holds
 * still (docs/decisions/381-text-layer-held-still.md). Only when its picture is the generated
 * shot and up to date (an uploaded picture has no inputs hash), and the image provider draws its
 * shots in layers (the local compositor). The composition is deterministic, so the layers are
 * drawn again here rather than kept from the image step.
 */
async function shotLayers(ctx: SceneContext, options: SceneAssetOptions): Promise<ShotLayers | undefined> {
  const { scene, project, aspect, style, details } = ctx;
  if (!options.adShots || !scene.imageInputsHash || scene.sourceMediaUrl || isStale("image", scene, project)) return undefined;
  const productUrl = productImageOf(scene, project);
  const prompt = scene.imagePrompt?.trim();
  if (!productUrl || !prompt) return undefined;
  const ad = await adShotRequest(ctx);
  if (!ad.shot) return undefined;
  const provider = productImageProvider();
  if (!provider.shotLayers) return undefined;
  const productImage = await readMediaBytes(productUrl, "product image", project.userId);
  const layers = await provider.shotLayers(
    {
      productImage,
      prompt,
      aspectRatio: aspect,
      style: style ?? undefined,
      version: options.productShotVersion ?? "v1",
      palette: details.palette,
      size: imageSizeFor(aspect),
      ...ad,
    },
    { signal: options.signal },
  );
  return layers ?? undefined;
}

async function scriptStep({ actor, scene }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  const script = scene.script?.trim();
  const spoken = options.regenerate ? "" : scene.voiceOverText?.trim();
  if (script && spoken) return { step: "script", skipped: true };
  const source = script || scene.description?.trim() || scene.title?.trim() || scene.voiceOverText?.trim() || "";
  if (!source) throw new SceneAssetError("script", SCENE_ASSET_MESSAGES.noText, false);
  const voiceOver = spoken || (await planTask("voice_over", { text: source })).text;
  if (!voiceOver.trim()) throw new SceneAssetError("script", SCENE_ASSET_MESSAGES.noVoiceOverText, false);
  await updateScene(actor, scene.projectId, scene.id, { script: script || source, voiceOverText: voiceOver });
  return { step: "script", skipped: false };
}

async function voiceOverStep(ctx: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  const { scene, project } = ctx;
  const current = await mediaUpToDate(ctx, "voice-over", options);
  if (current.skip) return { step: "voice-over", skipped: true, madeByRequest: current.mine };
  const text = scene.voiceOverText?.trim();
  if (!text) throw new SceneAssetError("voice-over", SCENE_ASSET_MESSAGES.noVoiceOverText, false);
  const { voice, language } = await ttsVoice(project.voiceId);
  const result = await voiceProvider().synthesize({ text, voice, language }, { signal: options.signal });
  const ext = path.extname(result.path).slice(1) || "wav";
  const stored = await storeSceneFile(result.path, {
    sceneId: scene.id,
    ownerId: project.userId,
    kind: "audio",
    name: `scene-${scene.sceneOrder}-voice-over.${ext}`,
  });
  await recordMade(ctx, "voice-over", stored.url, options, {
    voiceOverDuration: result.durationSec,
    duration: sceneDurationFor(result.durationSec),
    ttsRequestId: null,
    durationSec: result.durationSec,
  });
  return { step: "voice-over", skipped: false, madeByRequest: true, url: stored.url };
}

/** What the video step asks the motion for: the still (or the shot's layers), the clip's length, its place in the ad and the Style. */
async function motionRequestOf(ctx: SceneContext, imageUrl: string, options: SceneAssetOptions): Promise<{ request: MotionRequest; layers?: ShotLayers }> {
  const { scene, project, aspect } = ctx;
  const image = await mediaFilePath(imageUrl, "scene image", project.userId);
  const layers = await shotLayers(ctx, options);
  const request: MotionRequest = {
    image,
    ...(layers ? { layers } : {}),
    durationSec: clipSecondsFor(scene),
    aspectRatio: aspect,
    sceneIndex: Math.max(0, scene.sceneOrder - 1),
    seed: project.id,
    ...(options.adShots ? { variant: adPlan(ctx).shots[ctx.sceneIndex]?.motion } : {}),
    // Pacing (ADR 335): the ad's last scene holds its end card; the Style picks how beats are joined.
    endCard: ctx.sceneCount > 1 && ctx.sceneIndex === ctx.sceneCount - 1,
    style: ctx.style ?? undefined,
    prompt: scene.imagePrompt ?? undefined,
    size: videoSizeFor(aspect),
  };
  return { request, ...(layers ? { layers } : {}) };
}

/**
 * The request the video step would give the motion for the scene now, with what the motion's
 * record is filed under; null when the video step would not ask the motion (the scene shows the
 * user's own clip, or has no image yet). Create Video plans the clip's beats from it before the
 * compile (scene-motion-plan.server.ts, ADR 380).
 */
export async function sceneMotionRequest(
  actor: Actor,
  target: SceneTarget,
  options: SceneAssetOptions = {},
): Promise<{ request: MotionRequest; layers?: ShotLayers; file: { sceneId: string; ownerId: string; sceneOrder: number } } | null> {
  const ctx = await loadContext(actor, target, "video");
  const { scene, project } = ctx;
  if (!scene.imageUrl || ownMediaOf(scene)?.kind === "clip") return null;
  return { ...(await motionRequestOf(ctx, scene.imageUrl, options)), file: { sceneId: scene.id, ownerId: project.userId, sceneOrder: scene.sceneOrder } };
}

async function videoStep(ctx: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  const { scene, project } = ctx;
  const current = await mediaUpToDate(ctx, "video", options);
  if (current.skip) return { step: "video", skipped: true, madeByRequest: current.mine };
  if (!scene.imageUrl) throw new SceneAssetError("video", SCENE_ASSET_MESSAGES.noImage, false);
  const own = ownMediaOf(scene);
  if (own?.kind === "clip") return ownClipVideoStep(ctx, own.url, options);
  const jobId = generationJobId(options, scene.id, "video");
  const provider = motionProvider();
  await startVideoJob({
    id: jobId,
    userId: project.userId,
    prompt: scene.imagePrompt?.trim() || scene.title || sceneText(scene) || "Scene video",
    sourceImageUrl: scene.imageUrl,
    sceneDescription: scene.description,
    provider: provider.name,
    projectId: project.id,
    sceneId: scene.id,
  });
  try {
    const { request, layers } = await motionRequestOf(ctx, scene.imageUrl, options);
    const clip = await provider.animate(request, { signal: options.signal });
    const stored = await storeSceneFile(clip.path, { sceneId: scene.id, ownerId: project.userId, kind: "video", name: `scene-${scene.sceneOrder}-video.mp4` });
    // The still and beats the clip was drawn from: the compile draws them again instead of re-encoding the clip (ADR 360).
    const motion = await sceneMotionOf(clip, layers, { sceneId: scene.id, ownerId: project.userId, sceneOrder: scene.sceneOrder });
    await recordMade(ctx, "video", stored.url, options, { videoRequestId: clip.requestId ?? null, motion });
    await updateVideoJobStatus(ctx.actor, jobId, { status: "completed", resultUrl: stored.url, errorMessage: null });
    return { step: "video", skipped: false, madeByRequest: true, url: stored.url };
  } catch (error) {
    await updateVideoJobStatus(ctx.actor, jobId, { status: "failed", errorMessage: reasonOf(error) }).catch(() => undefined);
    throw error;
  }
}

/** The scene's video from the user's own clip: trimmed or slowed to the beat, covering the frame, muted (ADR 315). */
async function ownClipVideoStep(ctx: SceneContext, clipUrl: string, options: SceneAssetOptions): Promise<SceneStepResult> {
  const { scene, project, aspect } = ctx;
  const jobId = generationJobId(options, scene.id, "video");
  await startVideoJob({
    id: jobId,
    userId: project.userId,
    prompt: scene.title || sceneText(scene) || "Scene video",
    sourceImageUrl: scene.imageUrl,
    sceneDescription: scene.description,
    provider: "own-clip",
    projectId: project.id,
    sceneId: scene.id,
  });
  try {
    const clip = await mediaFilePath(clipUrl, "clip", project.userId);
    const made = await fitClip(clip, { durationSec: clipSecondsFor(scene), size: videoSizeFor(aspect) }, { signal: options.signal });
    const stored = await storeSceneFile(made.path, { sceneId: scene.id, ownerId: project.userId, kind: "video", name: `scene-${scene.sceneOrder}-video.mp4` });
    await recordMade(ctx, "video", stored.url, options, { videoRequestId: null });
    await updateVideoJobStatus(ctx.actor, jobId, { status: "completed", resultUrl: stored.url, errorMessage: null });
    return { step: "video", skipped: false, madeByRequest: true, url: stored.url };
  } catch (error) {
    await updateVideoJobStatus(ctx.actor, jobId, { status: "failed", errorMessage: reasonOf(error) }).catch(() => undefined);
    throw error;
  }
}

/** After the last step: every asset exists and none is stale, the scene is completed. */
export async function completeSceneAssets(actor: Actor, { projectId, sceneId }: SceneTarget): Promise<boolean> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const project = await getProject(actor, projectId);
  if (!scene.imagePrompt || !scene.imageUrl || !scene.voiceOverText || !scene.voiceOverUrl || !scene.videoUrl) return false;
  if (hasStaleAsset(scene, project)) return false;
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
