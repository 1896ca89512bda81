// The storyboard and the progress of a Create Video run (docs/decisions/355-storyboard-and-eta.md):
// the workflow stores the storyboard once, when the script is planned (stories.storyboard), and
// the times its steps end (stories.stepTimes); the Dashboard card, the story page and the editors
// read them with the run's state (its scenes' voice-overs and pictures, its render's percent) and
// the ETA from this install's measured speed. Part of the stories module (its table).
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { ownedBy } from "~/models/access/permissions.server";
import { latestCompileJob } from "~/models/compile/compile-jobs.server";
import { finishedVideoUrl } from "~/models/compile/finished-video";
import type { FeedPage, StoryItem } from "~/models/content/content-feed";
import { presentableFailure } from "~/models/generation/failure-messages";
import { getProjectWithScenes, type ProjectWithScenes } from "~/models/projects/project.server";
import { mediaUrl } from "~/utils/storage/buckets";
import { Prisma, prisma } from "~/utils/db.server";
import { publish } from "~/utils/live.server";
import { runProgress, speedFromHistory, type MeasuredSpeed, type RunProgress, type RunState, type StepTimes } from "./eta";
import { buildStoryboard, parseStoryboard, type Storyboard, type StoryboardView } from "./storyboard";

/** How many finished runs are read for the measure (the median uses the last SPEED_WINDOW with times). */
const HISTORY_ROWS = 30;
/** A Dashboard page follows at most this many runs in progress (the others show their step text). */
const FOLLOWED_RUNS = 6;

function stepTimesOf(value: unknown): StepTimes {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as StepTimes) : {};
}

/**
 * The workflow's planning step stores the storyboard of the story's run and the time it was planned
 * (with the video's planned seconds, the ETA's measure). Only a story still being made; once.
 * Tells the owner's pages (live "story.updated"). False when the story is not there or has ended.
 */
export async function saveStoryboard(actor: Actor, storyId: number, storyboard: Storyboard): Promise<boolean> {
  assertActor(actor);
  return prisma.$transaction(async (tx) => {
    const row = await tx.story.findFirst({
      where: { id: storyId, status: { in: ["queued", "processing"] }, ...ownedBy(actor) },
      select: { userId: true, status: true, progressStep: true, createdAt: true, stepTimes: true },
    });
    if (!row) return false;
    const times: StepTimes = {
      ...stepTimesOf(row.stepTimes),
      submittedAt: row.createdAt.toISOString(),
      plannedAt: stepTimesOf(row.stepTimes).plannedAt ?? new Date().toISOString(),
      videoSec: storyboard.totalSec,
      scenes: storyboard.scenes.length,
    };
    await tx.story.update({ where: { id: storyId }, data: { storyboard: storyboard as unknown as Prisma.InputJsonValue, stepTimes: times } });
    await publish(row.userId, { type: "story.updated", storyId, status: row.status, progressStep: row.progressStep }, tx);
    return true;
  });
}

/** The workflow records when a step ended ("scenesDoneAt", "readyAt"); the first time counts (a retried step keeps it). */
export async function recordStoryStep(actor: Actor, storyId: number, step: "scenesDoneAt" | "readyAt", at = new Date()): Promise<boolean> {
  assertActor(actor);
  return prisma.$transaction(async (tx) => {
    const row = await tx.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: { stepTimes: true } });
    if (!row) return false;
    const times = stepTimesOf(row.stepTimes);
    if (times[step]) return true;
    await tx.story.update({ where: { id: storyId }, data: { stepTimes: { ...times, [step]: at.toISOString() } } });
    if (step === "readyAt") speedCache = null;
    return true;
  });
}

/** The measure changes only when a run ends: read at most this often per process (a run ending here clears it at once). */
const SPEED_CACHE_MS = 30_000;
let speedCache: { at: number; speed: MeasuredSpeed } | null = null;

/** This install's speed: the median of its last finished Create Video runs (any user's: a measure of the machine, no user data leaves). */
export async function measuredSpeed(): Promise<MeasuredSpeed> {
  if (speedCache && Date.now() - speedCache.at < SPEED_CACHE_MS) return speedCache.speed;
  const rows = await prisma.story.findMany({
    where: { status: "ready", stepTimes: { not: Prisma.DbNull } },
    orderBy: { updatedAt: "desc" },
    take: HISTORY_ROWS,
    select: { stepTimes: true },
  });
  const speed = speedFromHistory(rows.map((r) => stepTimesOf(r.stepTimes)));
  speedCache = { at: Date.now(), speed };
  return speed;
}

/** The storyboard with the pictures a browser may load: a scene's made shot once it exists, else its material. */
export function storyboardView(storyboard: Storyboard, scenes: { imageUrl: string | null }[] = []): StoryboardView {
  return {
    ...storyboard,
    scenes: storyboard.scenes.map((s, i) => {
      const made = scenes[i]?.imageUrl ? mediaUrl(scenes[i].imageUrl) : null;
      return made
        ? { ...s, pictureUrl: made, pictureSource: "generated" as const }
        : { ...s, pictureUrl: s.material.ref ? mediaUrl(s.material.ref) : null, pictureSource: s.material.kind };
    }),
  };
}

function runStateOf(
  storyboard: Storyboard | null,
  project: ProjectWithScenes | null,
  render: { status: string; progress: number } | null,
  ready: boolean,
): RunState {
  const scenes = project?.scenes ?? [];
  return {
    planned: storyboard !== null,
    scenes: scenes.length || storyboard?.scenes.length || 0,
    voicesDone: scenes.filter((s) => s.voiceOverUrl).length,
    // The scene's picture is its still: the render draws its motion, and its clip is made after Ready (ADR 380).
    picturesDone: scenes.filter((s) => s.imageUrl).length,
    renderPercent: render ? (render.status === "completed" ? 100 : render.status === "queued" ? 0 : Math.max(0, Math.min(100, render.progress))) : null,
    ready,
  };
}

export type StoryRun = { storyboard: StoryboardView | null; progress: RunProgress | null };

async function runOf(
  actor: Actor,
  row: { id: number; status: string; projectId: string | null; storyboard: unknown; stepTimes: unknown },
  speed: MeasuredSpeed,
): Promise<StoryRun> {
  const storyboard = parseStoryboard(row.storyboard);
  const project = row.projectId ? await getProjectWithScenes(actor, row.projectId).catch(() => null) : null;
  const ready = row.status === "ready";
  const running = row.status === "queued" || row.status === "processing";
  const render = project && running ? await latestCompileJob(actor, project.id).catch(() => null) : null;
  const state = runStateOf(storyboard, project, render, ready);
  return {
    storyboard: storyboard ? storyboardView(storyboard, project?.scenes) : null,
    // No ETA before the plan: the video's length is not known yet.
    progress: running && storyboard ? runProgress(stepTimesOf(row.stepTimes), state, speed, Date.now()) : null,
  };
}

const pageSelect = {
  id: true,
  userId: true,
  source: true,
  status: true,
  progressStep: true,
  errorMessage: true,
  finalVideoWithMusic: true,
  posterUrl: true,
  seoTitle: true,
  aspectRatio: true,
  projectId: true,
  storyboard: true,
  stepTimes: true,
  createdAt: true,
} satisfies Prisma.StorySelect;

export type StoryPageData = StoryRun & {
  id: number;
  source: string;
  status: "queued" | "processing" | "ready" | "failed";
  progressStep: string | null;
  errorMessage: string | null;
  videoUrl: string | null;
  posterUrl: string | null;
  seoTitle: string | null;
  aspectRatio: string;
  createdAt: string;
};

/** The story page: the story (its owner's, or an admin's view), its storyboard and its progress. NotFoundError otherwise. */
export async function getStoryRun(actor: Actor, storyId: number): Promise<StoryPageData> {
  assertActor(actor);
  const row =
    Number.isSafeInteger(storyId) && storyId > 0 ? await prisma.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: pageSelect }) : null;
  if (!row) throw new NotFoundError("Story");
  const running = row.status === "queued" || row.status === "processing";
  const run = await runOf(actor, row, running ? await measuredSpeed() : speedFromHistory([]));
  return {
    ...run,
    id: row.id,
    source: row.source,
    status: row.status,
    progressStep: row.progressStep,
    errorMessage: presentableFailure(row.errorMessage),
    videoUrl: finishedVideoUrl(row.finalVideoWithMusic),
    posterUrl: mediaUrl(row.posterUrl),
    seoTitle: row.seoTitle,
    aspectRatio: row.aspectRatio,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The Dashboard's cards of runs in progress carry their storyboard and progress (a page without one costs no query). */
export async function withRunProgress(actor: Actor, page: FeedPage): Promise<FeedPage> {
  // A queued story has no storyboard yet (the run marks it processing before planning): only processing ones are looked up.
  const running = page.items.filter((i): i is StoryItem => i.kind === "story" && i.status === "processing").slice(0, FOLLOWED_RUNS);
  if (!running.length) return page;
  const rows = await prisma.story.findMany({
    where: { id: { in: running.map((i) => i.id) }, storyboard: { not: Prisma.DbNull }, ...ownedBy(actor) },
    select: { id: true, status: true, projectId: true, storyboard: true, stepTimes: true },
  });
  if (!rows.length) return page;
  const speed = await measuredSpeed();
  const runs = new Map(await Promise.all(rows.map(async (row) => [row.id, await runOf(actor, row, speed)] as const)));
  return { ...page, items: page.items.map((i) => (i.kind === "story" && runs.has(i.id) ? { ...i, ...runs.get(i.id) } : i)) };
}

/** The editors' storyboard of a project (free: no model or render is called), from its scenes as they are now. */
export async function projectStoryboard(actor: Actor, projectId: string): Promise<StoryboardView> {
  const project = await getProjectWithScenes(actor, projectId);
  const storyboard = buildStoryboard({
    aspectRatio: project.aspectRatio ?? "9:16",
    style: project.style ?? null,
    productRef: project.mainProductImageUrl ?? null,
    scenes: project.scenes.map((s) => ({
      title: s.title ?? "",
      voiceOver: s.voiceOverText ?? s.script ?? "",
      durationSec: s.voiceOverDuration ?? s.duration ?? 3,
      mediaRef: s.sourceMediaUrl ?? null,
    })),
  });
  return storyboardView(storyboard, project.scenes);
}
