// Compiling a project into one video (seed 001 §4 compilation flow): compile_jobs rows and the
// render itself.
//
// A compile is one CompileJob (queued → rendering → completed | failed) with a progress percent
// and the seed's status messages. The render runs in this process, started by a workflow step
// and tracked by the row: the render writes real progress (the renderer's own percent) and, when
// done, stores the video (renders bucket, private to the owner) and marks the job completed.
// The compile workflow polls the row; a poll that finds the job without a live render (the app
// was restarted, the render crashed) starts it again — the renderer's per-scene cache makes a
// restart cheap. See docs/decisions/101-compile-jobs-and-renders.md.
//
// Every function takes the acting user: a job is seen through its project, by the project's
// owner or an admin; any other id is "not found" (ADR 130). Scene media are read only as the
// owner's stored files (media-refs.server.ts, ADR 131).
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { CompileJob } from "~/generated/prisma/client";
import type { CompileStatus } from "~/generated/prisma/enums";
import { isNotFound, NotFoundError, ownedBy, type Actor } from "~/models/actor.server";
import { mediaFile } from "~/models/media-refs.server";
import { getProjectWithScenes, requireProject, type ProjectWithScenes } from "~/models/project.server";
import { clipSecondsFor, forcedFailure, pipelineProviders, reasonOf, styleDetails } from "~/models/scene-assets.server";
import type { RenderFormat, RenderRequest, RenderScene } from "~/providers/render/types";
import { isAspectRatio } from "~/providers/media/types";
import { prisma } from "~/utils/db.server";
import { deleteFile, storeFile } from "~/models/stored-files.server";
import { inngest } from "../../inngest/client";
import { projectCompileRequested } from "../../inngest/events";

export type CompileJobRow = CompileJob;

export const COMPILE_FORMATS = ["mp4", "webm"] as const satisfies readonly RenderFormat[];
export const DEFAULT_COMPILE_FORMAT: RenderFormat = "mp4";

/** Seed 001 §4/§9: poll every 3 s, at most 20 polls (without progress: ADR 101). */
export const COMPILE_POLL_INTERVAL = "3s";
export const COMPILE_MAX_POLLS = 20;
/** A render that keeps making progress is still stopped after this many polls (30 min). */
export const COMPILE_MAX_TOTAL_POLLS = 600;
/** A render owned by another process is restarted after this many polls without progress. */
export const RESTART_AFTER_STALLED_POLLS = 5;

/** Seed 001 §4 and §8 (compilation), exact texts. */
export const COMPILE_MESSAGES = {
  start: "Starting video compilation...",
  preparing: "Preparing scenes for compilation...",
  config: "Generating optimal video configuration...",
  creatingJson2Video: "Creating video project with json2video service...",
  processingFirst: "Processing video... This may take a few minutes",
  processing: (status: string) => `Processing video... Status: ${status}`,
  complete: "Video compilation complete!",
  failed: "Video compilation failed",
  failedInService: "Video compilation failed in json2video service",
  timeout: "Video compilation timed out. Please check project status later.",
  compilationError: (message: string) => `Compilation error: ${message}`,
  noScenes: "There are no scenes to compile",
} as const;

export function creatingMessage(provider: { name: string; label: string }): string {
  return provider.name === "json2video" ? COMPILE_MESSAGES.creatingJson2Video : `Creating video project with the ${provider.label}...`;
}

export function isCompileFormat(value: unknown): value is RenderFormat {
  return typeof value === "string" && (COMPILE_FORMATS as readonly string[]).includes(value);
}

const ACTIVE: CompileStatus[] = ["queued", "rendering"];

// ───────────────────────────── rows ─────────────────────────────

/** The filter for a job of a project the actor may work on. */
function visibleJob(actor: Actor, jobId: string) {
  return { id: jobId, project: ownedBy(actor) };
}

/** A compile job of a project the actor may work on. */
export async function getCompileJob(actor: Actor, jobId: string): Promise<CompileJobRow> {
  const job = jobId ? await prisma.compileJob.findFirst({ where: visibleJob(actor, jobId) }) : null;
  if (!job) throw new NotFoundError("Compile job");
  return job;
}

/** The project's newest compile, if any. */
export async function latestCompileJob(actor: Actor, projectId: string): Promise<CompileJobRow | null> {
  const project = await requireProject(actor, projectId);
  return prisma.compileJob.findFirst({ where: { projectId: project.id }, orderBy: { createdAt: "desc" } });
}

/**
 * Creates a queued compile job for a project the actor may work on (the job is the project
 * owner's). With an explicit `id` it is idempotent: the existing job with that id is returned
 * (a retried workflow step never makes a second one).
 */
export async function createCompileJob(actor: Actor, input: { projectId: string; format?: RenderFormat; id?: string }): Promise<CompileJobRow> {
  const format = input.format ?? DEFAULT_COMPILE_FORMAT;
  if (!isCompileFormat(format)) throw new Error("Output format must be mp4 or webm");
  const project = await requireProject(actor, input.projectId);
  const data = { projectId: project.id, userId: project.userId, format, status: "queued" as const, progress: 0, message: COMPILE_MESSAGES.start };
  if (!input.id) return prisma.compileJob.create({ data });
  const job = await prisma.compileJob.upsert({ where: { id: input.id }, create: { id: input.id, ...data }, update: {} });
  // A fixed id that is already another project's job is not this one.
  if (job.projectId !== project.id) throw new NotFoundError("Compile job");
  return job;
}

/** Changes an active job of a project the actor may work on; false when it is finished. */
async function updateActiveJob(actor: Actor, jobId: string, data: { message: string; status?: "failed"; errorMessage?: string }): Promise<boolean> {
  const job = await getCompileJob(actor, jobId);
  const { count } = await prisma.compileJob.updateMany({ where: { id: job.id, status: { in: ACTIVE } }, data });
  return count > 0;
}

/** Sets the status message of a job that is still active (never overwrites a finished one). */
export async function setCompileMessage(actor: Actor, jobId: string, message: string): Promise<boolean> {
  return updateActiveJob(actor, jobId, { message });
}

/** Ends an active job as failed with the seed's message and the reason. No-op when already finished. */
export async function failCompileJob(actor: Actor, jobId: string, message: string, errorMessage: string): Promise<boolean> {
  const changed = await updateActiveJob(actor, jobId, { status: "failed", message, errorMessage: errorMessage.slice(0, 2000) });
  abortRender(jobId);
  return changed;
}

/** The completed job's final message ("Video compilation complete!"). */
export async function setCompletedMessage(actor: Actor, jobId: string): Promise<void> {
  const job = await getCompileJob(actor, jobId);
  await prisma.compileJob.updateMany({ where: { id: job.id, status: "completed" }, data: { message: COMPILE_MESSAGES.complete } });
}

export type CompileRequest =
  | { ok: true; job: CompileJobRow }
  | { ok: false; code: "not_found" | "no_scenes" | "invalid_format" | "busy"; message: string };

/**
 * Seed 001 §2.8/§7.4 compile_video: compiles a project the user may work on (owner or admin)
 * into mp4 (default) or webm. Creates the job and sends "project/compile.requested"; the
 * workflow does the rest. One compile at a time per project.
 */
export async function requestCompile(actor: Actor, input: { projectId: string; format?: string | null }): Promise<CompileRequest> {
  const format = input.format || DEFAULT_COMPILE_FORMAT;
  if (!isCompileFormat(format)) return { ok: false, code: "invalid_format", message: "Output format must be mp4 or webm" };
  const project = await prisma.project.findFirst({ where: { id: input.projectId, ...ownedBy(actor) }, select: { id: true, _count: { select: { scenes: true } } } });
  if (!project) return { ok: false, code: "not_found", message: "Project not found" };
  if (project._count.scenes === 0) return { ok: false, code: "no_scenes", message: COMPILE_MESSAGES.noScenes };
  const running = await prisma.compileJob.findFirst({ where: { projectId: project.id, status: { in: ACTIVE } }, select: { id: true } });
  if (running) return { ok: false, code: "busy", message: "This project is already being compiled" };
  const job = await createCompileJob(actor, { projectId: project.id, format });
  // The event names who asked: the workflow acts as them and checks again (ADR 130).
  await inngest.send(projectCompileRequested.create({ projectId: project.id, compileJobId: job.id, userId: actor.id }, { id: `compile-requested-${job.id}` }));
  return { ok: true, job };
}

// ───────────────────────────── the render request ─────────────────────────────

export class CompileInputError extends Error {
  override name = "CompileInputError";
}

/**
 * The renderer's input for the scenes of a project the actor may work on, in order, with local
 * paths of every file (the owner's stored files only; `url` only for allow-listed links).
 */
export async function buildRenderRequest(actor: Actor, projectId: string, format: RenderFormat): Promise<RenderRequest> {
  return renderRequestFor(await getProjectWithScenes(actor, projectId), format);
}

async function renderRequestFor(project: ProjectWithScenes, format: RenderFormat): Promise<RenderRequest> {
  if (project.scenes.length === 0) throw new CompileInputError(COMPILE_MESSAGES.noScenes);
  const owner = project.userId;
  const scenes: RenderScene[] = [];
  for (const [i, scene] of project.scenes.entries()) {
    const n = i + 1;
    let visual: RenderScene["visual"];
    if (scene.videoUrl) visual = { kind: "clip", ...(await mediaFile(scene.videoUrl, `scene ${n} video`, owner)) };
    else if (scene.imageUrl) visual = { kind: "image", ...(await mediaFile(scene.imageUrl, `scene ${n} image`, owner)) };
    else throw new CompileInputError(`Scene ${n} has no image or video`);
    scenes.push({
      id: scene.id,
      visual,
      ...(scene.voiceOverUrl ? { voiceOver: await mediaFile(scene.voiceOverUrl, `scene ${n} voice-over`, owner) } : {}),
      captionText: scene.voiceOverText ?? undefined,
      ...(scene.voiceOverUrl ? {} : { durationSec: clipSecondsFor(scene) }),
    });
  }
  const music = project.backgroundMusicUrl ? { music: await mediaFile(project.backgroundMusicUrl, "background music", owner) } : {};
  return {
    scenes,
    ...music,
    format,
    aspectRatio: isAspectRatio(project.aspectRatio) ? project.aspectRatio : "9:16",
    seed: project.id,
  };
}

// ───────────────────────────── background music ─────────────────────────────

/**
 * The project's music bed: the uploaded track when there is one (the renderer loops or trims it
 * to the video), otherwise a bed composed for the style's mood and the video's length, stored
 * once (renders bucket) and kept on the project so a re-compile reuses it.
 */
export async function ensureBackgroundMusic(actor: Actor, projectId: string): Promise<{ url: string; generated: boolean }> {
  const project = await getProjectWithScenes(actor, projectId);
  if (project.backgroundMusicUrl) return { url: project.backgroundMusicUrl, generated: false };
  const seconds = project.scenes.reduce((sum, s) => sum + clipSecondsFor(s), 0);
  const { mood } = await styleDetails(project.style);
  const music = await pipelineProviders().music.generate({ mood: mood ?? project.style ?? undefined, durationSec: Math.min(600, Math.ceil(seconds) + 1), seed: project.id });
  let stored;
  try {
    stored = await storeFile({
      bucket: "renders",
      ownerId: project.userId,
      params: { prefix: `projects/${project.id}/music` },
      kinds: ["audio"],
      body: createReadStream(music.path),
      originalName: `music.${music.path.split(".").pop() ?? "wav"}`,
    });
  } finally {
    await rm(music.path, { force: true });
  }
  // Another attempt may have set one meanwhile: keep the first, drop ours.
  const { count } = await prisma.project.updateMany({ where: { id: project.id, backgroundMusicUrl: null }, data: { backgroundMusicUrl: stored.url } });
  if (count === 0) {
    await deleteFile(stored.bucket, stored.key).catch(() => undefined);
    const fresh = await getProjectWithScenes(actor, projectId);
    if (!fresh.backgroundMusicUrl) throw new NotFoundError("Background music");
    return { url: fresh.backgroundMusicUrl, generated: true };
  }
  return { url: stored.url, generated: true };
}

// ───────────────────────────── renders in this process ─────────────────────────────

type LiveRender = { token: string; abort: AbortController; done: Promise<void> };
type RenderState = { processId: string; renders: Map<string, LiveRender> };
const STATE = Symbol.for("reelforge.compile.renders");

/** Shared by the two module copies of the app in one process (Remix bundle, server sources). */
function state(): RenderState {
  const g = globalThis as typeof globalThis & { [STATE]?: RenderState };
  return (g[STATE] ??= { processId: randomUUID().slice(0, 12), renders: new Map() });
}

function newToken(): string {
  return `local:${state().processId}:${randomUUID()}`;
}

/** The process that owns a render token ("local:<process>:<uuid>"), or null. */
function tokenProcess(token: string | null): string | null {
  const m = /^local:([^:]+):/.exec(token ?? "");
  return m ? m[1] : null;
}

/** Whether this process is rendering the job now. */
export function isRenderLive(jobId: string): boolean {
  return state().renders.has(jobId);
}

/** Stops this process's render of the job (a timed-out or failed compile). */
export function abortRender(jobId: string): void {
  state().renders.get(jobId)?.abort.abort();
}

/** Resolves when this process's render of the job has ended (tests, shutdown). */
export async function renderSettled(jobId: string): Promise<void> {
  await state().renders.get(jobId)?.done;
}

/**
 * Starts (or restarts) the render of a queued/rendering job in this process. The row is taken
 * over with a compare-and-set on its render token, so two pollers never start two renders.
 * Returns false when the job is finished or someone else took it meanwhile.
 */
export async function startRender(actor: Actor, jobId: string, expectedToken: string | null): Promise<boolean> {
  await getCompileJob(actor, jobId);
  const token = newToken();
  const provider = pipelineProviders().render;
  const { count } = await prisma.compileJob.updateMany({
    where: { id: jobId, status: { in: ACTIVE }, providerRequestId: expectedToken },
    data: { status: "rendering", provider: provider.name, providerRequestId: token, errorMessage: null },
  });
  if (count === 0) return false;
  const abort = new AbortController();
  const entry: LiveRender = { token, abort, done: Promise.resolve() };
  state().renders.set(jobId, entry);
  entry.done = runRender(actor, jobId, token, abort.signal)
    .catch((error) => console.error(`[compile] render of job ${jobId} failed unexpectedly`, error))
    .finally(() => {
      if (state().renders.get(jobId) === entry) state().renders.delete(jobId);
    });
  return true;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "video"
  );
}

/** The value, or null when it was not found. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function runRender(actor: Actor, jobId: string, token: string, signal: AbortSignal): Promise<void> {
  const mine = { id: jobId, providerRequestId: token, status: "rendering" as const };
  let writes: Promise<unknown> = Promise.resolve();
  try {
    const job = await orNull(getCompileJob(actor, jobId));
    if (!job) return;
    const project = await orNull(getProjectWithScenes(actor, job.projectId));
    if (!project) throw new CompileInputError("The project no longer exists");
    await forcedFailure(project.id, "compile");
    const request = await renderRequestFor(project, isCompileFormat(job.format) ? job.format : DEFAULT_COMPILE_FORMAT);
    const provider = pipelineProviders().render;
    let last = -1;
    const result = await provider.render(
      request,
      (percent) => {
        const p = Math.max(0, Math.min(99, Math.floor(percent)));
        if (p <= last) return;
        last = p;
        // One write at a time, in order; a lost write only delays the next percent.
        writes = writes.then(() => prisma.compileJob.updateMany({ where: mine, data: { progress: p } })).catch(() => undefined);
      },
      { signal },
    );
    let stored;
    try {
      stored = await storeFile({
        bucket: "renders",
        ownerId: job.userId,
        params: { prefix: `projects/${project.id}` },
        kinds: ["video"],
        body: createReadStream(result.path),
        originalName: `${slug(project.title)}.${result.format}`,
      });
    } finally {
      await rm(result.path, { force: true });
    }
    await writes;
    const { count } = await prisma.compileJob.updateMany({
      where: mine,
      data: { status: "completed", progress: 100, videoUrl: stored.url, errorMessage: null },
    });
    // The job was given up meanwhile (timed out, failed, taken over): its video is not used.
    if (count === 0) await deleteFile(stored.bucket, stored.key).catch(() => undefined);
  } catch (error) {
    await writes;
    if (signal.aborted) return;
    console.error(`[compile] job ${jobId}:`, error);
    await prisma.compileJob.updateMany({ where: mine, data: { status: "failed", message: COMPILE_MESSAGES.failed, errorMessage: reasonOf(error).slice(0, 2000) } });
  }
}

export type PollResult = {
  status: CompileStatus;
  progress: number;
  videoUrl: string | null;
  errorMessage: string | null;
  /** The render was (re)started by this poll. */
  restarted: boolean;
};

/**
 * One status poll of the compile workflow (seed 001 §4 step 7): reads the job, restarts its
 * render when nobody is rendering it (this process lost it, or another process stopped making
 * progress for RESTART_AFTER_STALLED_POLLS polls), and writes the seed's status message.
 */
export async function pollCompileJob(actor: Actor, jobId: string, poll: number, stalledPolls: number): Promise<PollResult> {
  let job = await getCompileJob(actor, jobId);
  let restarted = false;
  if (ACTIVE.includes(job.status) && !isRenderLive(jobId)) {
    const owner = tokenProcess(job.providerRequestId);
    const orphaned = !job.providerRequestId || owner === state().processId || stalledPolls >= RESTART_AFTER_STALLED_POLLS;
    if (orphaned) {
      restarted = await startRender(actor, jobId, job.providerRequestId);
      job = await getCompileJob(actor, jobId);
    }
  }
  if (ACTIVE.includes(job.status)) {
    await setCompileMessage(actor, jobId, poll <= 1 ? COMPILE_MESSAGES.processingFirst : COMPILE_MESSAGES.processing(job.status));
  }
  return { status: job.status, progress: job.progress, videoUrl: job.videoUrl, errorMessage: job.errorMessage, restarted };
}
