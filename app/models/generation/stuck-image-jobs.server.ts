// The admin area's AI Tools tab (docs/product.md#admin-area, ADR 187): image generation jobs
// that are stuck (in_queue or failed), and what staff do about one: retry it (the real
// scene-assets workflow makes the scene's image again, free for its owner, and records it into
// this same job), ask how it is doing (the job row and the workflow run of its last retry), or
// delete it.
import { isNotFound, type Actor } from "~/models/access/actor.server";
import { assertStaff } from "~/models/access/permissions.server";
import { STUCK_JOB_MESSAGES } from "~/models/messaging/admin-messages";
import {
  deleteStuckImageJobRow,
  findImageJobRow,
  listStuckImageJobRows,
  requeueStuckImageJob,
  STUCK_IMAGE_JOB_STATUSES,
  type ImageJobRow,
} from "./image-jobs.server";
import { findSceneOfProject } from "~/models/projects/scenes.server";
import { sendWorkflowEvents, workflowRuns } from "~/models/workflows/engine.server";
import { functionId, sceneAssetsRequested } from "~/models/workflows/events";

export const STUCK_LIST_LIMIT = 200;
/** The scene-assets workflow as the engine names it (the app id, then the function id). */
const SCENE_ASSETS_FUNCTION = functionId("scene-assets");

export type StuckJob = {
  id: string;
  requestId: string | null;
  prompt: string;
  errorMessage: string | null;
  createdAt: string;
  status: string;
  attempts: number;
  owner: string | null;
  projectId: string | null;
  sceneId: string | null;
};

function toJob(row: ImageJobRow): StuckJob {
  return {
    id: row.id,
    requestId: row.providerRequestId,
    prompt: row.prompt,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    owner: row.user.profile?.username ?? row.user.email,
    projectId: row.projectId,
    sceneId: row.sceneId,
  };
}

function isStuck(status: string): boolean {
  return (STUCK_IMAGE_JOB_STATUSES as readonly string[]).includes(status);
}

/** Stuck image jobs, newest first (at most STUCK_LIST_LIMIT). */
export async function listStuckImageJobs(actor: Actor): Promise<StuckJob[]> {
  assertStaff(actor);
  return (await listStuckImageJobRows(STUCK_LIST_LIMIT)).map(toJob);
}

export type JobActionResult = { ok: true; message: string } | { ok: false; code: "not_found" | "not_stuck" | "no_scene"; message: string };

/**
 * Resubmits a stuck job to the scene-assets workflow (its image step only, made again), acting
 * as the admin who asked, without a charge; the job shows IN_QUEUE until the step ends. Two
 * clicks on the same job state send the same event id, so the work starts once.
 */
export async function retryImageJob(actor: Actor, jobId: string): Promise<JobActionResult> {
  assertStaff(actor);
  const job = await findImageJobRow(jobId);
  if (!job) return { ok: false, code: "not_found", message: STUCK_JOB_MESSAGES.retryFailed };
  if (!isStuck(job.status)) return { ok: false, code: "not_stuck", message: STUCK_JOB_MESSAGES.notStuck };
  if (!job.projectId || !job.sceneId) return { ok: false, code: "no_scene", message: STUCK_JOB_MESSAGES.noScene };
  try {
    await findSceneOfProject(actor, job.projectId, job.sceneId);
  } catch (error) {
    if (isNotFound(error)) return { ok: false, code: "no_scene", message: STUCK_JOB_MESSAGES.noScene };
    throw error;
  }
  const eventId = `image-retry-${job.id}-${job.updatedAt.getTime()}`;
  await requeueStuckImageJob(job.id, job.updatedAt);
  await sendWorkflowEvents(
    sceneAssetsRequested.create(
      {
        projectId: job.projectId,
        sceneId: job.sceneId,
        userId: actor.id,
        steps: ["image"],
        regenerate: true,
        imageJobId: job.id,
        ...(job.provider === "text-card" ? { allowTextCard: true } : {}),
      },
      { id: eventId },
    ),
  );
  return { ok: true, message: STUCK_JOB_MESSAGES.retried };
}

export type JobCheck = {
  status: string;
  errorMessage: string | null;
  /** The workflow run of the last retry, when the embedded engine holds it. */
  run: { status: string; error: string | null; updatedAt: string } | null;
};

function runError(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" ? message.slice(0, 500) : null;
}

/** How a job is doing now: its row, and the workflow run of its last retry. */
export async function checkImageJob(actor: Actor, jobId: string): Promise<{ ok: true; check: JobCheck } | { ok: false; code: "not_found"; message: string }> {
  assertStaff(actor);
  const job = await findImageJobRow(jobId);
  if (!job) return { ok: false, code: "not_found", message: STUCK_JOB_MESSAGES.checkFailed };
  const run = await workflowRuns.latestRunWithEventData(SCENE_ASSETS_FUNCTION, "imageJobId", jobId);
  return {
    ok: true,
    check: {
      status: job.status,
      errorMessage: job.errorMessage,
      run: run ? { status: run.status, error: runError(run.error), updatedAt: run.updatedAt.toISOString() } : null,
    },
  };
}

/** Deletes a stuck job's row (the page asked for confirmation first). */
export async function deleteStuckImageJob(actor: Actor, jobId: string): Promise<JobActionResult> {
  assertStaff(actor);
  if (!(await deleteStuckImageJobRow(jobId))) return { ok: false, code: "not_found", message: STUCK_JOB_MESSAGES.deleteFailed };
  return { ok: true, message: STUCK_JOB_MESSAGES.deleted };
}
