// Typed events of Reelforge's durable workflows (Inngest 4 `eventType` with zod schemas).
// Events carry ids of database rows, never the content itself: the rows are the source of
// truth and a workflow step reads them fresh.
// `userId` is the user who asked: the workflow acts as them and the core checks every id in the
// event against them again (owner or admin), so an id is never trusted for being in an event
// (docs/decisions/130-actors-and-core-authorization.md).
//
//   await sendWorkflowEvents(videoRequested.create({ storyId, userId }));   (engine.server.ts)
//   inngest.createFunction({ id: "video-requested", triggers: [videoRequested] }, handler)
//   await step.waitForEvent("scene-done", { event: sceneAssetsFinished, timeout: "30m",
//     if: "async.data.sceneId == event.data.sceneId" })
import { eventType } from "inngest";
import { z } from "zod";

/** The app's id in the engine: a function "scene-assets" runs as "reelforge-scene-assets". */
export const APP_ID = "reelforge";

export function functionId(name: string): string {
  return `${APP_ID}-${name}`;
}

const id = z.string().min(1);

/** A Create Video submission was accepted (credits charged, story row created). */
export const videoRequested = eventType("video/requested", {
  schema: z.object({ storyId: z.number().int().positive(), userId: id }),
});

/** Make another size or a variant of a finished story from its cached scene assets (ADR 215). */
export const storyVariantRequested = eventType("story/variant.requested", {
  schema: z.object({ storyId: z.number().int().positive(), userId: id }),
});

/** Generate one scene's assets in the fixed order (image prompt, image, script, voice-over, video). */
export const sceneAssetsRequested = eventType("scene/assets.requested", {
  schema: z.object({
    projectId: id,
    sceneId: id,
    userId: id,
    /** Set when the request belongs to a Create Video run (the story to report on). */
    storyId: z.number().int().positive().optional(),
    /** Only these steps (kept in the fixed order); all five when absent. */
    steps: z.array(z.enum(["image prompt", "image", "script", "voice-over", "video"])).optional(),
    /** Make the steps' outputs again even when up to date (stale ones are made again anyway). */
    regenerate: z.boolean().optional(),
    /** The charged request (work_charges.batchId): steps are settled or refunded against it. */
    batchId: z.string().min(1).optional(),
    productShotVersion: z.enum(["v1", "v2"]).optional(),
    /** An admin's retry of a stuck image job: the image step updates this job instead of making a new one. */
    imageJobId: id.optional(),
    /** Draw a typographic card when the scene has no product image (a retried text-card job). */
    allowTextCard: z.boolean().optional(),
  }),
});

/** A scene's asset generation ended (fan-in for the video workflow). */
export const sceneAssetsFinished = eventType("scene/assets.finished", {
  schema: z.object({
    projectId: id,
    sceneId: id,
    ok: z.boolean(),
    /** "Failed while {step}: {reason}" when ok is false. */
    error: z.string().optional(),
  }),
});

/** Compile a project's scenes into the final video (one compile_jobs row). */
export const projectCompileRequested = eventType("project/compile.requested", {
  schema: z.object({
    projectId: id,
    compileJobId: id,
    userId: id,
    storyId: z.number().int().positive().optional(),
  }),
});

/**
 * Render a compile job with the local renderer, as the holder of `token` (the job's render
 * token at the time it was asked for; a newer token means the render was taken over).
 */
export const projectRenderRequested = eventType("project/render.requested", {
  schema: z.object({ projectId: id, compileJobId: id, userId: id, token: id }),
});

/**
 * A local render ended (its job completed or failed, or it was taken over): the compile
 * workflow polls the job at once instead of at the end of its 3 s wait. Only a wake-up; the
 * compile_jobs row stays the truth.
 */
export const projectRenderFinished = eventType("project/render.finished", {
  schema: z.object({ projectId: id, compileJobId: id }),
});

/** Ask the compile workflow to poll a compile job's status once more. */
export const compileStatusPoll = eventType("compile/status.poll", {
  schema: z.object({ compileJobId: id, projectId: id, poll: z.number().int().nonnegative() }),
});

/** A compile job ended (completed or failed). */
export const projectCompileFinished = eventType("project/compile.finished", {
  schema: z.object({
    projectId: id,
    compileJobId: id,
    status: z.enum(["completed", "failed"]),
    videoUrl: z.string().optional(),
    error: z.string().optional(),
  }),
});

/** Every event type of the app, by name. */
export const events = {
  videoRequested,
  storyVariantRequested,
  sceneAssetsRequested,
  sceneAssetsFinished,
  projectCompileRequested,
  projectRenderRequested,
  projectRenderFinished,
  compileStatusPoll,
  projectCompileFinished,
} as const;

export type ReelforgeEventName = (typeof events)[keyof typeof events]["name"];
