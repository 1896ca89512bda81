// The end of a Create Video or story-variant run that failed for good: the story's charge is
// refunded exactly once, its project marked failed, and only the call that refunded tells the
// user (never twice). Both workflows' onFailure handlers run this with the same step ids.
import type { GetStepTools } from "inngest";
import { actorForWorkflow } from "~/models/actor.server";
import { markProjectFailed } from "~/models/project.server";
import { projectIdOfStory } from "~/models/stories.server";
import { refundVideoRequest } from "~/models/video-requests.server";
import { notifyStoryOnce, VIDEO_NOTIFICATIONS } from "~/models/video-pipeline.server";
import type { inngest } from "../client.ts";
import { nullIfNotFound } from "./scene-assets.ts";

export async function failStoryRun(step: GetStepTools<typeof inngest>, o: { storyId: number; userId: string; reason: string }): Promise<void> {
  const { storyId, userId, reason } = o;
  const actorOrNull = () => actorForWorkflow(userId).catch(nullIfNotFound);
  const refund = await step.run("refund", async () => {
    const actor = await actorOrNull();
    return actor ? refundVideoRequest(actor, storyId, reason) : ({ ok: false, code: "not_found" } as const);
  });
  await step.run("project-failed", async () => {
    const actor = await actorOrNull();
    const projectId = actor ? await projectIdOfStory(actor, storyId) : null;
    if (actor && projectId) await markProjectFailed(actor, projectId).catch(nullIfNotFound);
  });
  if (refund.ok && !refund.alreadyRefunded) {
    await step.run("notify-failure", async () => {
      const actor = await actorOrNull();
      if (!actor) return { created: false };
      return notifyStoryOnce(actor, { storyId, type: "video_failed", title: VIDEO_NOTIFICATIONS.failedTitle, body: VIDEO_NOTIFICATIONS.failedBody(reason, refund.refunded) }).then(
        (r) => ({ created: r.created }),
        (e: unknown) => (nullIfNotFound(e), { created: false }),
      );
    });
  }
}
