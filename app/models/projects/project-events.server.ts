// The live hint that a project changed (its fields, status or scenes): the project and scene
// modules send it after each write, to the owner's streams and to every admin's (admins may open
// any user's project), so an open canvas or editor reloads (ADR 081, ADR 156). A hint only:
// when it cannot be sent the write still stands, and pages reload on a resync.
import { ADMINS_AUDIENCE, publishSafely } from "~/utils/live.server";

export async function announceProjectUpdated(project: { id: string; userId: string }): Promise<void> {
  const event = { type: "project.updated", projectId: project.id } as const;
  await Promise.all([publishSafely(project.userId, event), publishSafely(ADMINS_AUDIENCE, event)]);
}
