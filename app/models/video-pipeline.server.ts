// The Create Video pipeline's own reads and writes around a story (the workflow in
// inngest/functions/video-request.ts is a thin door onto these): what the workflow needs from
// the story, its notifications (each sent once per story, however often a step is retried),
// and the pick-up of stories whose event never reached the workflow engine.
// Story status changes go through stories.server.ts; charges and refunds through
// video-requests.server.ts. Every function takes the acting user: a story is seen by its owner
// or an admin only (ADR 130).
import type { StoryStatus } from "~/generated/prisma/enums";
import { isAdminActor, NotFoundError, ownedBy, type Actor } from "~/models/actor.server";
import { createNotification, type NotificationItem } from "~/models/notification.server";
import { resendQueuedVideoRequests } from "~/models/video-requests.server";
import { prisma } from "~/utils/db.server";

export type PipelineStory = {
  id: number;
  userId: string;
  source: string;
  /** "Ready to Go": the text is the final voice-over, read word for word. */
  readyToGo: boolean;
  status: StoryStatus;
  voiceId: number | null;
  storyTypeName: string | null;
  productImageUrl: string | null;
  backgroundMusicUrl: string | null;
  projectId: string | null;
};

/** The story as the video workflow reads it (fresh from the row, never from the event). */
export async function getPipelineStory(actor: Actor, storyId: number): Promise<PipelineStory> {
  const row = await prisma.story.findFirst({
    where: { id: storyId, ...ownedBy(actor) },
    select: {
      id: true,
      userId: true,
      source: true,
      readyToGo: true,
      status: true,
      voiceId: true,
      productImageUrl: true,
      backgroundMusicUrl: true,
      projectId: true,
      storyType: { select: { name: true } },
    },
  });
  if (!row) throw new NotFoundError("Video request");
  const { storyType, ...rest } = row;
  return { ...rest, storyTypeName: storyType?.name ?? null };
}

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
    refunded > 0 ? `${reason} Your ${formatCredits(refunded)} credits were refunded.` : reason,
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
 * exists already (a retried workflow step runs this again; a per-story advisory lock makes the
 * check-and-create atomic).
 */
export async function notifyStoryOnce(
  actor: Actor,
  notice: { storyId: number; type: "video_ready" | "video_failed"; title: string; body: string },
): Promise<{ created: boolean; notification?: NotificationItem }> {
  const story = await prisma.story.findFirst({ where: { id: notice.storyId, ...ownedBy(actor) }, select: { userId: true } });
  if (!story) throw new NotFoundError("Video request");
  const input = { ...notice, userId: story.userId };
  const link = storyLink(input.storyId);
  const lockKey = `story-notify:${input.storyId}:${input.type}`;
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`;
      const existing = await tx.notification.findFirst({ where: { userId: input.userId, type: input.type, link }, select: { id: true } });
      if (existing) return { created: false };
      // Created outside this transaction (createNotification has its own, and publishes on
      // commit); the advisory lock is held until this one ends, so a concurrent call waits and
      // then finds the row.
      const notification = await createNotification({ userId: input.userId, type: input.type, title: input.title, body: input.body, link });
      return { created: true, notification };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
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
