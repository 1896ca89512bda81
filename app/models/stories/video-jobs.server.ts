// Video generation jobs (video_generation_jobs): the owner's list on the Dashboard, public
// videos on Explore (with the uploader's username), the public/private switch, and the status
// update that also tells the owner's open pages.
import { assertActor, type Actor } from "~/models/access/actor.server";
import { ownedBy } from "~/models/access/permissions.server";
import { presentableFailure } from "~/models/generation/failure-messages";
import type { VideoItem } from "~/models/content/content-feed";
import { keysetCondition, type ContentFilter, type PageRequest } from "~/models/content/content-feed";
import { setContentFilesPublic } from "~/models/files/content-files.server";
import { finishedVideoUrl } from "~/models/compile/finished-video";
import { jobFilterWhere, jobStartData, jobUpdateData, seoTitleOf, type JobUpdate, type NewGenerationJob } from "~/models/generation/image-jobs.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { publish, publishSafely } from "~/utils/live.server";
import type { Visibility } from "~/generated/prisma/enums";

const cardSelect = {
  id: true,
  prompt: true,
  status: true,
  visibility: true,
  resultUrl: true,
  sceneDescription: true,
  metadata: true,
  errorMessage: true,
  createdAt: true,
} satisfies Prisma.VideoGenerationJobSelect;

type CardRow = Prisma.VideoGenerationJobGetPayload<{ select: typeof cardSelect }>;

function toItem(row: CardRow, uploaderName?: string | null): VideoItem {
  return {
    kind: "video",
    id: row.id,
    prompt: row.prompt,
    status: row.status,
    visibility: row.visibility,
    // A compile's finished video, or a scene's clip: stored videos, addressed by the same rule.
    resultUrl: finishedVideoUrl(row.resultUrl),
    seoTitle: seoTitleOf(row.metadata),
    sceneDescription: row.sceneDescription,
    errorMessage: presentableFailure(row.errorMessage),
    ...(uploaderName !== undefined ? { uploaderName } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

function where(base: Prisma.VideoGenerationJobWhereInput, filter: ContentFilter, page: PageRequest) {
  return { AND: [base, ...jobFilterWhere(filter), keysetCondition(page.cursor, "video", String)] as Prisma.VideoGenerationJobWhereInput[] };
}

const order = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.VideoGenerationJobOrderByWithRelationInput[];
const take = (page: PageRequest) => Math.min(Math.max(page.take, 1), 101);

/** The user's video jobs, newest first (one query). */
export async function listUserVideoJobs(actor: Actor, filter: ContentFilter, page: PageRequest): Promise<VideoItem[]> {
  assertActor(actor);
  const userId = actor.id;
  const rows = await prisma.videoGenerationJob.findMany({ where: where({ userId }, filter, page), orderBy: order, take: take(page), select: cardSelect });
  return rows.map((row) => toItem(row));
}

/**
 * Public, finished videos for Explore, with the uploader's username (null: shown as
 * "Anonymous"). The profile is joined in the same statement.
 */
export async function listPublicVideoJobs(filter: ContentFilter, page: PageRequest): Promise<VideoItem[]> {
  const rows = await prisma.videoGenerationJob.findMany({
    where: where({ visibility: "public", resultUrl: { not: null } }, filter, page),
    orderBy: order,
    take: take(page),
    select: { ...cardSelect, user: { select: { profile: { select: { username: true } } } } },
  });
  return rows.map((row) => toItem(row, row.user.profile?.username ?? null));
}

/**
 * The owner sets a video public or private; its result file follows (unless another public
 * video of the owner shows the same file). Null when the job is not the user's (404).
 */
export async function setVideoJobVisibility(actor: Actor, jobId: string, visibility: Visibility): Promise<VideoItem | null> {
  assertActor(actor);
  const userId = actor.id;
  const { count } = await prisma.videoGenerationJob.updateMany({ where: { id: jobId, userId }, data: { visibility } });
  if (count === 0) return null;
  const row = await prisma.videoGenerationJob.findUnique({ where: { id: jobId }, select: cardSelect });
  if (!row) return null;
  await setContentFilesPublic(
    userId,
    [row.resultUrl],
    visibility === "public",
    async (forms) =>
      (await prisma.videoGenerationJob.count({
        where: { userId, visibility: "public", id: { not: jobId }, resultUrl: { in: forms } },
      })) > 0,
  );
  await publishSafely(userId, { type: "job.updated", kind: "video", jobId, status: row.status });
  return toItem(row);
}

/**
 * A workflow records a video job's progress; the owner's open Dashboard updates live. A public
 * job's new result file is published. Null when the job does not exist or is not the actor's.
 */
export async function updateVideoJobStatus(actor: Actor, jobId: string, update: JobUpdate): Promise<VideoItem | null> {
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.videoGenerationJob.updateMany({
      where: { id: jobId, ...ownedBy(actor) },
      data: jobUpdateData(update),
    });
    if (count === 0) return null;
    const found = await tx.videoGenerationJob.findUniqueOrThrow({ where: { id: jobId }, select: { ...cardSelect, userId: true } });
    await publish(found.userId, { type: "job.updated", kind: "video", jobId, status: found.status }, tx);
    return found;
  });
  if (!row) return null;
  if (row.visibility === "public") await setContentFilesPublic(row.userId, [row.resultUrl], true);
  return toItem(row);
}

/**
 * A workflow starts (or, retried, starts again) the video job `id` of its owner: in_queue until
 * updateVideoJobStatus records the result or the failure. The owner's open Dashboard updates live.
 */
export async function startVideoJob(job: NewGenerationJob & { sceneDescription?: string | null }): Promise<void> {
  const { create, update } = jobStartData(job);
  await prisma.$transaction(async (tx) => {
    await tx.videoGenerationJob.upsert({ where: { id: job.id }, create: { ...create, sceneDescription: job.sceneDescription ?? null }, update });
    await publish(job.userId, { type: "job.updated", kind: "video", jobId: job.id, status: "in_queue" }, tx);
  });
}

/** Removes the video jobs of a project (or of one of its scenes) being deleted; returns how many. */
export async function deleteVideoJobsOf(where: { projectId: string; sceneId?: string }): Promise<number> {
  const { count } = await prisma.videoGenerationJob.deleteMany({ where: { projectId: where.projectId, ...(where.sceneId ? { sceneId: where.sceneId } : {}) } });
  return count;
}

/** How many video jobs there are (the admin area's Usage Stats): one COUNT. */
export async function countVideoJobs(): Promise<number> {
  return prisma.videoGenerationJob.count();
}
