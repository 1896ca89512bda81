// Scenes of a project (canvas_scenes, docs/product.md#projects-and-scenes): reads in play order,
// adding a scene at the end (max order + 1), field updates, and the progress of asset generation
// written to the scene (status pending → in_progress → completed, progressStep, errorMessage).
//
// A scene is always reached through its project, and only by the project's owner or an admin:
// any other (project, scene) pair is "not found" (NotFoundError) and changes nothing. Media
// fields take stored-object references the project's owner holds. ADR 130, ADR 131.
import type { Scene } from "~/generated/prisma/client";
import { isNotFound, ownedBy, NotFoundError, type Actor } from "~/models/actor.server";
import { checkMediaFields } from "~/models/media-refs.server";
import { announceProjectUpdated } from "~/models/project-events.server";
import { requireProject } from "~/models/project.server";
import type { MediaKind } from "~/utils/storage/media-types";
import { type Prisma, prisma } from "~/utils/db.server";

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

/**
 * Adds a scene at the end of the project: order = the highest existing order + 1 (1 for the
 * first, docs/product.md#projects-and-scenes). A per-project advisory lock keeps two concurrent
 * adds from taking the same order.
 */
export async function addScene(actor: Actor, projectId: string, input: NewSceneInput = {}): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const scene = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scene-order:${projectId}`}))`;
    const last = await tx.scene.aggregate({ where: { projectId }, _max: { sceneOrder: true } });
    return tx.scene.create({
      data: {
        projectId,
        title: (input.title ?? "").slice(0, 200),
        description: input.description ?? null,
        script: input.script ?? null,
        voiceOverText: input.voiceOverText ?? null,
        imagePrompt: input.imagePrompt ?? null,
        sceneOrder: (last._max.sceneOrder ?? 0) + 1,
      },
    });
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
    | "voiceOverUrl"
    | "voiceOverDuration"
    | "backgroundMusicUrl"
    | "duration"
    | "imageRequestId"
    | "ttsRequestId"
    | "videoRequestId"
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
 * Changes a scene's fields. NotFoundError when the scene is not one of this project's or the
 * actor may not work on the project; MediaRefError when a media field is not a stored file of
 * the project's owner.
 */
export async function updateScene(actor: Actor, projectId: string, sceneId: string, data: SceneUpdate): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const checked = await checkMediaFields(data, SCENE_MEDIA_FIELDS, project.userId);
  const { count } = await prisma.scene.updateMany({ where: { id: sceneId, projectId: project.id }, data: checked });
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
  return setSceneState(actor, projectId, sceneId, { status: "pending", progressStep: step, errorMessage: message.slice(0, 2000) });
}
