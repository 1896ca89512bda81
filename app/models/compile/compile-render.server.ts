// The render of a compile job (docs/decisions/140-renders-as-durable-jobs.md). Nothing about a
// render lives in a process's memory: the compile_jobs row is its record, and the compile
// workflow's poll (every 3 s) is the only poll loop.
//
// - Local renderer (ffmpeg): startRender takes the job with a new render token and sends
//   "project/render.requested"; the render workflow runs runLocalRender in one durable step,
//   which writes whole-percent progress and a heartbeat (the row's update time) every 2 s,
//   stores the video and completes the job. Every write is a compare-and-set on the token: a
//   render that was given up (failed, timed out) or taken over sees it at its next heartbeat
//   and stops. A poll that finds a render silent for RENDER_LOST_AFTER_MS (its process ended)
//   starts it again with a new token; the renderer's per-scene cache makes that cheap.
// - Hosted renderer (json2video): startRender hands the work to the service and keeps its
//   render id as the token; each poll asks the service once (status) and records what it says.
//
// Every function takes the acting user; the job is seen through its project (ADR 130). Scene
// media are read only as the owner's stored files (media-refs.server.ts, ADR 131).
import { captionPickOf, chosenParts } from "~/models/captions/caption-rules";
import { getCaptionPreference } from "~/models/captions/caption-preference.server";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { CompileStatus } from "~/generated/prisma/enums";
import { isNotFound, type Actor } from "~/models/access/actor.server";
import {
  claimRender,
  COMPILE_MESSAGES,
  completeRender,
  failRender,
  formatOf,
  getCompileJob,
  isActive,
  markRenderStarted,
  recordRenderProgress,
  scenePlanOf,
  setCompileMessage,
  type CompileJobRow,
  type CompileScenePlan,
} from "./compile-jobs.server";
import { mediaFile } from "~/models/files/media-refs.server";
import { reasonOf } from "~/models/generation/pipeline-errors.server";
import { getProjectWithScenes, type ProjectWithScenes } from "~/models/projects/project.server";
import { clipSecondsFor } from "~/models/generation/scene-media.server";
import { motionMadeFrom, parseSceneMotion, videoMotionsOf } from "~/models/generation/scene-motion.server";
import { wasKilled } from "~/providers/media/ffmpeg.server";
import { isAspectRatio } from "~/providers/media/types";
import { workRoot } from "~/providers/media/workdir.server";
import { localRenderProvider, motionProvider, renderProvider } from "~/providers/registry.server";
import { clipCuts } from "~/providers/motion/cut-list";
import { ownMediaOf } from "~/models/projects/scene-staleness.server";
import { makePoster } from "~/providers/render/poster.server";
import type { HostedRenderer, RenderBrand, RenderFormat, RenderRequest, RenderResult, RenderScene } from "~/providers/render/types";
import { ownerBrand } from "~/models/brand/brand-kit.server";
import { deleteFile, storeFile } from "~/models/files/stored-files.server";
import type { BucketName } from "~/utils/storage/buckets";
import { sendWorkflowEvents } from "~/models/workflows/engine.server";
import { projectRenderRequested } from "~/models/workflows/events";

/** How often a local render tells its job it is alive (and checks that the job is still its own). */
export const RENDER_HEARTBEAT_MS = 2_000;
/** A local render its job has not heard from for this long is lost (its process ended). */
export const RENDER_LOST_AFTER_MS = 15_000;

export class CompileInputError extends Error {
  override name = "CompileInputError";
}

/**
 * The render's ffmpeg was killed from outside (the OOM killer, an operator, a restart): not the
 * video's fault, so the render workflow tries again; after its last try it fails the job with
 * this message (docs/decisions/230-ffmpeg-killed-mid-render.md).
 */
export class RenderInterruptedError extends Error {
  override name = "RenderInterruptedError";
  constructor(options: { cause?: unknown } = {}) {
    super("The renderer stopped before the video was finished (its ffmpeg process was killed)", options);
  }
}

// ───────────────────────────── the render request ─────────────────────────────

/**
 * The renderer's input for the scenes of a project the actor may work on, in order, with local
 * paths of every file (the owner's stored files only; `url` only for allow-listed links).
 */
export async function buildRenderRequest(
  actor: Actor,
  projectId: string,
  format: RenderFormat,
  only?: readonly string[] | null,
  planned?: CompileScenePlan["motions"],
): Promise<RenderRequest> {
  // Without a compile job: the actor's remembered caption look, as a compile now would use it.
  return renderRequestFor(actor, await getProjectWithScenes(actor, projectId), format, only, await getCaptionPreference(actor), planned);
}

/**
 * The render request of a project in a format. With `only`, just those scenes (a compile renders
 * the scenes it was asked and paid for, not scenes added since: ADR 250), in the project's order.
 */
async function renderRequestFor(
  actor: Actor,
  whole: ProjectWithScenes,
  format: RenderFormat,
  only?: readonly string[] | null,
  captions?: unknown,
  planned?: CompileScenePlan["motions"],
): Promise<RenderRequest> {
  const project = only ? { ...whole, scenes: whole.scenes.filter((s) => only.includes(s.id)) } : whole;
  if (project.scenes.length === 0) throw new CompileInputError(COMPILE_MESSAGES.noScenes);
  const owner = project.userId;
  const scenes: RenderScene[] = [];
  const motions = await videoMotionsOf(actor, project);
  const localMotion = motionProvider().name === LOCAL_MOTION;
  for (const [i, scene] of project.scenes.entries()) {
    const n = i + 1;
    let visual: RenderScene["visual"];
    // Create Video's scene whose clip is made after Ready: drawn from its still with the motion planned for the clip (ADR 380).
    const drawn = scene.videoUrl ? null : await motionMadeFrom(parseSceneMotion(planned?.[scene.id]) ?? undefined, scene.imageUrl, owner);
    if (scene.videoUrl) {
      // A clip the local motion drew from the scene's image: the renderer draws it again in its one encode (ADR 360).
      const madeFrom = await motionMadeFrom(motions.get(scene.id), scene.imageUrl, owner);
      visual = { kind: "clip", ...(await mediaFile(scene.videoUrl, `scene ${n} video`, owner)), ...(madeFrom ? { madeFrom } : {}) };
    } else if (scene.imageUrl && drawn) {
      visual = {
        kind: "image",
        ...(await mediaFile(scene.imageUrl, `scene ${n} image`, owner)),
        ...(drawn.layers ? { layers: drawn.layers } : {}),
        beats: drawn.beats,
      };
    } else if (scene.imageUrl) visual = { kind: "image", ...(await mediaFile(scene.imageUrl, `scene ${n} image`, owner)) };
    else throw new CompileInputError(`Scene ${n} has no image or video`);
    scenes.push({
      id: scene.id,
      visual,
      ...(scene.voiceOverUrl ? { voiceOver: await mediaFile(scene.voiceOverUrl, `scene ${n} voice-over`, owner) } : {}),
      captionText: scene.voiceOverText ?? undefined,
      ...(scene.voiceOverUrl ? {} : { durationSec: clipSecondsFor(scene) }),
      ...((localMotion && visual.kind === "clip") || drawn ? { cuts: motionClipCuts(whole.scenes, scene) } : {}),
    });
  }
  const music = project.backgroundMusicUrl ? { music: await mediaFile(project.backgroundMusicUrl, "background music", owner) } : {};
  const brand = await renderBrand(actor, owner);
  return {
    scenes,
    ...music,
    ...(brand ? { brand } : {}),
    format,
    aspectRatio: isAspectRatio(project.aspectRatio) ? project.aspectRatio : "9:16",
    seed: project.id,
    captionStyle: project.style ?? undefined,
    // The caption look the compile was asked for (ADR 350): the parts chosen; the rest the Style's own.
    ...(Object.keys(chosenParts(captionPickOf(captions))).length ? { captions: chosenParts(captionPickOf(captions)) } : {}),
  };
}

/** LocalMotionProvider.name: the motion whose clips are cut into beats. */
const LOCAL_MOTION = "local-motion";

/**
 * Where the local motion cut a scene's clip into beats (ADR 335), as it planned them for the clip's
 * length and place in the ad (the scene-asset video step asks for clipSecondsFor, the end card on the
 * last of several scenes): for the render's cut list (ADR 375). None for the user's own clip (ADR 315).
 */
function motionClipCuts(all: ProjectWithScenes["scenes"], scene: ProjectWithScenes["scenes"][number]): number[] {
  if (ownMediaOf(scene)?.kind === "clip") return [];
  const index = all.findIndex((s) => s.id === scene.id);
  return clipCuts(clipSecondsFor(scene), { sceneIndex: Math.max(0, scene.sceneOrder - 1), endCard: all.length > 1 && index === all.length - 1 });
}

/**
 * The owner's brand kit as the renderer uses it (docs/decisions/310-brand-kit.md): caption font
 * and colours, and the logo as the corner mark when the kit asks for it (a logo file that
 * cannot be read leaves the mark out rather than failing the video). Undefined without a kit.
 */
async function renderBrand(actor: Actor, owner: string): Promise<RenderBrand | undefined> {
  const kit = await ownerBrand(actor, owner);
  if (!kit) return undefined;
  const mark = kit.cornerMark && kit.logoRef ? await mediaFile(kit.logoRef, "brand logo", owner).catch(() => null) : null;
  return { fontId: kit.fontId, colors: kit.colors, ...(mark ? { cornerMark: { path: mark.path } } : {}) };
}

// ───────────────────────────── tokens ─────────────────────────────
// A job's providerRequestId is its render token: "local:<uuid>" for a local render,
// "pending:<uuid>" while a hosted render is being handed over, else the service's render id.

const LOCAL = "local:";
const PENDING = "pending:";

/** A token whose holder writes heartbeats (a local render, or a hand-over to a service). */
function beats(token: string): boolean {
  return token.startsWith(LOCAL) || token.startsWith(PENDING);
}

function isLost(job: CompileJobRow, now = Date.now()): boolean {
  return now - job.updatedAt.getTime() > RENDER_LOST_AFTER_MS;
}

// ───────────────────────────── starting ─────────────────────────────

/**
 * Starts (or restarts) the render of an active job with the configured renderer. The job is
 * taken over with a compare-and-set on its token (`expectedToken`: the token the caller saw),
 * so two pollers never start two renders. False when the job is finished or someone else took
 * it meanwhile. A hosted renderer that refuses the work fails the job.
 */
export async function startRender(actor: Actor, jobId: string, expectedToken: string | null): Promise<boolean> {
  const job = await getCompileJob(actor, jobId);
  const provider = renderProvider();
  if (provider.kind === "local") {
    const token = `${LOCAL}${randomUUID()}`;
    if (!(await claimRender(actor, job.id, expectedToken, { token, provider: provider.name, status: "queued" }))) return false;
    // Sent after the claim: the render run must find its token on the job.
    await sendWorkflowEvents(
      projectRenderRequested.create({ projectId: job.projectId, compileJobId: job.id, userId: actor.id, token }, { id: `render-${token}` }),
    );
    return true;
  }
  const pending = `${PENDING}${randomUUID()}`;
  if (!(await claimRender(actor, job.id, expectedToken, { token: pending, provider: provider.name, status: "rendering" }))) return false;
  try {
    const plan = scenePlanOf(job);
    const request = await renderRequestFor(actor, await getProjectWithScenes(actor, job.projectId), formatOf(job), plan?.sceneIds, job.captions, plan?.motions);
    const { renderId } = await provider.start(request);
    await claimRender(actor, job.id, pending, { token: renderId, provider: provider.name, status: "rendering" });
  } catch (error) {
    if (isNotFound(error)) throw error;
    console.error(`[compile] job ${job.id}: the renderer refused the work`, error);
    await failRender(actor, job.id, pending, reasonOf(error));
  }
  return true;
}

// ───────────────────────────── a local render (the render workflow's step) ─────────────────────────────

export type LocalRenderOutcome = "completed" | "failed" | "superseded";

/**
 * Renders the job with the local renderer as the holder of `token`, in this process. Returns
 * "superseded" at once when the job is finished or another render holds it, and stops (aborts
 * ffmpeg) when that happens while it renders.
 */
export async function runLocalRender(actor: Actor, jobId: string, token: string): Promise<LocalRenderOutcome> {
  const job = await getCompileJob(actor, jobId);
  if (job.providerRequestId !== token || !isActive(job)) return "superseded";
  if (!(await markRenderStarted(actor, job.id, token))) return "superseded";

  const abort = new AbortController();
  let percent = 0;
  // One write at a time, in order; a write that fails only delays the next one.
  let writes: Promise<unknown> = Promise.resolve();
  const report = () => {
    writes = writes
      .then(() => recordRenderProgress(actor, job.id, token, percent))
      .then((held) => held || abort.abort())
      .catch(() => undefined);
  };
  const heartbeat = setInterval(report, RENDER_HEARTBEAT_MS);
  try {
    const project = await getProjectWithScenes(actor, job.projectId).catch((error: unknown) => {
      throw isNotFound(error) ? new CompileInputError("The project no longer exists") : error;
    });
    const plan = scenePlanOf(job);
    const request = await renderRequestFor(actor, project, formatOf(job), plan?.sceneIds, job.captions, plan?.motions);
    const result = await localRenderProvider().render(
      request,
      (p) => {
        const whole = Math.max(0, Math.min(99, Math.floor(p)));
        if (whole <= percent) return;
        percent = whole;
        report();
      },
      { signal: abort.signal },
    );
    const stored = await storeRender(job, project.title, result);
    clearInterval(heartbeat);
    await writes;
    if (await completeRender(actor, job.id, token, stored.url, stored.poster?.url ?? null, result.cuts ?? null)) return "completed";
    // Given up or taken over meanwhile: this video is not used.
    await deleteStored(stored);
    return "superseded";
  } catch (error) {
    clearInterval(heartbeat);
    await writes;
    if (abort.signal.aborted) return "superseded";
    if (wasKilled(error)) throw new RenderInterruptedError({ cause: error });
    console.error(`[compile] job ${job.id}:`, error);
    return (await failRender(actor, job.id, token, reasonOf(error))) ? "failed" : "superseded";
  } finally {
    clearInterval(heartbeat);
  }
}

// ───────────────────────────── the finished video ─────────────────────────────

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

type StoredRender = { bucket: BucketName; key: string; url: string; poster: { bucket: BucketName; key: string; url: string } | null };

/**
 * Stores a rendered video in the owner's private renders bucket (projects/{projectId}/…) with its
 * poster frame (docs/decisions/198-poster-frame.md); removes the work files. A poster that cannot
 * be made leaves the video without one.
 */
async function storeRender(job: CompileJobRow, title: string, result: RenderResult): Promise<StoredRender> {
  const name = slug(title);
  // The poster is picked while the video is stored (both only read the rendered file).
  const posterMade = makePoster(result.path, { firstSceneSec: result.scenes[0]?.durationSec ?? 0, videoSec: result.durationSec, root: workRoot() }).catch(
    (error: unknown) => {
      console.error(`[compile] job ${job.id}: no poster frame`, error);
      return null;
    },
  );
  const videoStored = storeFile({
    bucket: "renders",
    ownerId: job.userId,
    params: { prefix: `projects/${job.projectId}` },
    kinds: ["video"],
    body: createReadStream(result.path),
    originalName: `${name}.${result.format}`,
  });
  // Settled before either result is used, so the work files are removed only once both are done.
  await Promise.allSettled([posterMade, videoStored]);
  const poster = await posterMade;
  try {
    const video = await videoStored;
    const image = poster
      ? await storeFile({
          bucket: "renders",
          ownerId: job.userId,
          params: { prefix: `projects/${job.projectId}` },
          kinds: ["image"],
          body: createReadStream(poster.path),
          originalName: `${name}-poster.jpg`,
        }).catch((error: unknown) => {
          console.error(`[compile] job ${job.id}: the poster frame was not stored`, error);
          return null;
        })
      : null;
    return { bucket: video.bucket, key: video.key, url: video.url, poster: image ? { bucket: image.bucket, key: image.key, url: image.url } : null };
  } finally {
    await rm(result.path, { force: true });
    if (poster) await rm(poster.path, { force: true });
  }
}

async function deleteStored(stored: StoredRender): Promise<void> {
  await deleteFile(stored.bucket, stored.key).catch(() => undefined);
  if (stored.poster) await deleteFile(stored.poster.bucket, stored.poster.key).catch(() => undefined);
}

// ───────────────────────────── polling ─────────────────────────────

/** One look at a hosted render: its progress, its failure, or its video (stored, job completed). */
async function followHostedRender(actor: Actor, job: CompileJobRow, provider: HostedRenderer, renderId: string): Promise<void> {
  const status = await provider.status(renderId, { format: formatOf(job) });
  if (status.state === "running") {
    await recordRenderProgress(actor, job.id, renderId, status.percent);
  } else if (status.state === "failed") {
    await failRender(actor, job.id, renderId, status.error);
  } else {
    const { title } = await getProjectWithScenes(actor, job.projectId);
    const stored = await storeRender(job, title, status.result);
    if (!(await completeRender(actor, job.id, renderId, stored.url, stored.poster?.url ?? null, status.result.cuts ?? null))) await deleteStored(stored);
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
 * One status poll of the compile workflow: reads the job; asks a hosted renderer how its render
 * is going; starts a local render again when it is lost (silent for RENDER_LOST_AFTER_MS) or
 * was never started; and writes the status message.
 */
export async function pollCompileJob(actor: Actor, jobId: string, poll: number): Promise<PollResult> {
  let job = await getCompileJob(actor, jobId);
  let restarted = false;
  if (isActive(job)) {
    const token = job.providerRequestId;
    const provider = renderProvider();
    if (token && !beats(token) && provider.kind === "hosted" && provider.name === job.provider) {
      await followHostedRender(actor, job, provider, token);
    } else if (!token || !beats(token) || isLost(job)) {
      // Never started, lost with its process, or made by a renderer no longer configured.
      restarted = await startRender(actor, jobId, token);
    }
    job = await getCompileJob(actor, jobId);
  }
  if (isActive(job)) {
    await setCompileMessage(actor, jobId, poll <= 1 ? COMPILE_MESSAGES.processingFirst : COMPILE_MESSAGES.processing(job.status));
  }
  return { status: job.status, progress: job.progress, videoUrl: job.videoUrl, errorMessage: job.errorMessage, restarted };
}
