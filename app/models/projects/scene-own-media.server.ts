// A scene that shows the brand's own photo or clip (docs/decisions/315-own-photos-and-clips.md),
// set from the editors' doors and the MCP tool upload_project_media: the file is stored as the
// project owner's photo (product-photos) or clip (product-clips), checked by its content like
// every upload (a clip at most 60 s), and becomes the scene's source. Its picture and video are
// then stale and are made from it by the next generation or compile (a photo framed with the
// scene's camera move, a clip trimmed to the scene and muted). Free: no credits.
import type { Actor } from "~/models/access/actor.server";
import { removeFiles, storeFile, UploadError, type StoredFile } from "~/models/files/stored-files.server";
import { MEDIA_BUCKETS, type OwnMediaKind } from "~/models/stories/video-media";
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
