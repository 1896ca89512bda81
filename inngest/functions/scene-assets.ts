// Scene assets (docs/product.md#video-pipeline): one durable step per asset in the fixed order
// image prompt, image, script, voice-over, video. A step that fails is retried while trying again
// may help; the first failure that stays stops the sequence with "Failed while {step}: {reason}",
// stored on the scene and raised as the run's error. "scene/assets.finished" reports the end either
// way. The work itself is in app/models/generation/scene-assets.server.ts (ADR 100). The run acts as the user
// the event names (the one who asked): every step resolves that actor again and the core checks
// that the scene belongs to the project and the project to them, or that they are an admin
// (ADR 130); ids they may not see stop the run as "not found".
import { NonRetriableError } from "inngest";
import { actorForWorkflow, isNotFound } from "~/models/access";
import { markStoryProcessing } from "~/models/stories";
import {
  reasonOf,
  SceneAssetError,
  completeSceneAssets,
  recordSceneFailure,
  runSceneAssetStep,
  refundUnfinishedGeneration,
  settleGenerationStep,
} from "~/models/generation";
import { SCENE_ASSET_STEPS } from "~/models/generation/scene-asset-steps";
import { inngest } from "../client.ts";
import { sceneAssetsFinished, sceneAssetsRequested } from "~/models/workflows/events";

export const SCENE_ASSETS_RETRIES = 2;

/** Story progress while a scene is made: "Generating scene 2 of 4: voice-over". */
export function sceneProgressLabel(sceneOrder: number, sceneCount: number, step: string): string {
  return `Generating scene ${sceneOrder} of ${sceneCount}: ${step}`;
}

/** A "not found" from the core ends the run: trying again cannot make someone else's id visible. */
export function stopIfNotFound(error: unknown): never {
  if (isNotFound(error)) throw new NonRetriableError(error instanceof Error ? error.message : "Not found", { cause: error });
  throw error;
}

/** null for a "not found" from the core (any other error goes on). */
export function nullIfNotFound(error: unknown): null {
  if (isNotFound(error)) return null;
  throw error;
}

/** The message of an error the SDK hands back for a failed step or invoked run. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
  return String(error);
}

/** Gives back what a charged request did not deliver (no-op without a charge, or when done already). */
async function refundUnfinished(data: { projectId: string; sceneId: string; userId: string; batchId?: string }, reason: string) {
  if (!data.batchId) return { refunded: 0 };
  const actor = await actorForWorkflow(data.userId).catch(nullIfNotFound);
  if (!actor) return { refunded: 0 };
  return refundUnfinishedGeneration(actor, { projectId: data.projectId, sceneId: data.sceneId }, data.batchId, reason);
}

export const sceneAssetsFunction = inngest.createFunction(
  {
    id: "scene-assets",
    name: "Generate scene assets",
    retries: SCENE_ASSETS_RETRIES,
    triggers: [sceneAssetsRequested],
    // The run failed outside a step's own handling (a step kept failing): refund what it did not deliver.
    onFailure: async ({ event, error, step }) => {
      await step.run("refund-unfinished", () => refundUnfinished(event.data.event.data, errorMessageOf(error)));
    },
  },
  async ({ event, step, attempt, maxAttempts, runId }) => {
    const { projectId, sceneId, storyId, userId, batchId, regenerate, productShotVersion, imageJobId } = event.data;
    const target = { projectId, sceneId };
    const act = () => actorForWorkflow(userId).catch(stopIfNotFound);
    const lastAttempt = (maxAttempts ?? SCENE_ASSETS_RETRIES + 1) - 1;
    // What the files this run makes are recorded as made by: its charge batch, else the run.
    const runKey = batchId ?? `run:${runId}`;
    const wanted = event.data.steps;

    for (const name of SCENE_ASSET_STEPS) {
      if (wanted && !wanted.includes(name)) continue;
      try {
        await step.run(name, async () => {
          const actor = await act();
          try {
            const result = await runSceneAssetStep(actor, target, name, {
              regenerate,
              runKey,
              productShotVersion,
              // Create Video allows a request without a product image: draw a typographic card
              // (and so does an admin's retry of a job that was one).
              allowTextCard: storyId !== undefined || event.data.allowTextCard === true,
              imageJobId,
              // Create Video makes an ad: hook, body and end card (ADR 204).
              adShots: storyId !== undefined,
              // Progress goes to the story the project was made for (read by the core), never to an id from the event.
              onStart:
                storyId !== undefined
                  ? (info) =>
                      info.storyId === null
                        ? undefined
                        : markStoryProcessing(actor, info.storyId, sceneProgressLabel(info.sceneOrder, info.sceneCount, info.step))
                  : undefined,
            });
            // A charged request: the step's charge stays, or comes back when it had nothing to do.
            if (batchId) await settleGenerationStep(actor, target, batchId, result);
            return result;
          } catch (error) {
            const failure = error instanceof SceneAssetError ? error : new SceneAssetError(name, reasonOf(error), true, { cause: error });
            if (!failure.retriable || attempt >= lastAttempt) {
              await recordSceneFailure(actor, target, failure);
              throw new NonRetriableError(failure.message, { cause: error });
            }
            throw failure;
          }
        });
      } catch (error) {
        const message = errorMessageOf(error);
        // This step and the ones after it were not delivered: their charges come back, once.
        await step.run("refund-unfinished", () => refundUnfinished(event.data, message));
        await step.sendEvent("report-failure", sceneAssetsFinished.create({ projectId, sceneId, ok: false, error: message }));
        throw new NonRetriableError(message);
      }
    }

    await step.run("complete", async () => completeSceneAssets(await act(), target).catch(stopIfNotFound));
    await step.sendEvent("report-success", sceneAssetsFinished.create({ projectId, sceneId, ok: true }));
    return { sceneId, ok: true as const };
  },
);
