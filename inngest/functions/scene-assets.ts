// Scene assets (seed 001 §4): one durable step per asset in the fixed order image prompt, image,
// script, voice-over, video. A step that fails is retried while trying again may help; the
// first failure that stays stops the sequence with "Failed while {step}: {reason}", stored on
// the scene and raised as the run's error. "scene/assets.finished" reports the end either way.
// The work itself is in app/models/scene-assets.server.ts (ADR 100).
import { NonRetriableError } from "inngest";
import { markStoryProcessing } from "~/models/stories.server";
import {
  completeSceneAssets,
  reasonOf,
  recordSceneFailure,
  runSceneAssetStep,
  SCENE_ASSET_STEPS,
  SceneAssetError,
} from "~/models/scene-assets.server";
import { inngest } from "../client.ts";
import { sceneAssetsFinished, sceneAssetsRequested } from "../events.ts";

export const SCENE_ASSETS_RETRIES = 2;

/** Story progress while a scene is made: "Generating scene 2 of 4: voice-over". */
export function sceneProgressLabel(sceneOrder: number, sceneCount: number, step: string): string {
  return `Generating scene ${sceneOrder} of ${sceneCount}: ${step}`;
}

/** The message of an error the SDK hands back for a failed step or invoked run. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
  return String(error);
}

export const sceneAssetsFunction = inngest.createFunction(
  { id: "scene-assets", name: "Generate scene assets", retries: SCENE_ASSETS_RETRIES, triggers: [sceneAssetsRequested] },
  async ({ event, step, attempt, maxAttempts }) => {
    const { projectId, sceneId, storyId } = event.data;
    const lastAttempt = (maxAttempts ?? SCENE_ASSETS_RETRIES + 1) - 1;

    for (const name of SCENE_ASSET_STEPS) {
      try {
        await step.run(name, async () => {
          try {
            return await runSceneAssetStep(sceneId, name, {
              // Create Video allows a request without a product image: draw a typographic card.
              allowTextCard: storyId !== undefined,
              onStart: storyId !== undefined ? (info) => markStoryProcessing(storyId, sceneProgressLabel(info.sceneOrder, info.sceneCount, info.step)) : undefined,
            });
          } catch (error) {
            const failure = error instanceof SceneAssetError ? error : new SceneAssetError(name, reasonOf(error), true, { cause: error });
            if (!failure.retriable || attempt >= lastAttempt) {
              await recordSceneFailure(sceneId, failure);
              throw new NonRetriableError(failure.message, { cause: error });
            }
            throw failure;
          }
        });
      } catch (error) {
        const message = errorMessageOf(error);
        await step.sendEvent("report-failure", sceneAssetsFinished.create({ projectId, sceneId, ok: false, error: message }));
        throw new NonRetriableError(message);
      }
    }

    await step.run("complete", () => completeSceneAssets(sceneId));
    await step.sendEvent("report-success", sceneAssetsFinished.create({ projectId, sceneId, ok: true }));
    return { sceneId, ok: true as const };
  },
);
