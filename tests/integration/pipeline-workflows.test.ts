// The video pipeline's workflows through the real inngest/remix serve handler and the embedded
// executor, with tiny media (RENDER_LONG_SIDE=256) and time-scaled sleeps:
//   - scene assets: real stored files in the fixed order, progress on the scene, the first
//     failure stopping with "Failed while {step}: {reason}", retries of a provider briefly down;
//   - compile: scenes prepared, a real render (its own workflow run) tracked by its compile_jobs
//     row with the product's messages, a failed render, the 20-poll timeout, a render lost with
//     its process restarted;
//   - Create Video end to end: story ready with a playable mp4, credits charged once, one
//     notification; a provider failure (PROVIDER_FAULTS) refunds once; resume after an executor
//     restart;
//   - the showcase seeder and the pick-up of stories whose event was lost.
// Providers are the real offline ones; a test that needs one to fail or hang spies on its class.
// One file on purpose: every executor serving the app's functions claims their due runs from the
// shared test database, so two test processes running these at once would take each other's runs.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  COMPILE_MAX_POLLS,
  COMPILE_MESSAGES,
  addedScenesNotice,
  compileSceneBatchId,
  completeRender,
  createCompileJob,
  failCompileJob,
  failRender,
  getCompileJob,
  recordRenderProgress,
  requestCompile,
  scenePlanOf,
} from "~/models/compile/compile-jobs.server";
import { buildRenderRequest, runLocalRender } from "~/models/compile/compile-render.server";
import { dashboardFeed } from "~/models/content/content-feed.server";
import { estimateCost } from "~/models/projects/cost-estimates.server";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { getProjectWorkspace } from "~/models/projects/project-workspace.server";
import { listSceneAssetVersions } from "~/models/generation/scene-asset-versions.server";
import { requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { createProjectForStory, getProjectWithScenes } from "~/models/projects/project.server";
import { SCENE_ASSET_STEPS } from "~/models/generation/scene-asset-steps";
import { addScene, editScene, findSceneOfProject } from "~/models/projects/scenes.server";
import { SHOWCASE_DEMOS } from "~/models/stories/showcase-seed.server";
import { recoverQueuedStories } from "~/models/stories/video-pipeline.server";
import { createVideoRequest, videoRequestedEventId } from "~/models/stories/video-requests.server";
import * as store from "../../inngest/executor/run-store.ts";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { ProviderError } from "~/providers/media/types";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { lumaStats, POSTER_LUMA } from "~/providers/render/poster.server";
import type { RenderResult } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { prisma } from "~/utils/db.server";
import { localFilePath } from "~/models/files/stored-files.server";
import { inngest } from "../../inngest/client.ts";
import { projectCompileRequested, sceneAssetsRequested, videoRequested } from "~/models/workflows/events";
import { showcaseSeedRequested } from "../../inngest/functions/housekeeping-events.ts";
import { requestShowcaseSeed, shouldSeedShowcase } from "../../inngest/functions/housekeeping.ts";
import { TEST_ENV } from "../setup/test-env";
import { storyCompileJobId } from "../../inngest/functions/story-steps.ts";
import {
  actorOf,
  countProviderCalls,
  fileOf,
  newAdmin,
  newCustomer,
  projectWithScenes,
  startPipeline,
  storeProductPhoto,
  TWO_SCENES,
  type PipelineEnv,
  uploadMusic,
  uploadProductPhoto,
  videoRunEnded,
} from "./pipeline-helpers";
import { waitFor, waitForRun } from "./workflows-helpers";
import { webActor } from "../support/web-actor";

const SCENE_FN = "reelforge-scene-assets";
const COMPILE_FN = "reelforge-compile-project";
const RENDER_FN = "reelforge-render-compile-job";
let env: PipelineEnv;

beforeAll(async () => {
  // 3 s polls at 0.1: every 300 ms; retry back-off 100 ms, 200 ms ...
  env = await startPipeline({ timeScale: 0.1 });
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

// ───────────────────────────── scene assets ─────────────────────────────

async function requestAssets(data: { projectId: string; sceneId: string; userId: string }) {
  const { ids } = await inngest.send(sceneAssetsRequested.create(data));
  return ids[0];
}

/** The offline voice fails its first `times` calls (then speaks), counting calls. */
function flakyVoice(error: () => Error, times: number): { readonly calls: number } {
  const real = LocalVoiceProvider.prototype.synthesize;
  const spy = vi.spyOn(LocalVoiceProvider.prototype, "synthesize").mockImplementation(function (this: LocalVoiceProvider, ...args) {
    if (spy.mock.calls.length <= times) return Promise.reject(error());
    return real.apply(this, args);
  });
  return {
    get calls() {
      return spy.mock.calls.length;
    },
  };
}

/** The user's ledger apart from the credits granted to the test account, oldest first: [reason, delta]. */
async function spentOf(userId: string): Promise<[string, number][]> {
  const entries = await prisma.creditLedgerEntry.findMany({ where: { userId, reason: { not: "admin_grant" } }, orderBy: { createdAt: "asc" } });
  return entries.map((e) => [e.reason, Number(e.delta)]);
}

describe("scene assets workflow", () => {
  it("makes and stores every asset in the fixed order and completes the scene", async () => {
    const user = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: user.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 90_000);
    expect(run.error).toBeNull();
    expect(run.status).toBe("completed");

    const steps = await store.listSteps(run.id);
    const names = steps.map((s) => s.name);
    expect(names.slice(0, 5)).toEqual([...SCENE_ASSET_STEPS]);
    expect(names).toContain("complete");

    const done = (await findSceneOfProject(actorOf(user.id), project.id, scene.id))!;
    expect(done).toMatchObject({ status: "completed", progressStep: null, errorMessage: null });
    expect(done.imagePrompt).toMatch(/\w{3,}/);
    expect(done.voiceOverText).toBe("Meet Aurora, the serum for a morning glow.");
    expect(done.voiceOverDuration).toBeGreaterThan(0.5);
    expect(done.duration).toBeGreaterThan(done.voiceOverDuration!);

    // Real files, stored under the documented keys, private to the owner, made in order.
    const objects = await prisma.storedObject.findMany({
      where: { bucket: "canvas-assets", key: { startsWith: `scenes/${scene.id}_` } },
      orderBy: { createdAt: "asc" },
    });
    expect(objects.map((o) => o.key.split("_")[1])).toEqual(["image", "audio", "video"]);
    for (const o of objects) expect(o).toMatchObject({ ownerId: user.id, isPublic: false });
    expect(objects.map((o) => o.contentType)).toEqual([expect.stringMatching(/^image\/(jpeg|png)$/), "audio/wav", "video/mp4"]);

    const clip = await probeMedia(fileOf(done.videoUrl));
    expect(clip.streams.find((s) => s.type === "video")).toMatchObject({ width: 144, height: 256 });
    expect(clip.durationSec).toBeGreaterThan(done.voiceOverDuration!);
    const voice = await probeMedia(fileOf(done.voiceOverUrl));
    expect(voice.streams.some((s) => s.type === "audio")).toBe(true);

    const finished = await waitFor(
      () => prisma.workflowEvent.findFirst({ where: { name: "scene/assets.finished", data: { path: ["sceneId"], equals: scene.id } } }),
      "the finished event",
    );
    expect(finished.data).toMatchObject({ ok: true, projectId: project.id });
  });

  it("stops at the first failure with the exact message, stored on the scene and raised as the run's error", async () => {
    const voice = flakyVoice(() => new ProviderError("local-tts", "bad_input", "The text has nothing speakable in it"), 99);
    const user = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[1];
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: user.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 60_000);
    const message = "Failed while voice-over: The text has nothing speakable in it";
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message });
    // Not worth retrying (bad input): one call.
    expect(voice.calls).toBe(1);

    const failed = (await findSceneOfProject(actorOf(user.id), project.id, scene.id))!;
    expect(failed).toMatchObject({ status: "pending", progressStep: "voice-over", errorMessage: message });
    // The steps before it ran, the video after it did not.
    expect(failed.imageUrl).toBeTruthy();
    expect(failed.voiceOverUrl).toBeNull();
    expect(failed.videoUrl).toBeNull();
    const names = (await store.listSteps(run.id)).map((s) => s.name);
    expect(names).not.toContain("video");
    const finished = await waitFor(
      () => prisma.workflowEvent.findFirst({ where: { name: "scene/assets.finished", data: { path: ["sceneId"], equals: scene.id } } }),
      "the finished event",
    );
    expect(finished.data).toMatchObject({ ok: false, error: message });
  });

  it("retries a provider that is briefly down, without redoing finished steps", async () => {
    const voice = flakyVoice(() => new ProviderError("hosted-tts", "upstream", "Service unavailable (HTTP 503)"), 2);
    const user = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: user.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 90_000);
    expect(run.status).toBe("completed");
    expect(voice.calls).toBe(3);
    // One image, one voice-over, one clip: the image step was not repeated by the retries.
    expect(await prisma.storedObject.count({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${scene.id}_image_` } } })).toBe(1);
    expect(await prisma.storedObject.count({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${scene.id}_audio_` } } })).toBe(1);
  });

  it("gives up after the last attempt of a retriable failure with the same message format", async () => {
    const voice = flakyVoice(() => new ProviderError("hosted-tts", "timeout", "No answer within 60 s"), 99);
    const user = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: user.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 90_000);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "Failed while voice-over: No answer within 60 s" });
    expect(voice.calls).toBe(3); // retries 2 + 1
    expect((await findSceneOfProject(actorOf(user.id), project.id, scene.id))!.errorMessage).toBe("Failed while voice-over: No answer within 60 s");
  });

  it("an event naming another user stops the run as 'not found' and changes nothing (ADR 130)", async () => {
    const user = await newCustomer();
    const intruder = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    const before = await prisma.scene.findUnique({ where: { id: scene.id } });
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: intruder.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 60_000);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "Failed while image prompt: The scene no longer exists" });
    expect(await prisma.scene.findUnique({ where: { id: scene.id } })).toEqual(before);
    expect(await prisma.storedObject.count({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${scene.id}_` } } })).toBe(0);
  });

  it("refuses to make a product shot without a product image (the documented message) outside Create Video", async () => {
    const user = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: null });
    const scene = project.scenes[0];
    const eventId = await requestAssets({ projectId: project.id, sceneId: scene.id, userId: user.id });
    const run = await waitForRun(SCENE_FN, eventId, ["completed", "failed"], 60_000);
    expect(run.error).toMatchObject({ message: "Failed while image: Upload a product image first to generate scene variations." });
    expect((await findSceneOfProject(actorOf(user.id), project.id, scene.id))!.imagePrompt).toBeTruthy();
  });
});

// ───────────────────────────── compile ─────────────────────────────

async function runOf(jobId: string) {
  return waitFor(
    async () => (await store.runsOf(COMPILE_FN, 200)).find((r) => (r.event as { data: { compileJobId: string } }).data.compileJobId === jobId),
    "the compile run",
  );
}

/** The render workflow runs of a compile job. */
async function renderRunsOf(jobId: string) {
  return (await store.runsOf(RENDER_FN, 200)).filter((r) => (r.event as { data: { compileJobId: string } }).data.compileJobId === jobId);
}

async function finished(jobId: string, timeoutMs = 120_000) {
  const run = await runOf(jobId);
  return waitFor(
    async () => {
      const r = await store.getRun(run.id);
      return r && (r.status === "completed" || r.status === "failed") ? r : null;
    },
    "the compile run to finish",
    timeoutMs,
  );
}

describe("compile workflow", () => {
  let userId: string;
  let projectId: string;
  beforeAll(async () => {
    // A compile is paid (prices.ts): the compile and the steps of the scenes it prepares.
    const user = await newCustomer(100);
    userId = user.id;
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    projectId = project.id;
  });

  it("prepares the scenes, renders with progress and messages, stores the video and completes the project", async () => {
    const estimate = await estimateCost(actorOf(userId), { projectId, work: { kind: "compile" } });
    // Two scenes without image prompt, image, voice-over or video, then the compile: 2 × 3.5 + 2.
    expect(estimate).toMatchObject({ credits: 9, balance: 100, enough: true, blocked: null });
    const request = await requestCompile(actorOf(userId), { projectId });
    expect(request.ok).toBe(true);
    if (!request.ok) return;
    expect(request.job).toMatchObject({ status: "queued", format: "mp4", message: COMPILE_MESSAGES.start });
    expect(request).toMatchObject({ credits: 9, balance: 91 });

    // The messages move on while it runs (the texts of docs/product.md#compile, in order).
    const seen = new Set<string>();
    const progress: number[] = [];
    const watcher = (async () => {
      for (;;) {
        const job = await getCompileJob(actorOf(userId), request.job.id);
        if (job?.message) seen.add(job.message);
        if (job) progress.push(job.progress);
        if (!job || job.status === "completed" || job.status === "failed") return;
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    const run = await finished(request.job.id);
    await watcher;
    expect(run.error).toBeNull();
    expect(run.status).toBe("completed");
    // The render ran as a workflow run of its own, once; the compile run only polled.
    const renders = await renderRunsOf(request.job.id);
    expect(renders.map((r) => [r.status, r.output])).toEqual([["completed", { compileJobId: request.job.id, outcome: "completed" }]]);

    const job = (await getCompileJob(actorOf(userId), request.job.id))!;
    expect(job).toMatchObject({ status: "completed", progress: 100, message: COMPILE_MESSAGES.complete, provider: "local-ffmpeg", errorMessage: null });
    expect(seen).toContain(COMPILE_MESSAGES.preparing);
    expect(seen).toContain(COMPILE_MESSAGES.processingFirst);
    // Real progress: it rose through intermediate values and never went back.
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);

    const project = (await getProjectWithScenes(actorOf(userId), projectId))!;
    expect(project.status).toBe("completed");
    expect(project.finalVideoUrl).toBe(job.videoUrl);
    expect(project.scenes.every((s) => s.status === "completed" && s.videoUrl)).toBe(true);
    const stored = await prisma.storedObject.findFirst({
      where: { bucket: "renders", key: { startsWith: `projects/${projectId}/` }, contentType: "video/mp4" },
    });
    expect(stored).toMatchObject({ ownerId: userId, isPublic: false });
    const info = await probeMedia(fileOf(job.videoUrl));
    expect(info.streams.map((s) => s.type).sort()).toEqual(["audio", "video"]);
    expect(info.streams.find((s) => s.type === "video")).toMatchObject({ codec: "h264", width: 144, height: 256 });
    expect(info.durationSec).toBeGreaterThan(3);
    // The renderer's cut list, stored with the video (ADR 375): the scene change and the beats' cuts, in order, inside the video.
    const cuts = (await prisma.compileJob.findUniqueOrThrow({ where: { id: job.id }, select: { cutList: true } })).cutList as number[];
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    expect([...cuts].sort((a, b) => a - b)).toEqual(cuts);
    expect(cuts.every((c) => c > 0 && c < info.durationSec)).toBe(true);

    // Its poster: a frame of the first scene after the fade-in, stored beside it (docs/decisions/198-poster-frame.md).
    expect(job.posterUrl).toMatch(new RegExp(`^/resources/files/renders/projects/${projectId}/.+\\.jpg$`));
    expect((await lumaStats(fileOf(job.posterUrl))).meanLuma).toBeGreaterThan(POSTER_LUMA.min);

    const event = await waitFor(
      () => prisma.workflowEvent.findFirst({ where: { name: "project/compile.finished", data: { path: ["compileJobId"], equals: job.id } } }),
      "finished event",
    );
    expect(event.data).toMatchObject({ status: "completed", videoUrl: job.videoUrl });

    // Charged once and kept; the compiled video is a video job of the owner.
    expect(await getBalance(userId)).toBe(91);
    expect(await prisma.workCharge.findMany({ where: { batchId: job.id }, select: { status: true, credits: true } })).toEqual([
      { status: "completed", credits: expect.anything() },
    ]);
    expect(await prisma.videoGenerationJob.findFirst({ where: { userId, projectId, sceneId: null } })).toMatchObject({
      status: "completed",
      resultUrl: job.videoUrl,
    });
  });

  it("a render that ends wakes the compile's poll wait: the video is not held for the rest of the interval", async () => {
    // Waits of 30 s (3 s × 10): without the render's finished event the compile would sit out the
    // first one; the scenes are ready, so the whole compile is one render of a few seconds.
    await env.restartExecutor({ timeScale: 10 });
    try {
      const request = await requestCompile(actorOf(userId), { projectId });
      if (!request.ok) throw new Error(request.message);
      const run = await finished(request.job.id, 20_000);
      expect(run.status).toBe("completed");
      const waits = (await store.listSteps(run.id)).filter((s) => s.name?.startsWith("poll-wait-"));
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.at(-1)!.data).toMatchObject({ name: "project/render.finished", data: { compileJobId: request.job.id } });
    } finally {
      await env.restartExecutor({ timeScale: 0.1 });
    }
  });

  it("a failed render fails the job ('Video compilation failed') and the project, and refunds the compile once", async () => {
    vi.spyOn(LocalRenderProvider.prototype, "render").mockRejectedValue(new ProviderError("local-ffmpeg", "failed", "ffmpeg exited with code 1"));
    const balance = await getBalance(userId);
    const request = await requestCompile(actorOf(userId), { projectId });
    if (!request.ok) throw new Error(request.message);
    // The scenes are ready: only the compile itself is charged.
    expect(request.credits).toBe(2);
    expect(await getBalance(userId)).toBe(balance - 2);
    const run = await finished(request.job.id);
    await waitFor(async () => (await getBalance(userId)) === balance, "the refund");
    const refunds = await prisma.creditLedgerEntry.findMany({ where: { userId, reason: "refund" } });
    expect(refunds.filter((r) => r.reference?.startsWith("work:"))).toHaveLength(1);
    expect(await prisma.workCharge.findMany({ where: { batchId: request.job.id }, select: { status: true } })).toEqual([{ status: "refunded" }]);
    expect(await prisma.videoGenerationJob.findFirst({ where: { userId, projectId, sceneId: null }, orderBy: { createdAt: "desc" } })).toMatchObject({
      status: "failed",
      errorMessage: "ffmpeg exited with code 1",
    });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "Video compilation failed: ffmpeg exited with code 1" });
    expect(await getCompileJob(actorOf(userId), request.job.id)).toMatchObject({
      status: "failed",
      message: COMPILE_MESSAGES.failed,
      errorMessage: "ffmpeg exited with code 1",
    });
    expect((await getProjectWithScenes(actorOf(userId), projectId))!.status).toBe("failed");
  });

  it("a renderer that is not ready stops the compile before anything is rendered", async () => {
    vi.spyOn(LocalRenderProvider.prototype, "checkReady").mockResolvedValue({ ok: false, message: "ffmpeg cannot be started on this server" });
    const render = vi.spyOn(LocalRenderProvider.prototype, "render");
    const request = await requestCompile(actorOf(userId), { projectId });
    if (!request.ok) throw new Error(request.message);
    const run = await finished(request.job.id);
    expect(run.error).toMatchObject({ message: "Compilation error: ffmpeg cannot be started on this server" });
    expect(await getCompileJob(actorOf(userId), request.job.id)).toMatchObject({
      status: "failed",
      message: "Compilation error: ffmpeg cannot be started on this server",
    });
    expect(render).not.toHaveBeenCalled();
    expect(await renderRunsOf(request.job.id)).toHaveLength(0);
  });

  it("times out after 20 polls without progress ('Video compilation timed out...') and stops the render", async () => {
    let aborted = false;
    const render = vi.spyOn(LocalRenderProvider.prototype, "render").mockImplementation(
      (_request, _progress, options) =>
        new Promise<RenderResult>((_resolve, reject) => {
          options?.signal?.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("aborted"));
          });
        }),
    );
    await env.restartExecutor({ timeScale: 0.02 });
    try {
      const request = await requestCompile(actorOf(userId), { projectId });
      if (!request.ok) throw new Error(request.message);
      const messages = new Set<string>();
      const watch = (async () => {
        for (;;) {
          const job = await getCompileJob(actorOf(userId), request.job.id);
          if (job?.message) messages.add(job.message);
          if (!job || (job.status !== "queued" && job.status !== "rendering")) return;
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const run = await finished(request.job.id, 60_000);
      await watch;
      expect(messages).toContain(COMPILE_MESSAGES.processingFirst);
      expect(messages).toContain(COMPILE_MESSAGES.processing("rendering"));
      expect(run.status).toBe("failed");
      expect(run.error).toMatchObject({ message: COMPILE_MESSAGES.timeout });
      expect(await getCompileJob(actorOf(userId), request.job.id)).toMatchObject({ status: "failed", message: COMPILE_MESSAGES.timeout });
      expect((await getProjectWithScenes(actorOf(userId), projectId))!.status).toBe("failed");
      const names = (await store.listSteps(run.id)).map((s) => s.name);
      expect(names).toContain(`poll-${COMPILE_MAX_POLLS}`);
      expect(names).not.toContain(`poll-${COMPILE_MAX_POLLS + 1}`);
      // The render's own run stops at its next heartbeat; it was alive all along, so never restarted.
      await waitFor(async () => aborted, "the render to be aborted");
      const [renderRun] = await waitFor(async () => {
        const runs = await renderRunsOf(request.job.id);
        return runs.length && runs.every((r) => r.status === "completed") ? runs : null;
      }, "the render run to end");
      expect(renderRun.output).toMatchObject({ outcome: "superseded" });
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      await env.restartExecutor({ timeScale: 0.1 });
    }
  });

  it("restarts a render whose process died (webm on request)", async () => {
    const render = vi.spyOn(LocalRenderProvider.prototype, "render");
    // A job a render had started and then lost with its process: nothing heard from it for a minute.
    const job = await createCompileJob(actorOf(userId), { projectId, format: "webm" });
    const lostToken = "local:00000000-0000-4000-8000-000000000000";
    await prisma.compileJob.update({
      where: { id: job.id },
      data: { status: "rendering", progress: 37, provider: "local-ffmpeg", providerRequestId: lostToken },
    });
    await prisma.$executeRaw`UPDATE "compile_jobs" SET "updatedAt" = now() - interval '1 minute' WHERE "id" = ${job.id}`;
    await inngest.send(projectCompileRequested.create({ projectId, compileJobId: job.id, userId }));
    const run = await finished(job.id);
    expect(run.error).toBeNull();
    expect(render).toHaveBeenCalledTimes(1);
    const done = (await getCompileJob(actorOf(userId), job.id))!;
    expect(done).toMatchObject({ status: "completed", format: "webm", message: COMPILE_MESSAGES.complete });
    expect(done.providerRequestId).not.toBe(lostToken);
    const steps = (await store.listSteps(run.id)).map((s) => s.name);
    expect(steps).toContain("poll-1");
    const info = await probeMedia(fileOf(done.videoUrl));
    expect(info.streams.find((s) => s.type === "video")?.codec).toBe("vp9");
    expect(info.streams.find((s) => s.type === "audio")?.codec).toBe("opus");
    expect((await getProjectWithScenes(actorOf(userId), projectId))!.status).toBe("completed");
  });

  it("a lost render's late writes change nothing once another render holds the job", async () => {
    const job = await createCompileJob(actorOf(userId), { projectId });
    const actor = actorOf(userId);
    await prisma.compileJob.update({ where: { id: job.id }, data: { status: "rendering", providerRequestId: "local:new" } });
    expect(await runLocalRender(actor, job.id, "local:old")).toBe("superseded");
    expect(await recordRenderProgress(actor, job.id, "local:old", 50)).toBe(false);
    expect(await failRender(actor, job.id, "local:old", "late")).toBe(false);
    expect(await completeRender(actor, job.id, "local:old", "/resources/files/renders/x.mp4")).toBe(false);
    expect(await getCompileJob(actor, job.id)).toMatchObject({ status: "rendering", progress: 0, errorMessage: null, videoUrl: null });
    await failCompileJob(actor, job.id, COMPILE_MESSAGES.failed, "test over");
  });
});

describe("compile workflow acting for someone else", () => {
  it("an event naming another user stops the run and its failure handler changes nothing (ADR 130)", async () => {
    const user = await newCustomer();
    const intruder = await newCustomer();
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const job = await createCompileJob(actorOf(user.id), { projectId: project.id });
    const rows = async () => ({
      job: await prisma.compileJob.findUnique({ where: { id: job.id } }),
      project: await prisma.project.findUnique({ where: { id: project.id }, include: { scenes: true } }),
    });
    const before = await rows();
    await inngest.send(projectCompileRequested.create({ projectId: project.id, compileJobId: job.id, userId: intruder.id }));
    const run = await finished(job.id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "The compile job does not exist" });
    await waitFor(async () => {
      const runs = await store.runsOf(`${COMPILE_FN}-failure`, 200);
      return runs.find((r) => (r.event as { data: { run_id: string } }).data.run_id === run.id && r.status === "completed");
    }, "the failure handler");
    expect(await rows()).toEqual(before);
  });
});

// ───────────────────────────── the editors' paid requests (ADR 150, 151) ─────────────────────────────

/** The scene-assets run of a charged request, once it has one of these statuses. */
async function generationRun(batchId: string, statuses = ["completed", "failed"], timeoutMs = 90_000) {
  return waitFor(
    async () => {
      const run = (await store.runsOf(SCENE_FN, 200)).find((r) => (r.event as { data: { batchId?: string } }).data.batchId === batchId);
      return run && statuses.includes(run.status) ? run : null;
    },
    `the generation run of ${batchId}`,
    timeoutMs,
  );
}

async function chargesOf(batchId: string) {
  return prisma.workCharge.findMany({ where: { batchId }, orderBy: { createdAt: "asc" }, select: { item: true, status: true } });
}

describe("editor generation requests", () => {
  it("all steps of a scene: charged per step at the price list's prices, settled, the image and clip on the Dashboard", async () => {
    const user = await newCustomer(50);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id), scenes: [TWO_SCENES[0]] });
    const target = { projectId: project.id, sceneId: project.scenes[0].id };
    const estimate = await estimateCost(actorOf(user.id), { projectId: project.id, work: { kind: "scene", sceneId: target.sceneId } });
    // The scene has its script and voice-over text: image prompt 0.1 + image 1 + voice-over 0.4 + video 2.
    expect(estimate).toMatchObject({ credits: 3.5, balance: 50, enough: true, blocked: null });

    const request = await requestSceneGeneration(actorOf(user.id), { ...target, clientRequestId: "click-1" });
    if (!request.ok) throw new Error(request.message);
    expect(request).toMatchObject({ steps: ["image prompt", "image", "voice-over", "video"], credits: 3.5, balance: 46.5, duplicate: false });
    // The same click again (a retried tool call): nothing more is charged or started.
    expect(await requestSceneGeneration(actorOf(user.id), { ...target, clientRequestId: "click-1" })).toMatchObject({
      ok: true,
      batchId: request.batchId,
      duplicate: true,
    });

    const run = await generationRun(request.batchId);
    expect(run.error).toBeNull();
    // Only the steps that had work to do ran (the script existed), in the fixed order.
    const names = (await store.listSteps(run.id)).map((s) => s.name);
    expect(names.filter((n) => ["image prompt", "image", "script", "voice-over", "video"].includes(n ?? ""))).toEqual([
      "image prompt",
      "image",
      "voice-over",
      "video",
    ]);
    expect(await chargesOf(request.batchId)).toEqual(["image prompt", "image", "voice-over", "video"].map((item) => ({ item, status: "completed" })));
    expect(await getBalance(user.id)).toBe(46.5);
    const scene = await findSceneOfProject(actorOf(user.id), project.id, target.sceneId);
    expect(scene.status).toBe("completed");
    const feed = await dashboardFeed(actorOf(user.id), { tab: "all", q: null, from: null, to: null, tz: "UTC", cursor: null });
    expect(feed.items.map((i) => [i.kind, "status" in i ? i.status : null, "resultUrl" in i ? i.resultUrl : null])).toEqual([
      ["video", "completed", scene.videoUrl],
      ["image", "completed", scene.imageUrl],
    ]);
    // Up to date now: nothing to do, nothing charged.
    expect(await requestSceneGeneration(actorOf(user.id), target)).toMatchObject({ ok: false, code: "nothing_to_do" });
  });

  it("a provider failure refunds the failed step and the ones after it, exactly once", async () => {
    vi.spyOn(LocalVoiceProvider.prototype, "synthesize").mockRejectedValue(new ProviderError("local-tts", "failed", "the voice engine crashed"));
    const user = await newCustomer(10);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id), scenes: [TWO_SCENES[1]] });
    const target = { projectId: project.id, sceneId: project.scenes[0].id };
    const request = await requestSceneGeneration(actorOf(user.id), target);
    if (!request.ok) throw new Error(request.message);
    expect(await getBalance(user.id)).toBe(6.5);
    const run = await generationRun(request.batchId);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "Failed while voice-over: the voice engine crashed" });
    // The failure handler runs too, and refunds nothing more.
    await waitFor(async () => {
      const runs = await store.runsOf(`${SCENE_FN}-failure`, 200);
      return runs.find((r) => (r.event as { data: { run_id: string } }).data.run_id === run.id && r.status === "completed");
    }, "the failure handler");
    expect(await chargesOf(request.batchId)).toEqual([
      { item: "image prompt", status: "completed" },
      { item: "image", status: "completed" },
      { item: "voice-over", status: "refunded" },
      { item: "video", status: "refunded" },
    ]);
    expect(await getBalance(user.id)).toBe(8.9);
    const refunds = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id, reason: "refund" } });
    expect(refunds.map((r) => Number(r.delta)).sort()).toEqual([0.4, 2]);
    expect(await findSceneOfProject(actorOf(user.id), project.id, target.sceneId)).toMatchObject({
      status: "pending",
      errorMessage: "Failed while voice-over: the voice engine crashed",
    });
  });

  it("an admin's request is paid by the admin; the scene's files stay the owner's", async () => {
    const user = await newCustomer(5);
    const { user: adminUser, actor: adminActor } = await newAdmin();
    await applyCreditChange({ userId: adminUser.id, delta: 5, reason: "admin_grant", reference: `grant-${adminUser.id}` });
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id), scenes: [TWO_SCENES[0]] });
    const target = { projectId: project.id, sceneId: project.scenes[0].id };
    const request = await requestSceneGeneration(adminActor, { ...target, step: "image prompt" });
    if (!request.ok) throw new Error(request.message);
    expect((await generationRun(request.batchId)).status).toBe("completed");
    expect(await getBalance(adminUser.id)).toBe(4.9);
    expect(await getBalance(user.id)).toBe(5);
    expect((await findSceneOfProject(actorOf(user.id), project.id, target.sceneId)).imagePrompt).toMatch(/\w{3,}/);
  });

  it("edit one scene, regenerate what it made stale, and re-compile: only that scene is rendered again", { timeout: 120_000 }, async () => {
    const user = await newCustomer(100);
    const actor = actorOf(user.id);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const first = await requestCompile(actor, { projectId: project.id });
    if (!first.ok) throw new Error(first.message);
    expect((await finished(first.job.id)).status).toBe("completed");

    // Edit the second scene's words: its voice-over is stale, and with it the clip made to its length.
    const [one, two] = project.scenes;
    await editScene(actor, project.id, two.id, { voiceOverText: "Bright, even skin in just seven days." });
    const workspace = await getProjectWorkspace(actor, project.id);
    expect(workspace.scenes.map((s) => [s.ready, s.assets["voice-over"].stale])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } })).toMatchObject({
      credits: 4.4,
      lines: [
        { sceneId: two.id, step: "voice-over", credits: 0.4 },
        { sceneId: two.id, step: "video", credits: 2 },
        { work: "compile", credits: 2 },
      ],
    });

    const render = vi.spyOn(LocalRenderProvider.prototype, "render");
    const oldVoice = (await findSceneOfProject(actor, project.id, two.id)).voiceOverUrl;
    const second = await requestCompile(actor, { projectId: project.id });
    if (!second.ok) throw new Error(second.message);
    expect(second.credits).toBe(4.4);
    expect((await finished(second.job.id)).status).toBe("completed");
    expect(render).toHaveBeenCalledTimes(1);
    const result = (await render.mock.results[0].value) as RenderResult;
    expect(result.scenes.map((s) => [s.id, s.cached])).toEqual([
      [one.id, true],
      [two.id, false],
    ]);
    const after = await getProjectWorkspace(actor, project.id);
    expect(after.scenes.every((s) => s.ready)).toBe(true);
    expect(after.scenes[1].voiceOverUrl).not.toBe(oldVoice);
    // The old voice-over is kept as a version.
    const versions = await listSceneAssetVersions(actor, project.id, two.id, "voice-over");
    expect(versions.map((v) => v.url)).toContain(oldVoice);
    expect(await getBalance(user.id)).toBe(86.6);
  });

  it("Regenerate of an up-to-date image makes a new one, keeps the old, and makes the clip stale", async () => {
    const user = await newCustomer(20);
    const actor = actorOf(user.id);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id), scenes: [TWO_SCENES[0]] });
    const target = { projectId: project.id, sceneId: project.scenes[0].id };
    const all = await requestSceneGeneration(actor, target);
    if (!all.ok) throw new Error(all.message);
    await generationRun(all.batchId);
    const before = await findSceneOfProject(actor, project.id, target.sceneId);
    const again = await requestSceneGeneration(actor, { ...target, step: "image", regenerate: true });
    if (!again.ok) throw new Error(again.message);
    expect(again).toMatchObject({ steps: ["image"], credits: 1 });
    expect((await generationRun(again.batchId)).status).toBe("completed");
    const after = await getProjectWorkspace(actor, project.id);
    expect(after.scenes[0].imageUrl).not.toBe(before.imageUrl);
    expect(after.scenes[0].assets).toMatchObject({ image: { stale: false }, video: { stale: true } });
    expect((await listSceneAssetVersions(actor, project.id, target.sceneId, "image")).map((v) => [v.url, v.current])).toEqual([
      [after.scenes[0].imageUrl, true],
      [before.imageUrl, false],
    ]);
    expect(await chargesOf(again.batchId)).toEqual([{ item: "image", status: "completed" }]);
  });
});

// ───────────────────────────── compile charges (issue 21 item 1, issue 20 item 2) ─────────────────────────────

/** A compile batch's charges as [item, status], in the fixed step order (rows of one request share a time). */
async function compileChargesOf(batchId: string) {
  const rows = await prisma.workCharge.findMany({ where: { batchId }, select: { item: true, status: true } });
  const rank = (item: string) => (SCENE_ASSET_STEPS as readonly string[]).indexOf(item);
  return rows.sort((a, b) => rank(a.item) - rank(b.item)).map((r) => [r.item, r.status]);
}

describe("compile charges: the plan is fixed at the request, refunds match the work (ADR 250)", () => {
  it("scenes added while the compile is queued are neither generated nor charged: it prepares and renders what was paid for, and says so", async () => {
    const user = await newCustomer(100);
    const actor = actorOf(user.id);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id), scenes: [TWO_SCENES[0]] });
    // The compile is held at its first step (the job still queued) until the scenes are added.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const realCheck = LocalRenderProvider.prototype.checkReady;
    vi.spyOn(LocalRenderProvider.prototype, "checkReady").mockImplementation(async function (this: LocalRenderProvider) {
      await gate;
      return realCheck.call(this);
    });
    const render = vi.spyOn(LocalRenderProvider.prototype, "render");

    const estimate = await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } });
    // One scene without image prompt, image, voice-over or video (3.5), then the compile (2).
    expect(estimate.credits).toBe(5.5);
    const request = await requestCompile(actor, { projectId: project.id });
    if (!request.ok) throw new Error(request.message);
    // The estimate and the charge agree.
    expect(request.credits).toBe(estimate.credits);
    expect((await getCompileJob(actor, request.job.id)).status).toBe("queued");
    const added = [
      await addScene(actor, project.id, { title: "Beach", script: "Aurora on a sunny beach.", voiceOverText: "Aurora on a sunny beach." }),
      await addScene(actor, project.id, { title: "Night", script: "Aurora before bed.", voiceOverText: "Aurora before bed." }),
    ];
    release();

    const run = await finished(request.job.id);
    expect(run.error).toBeNull();
    expect(run.status).toBe("completed");
    // Nothing more was charged, and nothing unpaid was made.
    expect(await getBalance(user.id)).toBe(100 - estimate.credits);
    for (const scene of added) {
      expect(await findSceneOfProject(actor, project.id, scene.id)).toMatchObject({ imageUrl: null, voiceOverUrl: null, videoUrl: null });
      expect(await prisma.workCharge.count({ where: { sceneId: scene.id } })).toBe(0);
    }
    expect(render).toHaveBeenCalledTimes(1);
    const result = (await render.mock.results[0].value) as RenderResult;
    expect(result.scenes.map((s) => s.id)).toEqual([project.scenes[0].id]);
    // The user is told which scenes are not in this video.
    expect(await getCompileJob(actor, request.job.id)).toMatchObject({ status: "completed", message: COMPILE_MESSAGES.complete, notice: addedScenesNotice(2) });
    expect(addedScenesNotice(2)).toBe("2 scenes added after this compile was requested are not in this video; compile again to include them.");
    expect(await compileChargesOf(request.job.id)).toEqual([["compile", "completed"]]);
    expect(await compileChargesOf(compileSceneBatchId(request.job.id, project.scenes[0].id))).toEqual([
      ["image prompt", "completed"],
      ["image", "completed"],
      ["voice-over", "completed"],
      ["video", "completed"],
    ]);
    // The next compile prices the added scenes only.
    const next = await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } });
    expect(new Set(next.lines.flatMap((l) => (l.sceneId ? [l.sceneId] : [])))).toEqual(new Set(added.map((s) => s.id)));
  }, 180_000);

  it("a failed compile refunds what failed and what never ran, keeps what was made, says so, and the next compile charges only what is missing", async () => {
    const user = await newCustomer(100);
    const actor = actorOf(user.id);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const [one, two] = project.scenes;
    // The second scene's voice-over fails for good; everything else is made.
    const realVoice = LocalVoiceProvider.prototype.synthesize;
    vi.spyOn(LocalVoiceProvider.prototype, "synthesize").mockImplementation(function (this: LocalVoiceProvider, voice, options) {
      if (voice.text.includes("seven days")) return Promise.reject(new ProviderError("local-tts", "bad_input", "The voice engine could not read this text"));
      return realVoice.call(this, voice, options);
    });

    const estimate = await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } });
    expect(estimate.credits).toBe(9);
    const request = await requestCompile(actor, { projectId: project.id });
    if (!request.ok) throw new Error(request.message);
    expect(request.credits).toBe(estimate.credits);
    const run = await finished(request.job.id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "Compilation error: Failed while voice-over: The voice engine could not read this text" });

    // Kept: scene 1's four steps (3.5) and scene 2's image prompt and image (1.1); refunded: scene 2's
    // voice-over and video and the compile (4.4), each once.
    await waitFor(async () => (await getBalance(user.id)) === 95.4, "the refund");
    expect(await compileChargesOf(request.job.id)).toEqual([["compile", "refunded"]]);
    expect(await compileChargesOf(compileSceneBatchId(request.job.id, one.id))).toEqual([
      ["image prompt", "completed"],
      ["image", "completed"],
      ["voice-over", "completed"],
      ["video", "completed"],
    ]);
    expect(await compileChargesOf(compileSceneBatchId(request.job.id, two.id))).toEqual([
      ["image prompt", "completed"],
      ["image", "completed"],
      ["voice-over", "refunded"],
      ["video", "refunded"],
    ]);
    const refunds = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id, reason: "refund" } });
    expect(refunds.map((r) => Number(r.delta)).sort()).toEqual([0.4, 2, 2]);
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(3);
    // The user reads which part was refunded and what was kept.
    const job = await getCompileJob(actor, request.job.id);
    expect(job).toMatchObject({ status: "failed" });
    expect(job.notice).toBe(
      "Refunded 4.4 credits for what failed or never ran: the compile; scene 2: voice-over, video. " +
        "Kept (paid, not charged again): scene 1: image prompt, image, voice-over, video; scene 2: image prompt, image.",
    );
    // The scenes keep their files.
    expect(await findSceneOfProject(actor, project.id, one.id)).toMatchObject({ status: "completed" });
    expect((await findSceneOfProject(actor, project.id, two.id)).imageUrl).toBeTruthy();

    // The next compile's estimate covers only what is missing, and is what it charges.
    vi.restoreAllMocks();
    const next = await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } });
    expect(next).toMatchObject({
      credits: 4.4,
      lines: [
        { sceneId: two.id, step: "voice-over", credits: 0.4 },
        { sceneId: two.id, step: "video", credits: 2 },
        { work: "compile", credits: 2 },
      ],
    });
    const second = await requestCompile(actor, { projectId: project.id });
    if (!second.ok) throw new Error(second.message);
    expect(second.credits).toBe(next.credits);
    expect((await finished(second.job.id)).status).toBe("completed");
    // The whole video cost what one compile of the fresh project is priced at (9).
    expect(await getBalance(user.id)).toBe(91);
  }, 240_000);
});

// ───────────────────────────── Create Video ─────────────────────────────

const SCRIPT = "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Bright skin in seven days. Try it today!";
async function submit(userId: string, extra: Partial<Parameters<typeof createVideoRequest>[1]> = {}) {
  const result = await createVideoRequest(webActor(userId), { script: SCRIPT, voiceId: 2, storyTypeId: 1, requestId: randomUUID(), ...extra });
  if (!result.ok) throw new Error(`submission refused: ${result.message}`);
  expect(result.eventSent).toBe(true);
  return result.storyId;
}

/** Polls the story, remembering every progress step it showed. */
async function watchStory(storyId: number, timeoutMs = 150_000) {
  const steps: string[] = [];
  const story = await waitFor(
    async () => {
      const s = await prisma.story.findUnique({ where: { id: storyId } });
      if (s?.progressStep && steps[steps.length - 1] !== s.progressStep) steps.push(s.progressStep);
      return s && (s.status === "ready" || s.status === "failed") ? s : null;
    },
    `story ${storyId} to finish`,
    timeoutMs,
  );
  // The run goes on after Ready with the scene clips (ADR 380): a test ends with its run, so the next one counts only its own work.
  await videoRunEnded(storyId, timeoutMs);
  return { story, steps };
}

async function ledger(userId: string) {
  return prisma.creditLedgerEntry.findMany({ where: { userId, reason: { in: ["video_charge", "refund"] } }, orderBy: { createdAt: "asc" } });
}

describe("Create Video workflow", () => {
  it("turns a submission into a ready story with a playable mp4, charged once, notified once", async () => {
    const counts = countProviderCalls();
    const user = await newCustomer(100);
    const photo = await uploadProductPhoto(user.id);
    const storyId = await submit(user.id, { productImageRef: photo.ref });

    const { story, steps } = await watchStory(storyId);
    expect(story.errorMessage).toBeNull();
    expect(story.status).toBe("ready");
    expect(story.progressStep).toBeNull();
    expect(steps[0]).toBe("Writing scenes");
    expect(steps.some((s) => /^Generating scene [12] of 2: (image prompt|image|script|voice-over|video)$/.test(s))).toBe(true);
    expect(story.seoTitle).toMatch(/\w/);
    expect(story.seoTitle!.length).toBeLessThanOrEqual(60);
    expect(story.instagramHashtags.length).toBeGreaterThan(0);
    for (const tag of story.instagramHashtags) expect(tag).toMatch(/^#\S+$/);

    // The final video: a real mp4 with picture and sound, private to the owner.
    const info = await probeMedia(fileOf(story.finalVideoWithMusic));
    expect(info.formatName).toContain("mp4");
    expect(info.streams.map((s) => s.type).sort()).toEqual(["audio", "video"]);
    expect(info.streams.find((s) => s.type === "video")).toMatchObject({ codec: "h264", width: 144, height: 256 });
    expect(info.durationSec).toBeGreaterThan(3);
    // The card's poster is the render's poster frame, not the black of the fade-in.
    expect(story.posterUrl).toMatch(/^\/resources\/files\/renders\/.+\.jpg$/);
    expect((await lumaStats(fileOf(story.posterUrl))).meanLuma).toBeGreaterThan(POSTER_LUMA.min);

    // The project: linked to the story, two scenes from the script's markers, all completed,
    // the story's choices carried over, a composed music bed.
    const project = (await getProjectWithScenes(actorOf(user.id), story.projectId!))!;
    expect(project).toMatchObject({
      userId: user.id,
      status: "completed",
      style: "Product Showcase",
      voiceId: 2,
      mainProductImageUrl: photo.url,
      aspectRatio: "9:16",
    });
    expect(project.finalVideoUrl).toBe(story.finalVideoWithMusic);
    expect(project.backgroundMusicUrl).toMatch(/^\/resources\/files\/renders\/projects\//);
    expect(project.scenes[0].voiceOverText).toBe("Meet Aurora, the serum for a morning glow.");

    // Ready before the scene clips (ADR 380): the compile drew every scene from the motion planned for its clip, and the
    // clips the editors show were made after Ready, with the same beats; then every scene is completed.
    const run = await videoRunEnded(storyId);
    expect(run.status).toBe("completed");
    expect(run.output).toMatchObject({ clips: { made: 2, failed: 0 } });
    expect(counts()).toEqual({ voice: 2, image: 2, motion: 2, music: 1, render: 1 });
    const compiled = (await prisma.compileJob.findUnique({ where: { id: storyCompileJobId(storyId) } }))!;
    const planned = scenePlanOf(compiled);
    expect(planned).toMatchObject({ sceneIds: project.scenes.map((s) => s.id), prepare: [] });
    const readyAt = Date.parse(((await prisma.story.findUnique({ where: { id: storyId } }))!.stepTimes as { readyAt: string }).readyAt);
    const after = (await getProjectWithScenes(actorOf(user.id), story.projectId!))!;
    expect(after.scenes.map((s) => [s.sceneOrder, s.status])).toEqual([
      [1, "completed"],
      [2, "completed"],
    ]);
    for (const scene of after.scenes) {
      const version = await prisma.sceneAssetVersion.findFirstOrThrow({ where: { sceneId: scene.id, kind: "video", url: scene.videoUrl! } });
      expect(version.createdAt.getTime(), `scene ${scene.sceneOrder}'s clip made after Ready`).toBeGreaterThanOrEqual(readyAt);
      const made = (version.inputs as { motion: { beats: unknown; transition: unknown } }).motion;
      expect(planned?.motions?.[scene.id]).toMatchObject({ beats: made.beats, transition: made.transition });
    }
    // Every frame encoded once (ADR 360): the render gets each scene's clip with the still and beats the local motion drew it
    // from, and draws them again in its one encode; the clip stays the scene's video the editors show.
    const request = await buildRenderRequest(actorOf(user.id), project.id, "mp4");
    for (const [i, scene] of request.scenes.entries()) {
      expect(scene.visual.kind).toBe("clip");
      const madeFrom = scene.visual.kind === "clip" ? scene.visual.madeFrom : undefined;
      expect(madeFrom?.beats.list.length, `scene ${i + 1}`).toBeGreaterThan(0);
      expect(madeFrom?.image).toBe(fileOf(project.scenes[i].imageUrl));
      // Every shot of the ad has text (hook, call-outs, end card): its text layer, held still over the moving picture (ADR 381).
      expect(madeFrom?.layers?.text && existsSync(madeFrom.layers.text), `scene ${i + 1} text layer`).toBe(true);
      if (madeFrom?.layers?.foreground) expect(existsSync(madeFrom.layers.foreground) && existsSync(madeFrom.layers.background)).toBe(true);
    }

    // Charged once (20), nothing refunded; one notification linking to the dashboard.
    expect(await getBalance(user.id)).toBe(80);
    expect((await ledger(user.id)).map((e) => [e.reason, Number(e.delta)])).toEqual([["video_charge", -20]]);
    const notes = await waitFor(async () => {
      const n = await prisma.notification.findMany({ where: { userId: user.id } });
      return n.length ? n : null;
    }, "the notification");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "video_ready", title: "Your video is ready", link: `/dashboard?story=${storyId}`, read: false });

    // The compile job of the story.
    expect(await prisma.compileJob.findUnique({ where: { id: storyCompileJobId(storyId) } })).toMatchObject({
      status: "completed",
      message: "Video compilation complete!",
    });

    // A re-delivered event (another id) finds the story ready and changes nothing.
    const { ids } = await inngest.send(videoRequested.create({ storyId, userId: user.id }));
    const again = await waitFor(
      async () => (await store.runsOf("reelforge-video-request", 200)).find((r) => (r.event as { id: string }).id === ids[0] && r.status === "completed"),
      "the duplicate run",
    );
    expect(again.output).toEqual({ storyId, skipped: "ready" });
    expect(await prisma.notification.count({ where: { userId: user.id } })).toBe(1);
    expect(await getBalance(user.id)).toBe(80);
  });

  it("uses the uploaded background music and draws text cards when there is no product image", async () => {
    const counts = countProviderCalls();
    const user = await newCustomer(40);
    const music = await uploadMusic(user.id);
    const storyId = await submit(user.id, { backgroundMusicRef: music.ref, storyTypeId: 2 });
    const { story } = await watchStory(storyId);
    expect(story.errorMessage).toBeNull();
    expect(story.status).toBe("ready");
    const project = (await getProjectWithScenes(actorOf(user.id), story.projectId!))!;
    expect(project.backgroundMusicUrl).toBe(music.url);
    expect(project.mainProductImageUrl).toBeNull();
    expect(counts().music).toBe(0);
    expect(counts().image).toBe(0);
    expect(project.scenes.every((s) => s.imageUrl)).toBe(true);
    const info = await probeMedia(fileOf(story.finalVideoWithMusic));
    expect(info.streams.map((s) => s.type).sort()).toEqual(["audio", "video"]);
    expect(await getBalance(user.id)).toBe(20);
  });

  it("a provider failure refunds the 20 credits exactly once and tells the user once", async () => {
    // The test provider of the registry: the voice fails for text with the word "Faultline" (ADR 141).
    process.env.PROVIDER_FAULTS = "voice=Faultline";
    const synthesize = vi.spyOn(LocalVoiceProvider.prototype, "synthesize");
    const user = await newCustomer(100);
    const script = "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Glow all day with Faultline serum.";
    const storyId = await submit(user.id, { script, productImageRef: (await uploadProductPhoto(user.id)).ref });
    const { story } = await watchStory(storyId);
    delete process.env.PROVIDER_FAULTS;
    expect(story.status).toBe("failed");
    expect(story.errorMessage).toBe("Failed while voice-over: The voice provider failed (a fault injected by PROVIDER_FAULTS)");
    // The other scene was spoken; the failing one never reached the speech engine.
    for (const [request] of synthesize.mock.calls) expect(request.text).not.toMatch(/faultline/i);
    const entries = await waitFor(async () => {
      const e = await ledger(user.id);
      return e.length === 2 ? e : null;
    }, "the refund");
    expect(entries.map((e) => [e.reason, Number(e.delta), e.reference])).toEqual([
      ["video_charge", -20, `story:${storyId}`],
      ["refund", 20, `story:${storyId}`],
    ]);
    expect(await getBalance(user.id)).toBe(100);
    const note = await waitFor(() => prisma.notification.findFirst({ where: { userId: user.id, type: "video_failed" } }), "the failure notification");
    expect(note).toMatchObject({ title: "Your video could not be created", link: `/dashboard?story=${storyId}` });
    expect(note.body).toBe("Failed while voice-over: The voice provider failed (a fault injected by PROVIDER_FAULTS) Your 20 credits were refunded.");
    const project = (await getProjectWithScenes(actorOf(user.id), story.projectId!))!;
    expect(project.status).toBe("failed");
    // The other scene's run goes on to its end; let it finish before the next test counts calls.
    await waitFor(
      async () =>
        (await prisma.workflowEvent.count({ where: { name: "scene/assets.finished", data: { path: ["projectId"], equals: project.id } } })) ===
        project.scenes.length,
      "both scene runs to end",
      60_000,
    );

    // The onFailure handler once more (a re-delivered function.failed event) and a duplicate
    // request: no second refund, no second notification.
    const failedRun = (await store.runsOf("reelforge-video-request", 200)).find(
      (r) => (r.event as { data: { storyId: number } }).data.storyId === storyId && r.status === "failed",
    )!;
    await inngest.send({
      name: "inngest/function.failed",
      data: { function_id: "reelforge-video-request", run_id: failedRun.id, event: failedRun.event, error: failedRun.error },
    });
    const { ids } = await inngest.send(videoRequested.create({ storyId, userId: user.id }));
    await waitFor(
      async () => (await store.runsOf("reelforge-video-request", 200)).find((r) => (r.event as { id: string }).id === ids[0] && r.status === "completed"),
      "the duplicate run",
    );
    await waitFor(async () => {
      const runs = await store.runsOf("reelforge-video-request-failure", 200);
      const mine = runs.filter((r) => (r.event as { data: { run_id: string } }).data.run_id === failedRun.id);
      return mine.length >= 2 && mine.every((r) => r.status === "completed");
    }, "both onFailure runs");
    expect(await ledger(user.id)).toHaveLength(2);
    expect(await getBalance(user.id)).toBe(100);
    expect(await prisma.notification.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a scene clip that fails after Ready leaves the video Ready and charged once, and the scene to regenerate (ADR 380)", async () => {
    const user = await newCustomer(100);
    const photo = await uploadProductPhoto(user.id);
    // Every motion call fails: only the scene clips, made after Ready, ask the motion provider.
    process.env.PROVIDER_FAULTS = "motion";
    let ready: Awaited<ReturnType<typeof watchStory>>["story"];
    try {
      const storyId = await submit(user.id, { productImageRef: photo.ref });
      ready = (await watchStory(storyId)).story;
      expect(ready.status).toBe("ready");
      const run = await videoRunEnded(storyId);
      expect(run.status).toBe("completed");
      expect(run.output).toMatchObject({ clips: { made: 0, failed: 2 } });
    } finally {
      delete process.env.PROVIDER_FAULTS;
    }
    // Still Ready with its video; charged once, nothing refunded; told once that it is ready.
    expect(await prisma.story.findUnique({ where: { id: ready.id } })).toMatchObject({
      status: "ready",
      errorMessage: null,
      finalVideoWithMusic: ready.finalVideoWithMusic,
    });
    expect((await ledger(user.id)).map((e) => [e.reason, Number(e.delta)])).toEqual([["video_charge", -20]]);
    expect(await getBalance(user.id)).toBe(80);
    expect((await prisma.notification.findMany({ where: { userId: user.id } })).map((n) => n.type)).toEqual(["video_ready"]);
    // The project keeps its video; each scene says its clip failed, for the editor's Regenerate.
    const project = (await getProjectWithScenes(actorOf(user.id), ready.projectId!))!;
    expect(project.status).toBe("completed");
    expect(project.finalVideoUrl).toBe(ready.finalVideoWithMusic);
    for (const scene of project.scenes) {
      expect(scene).toMatchObject({ status: "pending", progressStep: "video", videoUrl: null });
      expect(scene.errorMessage).toBeTruthy();
    }

    // The failed clips were paid by the story (ADR 383): the first regeneration of each is free, quoted and charged
    // alike, for the story's owner only; once a clip exists, a regeneration is charged as usual.
    const owner = actorOf(user.id);
    const [first] = project.scenes;
    const video = { projectId: project.id, sceneId: first.id, step: "video" as const, regenerate: true };
    expect((await estimateCost(owner, { projectId: project.id, work: { kind: "scene", ...video } })).credits).toBe(0);
    expect((await estimateCost(owner, { projectId: project.id, work: { kind: "compile" } })).credits).toBe(2);
    const admin = await newAdmin();
    expect((await estimateCost(admin.actor, { projectId: project.id, work: { kind: "scene", ...video } })).credits).toBe(2);
    const stranger = await newCustomer(100);
    expect(await requestSceneGeneration(actorOf(stranger.id), video)).toMatchObject({ ok: false, code: "not_found" });
    expect(await getBalance(stranger.id)).toBe(100);
    const free = await requestSceneGeneration(owner, video);
    expect(free).toMatchObject({ ok: true, steps: ["video"], credits: 0, balance: 80 });
    const made = await waitFor(
      async () => {
        const s = await prisma.scene.findUnique({ where: { id: first.id } });
        return s?.videoUrl && s.status === "completed" ? s : null;
      },
      "the free clip",
      60_000,
    );
    expect(made.clipPaidBy).toBeNull();
    // The free step is a charge row of 0 credits (its progress, settled with the step) and no ledger entry.
    const freeCharges = await prisma.workCharge.findMany({ where: { batchId: free.ok ? free.batchId : "" } });
    expect(freeCharges.map((c) => [c.item, Number(c.credits), c.status])).toEqual([["video", 0, "completed"]]);
    expect((await estimateCost(owner, { projectId: project.id, work: { kind: "scene", ...video } })).credits).toBe(2);
    const paid = await requestSceneGeneration(owner, video);
    expect(paid).toMatchObject({ ok: true, steps: ["video"], credits: 2, balance: 78 });
    await waitFor(
      async () => (await prisma.workCharge.count({ where: { batchId: paid.ok ? paid.batchId : "", status: "completed" } })) === 1,
      "the paid clip",
      60_000,
    );
    expect(await getBalance(user.id)).toBe(78);
    expect(await spentOf(user.id)).toEqual([
      ["video_charge", -20],
      ["generation_charge", -2],
    ]);
  });

  it("an editor compile while the clips are made after Ready charges only the compile: the story paid for the clips (ADR 383)", async () => {
    const user = await newCustomer(100);
    const photo = await uploadProductPhoto(user.id);
    // The scene clips (the only motion calls, all after Ready) wait until released: the window while the run makes them.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const animate = LocalMotionProvider.prototype.animate;
    vi.spyOn(LocalMotionProvider.prototype, "animate").mockImplementation(async function (this: LocalMotionProvider, ...args) {
      await gate;
      return animate.apply(this, args);
    });
    let storyId = 0;
    let compileJobId = "";
    try {
      storyId = await submit(user.id, { productImageRef: photo.ref });
      // Told it is ready: the story's charge is settled and its clips are owed.
      await waitFor(async () => (await prisma.notification.count({ where: { userId: user.id, type: "video_ready" } })) === 1, "Ready", 150_000);
      const { projectId } = (await prisma.story.findUniqueOrThrow({ where: { id: storyId } })) as { projectId: string };
      const owner = actorOf(user.id);
      const quote = await estimateCost(owner, { projectId, work: { kind: "compile" } });
      expect(quote.lines.map((l) => [l.step ?? l.work, l.credits])).toEqual([
        ["video", 0],
        ["video", 0],
        ["compile", 2],
      ]);
      expect(quote.credits).toBe(2);
      const compile = await requestCompile(owner, { projectId });
      expect(compile).toMatchObject({ ok: true, credits: quote.credits, balance: 78 });
      compileJobId = compile.ok ? compile.job.id : "";
    } finally {
      release();
    }
    await videoRunEnded(storyId);
    const job = await waitFor(
      async () => {
        const j = await prisma.compileJob.findUnique({ where: { id: compileJobId } });
        return j && (j.status === "completed" || j.status === "failed") ? j : null;
      },
      "the editor's compile",
      150_000,
    );
    expect(job.status).toBe("completed");
    // Charged once for the video and once for the compile; no scene step, nothing refunded.
    expect(await getBalance(user.id)).toBe(78);
    expect(await spentOf(user.id)).toEqual([
      ["video_charge", -20],
      ["compile_charge", -2],
    ]);
    // The clips exist now: none is owed, and a regeneration is charged as usual.
    const { projectId } = (await prisma.story.findUniqueOrThrow({ where: { id: storyId } })) as { projectId: string };
    const scenes = await prisma.scene.findMany({ where: { projectId }, orderBy: { sceneOrder: "asc" } });
    expect(scenes.map((s) => [Boolean(s.videoUrl), s.clipPaidBy])).toEqual([
      [true, null],
      [true, null],
    ]);
    const again = await estimateCost(actorOf(user.id), { projectId, work: { kind: "scene", sceneId: scenes[0].id, step: "video", regenerate: true } });
    expect(again.credits).toBe(2);
  });

  it("resumes after the executor restarts mid-run without re-running finished steps", async () => {
    // The render in flight at the stop finishes within the stop's grace, as a worker's shutdown lets it: with the
    // tests' 2 s grace a loaded machine cut it short, and the render (not a finished step) rightly ran again.
    await env.restartExecutor({ stopGraceMs: 120_000 });
    const counts = countProviderCalls();
    const user = await newCustomer(100);
    const storyId = await submit(user.id, { productImageRef: (await uploadProductPhoto(user.id)).ref });
    // Wait until the compile workflow is between polls (parked on its poll wait), then stop the executor.
    await waitFor(
      async () => {
        const runs = await store.runsOf("reelforge-compile-project", 200);
        return runs.find(
          (r) =>
            (r.event as { data: { compileJobId: string } }).data.compileJobId === storyCompileJobId(storyId) &&
            r.status === "waiting" &&
            store.waitingForOf(r).ops.some((o) => o.name?.startsWith("poll-wait-")),
        );
      },
      "the compile to wait between polls",
      120_000,
    );
    await env.executor.stop();
    const during = counts();
    await new Promise((r) => setTimeout(r, 400));
    expect((await prisma.story.findUnique({ where: { id: storyId } }))!.status).toBe("processing");

    await env.restartExecutor();
    const { story } = await watchStory(storyId);
    expect(story.errorMessage).toBeNull();
    expect(story.status).toBe("ready");
    // Everything before the stop ran once; nothing was generated again after the restart.
    // The scene clips come after Ready (ADR 380): none before the compile.
    expect(during).toMatchObject({ voice: 2, image: 2, motion: 0, music: 1, render: 1 });
    expect((await videoRunEnded(storyId)).status).toBe("completed");
    expect(counts()).toEqual({ ...during, motion: 2 });
    expect(await getBalance(user.id)).toBe(80);
    expect(await prisma.project.count({ where: { story: { id: storyId } } })).toBe(1);
    expect(await prisma.scene.count({ where: { project: { story: { id: storyId } } } })).toBe(2);
  });

  it("never makes a second project or duplicate scenes for a story (retried step)", async () => {
    const user = await newCustomer(100);
    const storyId = await submit(user.id);
    // Whatever the workflow does meanwhile, two more creations for the same story find its project.
    const input = { title: "x", scenes: [{ title: "a", script: "a", voiceOverText: "a" }] };
    const actor = actorOf(user.id);
    const [a, b] = await Promise.all([createProjectForStory(actor, storyId, input), createProjectForStory(actor, storyId, input)]);
    expect(a.project.id).toBe(b.project.id);
    expect(await prisma.project.count({ where: { story: { id: storyId } } })).toBe(1);
    const scenes = await prisma.scene.count({ where: { projectId: a.project.id } });
    expect(scenes).toBe(a.project.scenes.length);
    await watchStory(storyId);
  });

  it("the event id of a story is fixed, so a re-sent request never starts a second run", async () => {
    const user = await newCustomer(100);
    const storyId = await submit(user.id);
    await inngest.send(videoRequested.create({ storyId, userId: user.id }, { id: videoRequestedEventId(storyId) }));
    await watchStory(storyId);
    const runs = (await store.runsOf("reelforge-video-request", 500)).filter((r) => (r.event as { id: string }).id === videoRequestedEventId(storyId));
    expect(runs).toHaveLength(1);
  });
});

describe("Ready to Go", () => {
  const ASIDE = "Meet Aurora (with vitamin C), the serum for a morning glow.";
  it("on: the voice-over is the text word for word; off: the planner's spoken version", async () => {
    const user = await newCustomer(100);
    const verbatim = await submit(user.id, { script: ASIDE, readyToGo: true });
    const rewritten = await submit(user.id, { script: ASIDE, readyToGo: false });
    const texts: string[] = [];
    for (const id of [verbatim, rewritten]) {
      const { story } = await watchStory(id);
      expect(story.status).toBe("ready");
      const scenes = (await getProjectWithScenes(actorOf(user.id), story.projectId!))!.scenes;
      texts.push(scenes.map((sc) => sc.voiceOverText).join(" "));
    }
    expect(texts[0]).toBe(ASIDE);
    expect(texts[1]).not.toContain("(with vitamin C)");
    expect(texts[1]).toContain("Meet Aurora");
  });
});

// ───────────────────────────── housekeeping ─────────────────────────────

describe("showcase seeding", () => {
  it("is on with the demo data, off in tests, and SEED_SHOWCASE decides when set", () => {
    expect(shouldSeedShowcase({ NODE_ENV: "development" }, true)).toBe(true);
    expect(shouldSeedShowcase({ NODE_ENV: "development" }, false)).toBe(false);
    expect(shouldSeedShowcase({ NODE_ENV: "test", ...TEST_ENV }, true)).toBe(false);
    expect(shouldSeedShowcase({ NODE_ENV: "test", SEED_SHOWCASE: "true" }, true)).toBe(true);
    expect(shouldSeedShowcase({ NODE_ENV: "development", SEED_SHOWCASE: "false" }, true)).toBe(false);
  });

  it("renders the demo ads into the public showcase bucket with thumbnails, once", async () => {
    const { ids } = await inngest.send(showcaseSeedRequested.create({ reason: "test" }));
    const run = await waitForRun("reelforge-showcase-seed", ids[0], ["completed", "failed"], 180_000);
    expect(run.error).toBeNull();
    const rows = await prisma.showcaseVideo.findMany({ where: { title: { in: SHOWCASE_DEMOS.map((d) => d.title) } }, orderBy: { displayOrder: "asc" } });
    expect(rows.map((r) => r.title)).toEqual(SHOWCASE_DEMOS.map((d) => d.title));
    for (const row of rows) {
      const video = await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "showcase-videos", key: row.videoPath } } });
      expect(video).toMatchObject({ isPublic: true, contentType: "video/mp4" });
      const info = await probeMedia(localFilePath("showcase-videos", row.videoPath)!);
      expect(info.streams.map((s) => s.type).sort()).toEqual(["audio", "video"]);
      expect(info.durationSec).toBeGreaterThan(3);
      expect(info.durationSec).toBeLessThan(12);
      const thumb = await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "showcase-videos", key: row.thumbnailPath! } } });
      expect(thumb).toMatchObject({ isPublic: true, contentType: "image/jpeg" });
    }
    // Not empty any more: no second seeding; and a repeated run adds nothing.
    expect(await requestShowcaseSeed()).toBe(false);
    const again = await inngest.send(showcaseSeedRequested.create({ reason: "again" }));
    await waitForRun("reelforge-showcase-seed", again.ids[0], "completed", 60_000);
    expect(await prisma.showcaseVideo.count({ where: { title: { in: SHOWCASE_DEMOS.map((d) => d.title) } } })).toBe(SHOWCASE_DEMOS.length);
  }, 90_000); // several real renders: about 17 s alone, over 30 s on a loaded 2-core machine

  afterAll(async () => {
    await prisma.showcaseVideo.deleteMany({ where: { title: { in: SHOWCASE_DEMOS.map((d) => d.title) } } });
  });
});

describe("queued stories", () => {
  it("a story whose event was lost is picked up and produced", async () => {
    const user = await newCustomer(100);
    const result = await createVideoRequest(
      webActor(user.id),
      { script: "Meet Aurora, the serum for a morning glow.", voiceId: 1 },
      { send: async () => Promise.reject(new Error("the event bus is down")) },
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.eventSent).toBe(false);
    expect((await prisma.story.findUnique({ where: { id: result.storyId } }))!.status).toBe("queued");

    expect(await recoverQueuedStories(actorOf(user.id), 0)).toEqual({ found: 1, sent: 1 });
    const story = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: result.storyId } });
        return s && (s.status === "ready" || s.status === "failed") ? s : null;
      },
      "the story",
      120_000,
    );
    expect(story.errorMessage).toBeNull();
    expect(story.status).toBe("ready");
    expect(await getBalance(user.id)).toBe(80);
    await videoRunEnded(result.storyId);
    // Sent again: the same event id, so no second run.
    await recoverQueuedStories(actorOf(user.id), 0);
    expect(
      await prisma.workflowRun.count({ where: { functionId: "reelforge-video-request", event: { path: ["data", "storyId"], equals: result.storyId } } }),
    ).toBe(1);
  });
});

describe("stuck image jobs (admin AI Tools, ADR 187)", () => {
  it("a retry re-runs the scene's image step into the same job, free of charge; check status reads the workflow run", async () => {
    const { retryImageJob, checkImageJob } = await import("~/models/generation/stuck-image-jobs.server");
    const { actor: admin } = await newAdmin();
    const user = await newCustomer(5);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    await editScene(actorOf(user.id), project.id, scene.id, { imagePrompt: "A serum bottle on marble" });
    const job = await prisma.imageGenerationJob.create({
      data: {
        userId: user.id,
        prompt: "A serum bottle on marble",
        status: "failed",
        errorMessage: "provider timed out",
        projectId: project.id,
        sceneId: scene.id,
        attempts: 1,
      },
    });

    expect(await retryImageJob(admin, job.id)).toEqual({ ok: true, message: "Job resubmitted" });
    expect(await prisma.imageGenerationJob.findUnique({ where: { id: job.id }, select: { status: true, errorMessage: true } })).toEqual({
      status: "in_queue",
      errorMessage: null,
    });
    // A second click on the same state starts nothing more (same event id).
    const done = await waitFor(
      async () => {
        const row = await prisma.imageGenerationJob.findUnique({ where: { id: job.id } });
        return row && row.status !== "in_queue" ? row : null;
      },
      "the retried job",
      60_000,
    );
    expect(done.status).toBe("completed");
    expect(done.resultUrl).toMatch(/^\/resources\/files\/canvas-assets\//);
    expect(done.attempts).toBe(2);
    expect((await findSceneOfProject(actorOf(user.id), project.id, scene.id)).imageUrl).toBe(done.resultUrl);
    // No new job row for the scene's image, and the owner paid nothing.
    expect(await prisma.imageGenerationJob.count({ where: { sceneId: scene.id } })).toBe(1);
    expect(await getBalance(user.id)).toBe(5);

    const check = await checkImageJob(admin, job.id);
    expect(check).toMatchObject({ ok: true, check: { status: "completed", run: { status: expect.stringMatching(/completed|running/) } } });
    await expect(retryImageJob(actorOf(user.id), job.id)).rejects.toMatchObject({ status: 403 });
  });
});
