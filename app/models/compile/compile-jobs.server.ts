// Compile jobs (compile_jobs): one row per compile of a project into one video, queued →
// rendering → completed | failed, with the percent done, the status messages people read and
// the render's token. This module and the render's writes (compile-render-writes.server.ts) are
// the only ones that touch the table; the rules without the database are in compile-job-rules.ts,
// re-exported here; the render itself is in compile-render.server.ts. See
// docs/decisions/101-compile-jobs-and-renders.md and docs/decisions/140-renders-as-durable-jobs.md.
//
// Every function takes the acting user: a job is seen through its project, by the project's
// owner or an admin; any other id is "not found" (ADR 130).
import { captionPickFor, saveCaptionPreference } from "~/models/captions/caption-preference.server";
import { captionPickOf, type CaptionInput, type CaptionPick } from "~/models/captions/caption-rules";
import { presentableFailure } from "~/models/generation/failure-messages";
import { createHash, randomUUID } from "node:crypto";
import { isNotFound, NotFoundError, type Actor } from "~/models/access/actor.server";
import { EDITOR_MESSAGES } from "~/models/projects/editor-rules";
import { announceProjectUpdated } from "~/models/projects/project-events.server";
import { chargeWork, formatCredits, priceOf, refundBatchesCharges, type RefundOutcome, settleBatchCharges, sumCredits } from "~/models/billing";
import { getProject, getProjectWithScenes, requireProject, type ProjectRef } from "~/models/projects/project.server";
import { SCENE_ASSET_STEPS, type SceneAssetStep } from "~/models/generation/scene-asset-steps";
import { planCompile, scenesNeedingPreparation } from "~/models/generation/scene-generation.server";
import { sceneMotionJson, type SceneMotion } from "~/models/generation/scene-motion.server";
import { countScenes } from "~/models/projects/scenes.server";
import { startVideoJob, updateVideoJobStatus } from "~/models/stories/video-jobs.server";
import type { RenderFormat } from "~/providers/render/types";
import { Prisma, prisma, sqlRows, utcFromJson } from "~/utils/db.server";
import { sendWorkflowEvents } from "~/models/workflows/engine.server";
import { projectCompileRequested } from "~/models/workflows/events";
import {
  ACTIVE_COMPILE,
  addedScenesNotice,
  COMPILE_MESSAGES,
  compileSceneBatchId,
  DEFAULT_COMPILE_FORMAT,
  isCompileFormat,
  scenePlanOf,
  type CompileJobRow,
  type CompileScenePlan,
} from "./compile-job-rules";
import { announceJob, visibleJob } from "./compile-render-writes.server";

export * from "./compile-job-rules";
export { claimRender, completeRender, failRender, markRenderStarted, recordRenderProgress } from "./compile-render-writes.server";

/** Every charge batch of a compile: its own, and one per scene it prepares with paid steps. */
function compileBatchIds(job: Pick<CompileJobRow, "id" | "scenePlan">): string[] {
  const plan = scenePlanOf(job);
  return [job.id, ...(plan?.prepare.filter((p) => p.steps.length > 0).map((p) => compileSceneBatchId(job.id, p.sceneId)) ?? [])];
}

export type CompilePreparation = {
  /** How many scenes the compile renders (0: there is nothing to compile). */
  count: number;
  /**
   * The scenes to prepare first: with a plan, the steps paid for and the batch they are settled
   * against (no steps: the scene has its files and only needs to be marked complete); without a
   * plan, every step that is missing (nothing charged here).
   */
  prepare: { sceneId: string; steps?: SceneAssetStep[]; batchId?: string }[];
  /** Scenes added to the project after the compile was requested: not in this video. */
  added: number;
};

/**
 * What the compile's workflow prepares before it renders: the plan fixed at the request (scenes
 * deleted since are left out; their charges were refunded when they were deleted), or, for a
 * compile without a plan, the scenes that are not ready now.
 */
export async function compilePreparation(actor: Actor, jobId: string): Promise<CompilePreparation> {
  const job = await getCompileJob(actor, jobId);
  const plan = scenePlanOf(job);
  if (!plan) {
    const scenes = await scenesNeedingPreparation(actor, job.projectId);
    return { count: scenes.count, prepare: scenes.ids.map((sceneId) => ({ sceneId })), added: 0 };
  }
  const now = (await getProjectWithScenes(actor, job.projectId)).scenes.map((s) => s.id);
  const present = new Set(now);
  const planned = new Set(plan.sceneIds);
  return {
    count: plan.sceneIds.filter((id) => present.has(id)).length,
    prepare: plan.prepare
      .filter((p) => present.has(p.sceneId))
      .map((p) => ({ sceneId: p.sceneId, steps: p.steps, ...(p.steps.length ? { batchId: compileSceneBatchId(job.id, p.sceneId) } : {}) })),
    added: now.filter((id) => !planned.has(id)).length,
  };
}

/** Sets the job's notice (what was refunded and kept, or the scenes left out). */
async function setNotice(jobId: string, notice: string | null): Promise<void> {
  const { count } = await prisma.compileJob.updateMany({ where: { id: jobId }, data: { notice } });
  if (count > 0) await announceJob(jobId);
}

// ───────────────────────────── rows ─────────────────────────────

/** A compile job of a project the actor may work on. */
export async function getCompileJob(actor: Actor, jobId: string): Promise<CompileJobRow> {
  const job = jobId ? await prisma.compileJob.findFirst({ where: visibleJob(actor, jobId) }) : null;
  if (!job) throw new NotFoundError("Compile job");
  return job;
}

/** The project's newest compile, if any. */
export async function latestCompileJob(actor: Actor, projectId: string | ProjectRef): Promise<CompileJobRow | null> {
  const project = await requireProject(actor, projectId);
  // Straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md); the same read the editors take with the project's row.
  const [row] = await sqlRows<{ job: unknown }>(Prisma.sql`SELECT ${latestCompileJobJson(Prisma.sql`${project.id}`)} AS "job"`);
  return compileJobFromJson(row?.job);
}

/**
 * The newest compile of the project `projectId` names (a value, or a column of a read that
 * checked the project), as one JSON value: the editors read it with the project's row, one
 * statement fewer (project-workspace.server.ts). compileJobFromJson turns it into the row.
 */
export function latestCompileJobJson(projectId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT row_to_json(c) FROM (SELECT * FROM "compile_jobs" WHERE "projectId" = ${projectId} ORDER BY "createdAt" DESC, "id" DESC LIMIT 1) c)`;
}

export function compileJobFromJson(value: unknown): CompileJobRow | null {
  if (!value) return null;
  const row = value as Omit<CompileJobRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
  return { ...row, createdAt: utcFromJson(row.createdAt), updatedAt: utcFromJson(row.updatedAt) };
}

/**
 * Creates a queued compile job for a project the actor may work on (the job is the project
 * owner's). With an explicit `id` it is idempotent: the existing job with that id is returned
 * (a retried workflow step never makes a second one).
 */
export async function createCompileJob(
  actor: Actor,
  input: {
    projectId: string;
    format?: RenderFormat;
    id?: string;
    captions?: CaptionPick | null;
    /**
     * Create Video (ADR 380): these scenes, prepared by its own workflow (nothing is prepared
     * here), and the motion planned for each scene whose clip is made after Ready.
     */
    drawn?: { sceneIds: string[]; motions: Record<string, SceneMotion> };
  },
): Promise<CompileJobRow> {
  const format = input.format ?? DEFAULT_COMPILE_FORMAT;
  if (!isCompileFormat(format)) throw new Error("Output format must be mp4 or webm");
  const project = await requireProject(actor, input.projectId);
  const captions = captionPickOf(input.captions);
  const scenePlan = input.drawn
    ? ({
        sceneIds: input.drawn.sceneIds,
        prepare: [],
        motions: Object.fromEntries(Object.entries(input.drawn.motions).map(([id, m]) => [id, sceneMotionJson(m) as Prisma.JsonObject])),
      } satisfies CompileScenePlan)
    : null;
  const data = {
    projectId: project.id,
    userId: project.userId,
    format,
    status: "queued" as const,
    progress: 0,
    message: COMPILE_MESSAGES.start,
    ...(captions ? { captions } : {}),
    ...(scenePlan ? { scenePlan } : {}),
  };
  if (!input.id) return prisma.compileJob.create({ data });
  const job = await prisma.compileJob.upsert({ where: { id: input.id }, create: { id: input.id, ...data }, update: {} });
  // A fixed id that is already another project's job is not this one.
  if (job.projectId !== project.id) throw new NotFoundError("Compile job");
  return job;
}

/**
 * Sets the status message of a job that is still active (never overwrites a finished one).
 * Leaves the row's update time alone: that is the render's heartbeat (ADR 140).
 */
export async function setCompileMessage(actor: Actor, jobId: string, message: string): Promise<boolean> {
  const job = await getCompileJob(actor, jobId);
  const count = await prisma.$executeRaw`
    UPDATE "compile_jobs" SET "message" = ${message} WHERE "id" = ${job.id} AND "status" IN ('queued', 'rendering')`;
  if (count > 0) await announceJob(job.id);
  return count > 0;
}

/**
 * Ends an active job as failed with the product's message and the reason. No-op when already
 * finished. A local render of the job notices at its next heartbeat and stops.
 */
export async function failCompileJob(actor: Actor, jobId: string, message: string, errorMessage: string): Promise<boolean> {
  const job = await getCompileJob(actor, jobId);
  const { count } = await prisma.compileJob.updateMany({
    where: { id: job.id, status: { in: [...ACTIVE_COMPILE] } },
    data: { status: "failed", message, errorMessage: presentableFailure(errorMessage).slice(0, 2000) },
  });
  if (count > 0) await announceJob(job.id);
  return count > 0;
}

/** Active compile jobs whose row has not changed since `before` (the stalled-work sweep, ADR 242). */
export async function compileJobsUnchangedSince(before: Date, take = 100): Promise<Pick<CompileJobRow, "id" | "projectId" | "userId">[]> {
  return prisma.compileJob.findMany({
    where: { status: { in: [...ACTIVE_COMPILE] }, updatedAt: { lt: before } },
    select: { id: true, projectId: true, userId: true },
    orderBy: { updatedAt: "asc" },
    take,
  });
}

/** Which of these ids are compile jobs (a compile's charges are its job's batch). */
export async function compileJobIdsAmong(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await prisma.compileJob.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/** The completed job's final message ("Video compilation complete!"). */
export async function setCompletedMessage(actor: Actor, jobId: string): Promise<void> {
  const job = await getCompileJob(actor, jobId);
  const { count } = await prisma.compileJob.updateMany({ where: { id: job.id, status: "completed" }, data: { message: COMPILE_MESSAGES.complete } });
  if (count > 0) await announceJob(job.id);
}

export type CompileRequest =
  | {
      ok: true;
      job: CompileJobRow;
      /** What was charged: the compile and the steps of the scenes it prepares first. */
      credits: number;
      /** The payer's balance after the charge (null for a repeated request). */
      balance: number | null;
      duplicate: boolean;
    }
  | { ok: false; code: "not_found" | "no_scenes" | "invalid_format" | "busy" | "invalid"; message: string }
  | { ok: false; code: "insufficient_credits"; needed: number; balance: number; message: string };

/** The dashboard video job of a compile requested through requestCompile (fixed per compile job). */
export function compileVideoJobId(compileJobId: string): string {
  return `job${createHash("sha256").update(`compile|${compileJobId}`).digest("hex").slice(0, 22)}`;
}

/**
 * Compiles a project the user may work on (owner or admin) into mp4 (default) or webm. Charges
 * the compile (prices.ts: the compile, plus the steps of the scenes it must prepare first) to the
 * actor, creates the job, records it as a video generation job of the owner (the Dashboard's
 * Videos tab) and sends "project/compile.requested"; the workflow does the rest and refunds the
 * charge once if the compile fails. One compile at a time per project. With a
 * `clientRequestId` already used, the first request's job comes back and nothing is charged.
 */
export async function requestCompile(
  actor: Actor,
  input: { projectId: string; format?: string | null; clientRequestId?: string | null; captions?: CaptionInput | null },
): Promise<CompileRequest> {
  const format = input.format || DEFAULT_COMPILE_FORMAT;
  if (!isCompileFormat(format)) return { ok: false, code: "invalid_format", message: "Output format must be mp4 or webm" };
  let scenes: number;
  try {
    scenes = await countScenes(actor, input.projectId);
  } catch (error) {
    if (isNotFound(error)) return { ok: false, code: "not_found", message: "Project not found" };
    throw error;
  }
  if (scenes === 0) return { ok: false, code: "no_scenes", message: COMPILE_MESSAGES.noScenes };
  const busy = { ok: false, code: "busy", message: COMPILE_MESSAGES.busy } as const;

  // A repeated request (the same idempotency key) gets the first one's job, charged once.
  if (input.clientRequestId?.trim()) {
    const earlier = await earlierRequest(actor, input.projectId, input.clientRequestId.trim());
    if (earlier) return earlier;
  }

  const plan = await planCompile(actor, input.projectId);
  const jobId = `cmp_${randomUUID()}`;
  // The caption look: what the request says, the rest the actor's last choice (ADR 350); no price of its own.
  const captions = await captionPickFor(actor, input.captions);
  // What this compile does is fixed now and stored with it: the workflow prepares these steps
  // and renders these scenes, nothing found later (ADR 250).
  const scenePlan: CompileScenePlan = {
    sceneIds: plan.sceneIds,
    prepare: plan.scenes.map((s) => ({ sceneId: s.sceneId, steps: s.steps.map((p) => p.step) })),
  };
  // The job is created before the charge, under the project's compile lock: of two requests at
  // the same moment one creates it and the other finds it active and is refused before it pays
  // anything (docs/decisions/177-one-compile-at-a-time.md).
  const created = await createJobIfIdle(actor, { projectId: input.projectId, format, id: jobId, scenePlan, captions: captions.pick });
  if (!created) return busy;
  const job = created;
  // One charge for the request, all items or none: the compile itself, and each step of each
  // scene it prepares in that scene's own batch (settled or refunded step by step).
  const charge = await chargeWork(actor, {
    batchId: jobId,
    clientRequestId: input.clientRequestId,
    items: [
      { item: "compile", work: "compile", credits: priceOf({ work: "compile" }), projectId: input.projectId },
      ...plan.scenes.flatMap((s) =>
        s.steps.map((p) => ({
          item: p.step,
          work: "scene_step" as const,
          credits: p.credits,
          projectId: input.projectId,
          sceneId: s.sceneId,
          batchId: compileSceneBatchId(jobId, s.sceneId),
        })),
      ),
    ],
  }).catch(async (error: unknown) => {
    await discardJob(job.id);
    throw error;
  });
  if (!charge.ok || charge.duplicate) {
    // Not paid (or paid by a twin request that won the idempotency key): nothing will run.
    await discardJob(job.id);
    if (!charge.ok) return charge;
    return (
      (await earlierRequest(actor, input.projectId, input.clientRequestId!.trim())) ?? {
        ok: false,
        code: "invalid",
        message: EDITOR_MESSAGES.idempotencyReused,
      }
    );
  }
  try {
    const project = await getProject(actor, input.projectId);
    await startVideoJob({
      id: compileVideoJobId(job.id),
      userId: project.userId,
      prompt: project.title,
      sceneDescription: project.description,
      provider: null,
      projectId: project.id,
    });
    await sendCompileRequested(actor, job);
    if (captions.said) await saveCaptionPreference(actor, captions.pick);
  } catch (error) {
    // Nothing will run: give the credits back and end the job.
    await refundBatchesCharges(compileBatchIds(job), "The compile could not be started");
    await failCompileJob(actor, job.id, COMPILE_MESSAGES.failed, "The compile could not be started").catch(() => undefined);
    throw error;
  }
  return { ok: true, job, credits: charge.credits, balance: charge.balance, duplicate: false };
}

/** The job of an earlier request with this idempotency key, when there is one (nothing charged again). */
async function earlierRequest(actor: Actor, projectId: string, clientRequestId: string): Promise<CompileRequest | null> {
  const charge = await prisma.workCharge.findFirst({ where: { userId: actor.id, clientRequestId }, select: { batchId: true } });
  if (!charge) return null;
  const earlier = await prisma.compileJob.findFirst({ where: { id: charge.batchId, projectId } });
  if (!earlier) return { ok: false, code: "invalid", message: EDITOR_MESSAGES.idempotencyReused };
  const credits = await prisma.workCharge.aggregate({ where: { batchId: { in: compileBatchIds(earlier) } }, _sum: { credits: true } });
  await sendCompileRequested(actor, earlier);
  return { ok: true, job: earlier, credits: Number(credits._sum.credits ?? 0), balance: null, duplicate: true };
}

/**
 * Creates the queued job unless the project already has an active compile: the check and the
 * insert run under a per-project advisory lock, so two requests cannot both pass the check.
 * Null when another compile is active.
 */
async function createJobIfIdle(
  actor: Actor,
  input: { projectId: string; format: RenderFormat; id: string; scenePlan: CompileScenePlan; captions: CaptionPick },
): Promise<CompileJobRow | null> {
  const project = await requireProject(actor, input.projectId);
  const job = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`compile:${project.id}`}))`;
    const running = await tx.compileJob.findFirst({ where: { projectId: project.id, status: { in: [...ACTIVE_COMPILE] } }, select: { id: true } });
    if (running) return null;
    return tx.compileJob.create({
      data: {
        id: input.id,
        projectId: project.id,
        userId: project.userId,
        format: input.format,
        status: "queued",
        progress: 0,
        message: COMPILE_MESSAGES.start,
        scenePlan: input.scenePlan,
        captions: input.captions,
      },
    });
  });
  if (job) await announceProjectUpdated(project);
  return job;
}

/** A job created for a request that was then not paid: nothing ran, it goes. */
async function discardJob(jobId: string): Promise<void> {
  await prisma.compileJob.deleteMany({ where: { id: jobId, status: "queued", providerRequestId: null } });
}

async function sendCompileRequested(actor: Actor, job: CompileJobRow): Promise<void> {
  // The event names who asked: the workflow acts as them and checks again (ADR 130).
  await sendWorkflowEvents(
    projectCompileRequested.create({ projectId: job.projectId, compileJobId: job.id, userId: actor.id }, { id: `compile-requested-${job.id}` }),
  );
}

/**
 * The compile finished with its video: its charge stays, and its dashboard video job (when it
 * was requested through requestCompile) shows the video. Scenes added to the project after the
 * request are not in it, and its notice says so.
 */
export async function settleCompile(actor: Actor, jobId: string): Promise<void> {
  const job = await getCompileJob(actor, jobId);
  await settleBatchCharges(job.id);
  if (scenePlanOf(job)) {
    const { added } = await compilePreparation(actor, job.id);
    if (added > 0) await setNotice(job.id, addedScenesNotice(added));
  }
  if (job.videoUrl) await updateVideoJobStatus(actor, compileVideoJobId(job.id), { status: "completed", resultUrl: job.videoUrl, errorMessage: null });
}

/**
 * The compile failed: what it did not deliver comes back (once, however often this is called) —
 * the compile itself and every paid step that failed or never ran — while the steps that made
 * their files stay paid and are not charged again by a later compile (the scenes keep them).
 * Its notice says which part was refunded and what was kept; its video job says why it failed.
 */
export async function refundCompile(actor: Actor, jobId: string, reason: string): Promise<RefundOutcome> {
  const job = await getCompileJob(actor, jobId);
  const outcome = await refundBatchesCharges(compileBatchIds(job), reason);
  const plan = scenePlanOf(job);
  // A compile nothing was charged for (Create Video's, paid by its story) has no refund notice.
  if (plan && (await prisma.workCharge.count({ where: { batchId: { in: compileBatchIds(job) } } })) > 0)
    await setNotice(job.id, await refundNotice(job.id, plan));
  await updateVideoJobStatus(actor, compileVideoJobId(job.id), { status: "failed", errorMessage: presentableFailure(reason) });
  return outcome;
}

/**
 * "Refunded 4.4 credits for what failed or never ran: the compile; scene 2: voice-over, video.
 * Kept (paid, not charged again): scene 1: image prompt, image, voice-over, video; scene 2:
 * image prompt, image." Read from the compile's charges as they stand.
 */
async function refundNotice(jobId: string, plan: CompileScenePlan): Promise<string> {
  const charges = await prisma.workCharge.findMany({ where: { batchId: { in: compileBatchIds({ id: jobId, scenePlan: plan }) } } });
  const partsOf = (status: "refunded" | "completed") => {
    const rows = charges.filter((c) => c.status === status);
    const parts: string[] = rows.some((c) => c.work === "compile") ? ["the compile"] : [];
    plan.sceneIds.forEach((sceneId, i) => {
      const steps = SCENE_ASSET_STEPS.filter((step) => rows.some((c) => c.sceneId === sceneId && c.work === "scene_step" && c.item === step));
      if (steps.length) parts.push(`scene ${i + 1}: ${steps.join(", ")}`);
    });
    return { parts, credits: sumCredits(rows.map((c) => Number(c.credits))) };
  };
  const refunded = partsOf("refunded");
  const kept = partsOf("completed");
  const lines = [
    refunded.parts.length
      ? `Refunded ${formatCredits(refunded.credits)} credits for what failed or never ran: ${refunded.parts.join("; ")}.`
      : "Nothing was refunded.",
  ];
  if (kept.parts.length) lines.push(`Kept (paid, not charged again): ${kept.parts.join("; ")}.`);
  return lines.join(" ");
}
