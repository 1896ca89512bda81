// How a failure in the video pipeline reads and whether trying again may help: a scene step's
// own error ("Failed while {step}: {reason}"), provider errors, anything else. Shared by the
// scene-asset steps and the compile (docs/decisions/100-scene-asset-generation.md).
import { failedWhile, type SceneAssetStep } from "~/models/scene-asset-steps";
import { ProviderError } from "~/providers/media/types";

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
