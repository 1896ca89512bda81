// Asking for a scene's assets (docs/decisions/150-price-list-and-work-charges.md,
// 151-stale-assets-and-versions.md): one step or all five in the fixed order (image prompt,
// image, script, voice-over, video), through the durable scene-assets workflow
// (inngest/functions/scene-assets.ts). The editors' buttons, the MCP generate_* tools and the
// assistant call requestSceneGeneration; the workflow calls settleGenerationStep after each step
// and refundUnfinishedGeneration when it stops.
//
// The request is planned first (which steps will really run: missing, stale, or asked to be made
// again), the product's rules are checked before anything is charged (a video needs a scene
// image; an image needs an image prompt and a product image; a voice-over needs voice-over
// text), then each step that will run is charged at its price (prices.ts) through the ledger,
// one charge per step, and the workflow is started. A step that ends up with nothing to do is
// refunded; a step that fails, and every step after it, is refunded once.
//
// Every function takes the acting user and reaches the scene through its project (ADR 130).
import { randomUUID } from "node:crypto";
import { isNotFound, NotFoundError, type Actor } from "~/models/access/actor.server";
import { EDITOR_MESSAGES } from "~/models/projects/editor-rules";
import {
  chargeWork,
  earlierRequestCharges,
  listBatchCharges,
  priceOf,
  refundBatchCharges,
  type RefundOutcome,
  settleBatchCharges,
  sumCredits,
} from "~/models/billing";
import { getProject, getProjectWithScenes, type ProjectRow } from "~/models/projects/project.server";
import { failedWhile, SCENE_ASSET_MESSAGES, SCENE_ASSET_STEPS, type SceneAssetStep } from "./scene-asset-steps";
import type { SceneStepResult, SceneTarget } from "./scene-assets.server";
import { hasStaleAsset, isStale, productImageOf } from "~/models/projects/scene-staleness.server";
import { findSceneOfProject, isSceneReady, type SceneRow } from "~/models/projects/scenes.server";
import type { ProductShotVersion } from "~/providers/image/types";
import { sendWorkflowEvents } from "~/models/workflows/engine.server";
import { sceneAssetsRequested } from "~/models/workflows/events";

/** One step, or the five in order. */
export type GenerationChoice = SceneAssetStep | "all";

export type PlannedStep = { step: SceneAssetStep; credits: number };

export type ScenePlan = {
  /** The steps that will run, in the fixed order, with their prices. */
  steps: PlannedStep[];
  credits: number;
  /** A rule that stops the request before anything runs: the step and the reason. */
  blocked: { step: SceneAssetStep; reason: string } | null;
};

type PlanProject = Pick<ProjectRow, "userId" | "mainProductImageUrl" | "style" | "aspectRatio" | "voiceId">;

/**
 * The scene's clip is owed by the Create Video run its owner paid for (ADR 383): marked when the
 * story became Ready with this scene's clip still to be made (`clipPaidBy`), and no clip recorded
 * since (the run's, a compile's or a regeneration's clears the mark). Its video step then costs the
 * owner nothing; anyone else (an admin acting on the project) pays as usual.
 */
export function clipOwedTo(scene: Pick<SceneRow, "clipPaidBy" | "videoUrl">, project: Pick<ProjectRow, "userId">, payerId: string | null | undefined): boolean {
  return Boolean(scene.clipPaidBy) && !scene.videoUrl && Boolean(payerId) && payerId === project.userId;
}

function hasText(scene: SceneRow): boolean {
  return [scene.script, scene.voiceOverText, scene.description, scene.title].some((t) => Boolean(t?.trim()));
}

/**
 * Which steps a request runs for this scene, in the fixed order (pure: the same rules as the
 * steps themselves, scene-assets.server.ts). For one step: that step when its output is
 * missing, stale, or `regenerate`. For all: each step whose output is missing or stale, or
 * will become stale because an earlier step runs (a new prompt → the image, a new image or
 * voice-over → the video); everything with `regenerate`. `blocked` names the first rule that
 * would stop it (Create Video's text card is not offered here: the editors need a product image).
 * `payerId`: who would pay; a clip its story already paid for is priced 0 for its owner (clipOwedTo).
 */
export function planSceneSteps(scene: SceneRow, project: PlanProject, choice: GenerationChoice, regenerate = false, payerId?: string | null): ScenePlan {
  const all = choice === "all";
  const wanted = (step: SceneAssetStep) => all || choice === step;
  const generatedAnd = (hash: string | null, cond: boolean) => Boolean(hash) && cond;
  const runs = new Set<SceneAssetStep>();
  let blocked: ScenePlan["blocked"] = null;
  const block = (step: SceneAssetStep, reason: string) => {
    if (!blocked) blocked = { step, reason };
  };

  if (wanted("image prompt") && (regenerate || !scene.imagePrompt?.trim())) {
    runs.add("image prompt");
    if (!hasText(scene)) block("image prompt", SCENE_ASSET_MESSAGES.noText);
  }
  if (wanted("image") && (regenerate || !scene.imageUrl || isStale("image", scene, project) || generatedAnd(scene.imageInputsHash, runs.has("image prompt")))) {
    runs.add("image");
    if (!scene.imagePrompt?.trim() && !runs.has("image prompt")) block("image", SCENE_ASSET_MESSAGES.noImagePrompt);
    if (!productImageOf(scene, project) && !scene.sourceMediaUrl) block("image", SCENE_ASSET_MESSAGES.productImageRequired);
  }
  if (wanted("script") && (regenerate || !scene.script?.trim() || !scene.voiceOverText?.trim())) {
    runs.add("script");
    if (!hasText(scene)) block("script", SCENE_ASSET_MESSAGES.noText);
  }
  if (
    wanted("voice-over") &&
    (regenerate || !scene.voiceOverUrl || isStale("voice-over", scene, project) || generatedAnd(scene.voiceOverInputsHash, runs.has("script")))
  ) {
    runs.add("voice-over");
    if (!scene.voiceOverText?.trim() && !runs.has("script")) block("voice-over", SCENE_ASSET_MESSAGES.noVoiceOverText);
  }
  if (
    wanted("video") &&
    (regenerate || !scene.videoUrl || isStale("video", scene, project) || generatedAnd(scene.videoInputsHash, runs.has("image") || runs.has("voice-over")))
  ) {
    runs.add("video");
    if (!scene.imageUrl && !runs.has("image")) block("video", SCENE_ASSET_MESSAGES.noImage);
  }
  const paidClip = clipOwedTo(scene, project, payerId);
  const steps = SCENE_ASSET_STEPS.filter((s) => runs.has(s)).map((step) => ({
    step,
    credits: step === "video" && paidClip ? 0 : priceOf({ work: "scene_step", step }),
  }));
  return { steps, credits: sumCredits(steps.map((s) => s.credits)), blocked };
}

/**
 * Whether a scene is ready to be compiled as it is: it has its video, it is completed, and none
 * of its files is stale (an edit since means the compile prepares it again first).
 */
export function isSceneReadyToCompile(scene: SceneRow, project: PlanProject): boolean {
  return isSceneReady(scene) && !hasStaleAsset(scene, project);
}

/** The scenes of a project the actor may work on that a compile must prepare first. */
export async function scenesNeedingPreparation(actor: Actor, projectId: string): Promise<{ count: number; ids: string[] }> {
  const project = await getProjectWithScenes(actor, projectId);
  return { count: project.scenes.length, ids: project.scenes.filter((s) => !isSceneReadyToCompile(s, project)).map((s) => s.id) };
}

export type CompilePlan = {
  /** Every scene of the project, in order: what the compile renders. */
  sceneIds: string[];
  /** The steps of the scenes the compile prepares first (missing or stale assets). */
  scenes: { sceneId: string; steps: PlannedStep[]; blocked: ScenePlan["blocked"] }[];
  /** The compile's own price plus those steps. */
  credits: number;
};

/** What a compile of this project will run and cost: the scenes it prepares, and the render. */
export async function planCompile(actor: Actor, projectId: string): Promise<CompilePlan> {
  return compilePlanOf(await getProjectWithScenes(actor, projectId), actor.id);
}

/**
 * planCompile for a project and its scenes already read, priced for `payerId` (pure). `planOf`
 * gives a scene's plan where the caller has made it already (all steps, no regenerate, the same payer).
 */
export function compilePlanOf(
  project: PlanProject & { scenes: SceneRow[] },
  payerId: string | null,
  planOf: (scene: SceneRow) => ScenePlan = (s) => planSceneSteps(s, project, "all", false, payerId),
): CompilePlan {
  const scenes = project.scenes
    .filter((s) => !isSceneReadyToCompile(s, project))
    .map((s) => {
      const plan = planOf(s);
      return { sceneId: s.id, steps: plan.steps, blocked: plan.blocked };
    });
  return {
    sceneIds: project.scenes.map((s) => s.id),
    scenes,
    credits: sumCredits([priceOf({ work: "compile" }), ...scenes.flatMap((s) => s.steps.map((p) => p.credits))]),
  };
}

export type SceneGenerationInput = {
  projectId: string;
  sceneId: string;
  /** One step, or all five in the fixed order (default). */
  step?: GenerationChoice;
  /** Make the step(s) again even when up to date (the editor's Regenerate); stale ones are made again anyway. */
  regenerate?: boolean;
  /** Product shot version of the image (v1 default). */
  productShotVersion?: ProductShotVersion;
  /** The client's idempotency key (MCP): the same key never charges twice. */
  clientRequestId?: string | null;
};

export type SceneGenerationResult =
  | {
      ok: true;
      /** The request's id (its charges and its workflow run). */
      batchId: string;
      steps: SceneAssetStep[];
      credits: number;
      /** The payer's balance after the charge (null for a repeated request). */
      balance: number | null;
      /** The same clientRequestId was sent before: nothing new was charged or started. */
      duplicate: boolean;
    }
  | { ok: false; code: "not_found"; message: string }
  | { ok: false; code: "blocked"; step: SceneAssetStep; reason: string; message: string }
  | { ok: false; code: "nothing_to_do"; message: string }
  | { ok: false; code: "insufficient_credits"; needed: number; balance: number; message: string }
  | { ok: false; code: "invalid"; message: string };

/** The event id of a request: sending it again never starts a second run. */
export function sceneGenerationEventId(batchId: string): string {
  return `scene-assets-${batchId}`;
}

/**
 * Asks for one step (or all five) of a scene's assets: plans what will run, checks the rules,
 * charges each step that will run (the actor pays), and starts the scene-assets workflow.
 * Another user's ids answer `not_found` with nothing charged or started. A rule that stops it
 * answers `blocked` with the product's message ("Upload a product image first to generate scene
 * variations.", or "Failed while {step}: {reason}" for all steps); up-to-date assets answer
 * `nothing_to_do` unless `regenerate`.
 */
export async function requestSceneGeneration(actor: Actor, input: SceneGenerationInput): Promise<SceneGenerationResult> {
  const choice = input.step ?? "all";
  if (choice !== "all" && !SCENE_ASSET_STEPS.includes(choice)) return { ok: false, code: "invalid", message: `Unknown step: ${String(choice)}` };
  let project: ProjectRow;
  let scene: SceneRow;
  try {
    project = await getProject(actor, input.projectId);
    scene = await findSceneOfProject(actor, project.id, input.sceneId);
  } catch (error) {
    if (isNotFound(error)) return { ok: false, code: "not_found", message: "Scene not found" };
    throw error;
  }
  // A retry with the same idempotency key answers the first request, even when its work is done
  // by now (then planning again would find nothing to do).
  const earlier = await earlierRequestCharges(actor, input.clientRequestId);
  if (earlier && earlier.length > 0) {
    if (earlier.some((c) => c.sceneId !== scene.id)) return { ok: false, code: "invalid", message: EDITOR_MESSAGES.idempotencyReused };
    const steps = SCENE_ASSET_STEPS.filter((s) => earlier.some((c) => c.item === s));
    return { ok: true, batchId: earlier[0].batchId, steps, credits: sumCredits(earlier.map((c) => Number(c.credits))), balance: null, duplicate: true };
  }
  const plan = planSceneSteps(scene, project, choice, input.regenerate === true, actor.id);
  if (plan.blocked) {
    const { step, reason } = plan.blocked;
    return { ok: false, code: "blocked", step, reason, message: choice === "all" ? failedWhile(step, reason) : reason };
  }
  if (plan.steps.length === 0) return { ok: false, code: "nothing_to_do", message: EDITOR_MESSAGES.nothingToGenerate };

  const charge = await chargeWork(actor, {
    batchId: `gen_${randomUUID()}`,
    clientRequestId: input.clientRequestId,
    items: plan.steps.map((s) => ({ item: s.step, work: "scene_step", credits: s.credits, projectId: project.id, sceneId: scene.id })),
  });
  if (!charge.ok) return charge;
  if (charge.duplicate && charge.charges.some((c) => c.sceneId !== scene.id)) return { ok: false, code: "invalid", message: EDITOR_MESSAGES.idempotencyReused };
  const steps = SCENE_ASSET_STEPS.filter((s) => charge.charges.some((c) => c.item === s));
  try {
    await sendWorkflowEvents(
      sceneAssetsRequested.create(
        {
          projectId: project.id,
          sceneId: scene.id,
          userId: actor.id,
          steps,
          regenerate: input.regenerate === true,
          batchId: charge.batchId,
          ...(input.productShotVersion ? { productShotVersion: input.productShotVersion } : {}),
        },
        { id: sceneGenerationEventId(charge.batchId) },
      ),
    );
  } catch (error) {
    // Nothing will run: give the credits back.
    await refundBatchCharges(charge.batchId, "The generation could not be started");
    throw error;
  }
  return { ok: true, batchId: charge.batchId, steps, credits: charge.credits, balance: charge.balance, duplicate: charge.duplicate };
}

/** The request's charges, when they are all of this scene (a batch id from elsewhere changes nothing). */
async function batchOfScene(actor: Actor, target: SceneTarget, batchId: string) {
  await findSceneOfProject(actor, target.projectId, target.sceneId);
  const charges = await listBatchCharges(batchId);
  return charges.length > 0 && charges.every((c) => c.sceneId === target.sceneId && c.projectId === target.projectId) ? charges : null;
}

/**
 * After one step of a charged request: the step's charge stays (completed) when the step made
 * its output — now, or in an earlier attempt of this request — and is refunded when it found
 * nothing to do (someone else made it meanwhile).
 */
export async function settleGenerationStep(actor: Actor, target: SceneTarget, batchId: string, result: SceneStepResult): Promise<void> {
  const charges = await batchOfScene(actor, target, batchId);
  if (!charges) return;
  if (result.skipped && !result.madeByRequest) {
    await refundBatchCharges(batchId, EDITOR_MESSAGES.nothingToGenerate, [result.step]);
  } else {
    await settleBatchCharges(batchId, [result.step]);
  }
}

/**
 * The request stopped (a step failed for good, or the run failed): every step not delivered is
 * refunded, once, however often this is called. A scene that is gone was refunded when it was
 * deleted.
 */
export async function refundUnfinishedGeneration(actor: Actor, target: SceneTarget, batchId: string, reason: string): Promise<RefundOutcome> {
  try {
    const charges = await batchOfScene(actor, target, batchId);
    if (!charges) return { refunded: 0, charges: 0 };
  } catch (error) {
    if (isNotFound(error)) return { refunded: 0, charges: 0 };
    throw error;
  }
  return refundBatchCharges(batchId, reason);
}

export type GenerationProgress = {
  /** The request's steps, in the fixed order, each with its charge's state. */
  steps: { step: SceneAssetStep; state: "charged" | "completed" | "refunded"; note: string | null }[];
  /** Steps finished (delivered or given back) of all. */
  done: number;
  total: number;
  finished: boolean;
};

/**
 * How far a generation request of this scene has come (the MCP generate tools' progress): read
 * from its charges, which the workflow settles step by step. NotFoundError when the scene is not
 * the actor's, or the request is not one of this scene's.
 */
export async function generationProgress(actor: Actor, target: SceneTarget, batchId: string): Promise<GenerationProgress> {
  const charges = await batchOfScene(actor, target, batchId);
  if (!charges) throw new NotFoundError("Generation request");
  const steps = SCENE_ASSET_STEPS.flatMap((step) => {
    const c = charges.find((x) => x.item === step);
    return c ? [{ step, state: c.status, note: c.note ?? null }] : [];
  });
  const done = steps.filter((s) => s.state !== "charged").length;
  return { steps, done, total: steps.length, finished: done === steps.length };
}
