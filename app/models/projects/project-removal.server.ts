// Deleting a project or one of its scenes, with everything that belongs to it
// (docs/decisions/152-editor-operations.md): the rows (scenes, asset versions, project assets and
// compile jobs go with the project; versions with the scene), the image and video generation
// jobs that show their pictures and clips on the Dashboard, the files in storage (scene media,
// project assets, main images, compiled videos and music beds — unless something else still
// shows them, such as the final video of the Create Video story the project was made for), and
// the charges of work still under way, which are refunded.
//
// Every function takes the acting user: the project's owner or an admin; another user's ids are
// "not found" and nothing changes (ADR 130).
import type { Actor } from "~/models/access/actor.server";
import { deleteImageJobsOf } from "~/models/generation/image-jobs.server";
import { projectAssetUrls } from "./project-assets.server";
import { projectFiles, removeUnusedFiles, sceneFiles, type FileRef } from "~/models/files/project-files.server";
import { deleteProjectRow, requireProject } from "./project.server";
import { versionUrlsOfProject, versionUrlsOfScenes } from "~/models/generation/scene-asset-versions.server";
import { deleteSceneRow, findSceneOfProject, type SceneRow } from "./scenes.server";
import { deleteVideoJobsOf } from "~/models/stories/video-jobs.server";
import { refundProjectCharges } from "~/models/billing";

const DELETED_NOTE = "The project was deleted before the work finished";

function sceneMedia(scene: SceneRow): (string | null)[] {
  return [scene.imageUrl, scene.videoUrl, scene.voiceOverUrl, scene.backgroundMusicUrl, scene.productImageUrl];
}

export type RemovalResult = {
  /** Files removed from storage. */
  filesRemoved: number;
  /** Credits given back for work that was still under way. */
  refunded: number;
};

/**
 * Deletes a project the actor may work on, with its scenes, assets, versions, compile jobs,
 * generation jobs and files, and refunds work still under way. NotFoundError otherwise.
 */
export async function deleteProject(actor: Actor, projectId: string): Promise<RemovalResult> {
  const { id } = await requireProject(actor, projectId);
  // What points at files, read before the rows go.
  const files: (FileRef | string | null)[] = [...(await projectFiles(id)), ...(await projectAssetUrls(id)), ...(await versionUrlsOfProject(id))];
  const project = await deleteProjectRow(actor, id);
  const sceneIds = project.scenes.map((s) => s.id);
  for (const scene of project.scenes) files.push(...sceneMedia(scene));
  files.push(project.mainProductImageUrl, project.backgroundMusicUrl, project.finalVideoUrl);
  await deleteImageJobsOf({ projectId: id });
  await deleteVideoJobsOf({ projectId: id });
  const { refunded } = await refundProjectCharges(id, DELETED_NOTE);
  // Files filed under the scenes' keys (generated and uploaded media, every version).
  for (const sceneId of sceneIds) files.push(...(await sceneFiles(sceneId)));
  const filesRemoved = await removeUnusedFiles(files, project.userId);
  return { filesRemoved, refunded };
}

/**
 * Deletes one scene of a project the actor may work on, with its versions, generation jobs and
 * files, and refunds its work still under way. The scenes after it move up (orders stay 1..n).
 */
export async function deleteScene(actor: Actor, projectId: string, sceneId: string): Promise<RemovalResult> {
  const project = await requireProject(actor, projectId);
  const found = await findSceneOfProject(actor, project.id, sceneId);
  const versions = await versionUrlsOfScenes([found.id]);
  const scene = await deleteSceneRow(actor, project.id, found.id);
  return cleanUpRemovedScenes(project, [scene], versions);
}

/**
 * After scene rows were removed (deleted, or replaced by a script division): their generation
 * jobs go, their work still under way is refunded, and their files (current ones, `versionUrls`,
 * and everything filed under their keys) are removed unless something else shows them.
 */
export async function cleanUpRemovedScenes(
  project: { id: string; userId: string },
  scenes: readonly SceneRow[],
  versionUrls: readonly string[],
): Promise<RemovalResult> {
  const files: (FileRef | string | null)[] = [...versionUrls];
  let refunded = 0;
  for (const scene of scenes) {
    files.push(...sceneMedia(scene), ...(await sceneFiles(scene.id)));
    await deleteImageJobsOf({ projectId: project.id, sceneId: scene.id });
    await deleteVideoJobsOf({ projectId: project.id, sceneId: scene.id });
    refunded += (await refundProjectCharges(project.id, "The scene was deleted before the work finished", scene.id)).refunded;
  }
  const filesRemoved = await removeUnusedFiles(files, project.userId);
  return { filesRemoved, refunded: Math.round(refunded * 100) / 100 };
}
