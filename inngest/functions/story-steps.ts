// Steps that Create Video (video-request.ts) and story-variant.ts share, with the same step ids:
// the story's compile, and the end of a run that failed for good (the story's charge refunded
// exactly once, its project marked failed, and only the call that refunded tells the user).
import { NonRetriableError, type GetStepTools } from "inngest";
import { actorForWorkflow } from "~/models/access";
import { createCompileJob } from "~/models/compile";
import { markProjectFailed } from "~/models/projects";
import type { PlannedSceneMotions } from "~/models/generation";
import { projectIdOfStory, refundVideoRequest, notifyStoryOnce, storyCaptionPick, VIDEO_NOTIFICATIONS } from "~/models/stories";
import type { inngest } from "../client.ts";
import { compileFunction } from "./compile.ts";
import { errorMessageOf, nullIfNotFound, stopIfNotFound } from "./scene-assets.ts";

type Step = GetStepTools<typeof inngest>;

/** The compile job of a story's video has a fixed id: a retried step finds the same job. */
export function storyCompileJobId(storyId: number): string {
  return `story-${storyId}-compile`;
}

/**
 * Compiles the story's project: its compile job (once), then the compile run; its video. With
 * `drawn` (Create Video, ADR 380) the compile prepares nothing and draws those scenes from the
 * motion planned for their clips.
 */
export async function compileStory(
  step: Step,
  o: { storyId: number; projectId: string; userId: string; drawn?: { sceneIds: string[]; motions: PlannedSceneMotions["planned"] } },
): Promise<{ compileJobId: string; videoUrl: string }> {
  const { storyId, projectId, userId, drawn } = o;
  const job = await step.run("create-compile-job", async () => {
    const actor = await actorForWorkflow(userId).catch(stopIfNotFound);
    const captions = await storyCaptionPick(actor, storyId);
    const created = await createCompileJob(actor, { id: storyCompileJobId(storyId), projectId, format: "mp4", captions, ...(drawn ? { drawn } : {}) }).catch(
      stopIfNotFound,
    );
    return { id: created.id };
  });
  try {
    return await step.invoke("compile", { function: compileFunction, data: { projectId, compileJobId: job.id, userId, storyId } });
  } catch (error) {
    throw new NonRetriableError(errorMessageOf(error));
  }
}

type StoryRunFailure = {
  event: { data: { event: { data: { storyId: number; userId: string } } } };
  error: unknown;
  step: Step;
};

/** The onFailure handler of both workflows: the failed run's story ends as failStoryRun says. */
export function onStoryRunFailure({ event, error, step }: StoryRunFailure): Promise<void> {
  const { storyId, userId } = event.data.event.data;
  return failStoryRun(step, { storyId, userId, reason: errorMessageOf(error) });
}

async function failStoryRun(step: Step, o: { storyId: number; userId: string; reason: string }): Promise<void> {
  const { storyId, userId, reason } = o;
  const actorOrNull = () => actorForWorkflow(userId).catch(nullIfNotFound);
  const refund = await step.run("refund", async () => {
    const actor = await actorOrNull();
    return actor ? refundVideoRequest(actor, storyId, reason) : ({ ok: false, code: "not_found" } as const);
  });
  // A run that fails after its story is Ready (not refundable) leaves the story and its project as they are.
  if (!refund.ok && refund.code === "not_refundable") return;
  await step.run("project-failed", async () => {
    const actor = await actorOrNull();
    const projectId = actor ? await projectIdOfStory(actor, storyId) : null;
    if (actor && projectId) await markProjectFailed(actor, projectId).catch(nullIfNotFound);
  });
  if (refund.ok && !refund.alreadyRefunded) {
    await step.run("notify-failure", async () => {
      const actor = await actorOrNull();
      if (!actor) return { created: false };
      return notifyStoryOnce(actor, {
        storyId,
        type: "video_failed",
        title: VIDEO_NOTIFICATIONS.failedTitle,
        body: VIDEO_NOTIFICATIONS.failedBody(reason, refund.refunded),
      }).then(
        (r) => ({ created: r.created }),
        (e: unknown) => (nullIfNotFound(e), { created: false }),
      );
    });
  }
}
