// The Create Video pipeline's own reads and writes around a story (the workflow in
// inngest/functions/video-request.ts is a thin door onto these): what the workflow needs from
// the story (stories.server.ts: getPipelineStory), its notifications (each sent once per story,
// however often a step is retried), and the pick-up of stories whose event never reached the
// workflow engine. Story status changes go through stories.server.ts; charges and refunds through
// video-requests.server.ts. Every function takes the acting user: a story is seen by its owner
// or an admin only (ADR 130).
import { presentableFailure } from "~/models/generation/failure-messages";
import { type Actor } from "~/models/access/actor.server";
import { isAdminActor } from "~/models/access/permissions.server";
import { createNotificationOnce, type NotificationItem } from "~/models/content/notification.server";
import { storyOwnerId } from "./stories.server";
import { resendQueuedVideoRequests } from "./video-requests.server";

/**
 * What each scene says. Ready to Go: the scene's own text, word for word. Otherwise the
 * planner's version written for speech (directions and asides removed, fitted to the scene).
 */
export function sceneVoiceOver(scene: { script: string; voiceOverText: string }, readyToGo: boolean): string {
  return readyToGo ? scene.script : scene.voiceOverText;
}

/** Texts of the two notifications (the link takes the user to the dashboard, where the card is). */
export const VIDEO_NOTIFICATIONS = {
  readyTitle: "Your video is ready",
  failedTitle: "Your video could not be created",
  readyBody: (title: string | null) => (title ? `"${title}" is ready to watch on your dashboard.` : "It is ready to watch on your dashboard."),
  failedBody: (reason: string, refunded: number) =>
    refunded > 0 ? `${presentableFailure(reason)} Your ${formatCredits(refunded)} credits were refunded.` : presentableFailure(reason),
} as const;

function formatCredits(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** The dashboard link of a story's notifications; also what makes each notification unique. */
export function storyLink(storyId: number): string {
  return `/dashboard?story=${storyId}`;
}

/**
 * Creates the notification of this type for the owner of a story the actor may see, unless it
 * exists already (a retried workflow step runs this again).
 */
export async function notifyStoryOnce(
  actor: Actor,
  notice: { storyId: number; type: "video_ready" | "video_failed"; title: string; body: string },
): Promise<{ created: boolean; notification?: NotificationItem }> {
  const userId = await storyOwnerId(actor, notice.storyId);
  return createNotificationOnce({ userId, type: notice.type, title: notice.title, body: notice.body, link: storyLink(notice.storyId) });
}

/**
 * Stories still "queued" after `olderThanMs` never started their workflow (the event was lost:
 * the app stopped between the charge and the send, or the send failed). Sends the event again;
 * its id is derived from the story, so a story whose run exists is not started twice. A user
 * recovers their own stories; an admin (or the housekeeping's system actor) everyone's.
 */
export async function recoverQueuedStories(actor: Actor, olderThanMs = 60_000): Promise<{ found: number; sent: number }> {
  return resendQueuedVideoRequests({ olderThanMs, ...(isAdminActor(actor) ? {} : { userId: actor.id }) });
}
