// Scenes of a project (canvas_scenes, docs/product.md#projects-and-scenes): reads in play order,
// adding a scene at the end (max order + 1), field updates, and the progress of asset generation
// written to the scene (status pending → in_progress → completed, progressStep, errorMessage).
//
// A scene is always reached through its project, and only by the project's owner or an admin:
// any other (project, scene) pair is "not found" (NotFoundError) and changes nothing. Media
// fields take stored-object references the project's owner holds. ADR 130, ADR 131.
import { presentableFailure } from "~/models/generation/failure-messages";
import type { Scene } from "~/generated/prisma/client";
import { isNotFound, NotFoundError, type Actor } from "~/models/access/actor.server";
import { ownedBy } from "~/models/access/permissions.server";
import { checkMediaFields } from "~/models/files/media-refs.server";
import { announceProjectUpdated } from "./project-events.server";
import { requireProject } from "./project.server";
import { clampPosition, nextSceneOrder, sequenceOrders } from "./scene-order";
import { EDITOR_LIMITS, EDITOR_MESSAGES } from "./editor-rules";
import type { MediaKind } from "~/utils/storage/media-types";
import { type Prisma, prisma } from "~/utils/db.server";
import { normalizeText, textLength } from "~/utils/text";

export type SceneRow = Scene;

/** The filter for a scene of this project, of a project the actor may work on. */
function sceneOfProject(actor: Actor, projectId: string, sceneId: string): Prisma.SceneWhereInput {
  return { id: sceneId, projectId, project: ownedBy(actor) };
}

/** A project's scenes in play order (scene_order ascending). */
export async function listScenes(actor: Actor, projectId: string): Promise<SceneRow[]> {
  const project = await requireProject(actor, projectId);
  return prisma.scene.findMany({ where: { projectId: project.id }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
}

/** How many scenes a project the actor may work on has. */
export async function countScenes(actor: Actor, projectId: string): Promise<number> {
  const project = await requireProject(actor, projectId);
  return prisma.scene.count({ where: { projectId: project.id } });
}

/** The scene `sceneId` of project `projectId`, when the actor may work on that project. */
export async function findSceneOfProject(actor: Actor, projectId: string, sceneId: string): Promise<SceneRow> {
  const scene = projectId && sceneId ? await prisma.scene.findFirst({ where: sceneOfProject(actor, projectId, sceneId) }) : null;
  if (!scene) throw new NotFoundError("Scene");
  return scene;
}

/** docs/product.md#compile: for compilation a scene is ready when it has a video and its status is completed. */
export function isSceneReady(scene: Pick<SceneRow, "videoUrl" | "status">): boolean {
  return Boolean(scene.videoUrl) && scene.status === "completed";
}

export type NewSceneInput = {
  title?: string;
  description?: string | null;
  script?: string | null;
  voiceOverText?: string | null;
  imagePrompt?: string | null;
};

export type SceneOrderChoice = {
  /** The management page and the add_scene tool require a name; the canvas adds untitled scenes. */
  requireTitle?: boolean;
  /**
   * A position (1-based, the add_scene tool's optional `order`): the scene goes there and the
   * scenes from there on move down by one. Without it the scene goes last (highest order + 1).
   */
  order?: number | null;
};

/**
 * Adds a scene to the project: last (the highest order + 1, the first scene is 1) or at the
 * position `order` (scene-order.ts, one rule for every door). A per-project advisory lock keeps
 * two concurrent adds from taking the same order. The title (the management page's "Scene
 * Name") may be empty on the canvas.
 */
export async function addScene(actor: Actor, projectId: string, input: NewSceneInput = {}, choice: SceneOrderChoice = {}): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const data = checkSceneText(input);
  if (choice.order != null && (!Number.isSafeInteger(choice.order) || choice.order < 1 || choice.order > 100_000)) {
    throw new SceneInputError("order", "Scene order must be a whole number from 1");
  }
  if (choice.requireTitle && !data.title) throw new SceneInputError("title", EDITOR_MESSAGES.sceneNameRequired);
  const scene = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scene-order:${project.id}`}))`;
    let sceneOrder: number;
    if (choice.order != null) {
      const scenes = await tx.scene.findMany({
        where: { projectId: project.id },
        orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }],
        select: { id: true, sceneOrder: true },
      });
      sceneOrder = clampPosition(choice.order, scenes.length);
      // Renumber 1..n around the new position (from the bottom up: nothing collides on the way).
      const orders = sequenceOrders(scenes.length + 1).filter((o) => o !== sceneOrder);
      for (let i = scenes.length - 1; i >= 0; i--) {
        if (scenes[i].sceneOrder !== orders[i]) await tx.scene.update({ where: { id: scenes[i].id }, data: { sceneOrder: orders[i] } });
      }
    } else {
      const existing = await tx.scene.aggregate({ where: { projectId: project.id }, _max: { sceneOrder: true } });
      sceneOrder = nextSceneOrder({ maxOrder: existing._max.sceneOrder });
    }
    return tx.scene.create({
      data: {
        projectId: project.id,
        title: data.title ?? "",
        description: data.description ?? null,
        script: data.script ?? null,
        voiceOverText: data.voiceOverText ?? null,
        imagePrompt: data.imagePrompt ?? null,
        sceneOrder,
      },
    });
  });
  await announceProjectUpdated(project);
  return scene;
}

/** A scene field that cannot take the value given. Doors answer 400. */
export class SceneInputError extends Error {
  readonly status = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "SceneInputError";
  }
}

/** The text fields of a scene people edit. */
export const SCENE_TEXT_FIELDS = ["title", "description", "script", "voiceOverText", "imagePrompt", "customInstruction"] as const;
export type SceneTextField = (typeof SCENE_TEXT_FIELDS)[number];
export type SceneTextEdit = Partial<Record<SceneTextField, string | null>>;

/**
 * Normalised text fields (ADR 127); the title at most EDITOR_LIMITS.title characters, the others
 * at most EDITOR_LIMITS.text. Empty text clears a field (an empty title is allowed: "Untitled
 * Scene"). Throws SceneInputError.
 */
function checkSceneText<T extends SceneTextEdit>(input: T): T {
  const out: Record<string, string | null | undefined> = { ...input };
  for (const field of SCENE_TEXT_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    if (raw !== null && typeof raw !== "string") throw new SceneInputError(field, EDITOR_MESSAGES.invalidText(field));
    const text = raw === null ? "" : normalizeText(raw, { keepJoiners: true });
    const max = field === "title" ? EDITOR_LIMITS.title : EDITOR_LIMITS.text;
    if (textLength(text) > max) throw new SceneInputError(field, EDITOR_MESSAGES.tooLong(field, max));
    out[field] = field === "title" ? text : text || null;
  }
  return out as T;
}

/**
 * Changes a scene's text fields (title, description, script, voice-over text, image prompt,
 * custom instruction) — what the editors' per-field Save does. An edit that changes what an
 * asset was made from makes that asset stale (scene-staleness.server.ts); nothing is deleted.
 */
export async function editScene(actor: Actor, projectId: string, sceneId: string, edit: SceneTextEdit): Promise<SceneRow> {
  const data: SceneTextEdit = {};
  for (const field of SCENE_TEXT_FIELDS) if (edit[field] !== undefined) data[field] = edit[field];
  const checked = checkSceneText(data);
  return updateScene(actor, projectId, sceneId, checked as SceneUpdate);
}

/**
 * Replaces all of a project's scenes with new ones in play order (orders 1, 2, ...), in one
 * transaction: what dividing a script does. Returns the scenes removed (as they were) and the
 * new ones; the caller cleans up after the removed ones (project-removal.server.ts).
 */
export async function replaceScenes(
  actor: Actor,
  projectId: string,
  scenes: readonly (NewSceneInput & { duration?: number | null })[],
): Promise<{ removed: SceneRow[]; created: SceneRow[] }> {
  const project = await requireProject(actor, projectId);
  const rows = scenes.map((s) => ({ ...checkSceneText(s), duration: s.duration ?? null }));
  const result = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scene-order:${project.id}`}))`;
    const removed = await tx.scene.findMany({ where: { projectId: project.id }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
    await tx.scene.deleteMany({ where: { projectId: project.id } });
    const created: SceneRow[] = [];
    for (const [i, s] of rows.entries()) {
      created.push(
        await tx.scene.create({
          data: {
            projectId: project.id,
            title: s.title ?? "",
            description: s.description ?? null,
            script: s.script ?? null,
            voiceOverText: s.voiceOverText ?? null,
            imagePrompt: s.imagePrompt ?? null,
            duration: s.duration,
            sceneOrder: i + 1,
          },
        }),
      );
    }
    return { removed, created };
  });
  await announceProjectUpdated(project);
  return result;
}

/** The scene list given for a new order is not exactly the project's scenes now. Doors answer 409. */
export class SceneOrderConflictError extends Error {
  readonly status = 409;
  constructor(message = EDITOR_MESSAGES.scenesChanged) {
    super(message);
    this.name = "SceneOrderConflictError";
  }
}

/**
 * Puts the project's scenes in the order of `sceneIds` (every scene of the project exactly once),
 * numbered 1, 2, 3 ... (scene-order.ts). Under the scene-order lock, so a scene added or removed
 * meanwhile makes it a SceneOrderConflictError and changes nothing.
 */
export async function reorderScenes(actor: Actor, projectId: string, sceneIds: readonly string[]): Promise<SceneRow[]> {
  const project = await requireProject(actor, projectId);
  const rows = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scene-order:${project.id}`}))`;
    const scenes = await tx.scene.findMany({ where: { projectId: project.id }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
    const ids = new Set(scenes.map((s) => s.id));
    if (sceneIds.length !== scenes.length || new Set(sceneIds).size !== sceneIds.length || !sceneIds.every((id) => ids.has(id))) {
      throw new SceneOrderConflictError();
    }
    const orders = sequenceOrders(scenes.length);
    for (const [i, id] of sceneIds.entries()) {
      const current = scenes.find((s) => s.id === id)!;
      if (current.sceneOrder !== orders[i]) await tx.scene.update({ where: { id }, data: { sceneOrder: orders[i] } });
    }
    return tx.scene.findMany({ where: { projectId: project.id }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
  });
  await announceProjectUpdated(project);
  return rows;
}

/**
 * Deletes the scene row (its asset versions go with it), moves the scenes after it up (orders stay
 * 1, 2, 3 ...) and returns it as it was; the caller removes its files
 * (project-removal.server.ts). NotFoundError when it is not the actor's.
 */
export async function deleteSceneRow(actor: Actor, projectId: string, sceneId: string): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scene-order:${project.id}`}))`;
    const { count } = await tx.scene.deleteMany({ where: { id: scene.id, projectId: scene.projectId } });
    if (count === 0) throw new NotFoundError("Scene");
    // The scenes after it move up: the numbers stay 1, 2, 3 ...
    const rest = await tx.scene.findMany({
      where: { projectId: project.id },
      orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }],
      select: { id: true, sceneOrder: true },
    });
    const orders = sequenceOrders(rest.length);
    for (const [i, r] of rest.entries()) if (r.sceneOrder !== orders[i]) await tx.scene.update({ where: { id: r.id }, data: { sceneOrder: orders[i] } });
  });
  await announceProjectUpdated(project);
  return scene;
}

export type SceneUpdate = Partial<
  Pick<
    SceneRow,
    | "title"
    | "description"
    | "script"
    | "voiceOverText"
    | "imagePrompt"
    | "customInstruction"
    | "imageUrl"
    | "videoUrl"
    | "productImageUrl"
    | "sourceMediaUrl"
    | "voiceOverUrl"
    | "voiceOverDuration"
    | "backgroundMusicUrl"
    | "duration"
    | "imageRequestId"
    | "ttsRequestId"
    | "videoRequestId"
    | "imageInputsHash"
    | "voiceOverInputsHash"
    | "videoInputsHash"
  >
>;

/** The media fields of a scene and the kind of file each takes. */
export const SCENE_MEDIA_FIELDS = {
  imageUrl: "image",
  videoUrl: "video",
  productImageUrl: "image",
  voiceOverUrl: "audio",
  backgroundMusicUrl: "audio",
} as const satisfies Record<string, MediaKind>;

/**
 * Changes a scene's fields (`sourceMediaUrl` only from a file the core stored itself:
 * scene-own-media.server.ts). NotFoundError when the scene is not one of this project's or the
 * actor may not work on the project; MediaRefError when a media field is not a stored file of
 * the project's owner.
 */
export async function updateScene(actor: Actor, projectId: string, sceneId: string, data: SceneUpdate): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const checked = await checkMediaFields(data, SCENE_MEDIA_FIELDS, project.userId);
  // A clip recorded on the scene is the one its story owed, if any: later clips are paid as usual (ADR 383).
  const clip = checked.videoUrl ? { clipPaidBy: null } : {};
  const { count } = await prisma.scene.updateMany({ where: { id: sceneId, projectId: project.id }, data: { ...checked, ...clip } });
  if (count === 0) throw new NotFoundError("Scene");
  await announceProjectUpdated(project);
  return findSceneOfProject(actor, projectId, sceneId);
}

/** A status change of a scene of a project the actor may work on; NotFoundError otherwise. */
async function setSceneState(actor: Actor, projectId: string, sceneId: string, data: Prisma.SceneUpdateManyMutationInput): Promise<true> {
  const project = await requireProject(actor, projectId).catch((error: unknown) => {
    throw isNotFound(error) ? new NotFoundError("Scene") : error;
  });
  const { count } = await prisma.scene.updateMany({ where: { id: sceneId, projectId: project.id }, data });
  if (count === 0) throw new NotFoundError("Scene");
  await announceProjectUpdated(project);
  return true;
}

/** Asset generation is working on `step` ("image prompt", "image", "script", "voice-over", "video"). */
export async function markSceneStep(actor: Actor, projectId: string, sceneId: string, step: string): Promise<boolean> {
  return setSceneState(actor, projectId, sceneId, { status: "in_progress", progressStep: step, errorMessage: null });
}

/** Every asset exists: the scene is completed. */
export async function markSceneCompleted(actor: Actor, projectId: string, sceneId: string): Promise<boolean> {
  return setSceneState(actor, projectId, sceneId, { status: "completed", progressStep: null, errorMessage: null });
}

/**
 * Asset generation stopped at `step` with `message` ("Failed while {step}: {reason}"). The
 * scene goes back to pending (scenes have no failed status, docs/product.md#projects-and-scenes)
 * and keeps the step and the message, so the editor can show where it stopped.
 */
export async function markSceneFailed(actor: Actor, projectId: string, sceneId: string, step: string, message: string): Promise<boolean> {
  return setSceneState(actor, projectId, sceneId, { status: "pending", progressStep: step, errorMessage: presentableFailure(message).slice(0, 2000) });
}
