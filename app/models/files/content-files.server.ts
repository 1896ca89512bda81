// Files behind user content (a story's final video and product image, a job's result): how a
// stored reference becomes a URL, and publishing them when their content is made public
// (ADR 082). Access itself stays with stored-files.server.ts (the object's isPublic flag).
import { findStoredObject, setStoredObjectVisibility } from "./stored-files.server";
import { BUCKETS, fileUrl, isBucketName, objectRef, parseFileUrl, parseObjectRef } from "~/utils/storage/buckets";

export { mediaUrl } from "~/utils/storage/buckets";

/** The stored object a column value points at ("bucket/key" or a file route URL), or null. */
export function storedObjectOf(value: string | null | undefined): { bucket: string; key: string } | null {
  if (!value) return null;
  return parseFileUrl(value) ?? parseObjectRef(value);
}

/** Every way a column may spell a reference to this object (for "is it used elsewhere"). */
export function referenceForms(object: { bucket: string; key: string }): string[] {
  return [fileUrl(object.bucket, object.key), objectRef(object.bucket, object.key)];
}

/**
 * Makes the stored files behind a piece of content public or private. Only objects owned by
 * `ownerId` are touched: a column pointing at someone else's file never publishes it. When
 * making private, `stillPublished` may keep a file public that another public item of the same
 * owner also shows; files of buckets that are public by rule stay public. Returns how many
 * objects changed.
 */
export async function setContentFilesPublic(
  ownerId: string,
  values: ReadonlyArray<string | null | undefined>,
  isPublic: boolean,
  stillPublished?: (forms: string[]) => Promise<boolean>,
): Promise<number> {
  let changed = 0;
  const seen = new Set<string>();
  for (const value of values) {
    const target = storedObjectOf(value);
    if (!target) continue;
    const id = `${target.bucket}/${target.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const object = await findStoredObject(target.bucket, target.key);
    if (!object || object.ownerId !== ownerId || object.isPublic === isPublic) continue;
    // Files of public buckets (avatars, showcase) are public by their bucket's rule: keep them so.
    if (!isPublic && isBucketName(target.bucket) && BUCKETS[target.bucket].public) continue;
    if (!isPublic && stillPublished && (await stillPublished(referenceForms(target)))) continue;
    if (await setStoredObjectVisibility(target.bucket, target.key, isPublic)) changed++;
  }
  return changed;
}
