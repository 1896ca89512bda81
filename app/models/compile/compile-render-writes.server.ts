// The render's writes to its compile job (docs/decisions/140-renders-as-durable-jobs.md), called
// by compile-render.server.ts: each a compare-and-set on the job's render token, so a render that
// was given up or taken over never writes again, and each checks the actor in the same statement.
// Also the two row helpers compile-jobs.server.ts shares: which jobs an actor sees, and the
// live-stream announcement of a change.
import type { CompileStatus } from "~/generated/prisma/enums";
import type { Actor } from "~/models/access/actor.server";
import { ownedBy } from "~/models/access/permissions.server";
import { presentableFailure } from "~/models/generation/failure-messages";
import { announceProjectUpdated } from "~/models/projects/project-events.server";
import { Prisma, prisma } from "~/utils/db.server";
import { ACTIVE_COMPILE, COMPILE_MESSAGES } from "./compile-job-rules";

/** The filter for a job of a project the actor may work on. */
export function visibleJob(actor: Actor, jobId: string) {
  return { id: jobId, project: ownedBy(actor) };
}

/**
 * A compile job changed (status, percent, message): its project's open pages hear it on the live
 * stream (project.updated, ADR 156) instead of polling. A hint only.
 */
export async function announceJob(jobId: string): Promise<void> {
  const job = await prisma.compileJob.findUnique({ where: { id: jobId }, select: { projectId: true, userId: true } });
  if (job) await announceProjectUpdated({ id: job.projectId, userId: job.userId });
}

type RenderWhere = { actor: Actor; jobId: string; token: string };

function heldBy({ actor, jobId, token }: RenderWhere, status: readonly CompileStatus[] = ACTIVE_COMPILE) {
  return { ...visibleJob(actor, jobId), providerRequestId: token, status: { in: [...status] } };
}

/**
 * Takes an active job over for a new render: its token becomes `token` when it is still
 * `expectedToken` (so two pollers never start two renders). False when the job is finished or
 * someone else took it meanwhile.
 */
export async function claimRender(
  actor: Actor,
  jobId: string,
  expectedToken: string | null,
  render: { token: string; provider: string; status: "queued" | "rendering" },
): Promise<boolean> {
  const { count } = await prisma.compileJob.updateMany({
    where: { ...visibleJob(actor, jobId), providerRequestId: expectedToken, status: { in: [...ACTIVE_COMPILE] } },
    data: { status: render.status, provider: render.provider, providerRequestId: render.token, errorMessage: null, updatedAt: new Date() },
  });
  if (count > 0) await announceJob(jobId);
  return count > 0;
}

/** The render holding `token` has begun (queued → rendering). False when it no longer holds the job. */
export async function markRenderStarted(actor: Actor, jobId: string, token: string): Promise<boolean> {
  const { count } = await prisma.compileJob.updateMany({ where: heldBy({ actor, jobId, token }), data: { status: "rendering", updatedAt: new Date() } });
  if (count > 0) await announceJob(jobId);
  return count > 0;
}

/**
 * The render holding `token` is alive and at `percent` (whole, 0..99, never lower than before).
 * Also its heartbeat: the row's update time. False when it no longer holds the job.
 */
export async function recordRenderProgress(actor: Actor, jobId: string, token: string, percent: number): Promise<boolean> {
  const p = Math.max(0, Math.min(99, Math.floor(percent)));
  const where = heldBy({ actor, jobId, token });
  const { count } = await prisma.compileJob.updateMany({ where: { ...where, progress: { lt: p } }, data: { progress: p, updatedAt: new Date() } });
  if (count > 0) {
    // Only a higher percent is news; a heartbeat alone is not announced.
    await announceJob(jobId);
    return true;
  }
  const beat = await prisma.compileJob.updateMany({ where, data: { updatedAt: new Date() } });
  return beat.count > 0;
}

/**
 * The render holding `token` made `videoUrl` (with its poster and its cut list, RenderResult.cuts: ADR 375):
 * the job is completed. False when it no longer holds the job.
 */
export async function completeRender(
  actor: Actor,
  jobId: string,
  token: string,
  videoUrl: string,
  posterUrl: string | null = null,
  cutList: number[] | null = null,
): Promise<boolean> {
  const { count } = await prisma.compileJob.updateMany({
    where: heldBy({ actor, jobId, token }, ["rendering"]),
    data: {
      status: "completed",
      progress: 100,
      message: COMPILE_MESSAGES.complete,
      videoUrl,
      posterUrl,
      errorMessage: null,
      cutList: cutList ?? Prisma.DbNull,
    },
  });
  if (count > 0) await announceJob(jobId);
  return count > 0;
}

/** The render holding `token` failed with `reason`. False when it no longer holds the job. */
export async function failRender(actor: Actor, jobId: string, token: string, reason: string): Promise<boolean> {
  const { count } = await prisma.compileJob.updateMany({
    where: heldBy({ actor, jobId, token }),
    data: { status: "failed", message: COMPILE_MESSAGES.failed, errorMessage: presentableFailure(reason).slice(0, 2000) },
  });
  if (count > 0) await announceJob(jobId);
  return count > 0;
}
