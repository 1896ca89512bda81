// The live events a signed-in browser receives over /resources/live (client-safe: shared by
// app/utils/live.server.ts and app/hooks/useLiveEvents.ts). Events are hints that something
// changed, small enough for a PostgreSQL NOTIFY; pages reload their data on them.
import type { JobStatus, StoryStatus } from "~/generated/prisma/enums";

export type LiveEvent =
  /** A story's status, progress step, result or visibility changed. */
  | { type: "story.updated"; storyId: number; status: StoryStatus; progressStep: string | null }
  /** An image or video generation job changed (status, result, visibility). */
  | { type: "job.updated"; kind: "image" | "video"; jobId: string; status: JobStatus }
  /** A notification was created for the user. */
  | { type: "notification.created"; notificationId: string; title: string }
  /** Notifications were marked read ("all": every unread one). */
  | { type: "notification.updated"; notificationIds: string[] | "all"; read: boolean }
  /** A project or one of its scenes changed (fields, status, assets, scenes added). */
  | { type: "project.updated"; projectId: string }
  /** A staff-user message was added to the conversation with user `userId` (ADR 189). */
  | { type: "message.created"; userId: string }
  /** Sent by the server after its listening connection came back: events may have been missed. */
  | { type: "resync" };

export type LiveEventType = LiveEvent["type"];

export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  "story.updated",
  "job.updated",
  "notification.created",
  "notification.updated",
  "project.updated",
  "message.created",
  "resync",
];

export function isLiveEventType(value: unknown): value is LiveEventType {
  return typeof value === "string" && (LIVE_EVENT_TYPES as readonly string[]).includes(value);
}
