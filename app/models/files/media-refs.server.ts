// Media fields (a scene's image, video and voice-over, a project's product image and music, a
// final video) hold references to stored objects, never a URL someone typed in. Writing one is
// checked here: the object exists, belongs to the owner of the project it goes into (so the
// actor, who is that owner or an admin, may read it) and is of the field's kind — the check
// Create Video makes for its uploads (resolveUploadRef). Reading one for rendering is checked
// again, so a value that got into the database some other way is still not read. A plain
// http(s) URL is accepted, and fetched, only when its origin is on MEDIA_URL_ALLOWLIST (empty
// by default). See docs/decisions/131-media-references.md.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseSignedLink, SIGNED_FILES_ROUTE } from "./signed-links.server";
import { findStoredObject } from "./stored-files.server";
import { inspectMediaFile, MediaRejectedError } from "~/providers/media/inspect.server";
import { ProviderError } from "~/providers/media/types";
import { SNIFF_BYTES, sniffType } from "~/utils/storage/sniff.server";
import { ensureDir, workRoot } from "~/providers/media/workdir.server";
import { fetchAllowedMedia, isAllowedMediaUrl } from "~/utils/media-allowlist.server";
import { FILES_ROUTE, isBucketName, objectRef, parseFileUrl, parseObjectRef, type BucketName } from "~/utils/storage/buckets";
import type { MediaKind } from "~/utils/storage/media-types";
import { localFilePath, readFileBytes, resolveUploadRef } from "./stored-files.server";

export const MEDIA_REF_MESSAGES = {
  notAReference: "Choose a file you uploaded; links to other sites are not accepted.",
  notFound: "The file could not be found. Please upload it again.",
} as const;

/** A media field got a value it may not hold (a raw URL, someone else's file, the wrong kind). Doors answer 400. */
export class MediaRefError extends Error {
  readonly status = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "MediaRefError";
  }
}

export function isMediaRefError(error: unknown): error is MediaRefError {
  return error instanceof MediaRefError || (error instanceof Error && error.name === "MediaRefError");
}

type Target = { object: { bucket: BucketName; key: string } } | { url: string };

/**
 * What a media value points at: a stored object ("bucket/key", the file route's own relative URL
 * "/resources/files/bucket/key", or a signed link this server made), an http(s) URL, or null for
 * anything else.
 */
export function parseMediaValue(value: string): Target | null {
  const v = value.trim();
  if (v.startsWith(`${FILES_ROUTE}/`)) {
    const ref = parseFileUrl(v);
    return ref ? { object: ref } : null;
  }
  // This server's own signed link (upload_product_image's resource link): the object it names.
  const own = v.includes(`${SIGNED_FILES_ROUTE}/`) ? parseSignedLink(v) : null;
  if (own) return isBucketName(own.bucket) ? { object: { bucket: own.bucket, key: own.key } } : null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return /^https?:\/\//i.test(v) ? { url: v } : null;
  const ref = parseObjectRef(v);
  return ref ? { object: ref } : null;
}

/**
 * The value to store in a media field of something `ownerId` owns: the stored object's file
 * URL (the form the columns hold), an allow-listed URL as given, or null to clear it.
 * `undefined` (the field is not being changed) stays undefined. Throws MediaRefError.
 */
export async function checkMediaValue(field: string, kind: MediaKind, value: string | null | undefined, ownerId: string): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string") throw new MediaRefError(field, MEDIA_REF_MESSAGES.notAReference);
  const target = parseMediaValue(value);
  if (!target) throw new MediaRefError(field, MEDIA_REF_MESSAGES.notAReference);
  if ("url" in target) {
    if (!isAllowedMediaUrl(target.url)) throw new MediaRefError(field, MEDIA_REF_MESSAGES.notAReference);
    return target.url;
  }
  const { bucket, key } = target.object;
  const file = await resolveUploadRef(objectRef(bucket, key), { bucket, ownerId, kinds: [kind] });
  if (!file) throw new MediaRefError(field, MEDIA_REF_MESSAGES.notFound);
  return file.url;
}

/** checkMediaValue for every media field present in `data` (a copy with the values to store). */
export async function checkMediaFields<T extends Record<string, unknown>>(
  data: T,
  kinds: Partial<Record<keyof T & string, MediaKind>>,
  ownerId: string,
): Promise<T> {
  const out: Record<string, unknown> = { ...data };
  for (const [field, kind] of Object.entries(kinds) as [string, MediaKind][]) {
    if (!(field in data)) continue;
    out[field] = await checkMediaValue(field, kind, data[field] as string | null | undefined, ownerId);
  }
  return out as T;
}

// ───────────────────────────── reading (rendering) ─────────────────────────────

export class MediaMissingError extends Error {
  constructor(what: string, message = `The ${what} file cannot be found`) {
    super(message);
    this.name = "MediaMissingError";
  }
}

/** Where a stored media value of `ownerId`'s project may be read from; refused otherwise. */
async function readableTarget(value: string, what: string, ownerId: string): Promise<Target> {
  const target = parseMediaValue(value);
  if (!target) throw new MediaMissingError(what);
  if ("url" in target) {
    if (!isAllowedMediaUrl(target.url)) throw new MediaMissingError(what, `The ${what} is a link the server does not fetch`);
    return target;
  }
  const row = await findStoredObject(target.object.bucket, target.object.key);
  if (!row || row.ownerId !== ownerId) throw new MediaMissingError(what);
  return target;
}

/** The bytes of a media value of `ownerId`'s project (a stored object, or an allow-listed URL). */
export async function readMediaBytes(value: string, what: string, ownerId: string): Promise<Buffer> {
  const target = await readableTarget(value, what, ownerId);
  if ("object" in target) {
    const bytes = await readFileBytes(target.object.bucket, target.object.key);
    if (!bytes) throw new MediaMissingError(what);
    return bytes;
  }
  const res = await fetchAllowedMedia(target.url);
  if (!res.ok) throw new ProviderError("download", res.status >= 500 ? "upstream" : "bad_input", `Downloading the ${what} failed (HTTP ${res.status})`);
  return res.bytes;
}

/**
 * A path ffmpeg can read for a media value of `ownerId`'s project: the local storage file
 * itself, or (S3, an allow-listed URL) a copy in the work dir named by the value, so repeated
 * compiles reuse it. `url` is set for an allow-listed URL (hosted renderers fetch it themselves).
 */
export async function mediaFile(value: string, what: string, ownerId: string): Promise<{ path: string; url?: string }> {
  const target = await readableTarget(value, what, ownerId);
  const url = "url" in target ? { url: target.url } : {};
  if ("object" in target) {
    const local = localFilePath(target.object.bucket, target.object.key);
    if (local && existsSync(local)) return { path: local };
  }
  const ext = (path.extname(value.split(/[?#]/)[0]).replace(/[^.\w]/g, "") || ".bin").slice(0, 6);
  const dir = await ensureDir(path.join(workRoot(), "fetched"));
  const file = path.join(dir, `${createHash("sha256").update(value).digest("hex").slice(0, 32)}${ext}`);
  if (existsSync(file)) return { path: file, ...url };
  const bytes = await readMediaBytes(value, what, ownerId);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, bytes);
  // A fetched file is checked whole, as an upload is (docs/decisions/270-media-identified-by-structure.md).
  const type = await sniffType(bytes.subarray(0, SNIFF_BYTES));
  try {
    if (!type) throw new MediaRejectedError("not a media type the server reads", "unreadable");
    await inspectMediaFile(tmp, type.mime);
  } catch (error) {
    await rm(tmp, { force: true });
    console.error(`fetched ${what} refused: ${(error as Error).message}`);
    throw new MediaMissingError(what, `The ${what} could not be read`);
  }
  await rename(tmp, file);
  return { path: file, ...url };
}

/** mediaFile's path only. */
export async function mediaFilePath(value: string, what: string, ownerId: string): Promise<string> {
  return (await mediaFile(value, what, ownerId)).path;
}
