// The admin area's Canvas Updates (docs/product.md#admin-area, ADR 188): staff change one text
// field of a scene of any project (script, voice-over text, image prompt or description). The
// change goes through the editors' own scene edit (scenes.server.ts editScene: normalised,
// bounded, marks the assets made from the old text stale, tells the owner's and admins' open
// editors live), and the owner gets a notification with the new text.
import { actorForUserId, isNotFound, type Actor } from "~/models/access/actor.server";
import { assertStaff, isAdminActor } from "~/models/access/permissions.server";
import { CANVAS_UPDATE_FIELDS, CANVAS_UPDATE_MESSAGES, sceneLabel, type CanvasUpdateField } from "~/models/messaging/admin-messages";
import { createNotification } from "~/models/content/notification.server";
import { getProject, listProjectsNewestFirst } from "./project.server";
import { editScene, findSceneOfProject, listScenes, SceneInputError } from "./scenes.server";

export const CANVAS_UPDATE_PROJECT_LIMIT = 500;

export type UpdateProjectOption = { id: string; title: string; owner: string | null; createdAt: string };
export type UpdateSceneOption = { id: string; sceneOrder: number; label: string; fields: Record<CanvasUpdateField, string> };

/** Every project, newest first (the project chooser). */
export async function listProjectsForUpdates(actor: Actor): Promise<UpdateProjectOption[]> {
  assertStaff(actor);
  const rows = await listProjectsNewestFirst(actor, { take: CANVAS_UPDATE_PROJECT_LIMIT });
  return rows.map((r) => ({ id: r.id, title: r.title, owner: r.owner, createdAt: r.createdAt.toISOString() }));
}

/** The project's scenes in scene order, each named by the first 30 characters of its script; null for an unknown project. */
export async function listScenesForUpdates(actor: Actor, projectId: string): Promise<UpdateSceneOption[] | null> {
  assertStaff(actor);
  try {
    const scenes = await listScenes(actor, projectId);
    return scenes.map((s) => ({
      id: s.id,
      sceneOrder: s.sceneOrder,
      label: sceneLabel(s.script, s.sceneOrder),
      fields: { script: s.script ?? "", voiceOverText: s.voiceOverText ?? "", imagePrompt: s.imagePrompt ?? "", description: s.description ?? "" },
    }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export type SceneUpdateInput = { projectId?: string | null; sceneId?: string | null; field?: string | null; content?: string | null };
export type SceneUpdateResult = { ok: true; message: string } | { ok: false; code: "incomplete" | "not_found" | "invalid"; message: string };

function isField(value: unknown): value is CanvasUpdateField {
  return CANVAS_UPDATE_FIELDS.some((f) => f.value === value);
}

/** Applies an admin's update to one field of one scene; the owner is told (live and by notification). */
export async function submitSceneUpdate(actor: Actor, input: SceneUpdateInput): Promise<SceneUpdateResult> {
  assertStaff(actor);
  const content = input.content?.trim() ?? "";
  if (!input.projectId || !input.sceneId || !content) return { ok: false, code: "incomplete", message: CANVAS_UPDATE_MESSAGES.incomplete };
  const field = input.field ?? "script";
  if (!isField(field)) return { ok: false, code: "invalid", message: CANVAS_UPDATE_MESSAGES.failed };
  let project: Awaited<ReturnType<typeof getProject>>;
  let sceneOrder: number;
  try {
    project = await getProject(actor, input.projectId);
    sceneOrder = (await findSceneOfProject(actor, project.id, input.sceneId)).sceneOrder;
    await editScene(actor, project.id, input.sceneId, { [field]: content });
  } catch (error) {
    if (isNotFound(error)) return { ok: false, code: "not_found", message: CANVAS_UPDATE_MESSAGES.failed };
    if (error instanceof SceneInputError) return { ok: false, code: "invalid", message: `${CANVAS_UPDATE_MESSAGES.failed}: ${error.message}` };
    throw error;
  }
  const label = CANVAS_UPDATE_FIELDS.find((f) => f.value === field)?.label ?? field;
  // The editors are admin-only: only an admin owner can follow the link (ADR 188).
  const owner = await actorForUserId(project.userId, "web");
  const ownerIsAdmin = owner !== null && isAdminActor(owner);
  await createNotification({
    userId: project.userId,
    type: "canvas_update",
    title: CANVAS_UPDATE_MESSAGES.notificationTitle,
    body: `${label} of scene ${sceneOrder} in "${project.title}": ${content}`,
    link: ownerIsAdmin ? `/canvas/${project.id}` : null,
  });
  return { ok: true, message: CANVAS_UPDATE_MESSAGES.submitted };
}
