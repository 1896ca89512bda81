// The files of a project and of its scenes, for removing them when what shows them goes away
// (a deleted project or scene, a removed project asset or main image). docs/decisions/152-editor-operations.md.
//
// A file is removed only when it is the project owner's, lies in one of the buckets the editors
// write (canvas-assets, project-images, renders), and no column refers to it any more
// (unused-uploads.server.ts unreferencedObjects): a story's final video, another project's scene
// or a dashboard job still showing it keeps it. Create Video's own uploads (product-photos,
// background-music) are left to the sweep of unused uploads. Failures are logged, never thrown:
// the rows are gone already, and a file left behind is only space.
import { listStoredObjectsByPrefix, deleteFile, findStoredObject } from "./stored-files.server";
import { storedObjectOf } from "./content-files.server";
import { unreferencedObjects } from "./unused-uploads.server";
import type { BucketName } from "~/utils/storage/buckets";

const EDITOR_BUCKETS: readonly BucketName[] = ["canvas-assets", "project-images", "renders"];

export type FileRef = { bucket: BucketName; key: string };

/** Every stored file filed under a scene (canvas-assets scenes/{sceneId}_…). */
export async function sceneFiles(sceneId: string): Promise<FileRef[]> {
  return (await listStoredObjectsByPrefix("canvas-assets", `scenes/${sceneId}_`)).map((o) => ({ bucket: "canvas-assets", key: o.key }));
}

/** Every stored file filed under a project: its main images and assets, its renders and music. */
export async function projectFiles(projectId: string): Promise<FileRef[]> {
  const lists = await Promise.all([
    listStoredObjectsByPrefix("project-images", `public/main-project-images/${projectId}-`),
    listStoredObjectsByPrefix("project-images", `public/project-assets/${projectId}/`),
    listStoredObjectsByPrefix("renders", `projects/${projectId}/`),
  ]);
  return [
    ...lists[0].map((o) => ({ bucket: "project-images" as const, key: o.key })),
    ...lists[1].map((o) => ({ bucket: "project-images" as const, key: o.key })),
    ...lists[2].map((o) => ({ bucket: "renders" as const, key: o.key })),
  ];
}

/**
 * Removes the given files (stored objects, or column values pointing at them) that are
 * `ownerId`'s, in an editor bucket, and no longer referenced by any column. Returns how many
 * were removed.
 */
export async function removeUnusedFiles(files: readonly (FileRef | string | null | undefined)[], ownerId: string): Promise<number> {
  const seen = new Set<string>();
  const candidates: FileRef[] = [];
  for (const file of files) {
    const ref = typeof file === "string" ? storedObjectOf(file) : file;
    if (!ref || !(EDITOR_BUCKETS as readonly string[]).includes(ref.bucket)) continue;
    const id = `${ref.bucket}/${ref.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const row = await findStoredObject(ref.bucket, ref.key);
    if (row && row.ownerId === ownerId) candidates.push({ bucket: ref.bucket as BucketName, key: ref.key });
  }
  let removed = 0;
  for (const file of await unreferencedObjects(candidates)) {
    try {
      if (await deleteFile(file.bucket, file.key)) removed++;
    } catch (error) {
      console.error(`[projects] removing ${file.bucket}/${file.key} failed`, error);
    }
  }
  return removed;
}
