// Image generation jobs (image_generation_jobs): the owner's list on the Dashboard, the
// public/private switch, and the status update that also tells the owner's open pages.
import { assertActor, type Actor } from "~/models/access/actor.server";
import { presentableFailure } from "./failure-messages";
import type { ImageItem } from "~/models/content/content-feed";
import { escapeLike, keysetCondition, type ContentFilter, type PageRequest } from "~/models/content/content-feed";
import { mediaUrl, setContentFilesPublic } from "~/models/files/content-files.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { publish, publishSafely } from "~/utils/live.server";
import type { JobStatus, Visibility } from "~/generated/prisma/enums";

/** metadata.seo_title, whether metadata is an object or a JSON string. */
export function seoTitleOf(metadata: Prisma.JsonValue | null | undefined): string | null {
  let value: unknown = metadata;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const title = (value as Record<string, unknown>).seo_title ?? (value as Record<string, unknown>).seoTitle;
  return typeof title === "string" && title.trim() ? title : null;
}

/** Conditions of the Dashboard filter for a job table (search on the prompt). */
export function jobFilterWhere(filter: ContentFilter): Record<string, unknown>[] {
  const and: Record<string, unknown>[] = [];
  if (filter.search) and.push({ prompt: { contains: escapeLike(filter.search), mode: "insensitive" } });
  if (filter.createdFrom) and.push({ createdAt: { gte: filter.createdFrom } });
  if (filter.createdBefore) and.push({ createdAt: { lt: filter.createdBefore } });
  return and;
}

const cardSelect = {
  id: true,
  prompt: true,
  status: true,
  visibility: true,
  resultUrl: true,
  metadata: true,
  errorMessage: true,
  createdAt: true,
} satisfies Prisma.ImageGenerationJobSelect;

type CardRow = Prisma.ImageGenerationJobGetPayload<{ select: typeof cardSelect }>;

function toItem(row: CardRow): ImageItem {
  return {
    kind: "image",
    id: row.id,
    prompt: row.prompt,
    status: row.status,
    visibility: row.visibility,
    resultUrl: mediaUrl(row.resultUrl),
    seoTitle: seoTitleOf(row.metadata),
    errorMessage: presentableFailure(row.errorMessage),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's image jobs, newest first (one query). */
export async function listUserImageJobs(actor: Actor, filter: ContentFilter, page: PageRequest): Promise<ImageItem[]> {
  assertActor(actor);
  const userId = actor.id;
  const rows = await prisma.imageGenerationJob.findMany({
    where: { AND: [{ userId }, ...jobFilterWhere(filter), keysetCondition(page.cursor, "image", String)] as Prisma.ImageGenerationJobWhereInput[] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(page.take, 1), 101),
    select: cardSelect,
  });
  return rows.map(toItem);
}

/**
 * The owner sets an image public or private; its result file follows (unless another public
 * image of the owner shows the same file). Null when the job is not the user's (404).
 */
export async function setImageJobVisibility(actor: Actor, jobId: string, visibility: Visibility): Promise<ImageItem | null> {
  assertActor(actor);
  const userId = actor.id;
  const { count } = await prisma.imageGenerationJob.updateMany({ where: { id: jobId, userId }, data: { visibility } });
  if (count === 0) return null;
  const row = await prisma.imageGenerationJob.findUnique({ where: { id: jobId }, select: cardSelect });
  if (!row) return null;
  await setContentFilesPublic(
    userId,
    [row.resultUrl],
    visibility === "public",
    async (forms) =>
      (await prisma.imageGenerationJob.count({
        where: { userId, visibility: "public", id: { not: jobId }, resultUrl: { in: forms } },
      })) > 0,
  );
  await publishSafely(userId, { type: "job.updated", kind: "image", jobId, status: row.status });
  return toItem(row);
}

export type JobUpdate = {
  status: JobStatus;
  /** Set with "completed": a "bucket/key" reference, a /resources/files URL or an external URL. */
  resultUrl?: string | null;
  errorMessage?: string | null;
};

/** The columns a status update writes (shared by image and video jobs). */
export function jobUpdateData(update: JobUpdate) {
  return {
    status: update.status,
    ...(update.resultUrl !== undefined ? { resultUrl: update.resultUrl } : {}),
    ...(update.errorMessage !== undefined
      ? { errorMessage: update.errorMessage === null ? null : presentableFailure(update.errorMessage).slice(0, 2000) }
      : {}),
  };
}

/**
 * A workflow records an image job's progress; the owner's open Dashboard updates live. A public
 * job's new result file is published. Null when the job does not exist.
 */
export async function updateImageJobStatus(jobId: string, update: JobUpdate): Promise<ImageItem | null> {
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.imageGenerationJob.updateMany({
      where: { id: jobId },
      data: jobUpdateData(update),
    });
    if (count === 0) return null;
    const found = await tx.imageGenerationJob.findUniqueOrThrow({ where: { id: jobId }, select: { ...cardSelect, userId: true } });
    await publish(found.userId, { type: "job.updated", kind: "image", jobId, status: found.status }, tx);
    return found;
  });
  if (!row) return null;
  if (row.visibility === "public") await setContentFilesPublic(row.userId, [row.resultUrl], true);
  return toItem(row);
}

/** A generation job a workflow starts (a scene image or clip, a compiled project video). */
export type NewGenerationJob = {
  /** Fixed per piece of work, so a retried step updates the same job (attempts + 1). */
  id: string;
  userId: string;
  prompt: string;
  sourceImageUrl?: string | null;
  provider?: string | null;
  projectId?: string | null;
  sceneId?: string | null;
};

/** The columns a job's (re)start writes (shared by image and video jobs). */
export function jobStartData(job: NewGenerationJob) {
  const create = {
    id: job.id,
    userId: job.userId,
    prompt: job.prompt.slice(0, 5000) || "Untitled",
    status: "in_queue" as const,
    sourceImageUrl: job.sourceImageUrl ?? null,
    provider: job.provider ?? null,
    projectId: job.projectId ?? null,
    sceneId: job.sceneId ?? null,
    attempts: 1,
  };
  return { create, update: { status: "in_queue" as const, errorMessage: null, resultUrl: null, attempts: { increment: 1 } } };
}

/**
 * A workflow starts (or, retried, starts again) the image job `id` of its owner: in_queue until
 * updateImageJobStatus records the result or the failure. The owner's open Dashboard updates live.
 */
export async function startImageJob(job: NewGenerationJob): Promise<void> {
  const { create, update } = jobStartData(job);
  await prisma.$transaction(async (tx) => {
    await tx.imageGenerationJob.upsert({ where: { id: job.id }, create, update });
    await publish(job.userId, { type: "job.updated", kind: "image", jobId: job.id, status: "in_queue" }, tx);
  });
}

/** Removes the image jobs of a project (or of one of its scenes) being deleted; returns how many. */
export async function deleteImageJobsOf(where: { projectId: string; sceneId?: string }): Promise<number> {
  const { count } = await prisma.imageGenerationJob.deleteMany({ where: { projectId: where.projectId, ...(where.sceneId ? { sceneId: where.sceneId } : {}) } });
  return count;
}

// ───────────── the admin area's AI Tools tab and Usage Stats (ADR 187) ─────────────

/** Statuses of a job that is stuck: waiting without progress, or failed. */
export const STUCK_IMAGE_JOB_STATUSES = ["in_queue", "failed"] as const satisfies readonly JobStatus[];

const stuckSelect = {
  id: true,
  providerRequestId: true,
  prompt: true,
  errorMessage: true,
  createdAt: true,
  updatedAt: true,
  status: true,
  attempts: true,
  provider: true,
  userId: true,
  projectId: true,
  sceneId: true,
  user: { select: { email: true, profile: { select: { username: true } } } },
} satisfies Prisma.ImageGenerationJobSelect;

export type ImageJobRow = Prisma.ImageGenerationJobGetPayload<{ select: typeof stuckSelect }>;

/** Stuck image jobs of every user, newest first. */
export async function listStuckImageJobRows(take: number): Promise<ImageJobRow[]> {
  return prisma.imageGenerationJob.findMany({
    where: { status: { in: [...STUCK_IMAGE_JOB_STATUSES] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(take, 1), 1000),
    select: stuckSelect,
  });
}

export async function findImageJobRow(jobId: string): Promise<ImageJobRow | null> {
  return jobId ? prisma.imageGenerationJob.findUnique({ where: { id: jobId }, select: stuckSelect }) : null;
}

/**
 * A stuck job is queued again for a retry (only while it is still in the state it was read in:
 * `seenAt` its updatedAt); its owner's open Dashboard updates live. False when it changed meanwhile.
 */
export async function requeueStuckImageJob(jobId: string, seenAt: Date): Promise<boolean> {
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.imageGenerationJob.updateMany({
      where: { id: jobId, status: { in: [...STUCK_IMAGE_JOB_STATUSES] }, updatedAt: seenAt },
      data: { status: "in_queue", errorMessage: null },
    });
    if (count === 0) return null;
    const found = await tx.imageGenerationJob.findUniqueOrThrow({ where: { id: jobId }, select: { userId: true } });
    await publish(found.userId, { type: "job.updated", kind: "image", jobId, status: "in_queue" }, tx);
    return found;
  });
  return row !== null;
}

/** Deletes a job that is stuck; false when it is gone or not stuck (any more). */
export async function deleteStuckImageJobRow(jobId: string): Promise<boolean> {
  const job = await prisma.imageGenerationJob.findUnique({ where: { id: jobId }, select: { userId: true } });
  if (!job) return false;
  const { count } = await prisma.imageGenerationJob.deleteMany({ where: { id: jobId, status: { in: [...STUCK_IMAGE_JOB_STATUSES] } } });
  if (count === 0) return false;
  await publishSafely(job.userId, { type: "job.updated", kind: "image", jobId, status: "failed" });
  return true;
}

/** How many image jobs there are: one COUNT. */
export async function countImageJobs(): Promise<number> {
  return prisma.imageGenerationJob.count();
}
