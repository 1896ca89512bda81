// Asset generation for one scene (seed 001 §4), as plain functions the durable workflow steps
// call, one per step, in the fixed order: image prompt, image, script, voice-over, video.
//
// Each step fills what is missing: when its output already exists it is skipped. That makes a
// step safe to run again (the workflow engine delivers at least once: a step interrupted after
// it stored its file runs again and finds the file). Each step writes its progress to the scene
// (status in_progress, progressStep) and stores its output through the storage module
// (canvas-assets: scenes/{sceneId}_{kind}_{timestamp}.{ext}), private to the project's owner.
// Every function takes the acting user and reaches the scene through its project (ADR 130);
// media are read only through media-refs.server.ts (the owner's stored files, ADR 131).
//
// A step that cannot succeed raises SceneAssetError; its message is the seed's
// "Failed while {step}: {reason}". See docs/decisions/100-scene-asset-generation.md.
import { createReadStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { getChatModel, runPlannerTask, type PlannerTask, type PlannerTaskInput, type PlannerTaskOutput } from "~/providers/llm/index.server";
import { isNotFound, type Actor } from "~/models/actor.server";
import { MediaMissingError, mediaFilePath, readMediaBytes } from "~/models/media-refs.server";
import { getProjectWithScenes, storyIdOfProject, type ProjectRow } from "~/models/project.server";
import { findSceneOfProject, markSceneCompleted, markSceneFailed, markSceneStep, updateScene, type SceneRow } from "~/models/scenes.server";
import type { ProductImageProvider, ProductShotVersion } from "~/providers/image/types";
import { renderTextImage } from "~/providers/media/text.server";
import { FULL_SIZES, ProviderError, VIDEO_SIZES, isAspectRatio, sizeWithLongSide, type AspectRatio, type Size } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import type { MotionProvider } from "~/providers/motion/types";
import type { MusicProvider } from "~/providers/music/types";
import { motionProvider, musicProvider, productImageProvider, renderProvider, voiceProvider } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import type { RenderProvider } from "~/providers/render/types";
import type { VoiceProvider } from "~/providers/voice/types";
import { DEFAULT_VOICE_ID } from "~/utils/constants";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { storeFile, type StoredFile } from "~/models/stored-files.server";

// ───────────────────────────── steps and messages ─────────────────────────────

/** Seed 001 §4 (with the voice-over the issue adds before the video): the fixed order. */
export const SCENE_ASSET_STEPS = ["image prompt", "image", "script", "voice-over", "video"] as const;
export type SceneAssetStep = (typeof SCENE_ASSET_STEPS)[number];

export function isSceneAssetStep(value: unknown): value is SceneAssetStep {
  return typeof value === "string" && (SCENE_ASSET_STEPS as readonly string[]).includes(value);
}

/** Seed 001 §4/§8: "Failed while {step}: {reason}". */
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

/** A step that failed; `retriable` says whether trying again may help (a timeout, a busy service). */
export class SceneAssetError extends Error {
  constructor(
    readonly step: SceneAssetStep,
    readonly reason: string,
    readonly retriable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(failedWhile(step, reason), options);
    this.name = "SceneAssetError";
  }
}

/** The reason people read for an error thrown by a provider, storage or the planner. */
export function reasonOf(error: unknown): string {
  if (error instanceof SceneAssetError) return error.reason;
  if (error instanceof Error && error.message) return error.message.replace(/\s+/g, " ").trim().slice(0, 500);
  return "Unknown error";
}

/** Whether another attempt may succeed: provider time-outs and upstream errors, database/file hiccups. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof SceneAssetError) return error.retriable;
  if (error instanceof ProviderError) return error.code === "upstream" || error.code === "timeout" || error.code === "unavailable";
  return true;
}

// ───────────────────────────── providers (with a test-only override) ─────────────────────────────

export type MediaProviders = {
  voice: VoiceProvider;
  image: ProductImageProvider;
  motion: MotionProvider;
  music: MusicProvider;
  render: RenderProvider;
};

const OVERRIDES = Symbol.for("reelforge.pipeline.providerOverrides");
type GlobalWithOverrides = typeof globalThis & { [OVERRIDES]?: Partial<MediaProviders> };

/**
 * Tests only: replaces providers (e.g. one that fails) for the pipeline. Refused in production,
 * where the registry (environment) alone decides. Pass {} to restore the registry's.
 */
export function overridePipelineProvidersForTests(overrides: Partial<MediaProviders>): void {
  if (process.env.NODE_ENV === "production") throw new Error("Provider overrides are for tests only");
  (globalThis as GlobalWithOverrides)[OVERRIDES] = overrides;
}

/** The providers the pipeline uses now: the registry's (environment), or a test's override. */
export function pipelineProviders(): MediaProviders {
  const o = process.env.NODE_ENV === "production" ? undefined : (globalThis as GlobalWithOverrides)[OVERRIDES];
  return {
    voice: o?.voice ?? voiceProvider(),
    image: o?.image ?? productImageProvider(),
    motion: o?.motion ?? motionProvider(),
    music: o?.music ?? musicProvider(),
    render: o?.render ?? renderProvider(),
  };
}

/**
 * Whether the app runs with NODE_ENV=test, read at run time from the configuration (the server
 * bundle has `process.env.NODE_ENV` replaced by "production" when it is built).
 */
function testMode(): boolean {
  return env().NODE_ENV === "test";
}

/**
 * A test-mode failure marker in a script: "[e2e-fail voice-over]" (or image prompt, image,
 * script, video, compile). Written with a space so the CSS scanner never takes it for a class.
 */
const FAIL_MARKER = /\[e2e-fail (image prompt|image|script|voice-over|video|compile)\]/i;

/**
 * End-to-end tests only (NODE_ENV=test): a Create Video script containing "[e2e-fail {step}]" makes
 * that step's provider fail, so a browser test can watch a refund. Ignored in any other mode.
 */
export function testFailureTarget(source: string | null | undefined): SceneAssetStep | "compile" | null {
  if (!testMode() || !source) return null;
  const m = FAIL_MARKER.exec(source);
  return m ? (m[1].toLowerCase() as SceneAssetStep | "compile") : null;
}

/** The script without test markers (they are never spoken or shown). */
export function withoutTestMarkers(source: string): string {
  return source.replace(new RegExp(FAIL_MARKER.source, "gi"), " ").replace(/[ \t]{2,}/g, " ").trim();
}

export async function forcedFailure(projectId: string, step: SceneAssetStep | "compile"): Promise<void> {
  if (!testMode()) return;
  const story = await prisma.story.findFirst({ where: { projectId }, select: { source: true } });
  if (testFailureTarget(story?.source) === step) {
    throw new ProviderError("test-switch", "failed", `The ${step} provider failed (forced by the test switch)`);
  }
}

// ───────────────────────────── media helpers ─────────────────────────────

function renderLongSide(): number | null {
  const n = Number(process.env.RENDER_LONG_SIDE);
  return Number.isFinite(n) && n >= 160 ? n : null;
}

export function aspectOf(project: Pick<ProjectRow, "aspectRatio">): AspectRatio {
  return isAspectRatio(project.aspectRatio) ? project.aspectRatio : "9:16";
}

/** Motion clips: the renderer's size (RENDER_LONG_SIDE, else 720p-class). */
export function videoSizeFor(aspect: AspectRatio): Size {
  const long = renderLongSide();
  return long ? sizeWithLongSide(aspect, long) : VIDEO_SIZES[aspect];
}

/** Scene images: full size (1080p-class), or RENDER_LONG_SIDE when that is smaller (tests, previews). */
export function imageSizeFor(aspect: AspectRatio): Size {
  const long = renderLongSide();
  return long && long < 1920 ? sizeWithLongSide(aspect, long) : FULL_SIZES[aspect];
}

/** Stores a work file (then removes it) as a scene asset: canvas-assets scenes/{sceneId}_{kind}_{ts}.{ext}. */
async function storeSceneFile(file: string, opts: { sceneId: string; ownerId: string; kind: "image" | "audio" | "video"; name: string }): Promise<StoredFile> {
  try {
    return await storeFile({
      bucket: "canvas-assets",
      ownerId: opts.ownerId,
      params: { sceneId: opts.sceneId, kind: opts.kind },
      kinds: [opts.kind],
      body: createReadStream(file),
      originalName: opts.name,
    });
  } finally {
    await rm(file, { force: true });
  }
}

// ───────────────────────────── planner ─────────────────────────────

/** A planner task on the configured chat model (a hosted model when set, else the local planner). */
export async function planTask<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>): Promise<PlannerTaskOutput<T>> {
  return runPlannerTask(await getChatModel(), task, input);
}

// ───────────────────────────── context ─────────────────────────────

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

type StyleDetails = { palette?: string[]; mood?: string };

type SceneContext = {
  actor: Actor;
  scene: SceneRow;
  project: ProjectRow;
  sceneCount: number;
  aspect: AspectRatio;
  style: string | null;
  details: StyleDetails;
};

/** The style's palette and mood (StoryType.details), found by the project's style name. */
export async function styleDetails(style: string | null | undefined): Promise<StyleDetails> {
  if (!style) return {};
  const type = await prisma.storyType.findUnique({ where: { name: style }, select: { details: true } });
  const d = (type?.details ?? {}) as { palette?: unknown; mood?: unknown };
  return {
    palette: Array.isArray(d.palette) ? d.palette.filter((c): c is string => typeof c === "string") : undefined,
    mood: typeof d.mood === "string" ? d.mood : undefined,
  };
}

/** The TTS voice of the project (Voice.providerVoice; voice 1 when none was chosen). */
export async function voiceOf(project: Pick<ProjectRow, "voiceId">): Promise<{ voice: string; language: string }> {
  const voice =
    (await prisma.voice.findUnique({ where: { id: project.voiceId ?? DEFAULT_VOICE_ID }, select: { providerVoice: true, language: true } })) ??
    (await prisma.voice.findUnique({ where: { id: DEFAULT_VOICE_ID }, select: { providerVoice: true, language: true } }));
  return { voice: voice?.providerVoice ?? "slt", language: voice?.language ?? "en" };
}

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

// ───────────────────────────── the steps ─────────────────────────────

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
    await forcedFailure(ctx.project.id, step);
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
    const shot = await pipelineProviders().image.generate(
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
  const file = await newWorkFile(workRoot(), "scene-assets", ext);
  await writeFile(file, bytes);
  const stored = await storeSceneFile(file, { sceneId: scene.id, ownerId: project.userId, kind: "image", name: `scene-${scene.sceneOrder}-image.${ext}` });
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
  const { voice, language } = await voiceOf(project);
  const result = await pipelineProviders().voice.synthesize({ text, voice, language }, { signal: options.signal });
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

/** How long the scene's clip must be: as long as the renderer will show it. */
export function clipSecondsFor(scene: Pick<SceneRow, "voiceOverDuration" | "duration">): number {
  if (scene.voiceOverDuration && scene.voiceOverDuration > 0) return sceneDurationFor(scene.voiceOverDuration);
  if (scene.duration && scene.duration > 0) return scene.duration;
  return 5;
}

async function videoStep({ actor, scene, project, aspect }: SceneContext, options: SceneAssetOptions): Promise<SceneStepResult> {
  if (scene.videoUrl) return { step: "video", skipped: true };
  if (!scene.imageUrl) throw new SceneAssetError("video", SCENE_ASSET_MESSAGES.noImage, false);
  const image = await mediaFilePath(scene.imageUrl, "scene image", project.userId);
  const clip = await pipelineProviders().motion.animate(
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

// ───────────────────────────── a typographic card (no product image) ─────────────────────────────

const DEFAULT_CARD_PALETTE = ["#1e1b4b", "#7c3aed", "#f5f3ff"];

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * A scene picture without a product photo: the style's palette as a gradient with the scene's
 * words set large (kinetic-type ads do the same). Create Video allows a request without an image.
 */
export async function textCardImage(text: string, size: Size, palette?: string[]): Promise<Buffer> {
  const colours = palette && palette.length >= 3 ? palette : DEFAULT_CARD_PALETTE;
  const sorted = [...colours].sort((a, b) => luminance(a) - luminance(b));
  const [dark, , light] = [sorted[0], sorted[1], sorted[sorted.length - 1]];
  const accent = colours[1];
  const { width: W, height: H } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <circle cx="${W * 0.85}" cy="${H * 0.12}" r="${Math.min(W, H) * 0.28}" fill="${light}" opacity="0.12"/>
  <circle cx="${W * 0.1}" cy="${H * 0.9}" r="${Math.min(W, H) * 0.36}" fill="${light}" opacity="0.08"/>
</svg>`;
  const words = text.replace(/\s+/g, " ").trim().split(" ").slice(0, 14).join(" ");
  const layers: OverlayOptions[] = [];
  if (words) {
    const label = await renderTextImage({ text: words, sizePx: Math.max(12, Math.round(W * 0.085)), color: light, maxWidth: W * 0.8, align: "centre" });
    const img = label.width > W || label.height > H ? await sharp(label.png).resize({ width: Math.min(label.width, W), height: Math.min(label.height, H), fit: "inside" }).png().toBuffer() : label.png;
    const meta = await sharp(img).metadata();
    layers.push({ input: img, left: Math.max(0, Math.round((W - (meta.width ?? 0)) / 2)), top: Math.max(0, Math.round(H * 0.42 - (meta.height ?? 0) / 2)) });
  }
  return sharp(Buffer.from(svg)).composite(layers).flatten({ background: dark }).jpeg({ quality: 90 }).toBuffer();
}
