// Scenes of a project (canvas_scenes, seed 001 §3/§4): reads in play order, adding a scene at
// the end (max order + 1), field updates, and the progress of asset generation written to the
// scene (status pending → in_progress → completed, progressStep, errorMessage).
import type { Scene } from "~/generated/prisma/client";
import { Prisma, prisma } from "~/utils/db.server";

export type SceneRow = Scene;

/** A project's scenes in play order (scene_order ascending). */
export function listScenes(projectId: string): Promise<SceneRow[]> {
  return prisma.scene.findMany({ where: { projectId }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
}

export async function getScene(sceneId: string): Promise<SceneRow | null> {
  if (!sceneId) return null;
  return prisma.scene.findUnique({ where: { id: sceneId } });
}

/** Seed 001 §4: for compilation a scene is ready when it has a video and its status is completed. */
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
 * first, seed 001 §3). A per-project advisory lock keeps two concurrent adds from taking the
 * same order.
 */
export async function addScene(projectId: string, input: NewSceneInput = {}): Promise<SceneRow> {
  return prisma.$transaction(async (tx) => {
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

/** Changes a scene's fields. Null when the scene does not exist (any more). */
export async function updateScene(sceneId: string, data: SceneUpdate): Promise<SceneRow | null> {
  try {
    return await prisma.scene.update({ where: { id: sceneId }, data });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
    throw error;
  }
}

/** Asset generation is working on `step` ("image prompt", "image", "script", "voice-over", "video"). */
export async function markSceneStep(sceneId: string, step: string): Promise<boolean> {
  const { count } = await prisma.scene.updateMany({
    where: { id: sceneId },
    data: { status: "in_progress", progressStep: step, errorMessage: null },
  });
  return count > 0;
}

/** Every asset exists: the scene is completed. */
export async function markSceneCompleted(sceneId: string): Promise<boolean> {
  const { count } = await prisma.scene.updateMany({
    where: { id: sceneId },
    data: { status: "completed", progressStep: null, errorMessage: null },
  });
  return count > 0;
}

/**
 * Asset generation stopped at `step` with `message` ("Failed while {step}: {reason}"). The
 * scene goes back to pending (scenes have no failed status in seed 001) and keeps the step and
 * the message, so the editor can show where it stopped.
 */
export async function markSceneFailed(sceneId: string, step: string, message: string): Promise<boolean> {
  const { count } = await prisma.scene.updateMany({
    where: { id: sceneId },
    data: { status: "pending", progressStep: step, errorMessage: message.slice(0, 2000) },
  });
  return count > 0;
}
