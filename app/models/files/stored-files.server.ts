// Stored files: the core module of the stored_objects table and the one pipeline every upload
// and every generated file goes through. It sniffs the type from the bytes, enforces the
// per-kind size limit while streaming, names the object (random id + allow-listed extension),
// stores it through the storage driver (app/utils/storage: pure drivers, no rows) without ever
// overwriting, and records the row; plus reading, deleting, and the rule of who may read one.
import { prisma, Prisma } from "~/utils/db.server";
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, inspectMediaFile, MediaRejectedError } from "~/providers/media/inspect.server";
import { ensureDir, workRoot } from "~/providers/media/workdir.server";
import { allowedKinds, BUCKETS, fileUrl, makeKeyContext, objectRef, parseObjectRef, type BucketName, type VideoLimits } from "~/utils/storage/buckets";
import { storedCacheControl } from "~/utils/storage/cache-control";
import { storage } from "~/utils/storage/index.server";
import { assertValidKey, displayName, InvalidKeyError, storedExtension } from "~/utils/storage/keys";
import {
  clipResolutionMessage,
  clipTooLongMessage,
  MAX_BYTES,
  tooLargeMessage,
  wrongKindMessage,
  type AcceptedType,
  type MediaKind,
} from "~/utils/storage/media-types";
import { reconcileKind, SNIFF_BYTES, sniffType } from "~/utils/storage/sniff.server";
import { ObjectExistsError, type GetResult, type PutBody } from "~/utils/storage/types";
import type { ByteRange } from "~/utils/storage/range";

export type StoredObjectRecord = {
  id: string;
  bucket: string;
  key: string;
  contentType: string;
  size: number;
  isPublic: boolean;
  originalName: string | null;
  ownerId: string | null;
  createdAt: Date;
};

const select = {
  id: true,
  bucket: true,
  key: true,
  contentType: true,
  size: true,
  isPublic: true,
  originalName: true,
  ownerId: true,
  createdAt: true,
} as const;

export type NewStoredObject = Omit<StoredObjectRecord, "id" | "createdAt">;

export class StoredObjectExistsError extends Error {
  readonly code = "stored_object_exists";
  constructor(bucket: string, key: string) {
    super(`A stored object is already recorded at ${bucket}/${key}`);
    this.name = "StoredObjectExistsError";
  }
}

export async function createStoredObject(data: NewStoredObject): Promise<StoredObjectRecord> {
  try {
    return await prisma.storedObject.create({ data, select });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new StoredObjectExistsError(data.bucket, data.key);
    }
    throw error;
  }
}

export function findStoredObject(bucket: string, key: string): Promise<StoredObjectRecord | null> {
  return prisma.storedObject.findUnique({ where: { bucket_key: { bucket, key } }, select });
}

export function findStoredObjectById(id: string): Promise<StoredObjectRecord | null> {
  return prisma.storedObject.findUnique({ where: { id }, select });
}

export async function deleteStoredObjectRecord(bucket: string, key: string): Promise<boolean> {
  const { count } = await prisma.storedObject.deleteMany({ where: { bucket, key } });
  return count > 0;
}

/** Makes one object public or private (e.g. when a user toggles a video's visibility). */
export async function setStoredObjectVisibility(bucket: string, key: string, isPublic: boolean): Promise<boolean> {
  const { count } = await prisma.storedObject.updateMany({ where: { bucket, key }, data: { isPublic } });
  return count > 0;
}

export function listStoredObjectsByOwner(ownerId: string, opts: { bucket?: string; take?: number } = {}): Promise<StoredObjectRecord[]> {
  return prisma.storedObject.findMany({
    where: { ownerId, ...(opts.bucket ? { bucket: opts.bucket } : {}) },
    orderBy: { createdAt: "desc" },
    take: Math.min(opts.take ?? 100, 1000),
    select,
  });
}

/** Objects of a bucket whose key starts with `prefix` (a scene's or a project's files). */
export async function listStoredObjectsByPrefix(bucket: BucketName, prefix: string, take = 5000): Promise<StoredObjectRecord[]> {
  if (!prefix) return [];
  const rows = await prisma.storedObject.findMany({ where: { bucket, key: { startsWith: prefix } }, select, take });
  // startsWith becomes LIKE, where "_" matches any character: keep the real prefix only.
  return rows.filter((r) => r.key.startsWith(prefix));
}

export const STORAGE_FAILURE_MESSAGE = "Storage error: There was a problem uploading your files. Please try again.";

export class UploadError extends Error {
  readonly status: number;
  readonly code: "empty" | "wrong_type" | "too_large" | "unreadable" | "bad_request" | "conflict" | "interrupted" | "storage";
  constructor(code: UploadError["code"], status: number, message: string) {
    super(message);
    this.name = "UploadError";
    this.code = code;
    this.status = status;
  }
}

export type StoredFile = {
  id: string;
  bucket: BucketName;
  key: string;
  /** "bucket/key" (what profiles.avatarKey holds). */
  ref: string;
  /** /resources/files/{bucket}/{key} */
  url: string;
  contentType: string;
  kind: MediaKind;
  size: number;
  isPublic: boolean;
  originalName: string | null;
  ownerId: string | null;
  createdAt: Date;
};

export type UploadTarget = {
  bucket: BucketName;
  /** Who owns the file (may read it while private). Null: admin-only unless public. */
  ownerId: string | null;
  /** Key context the bucket needs (sceneId, kind, projectId, purpose, orderId, prefix). */
  params?: Record<string, string | undefined>;
  /** Narrows the bucket's kinds (e.g. ["image"] for a product photo in canvas-assets). */
  kinds?: readonly MediaKind[];
  /** Defaults to the bucket's rule. */
  isPublic?: boolean;
};

export type StoreFileInput = UploadTarget & {
  body: PutBody;
  originalName?: string | null;
  /** An explicit key (server-generated files only); still validated and never overwritten. */
  key?: string;
};

function kindOf(contentType: string): MediaKind {
  if (contentType.startsWith("image/")) return "image";
  if (contentType.startsWith("audio/")) return "audio";
  if (contentType.startsWith("video/")) return "video";
  return "document";
}

export function toStoredFile(row: StoredObjectRecord): StoredFile {
  return {
    id: row.id,
    bucket: row.bucket as BucketName,
    key: row.key,
    ref: objectRef(row.bucket, row.key),
    url: fileUrl(row.bucket, row.key),
    contentType: row.contentType,
    kind: kindOf(row.contentType),
    size: row.size,
    isPublic: row.isPublic,
    originalName: row.originalName,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
  };
}

function iteratorOf(body: PutBody): AsyncIterator<Uint8Array> {
  if (body instanceof Uint8Array) {
    return (async function* () {
      yield body;
    })();
  }
  // Not destroying the stream when we stop early lets a multipart parser drain the rest.
  if (body instanceof Readable) return body.iterator({ destroyOnReturn: false });
  return body[Symbol.asyncIterator]();
}

export function maxBytesFor(kinds: readonly MediaKind[]): number {
  return Math.max(0, ...kinds.map((k) => MAX_BYTES[k]));
}

/**
 * Stores one file. Throws UploadError (with an HTTP status and a message for people) when the
 * file is empty, not of an allowed kind, too large, or storage fails; nothing is left behind then.
 */
export async function storeFile(input: StoreFileInput): Promise<StoredFile> {
  const source = iteratorOf(input.body);
  try {
    return await storeFrom(source, input);
  } catch (error) {
    // Let go of a stream we stopped reading early (a multipart parser then drains the rest).
    await source.return?.().catch(() => {});
    throw error;
  }
}

/**
 * Whether the key is taken; storage that cannot even be asked (S3 answering 5xx, a directory
 * that cannot be read) is the server's fault, worth a retry: 503, not a 400
 * (docs/decisions/232-storage-write-failures-503.md).
 */
async function existsOrUnavailable(driver: ReturnType<typeof storage>, bucket: BucketName, key: string): Promise<boolean> {
  try {
    return await driver.exists(bucket, key);
  } catch (error) {
    console.error(`storage check of ${bucket}/${key} failed`, error);
    throw new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE);
  }
}

async function storeFrom(source: AsyncIterator<Uint8Array>, input: StoreFileInput): Promise<StoredFile> {
  const rule = BUCKETS[input.bucket];
  if (!rule) throw new UploadError("bad_request", 404, "Unknown storage bucket");
  const params = input.params ?? {};
  const kinds = allowedKinds(input.bucket, params, input.kinds);
  if (kinds.length === 0) throw new UploadError("wrong_type", 415, wrongKindMessage(input.kinds ?? rule.kinds));

  const head: Uint8Array[] = [];
  let headBytes = 0;
  let sourceDone = false;
  try {
    while (headBytes < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        sourceDone = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.byteLength;
    }
  } catch {
    throw new UploadError("interrupted", 400, "The upload was interrupted. Please try again.");
  }
  if (headBytes === 0) throw new UploadError("empty", 400, "The file is empty.");

  // The magic numbers of the first SNIFF_BYTES say what the file claims to be (the same window for
  // every chunking of the body); the whole-file check below proves it.
  const sniffed = await sniffType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  const type = sniffed ? reconcileKind(sniffed, kinds) : null;
  if (!type) throw new UploadError("wrong_type", 415, wrongKindMessage(kinds));
  const limit = MAX_BYTES[type.kind];
  if (headBytes > limit) throw new UploadError("too_large", 413, tooLargeMessage(type.kind));

  // The whole file is read into a spool file and checked as what it claims to be before it is
  // stored (docs/decisions/270-media-identified-by-structure.md).
  const spool = await spoolUpload(head, sourceDone ? null : source, limit, type.kind);
  try {
    await inspectOrRefuse(spool.file, type.mime, type.kind, rule.videoLimits);
    return await storeChecked(input, type, spool);
  } finally {
    await rm(spool.file, { force: true }).catch(() => undefined);
  }
}

const SPOOL_AREA = "uploads";

/** Writes the head and the rest of the source to a fresh work file, enforcing the size limit. */
async function spoolUpload(
  head: Uint8Array[],
  source: AsyncIterator<Uint8Array> | null,
  limit: number,
  kind: MediaKind,
): Promise<{ file: string; size: number }> {
  const dir = await ensureDir(path.join(workRoot(), SPOOL_AREA)).catch((error: unknown) => {
    console.error("upload spool folder cannot be made", error);
    throw new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE);
  });
  const file = path.join(dir, `${randomUUID()}.part`);
  let total = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) {
      total += chunk.byteLength;
      yield chunk;
    }
    if (!source) return;
    while (true) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await source.next();
      } catch {
        throw new UploadError("interrupted", 400, "The upload was interrupted. Please try again.");
      }
      if (next.done) return;
      total += next.value.byteLength;
      if (total > limit) throw new UploadError("too_large", 413, tooLargeMessage(kind));
      yield next.value;
    }
  }
  try {
    await pipeline(Readable.from(chunks()), createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await rm(file, { force: true }).catch(() => undefined);
    if (error instanceof UploadError) throw error;
    console.error("upload spool write failed", error);
    throw new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE);
  }
  return { file, size: total };
}

const KIND_WORDS: Record<MediaKind, string> = { image: "an image", audio: "an audio file", video: "a video", document: "a document" };

/** The message people read when a file is not wholly what its first bytes claim. */
export function unreadableMessage(kind: MediaKind): string {
  return `This file could not be read as ${KIND_WORDS[kind]}: it may be damaged or incomplete. Please upload another one.`;
}

export const REFERENCES_MESSAGE = "This file refers to other files (a playlist or a list of files), which cannot be used. Please upload the media file itself.";

export function imageTooBigMessage(): string {
  return `The image is too large: at most ${IMAGE_MAX_SIDE.toLocaleString("en-IN")} pixels on a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels. Please upload a smaller one.`;
}

async function inspectOrRefuse(file: string, mime: string, kind: MediaKind, videoLimits?: VideoLimits): Promise<void> {
  try {
    await inspectMediaFile(file, mime, videoLimits ? { videoLimits } : {});
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) {
      console.error(`upload inspection of a ${mime} file failed`, error);
      throw new UploadError("unreadable", 422, unreadableMessage(kind));
    }
    console.warn(`upload refused (${mime}): ${error.reason}`);
    if (error.kind === "references") throw new UploadError("unreadable", 422, REFERENCES_MESSAGE);
    if (error.kind === "too_long" && videoLimits) throw new UploadError("too_large", 422, clipTooLongMessage(error.measured?.seconds ?? 0, videoLimits));
    if (error.kind === "resolution" && videoLimits) {
      throw new UploadError("unreadable", 422, clipResolutionMessage(error.measured?.width ?? 0, error.measured?.height ?? 0, videoLimits));
    }
    if (error.kind === "too_big" && kind === "image") throw new UploadError("unreadable", 422, imageTooBigMessage());
    throw new UploadError("unreadable", 422, unreadableMessage(kind));
  }
}

async function storeChecked(input: StoreFileInput, type: AcceptedType, spool: { file: string; size: number }): Promise<StoredFile> {
  const rule = BUCKETS[input.bucket];
  const params = input.params ?? {};
  const originalName = displayName(input.originalName);
  const ext = storedExtension(originalName, type.exts);
  const driver = storage();
  const taken = () => new UploadError("conflict", 409, "A file with this name already exists.");
  // Keys with a timestamp (canvas scenes, main project images) could meet within a millisecond:
  // a taken key is skipped, never overwritten, and so is one another store took between the
  // check and the put (the put is exclusive).
  let now = Date.now();
  const freeKey = async (): Promise<string> => {
    try {
      if (input.key) {
        assertValidKey(input.key);
        if (await existsOrUnavailable(driver, input.bucket, input.key)) throw taken();
        return input.key;
      }
      let next = rule.key(makeKeyContext(ext, params, now));
      for (let attempt = 0; await existsOrUnavailable(driver, input.bucket, next); attempt++) {
        if (attempt >= 5) throw taken();
        now += 1;
        next = rule.key(makeKeyContext(ext, params, now));
      }
      assertValidKey(next);
      return next;
    } catch (error) {
      if (error instanceof UploadError) throw error;
      throw new UploadError("bad_request", 400, error instanceof Error ? error.message : "Invalid upload");
    }
  };

  const total = spool.size;
  let key = await freeKey();
  for (let lost = 0; ; lost++) {
    try {
      await driver.put(input.bucket, key, createReadStream(spool.file), {
        contentType: type.mime,
        cacheControl: storedCacheControl(input.bucket),
      });
      break;
    } catch (error) {
      if (error instanceof UploadError) throw error;
      if (error instanceof ObjectExistsError) {
        if (input.key || lost >= 5) throw taken();
        now += 1;
        key = await freeKey();
        continue;
      }
      if (error instanceof InvalidKeyError) throw new UploadError("bad_request", 400, error.message);
      console.error(`storage put ${input.bucket}/${key} failed`, error);
      throw new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE);
    }
  }

  try {
    const row = await createStoredObject({
      bucket: input.bucket,
      key,
      contentType: type.mime,
      size: total,
      isPublic: input.isPublic ?? rule.public,
      originalName,
      ownerId: input.ownerId,
    });
    return toStoredFile(row);
  } catch (error) {
    await driver.delete(input.bucket, key).catch((e) => console.error(`storage cleanup of ${input.bucket}/${key} failed`, e));
    if (error instanceof StoredObjectExistsError) throw new UploadError("conflict", 409, "A file with this name already exists.");
    console.error(`recording ${input.bucket}/${key} failed`, error);
    throw new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE);
  }
}

// ─── reading and deleting ───

export async function getStoredFile(bucket: string, key: string): Promise<StoredFile | null> {
  const row = await findStoredObject(bucket, key);
  return row ? toStoredFile(row) : null;
}

/** Opens an object's bytes (server-side use: renderers, providers). No access check. */
export function openFile(bucket: BucketName, key: string, range?: ByteRange): Promise<GetResult | null> {
  return storage().get(bucket, key, range ? { range } : {});
}

/** The whole object in memory (small files: images for sharp, prompts' reference images). */
export async function readFileBytes(bucket: BucketName, key: string): Promise<Buffer | null> {
  const got = await storage().get(bucket, key);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A filesystem path for tools like ffmpeg when the driver has one (local), else null. */
export function localFilePath(bucket: BucketName, key: string): string | null {
  const driver = storage();
  return driver.localPath ? driver.localPath(bucket, key) : null;
}

/** Removes an object's bytes and its row ("assets are removed from storage when deleted"). */
export async function deleteFile(bucket: BucketName, key: string): Promise<boolean> {
  const removedBytes = await storage().delete(bucket, key);
  const removedRow = await deleteStoredObjectRecord(bucket, key);
  return removedBytes || removedRow;
}

/** Deletes files a request stored and will not use; a failure is logged, never thrown. */
export async function removeFiles(files: readonly Pick<StoredFile, "bucket" | "key">[]): Promise<void> {
  await Promise.all(files.map((f) => deleteFile(f.bucket, f.key).catch((e) => console.error(`cleanup of ${f.bucket}/${f.key} failed`, e))));
}

/**
 * A previously uploaded object ("bucket/key") if it lies in the target's bucket and belongs to
 * the target's owner; null otherwise (so one user cannot claim another user's file).
 */
export async function resolveUploadRef(ref: string, target: Pick<UploadTarget, "bucket" | "ownerId" | "kinds">): Promise<StoredFile | null> {
  const parsed = parseObjectRef(ref);
  if (!parsed || parsed.bucket !== target.bucket) return null;
  const row = await findStoredObject(parsed.bucket, parsed.key);
  if (!row || row.ownerId !== target.ownerId) return null;
  const file = toStoredFile(row);
  if (target.kinds && !target.kinds.includes(file.kind)) return null;
  return file;
}

/**
 * Holds the given stored objects (FOR SHARE) until the caller's transaction ends, so nothing can
 * delete them meanwhile; returns the ids that still exist.
 */
export async function holdStoredObjectsInTx(tx: Prisma.TransactionClient, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const present = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "stored_objects" WHERE "id" IN (${Prisma.join([...ids])}) FOR SHARE`;
  return new Set(present.map((p) => p.id));
}
