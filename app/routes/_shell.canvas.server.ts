// What the canvas editor's routes (/canvas, /canvas/:projectId) answer when the core refuses:
// route-only helper. Input errors of the core (ProjectError, SceneInputError, MediaRefError)
// answer 400 with the message beside their field; NotFoundError (another user's project for a
// non-admin, a deleted one) answers 404. Anything else is not the client's fault and is rethrown.
import { data } from "@remix-run/node";
import type { CanvasActionData } from "~/components/canvas-editor/editor-data";
import { isNotFound } from "~/models/access";
import { isMediaRefError } from "~/models/files";
import { ProjectError, SceneInputError } from "~/models/projects";

export type { CanvasActionData } from "~/components/canvas-editor/editor-data";

export function refused(intent: string, error: string, status = 400, fieldErrors: Record<string, string> = {}) {
  return data<CanvasActionData>({ ok: false, intent, error, fieldErrors }, { status });
}

/** The core's refusal as the answer (after the product's `failure` text when given) to the page, or the error again when it is not one. */
export function coreRefusal(intent: string, error: unknown, field = "form", failure?: string) {
  const text = (message: string) => (failure ? `${failure}: ${message}` : message);
  if (isNotFound(error)) return refused(intent, text(error.message), 404);
  if (error instanceof ProjectError) return refused(intent, text(error.message), 400, { [field]: error.message });
  if (error instanceof SceneInputError || isMediaRefError(error)) return refused(intent, text(error.message), 400, { [error.field]: error.message });
  throw error;
}
