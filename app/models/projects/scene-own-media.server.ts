// A scene that shows the brand's own photo or clip (docs/decisions/315-own-photos-and-clips.md),
// set from the editors' doors and the MCP tool upload_project_media: the file is stored as the
// project owner's photo (product-photos) or clip (product-clips), checked by its content like
// every upload (a clip at most 60 s), and becomes the scene's source. Its picture and video are
// then stale and are made from it by the next generation or compile (a photo framed with the
// scene's camera move, a clip trimmed to the scene and muted). Free: no credits.
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { removeUnusedFiles } from "~/models/files/project-files.server";
import { removeFiles, storeFile, UploadError, type StoredFile } from "~/models/files/stored-files.server";
import { MEDIA_BUCKETS, sceneMaterialKind, type OwnMediaKind } from "~/models/stories/video-media";
import { prisma } from "~/utils/db.server";
import { SNIFF_BYTES, sniffType } from "~/utils/storage/sniff.server";
import { requireProject } from "./project.server";
import { findSceneOfProject, updateScene } from "./scenes.server";

export const NOT_OWN_MEDIA = "Please upload an image or video file";

/**
 * Stores `file` as the owner's photo or clip and makes it the scene's own material. NotFoundError
 * for a scene the actor may not work on (nothing stored); UploadError for a refused file.
 */
export async function setSceneOwnMedia(
  actor: Actor,
  projectId: string,
  sceneId: string,
  file: { body: Buffer; originalName: string },
): Promise<{ kind: OwnMediaKind; file: StoredFile }> {
  const project = await requireProject(actor, projectId);
  await findSceneOfProject(actor, project.id, sceneId);
  const type = await sniffType(file.body.subarray(0, SNIFF_BYTES));
  const kind: OwnMediaKind | null = type?.kind === "image" ? "photo" : type?.kind === "video" ? "clip" : null;
  if (!kind) throw new UploadError("wrong_type", 415, NOT_OWN_MEDIA);
  const stored = await storeFile({
    bucket: MEDIA_BUCKETS[kind],
    ownerId: project.userId,
    kinds: [kind === "photo" ? "image" : "video"],
    body: file.body,
    originalName: file.originalName,
  });
  try {
    await updateScene(actor, project.id, sceneId, { sourceMediaUrl: stored.url });
  } catch (error) {
    await removeFiles([stored]);
    throw error;
  }
  return { kind, file: stored };
}

export const SCENE_MATERIAL_MESSAGES = {
  notMedia: "Choose one of this project's photos or clips.",
  set: (kind: OwnMediaKind) => `The scene shows your ${kind}. Regenerate its picture and video (or compile) to see it.`,
  cleared: "The scene shows a generated picture again. Regenerate its picture and video (or compile) to see it.",
} as const;

/**
 * Makes one of the project's own photos or clips (a project asset of type image or video, ADR
 * 330) the scene's material, or none (null: the compositor draws the scene again). The scene's
 * picture and video become stale (their inputs name the material) and are remade by the next
 * generation or compile. Free. NotFoundError for a scene or asset of a project the actor may not
 * work on; SceneMaterialError for an audio asset. An own file the scene showed before, set by
 * setSceneOwnMedia, is removed when nothing else shows it.
 */
export async function setSceneMaterial(
  actor: Actor,
  projectId: string,
  sceneId: string,
  assetId: string | null,
): Promise<{ kind: OwnMediaKind | null; url: string | null }> {
  const project = await requireProject(actor, projectId);
  const before = await findSceneOfProject(actor, project.id, sceneId);
  let url: string | null = null;
  let kind: OwnMediaKind | null = null;
  if (assetId) {
    const asset = await prisma.projectAsset.findFirst({ where: { id: assetId, projectId: project.id }, select: { url: true, type: true } });
    if (!asset) throw new NotFoundError("Asset");
    kind = sceneMaterialKind(asset.url);
    if (!kind || (asset.type !== "image" && asset.type !== "video")) throw new SceneMaterialError(SCENE_MATERIAL_MESSAGES.notMedia);
    url = asset.url;
  }
  if (before.sourceMediaUrl !== url) {
    await updateScene(actor, project.id, sceneId, { sourceMediaUrl: url });
    if (before.sourceMediaUrl) await removeUnusedFiles([before.sourceMediaUrl], project.userId);
  }
  return { kind, url };
}

export class SceneMaterialError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "SceneMaterialError";
  }
}
