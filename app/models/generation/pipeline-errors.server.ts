// How a failure in the video pipeline reads and whether trying again may help: a scene step's
// own error ("Failed while {step}: {reason}"), provider errors, anything else. Shared by the
// scene-asset steps and the compile (docs/decisions/100-scene-asset-generation.md).
import { failedWhile, type SceneAssetStep } from "./scene-asset-steps";
import { presentableFailure, unreadableInputMessage, GENERIC_FAILURE_MESSAGE } from "./failure-messages";
import { MediaProcessError } from "~/providers/media/ffmpeg.server";
import { ProviderError } from "~/providers/media/types";
import { RenderInputError } from "~/providers/render/types";

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

/**
 * The reason people read for an error thrown by a provider, storage or the planner: in their
 * words, never a media tool's output or a server path (docs/decisions/271-render-failures-in-users-words.md).
 * Callers log the error itself (with their job id) for the detail.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof SceneAssetError) return presentableFailure(error.reason);
  if (error instanceof RenderInputError) return unreadableInputMessage(error.input, error.scene);
  if (error instanceof MediaProcessError) return GENERIC_FAILURE_MESSAGE;
  if (error instanceof Error && error.message) return presentableFailure(error.message.replace(/\s+/g, " ").trim().slice(0, 500));
  return "Unknown error";
}

/** Whether another attempt may succeed: provider time-outs and upstream errors, database/file hiccups. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof SceneAssetError) return error.retriable;
  if (error instanceof ProviderError) return error.code === "upstream" || error.code === "timeout" || error.code === "unavailable";
  return true;
}
