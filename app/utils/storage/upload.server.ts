// Putting files into storage: the one pipeline every upload and every generated file goes
// through. It sniffs the type from the bytes, enforces the per-kind size limit while streaming,
// names the object (random id + allow-listed extension), stores it without ever overwriting,
// and records a stored_objects row. Plus multipart parsing (busboy) for route actions and the
// JSON upload endpoint, and the helpers to read and delete files.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import {
  createStoredObject,
  deleteStoredObjectRecord,
  findStoredObject,
  StoredObjectExistsError,
  type StoredObjectRecord,
} from "~/models/stored-object.server";
import { allowedKinds, BUCKETS, fileUrl, makeKeyContext, objectRef, parseObjectRef, type BucketName } from "./buckets";
import { storedCacheControl } from "./cache-control";
import { storage } from "./index.server";
import { assertValidKey, displayName, InvalidKeyError, storedExtension } from "./keys";
import { MAX_BYTES, tooLargeMessage, wrongKindMessage, type MediaKind } from "./media-types";
import { reconcileKind, SNIFF_BYTES, sniffType } from "./sniff.server";
import { ObjectExistsError, type GetResult, type PutBody } from "./types";
import type { ByteRange } from "./range";

export const STORAGE_FAILURE_MESSAGE = "Storage error: There was a problem uploading your files. Please try again.";

export class UploadError extends Error {
  readonly status: number;
  readonly code: "empty" | "wrong_type" | "too_large" | "bad_request" | "conflict" | "interrupted" | "storage";
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

function maxBytesFor(kinds: readonly MediaKind[]): number {
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

  const sniffed = await sniffType(Buffer.concat(head));
  const type = sniffed ? reconcileKind(sniffed, kinds) : null;
  if (!type) throw new UploadError("wrong_type", 415, wrongKindMessage(kinds));
  const limit = MAX_BYTES[type.kind];
  if (headBytes > limit) throw new UploadError("too_large", 413, tooLargeMessage(type.kind));

  const originalName = displayName(input.originalName);
  const ext = storedExtension(originalName, type.exts);
  const driver = storage();
  let key: string;
  try {
    if (input.key) {
      assertValidKey(input.key);
      key = input.key;
      if (await driver.exists(input.bucket, key)) throw new UploadError("conflict", 409, "A file with this name already exists.");
    } else {
      // Keys with a timestamp (canvas scenes, main project images) could meet within a
      // millisecond; a taken key is skipped, never overwritten.
      let now = Date.now();
      key = rule.key(makeKeyContext(ext, params, now));
      for (let attempt = 0; await driver.exists(input.bucket, key); attempt++) {
        if (attempt >= 5) throw new UploadError("conflict", 409, "A file with this name already exists.");
        now += 1;
        key = rule.key(makeKeyContext(ext, params, now));
      }
      assertValidKey(key);
    }
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError("bad_request", 400, error instanceof Error ? error.message : "Invalid upload");
  }

  let total = 0;
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) {
      total += chunk.byteLength;
      yield chunk;
    }
    if (sourceDone) return;
    while (true) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await source.next();
      } catch {
        throw new UploadError("interrupted", 400, "The upload was interrupted. Please try again.");
      }
      if (next.done) return;
      total += next.value.byteLength;
      if (total > limit) throw new UploadError("too_large", 413, tooLargeMessage(type!.kind));
      yield next.value;
    }
  }

  try {
    await driver.put(input.bucket, key, body(), {
      contentType: type.mime,
      cacheControl: storedCacheControl(input.bucket),
    });
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (error instanceof ObjectExistsError) throw new UploadError("conflict", 409, "A file with this name already exists.");
    if (error instanceof InvalidKeyError) throw new UploadError("bad_request", 400, error.message);
    console.error(`storage put ${input.bucket}/${key} failed`, error);
    throw new UploadError("storage", 500, STORAGE_FAILURE_MESSAGE);
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
    throw new UploadError("storage", 500, STORAGE_FAILURE_MESSAGE);
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

// ─── multipart requests ───

export type UploadFormOptions = UploadTarget & {
  /** Names of the file fields (default ["file"]). */
  fileFields?: readonly string[];
  /** Most files accepted in one request (default 1). */
  maxFiles?: number;
};

/** Where the files of one field go. Fields given the same object share its maxFiles. */
export type UploadFieldTarget = UploadTarget & {
  /** Most files accepted for this target in one request, refs included (default 1). */
  maxFiles?: number;
};

export type UploadFormResult =
  | { ok: true; fields: FormData; files: (StoredFile & { field: string })[] }
  | {
      ok: false;
      status: number;
      error: string;
      fields: FormData;
      /** The file field whose file was refused; absent when the body as a whole failed. */
      field?: string;
    };

const FIELD_LIMITS = { fields: 200, fieldSize: 256 * 1024, parts: 300, fieldNameSize: 200 };
const NOT_MULTIPART = "Expected a multipart/form-data upload.";
const INTERRUPTED = "The upload was interrupted. Please try again.";

type Failure = { error: UploadError; field?: string };

function errorResult(status: number, error: string, fields = new FormData(), field?: string): UploadFormResult {
  return field ? { ok: false, status, error, fields, field } : { ok: false, status, error, fields };
}

function tooManyFiles(maxFiles: number): UploadError {
  return new UploadError("bad_request", 400, maxFiles === 1 ? "Please upload one file at a time." : `Please upload at most ${maxFiles} files at a time.`);
}

/**
 * Parses a multipart/form-data request with one target: every file in `fileFields` goes to the
 * same bucket (see parseMultipartUpload). Use it in a route action:
 *
 *   const form = await parseUploadForm(request, { bucket: "avatars", ownerId: user.id });
 *   if (!form.ok) return json({ error: form.error }, { status: form.status });
 */
export function parseUploadForm(request: Request, options: UploadFormOptions): Promise<UploadFormResult> {
  const { fileFields = ["file"], ...target } = options;
  return parseMultipartUpload(request, Object.fromEntries(fileFields.map((field) => [field, target])));
}

/**
 * Reads a multipart/form-data request ONCE, streaming each file into the storage target of its
 * field as it arrives (nothing is buffered whole); files under any other name are read and
 * dropped. Text fields come back as FormData. A file already uploaded by the JS client
 * (useUpload) can be passed instead as "{field}Ref" = "bucket/key"; it is accepted when it is in
 * the field's bucket and has the target's owner.
 *
 * Never throws for a bad body: a body that is not multipart, has no boundary, stops early (cut
 * off, or the client went away) or breaks a limit gives {ok: false} with a 4xx status and a
 * message for people. Every stream involved has its errors handled (an unhandled 'error' would
 * end the process), and whatever this request stored is removed again when it fails.
 */
export async function parseMultipartUpload(request: Request, targets: Readonly<Record<string, UploadFieldTarget>>): Promise<UploadFormResult> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) return errorResult(400, NOT_MULTIPART);

  // Refuse a body larger than every target's files could be, before reading it.
  const distinct = [...new Set(Object.values(targets))];
  let budget = 1024 * 1024;
  let biggest: MediaKind | null = null;
  let perFile = 0;
  for (const target of distinct) {
    const kinds = allowedKinds(target.bucket, target.params ?? {}, target.kinds);
    const max = maxBytesFor(kinds);
    budget += (target.maxFiles ?? 1) * max;
    if (max > perFile) {
      perFile = max;
      biggest = kinds.reduce<MediaKind>((a, k) => (MAX_BYTES[k] > MAX_BYTES[a] ? k : a), kinds[0] ?? "image");
    }
  }
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > budget) return errorResult(413, tooLargeMessage(biggest ?? "image"));

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { ...FIELD_LIMITS, fileSize: perFile + 1 },
    });
  } catch {
    // No boundary, or a malformed header: answered at once, without touching the body.
    return errorResult(400, NOT_MULTIPART);
  }

  const fields = new FormData();
  const stored: (StoredFile & { field: string })[] = [];
  const counts = new Map<UploadFieldTarget, number>();
  let failure: Failure | null = null;
  const fail = (error: UploadError, field?: string) => void (failure ??= { error, field });
  const interrupted = () => fail(new UploadError("interrupted", 400, INTERRUPTED));
  let work: Promise<void> = Promise.resolve();

  // The parser's errors are also the pipeline's; this listener only guarantees that a late one
  // (after the pipeline settled) is never unhandled.
  parser.on("error", interrupted);
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(new UploadError("bad_request", 400, "A form field is too long."));
    else fields.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // Listen at once: a body that stops early destroys the file stream being read with an error,
    // and a stream nobody listens to (a refused or unwanted part being drained) would throw it.
    stream.on("error", interrupted);
    const target = Object.hasOwn(targets, name) ? targets[name] : undefined;
    if (!target || !info.filename || failure) {
      stream.resume();
      return;
    }
    const count = (counts.get(target) ?? 0) + 1;
    counts.set(target, count);
    if (count > (target.maxFiles ?? 1)) {
      fail(tooManyFiles(target.maxFiles ?? 1), name);
      stream.resume();
      return;
    }
    work = work.then(async () => {
      if (failure) {
        stream.resume();
        return;
      }
      try {
        const file = await storeFile({ ...target, body: stream, originalName: info.filename });
        stored.push({ ...file, field: name });
      } catch (error) {
        if (!(error instanceof UploadError)) console.error("upload failed", error);
        fail(error instanceof UploadError ? error : new UploadError("storage", 500, STORAGE_FAILURE_MESSAGE), name);
      } finally {
        // Whatever was not read (a refused file) is drained so the parser can finish.
        if (!stream.readableEnded) stream.resume();
      }
    });
  });
  parser.on("partsLimit", () => fail(new UploadError("bad_request", 400, "The form has too many parts.")));
  parser.on("fieldsLimit", () => fail(new UploadError("bad_request", 400, "The form has too many fields.")));

  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>), parser);
  } catch (error) {
    interrupted();
    if (!(error instanceof Error && /aborted|terminated|premature|Unexpected end|Malformed/i.test(error.message))) {
      console.error("multipart parsing failed", error);
    }
  }
  await work;

  if (!failure) {
    for (const [field, target] of Object.entries(targets)) {
      for (const ref of fields.getAll(`${field}Ref`)) {
        if (typeof ref !== "string" || !ref) continue;
        const resolved = await resolveUploadRef(ref, target);
        if (!resolved) {
          fail(new UploadError("bad_request", 400, "The uploaded file could not be found. Please upload it again."), field);
          break;
        }
        const count = (counts.get(target) ?? 0) + 1;
        counts.set(target, count);
        if (count > (target.maxFiles ?? 1)) {
          fail(tooManyFiles(target.maxFiles ?? 1), field);
          break;
        }
        stored.push({ ...resolved, field });
      }
      if (failure) break;
    }
  }

  const failed = failure as Failure | null;
  if (failed) {
    // Remove what this request stored (not files referenced by a ref: they predate it).
    const referenced = new Set(Object.keys(targets).flatMap((f) => fields.getAll(`${f}Ref`).map(String)));
    await removeFiles(stored.filter((f) => !referenced.has(f.ref)));
    return errorResult(failed.error.status, failed.error.message, fields, failed.field);
  }
  return { ok: true, fields, files: stored };
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

export type UploadJson =
  | { ok: true; id: string; bucket: BucketName; key: string; ref: string; url: string; contentType: string; size: number; originalName: string | null }
  | { ok: false; error: string };

export function uploadJson(body: UploadJson, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The JSON upload door: one file in field "file", answered with
 * {ok, id, bucket, key, ref, url, contentType, size, originalName} or {ok: false, error}.
 * Routes with their own authorisation (an order's media, a scene's image) call this after it.
 */
export async function handleUploadRequest(request: Request, target: UploadTarget): Promise<Response> {
  const form = await parseUploadForm(request, { ...target, fileFields: ["file"], maxFiles: 1 });
  if (!form.ok) return uploadJson({ ok: false, error: form.error }, form.status);
  const file = form.files[0];
  if (!file) return uploadJson({ ok: false, error: "Please choose a file to upload." }, 400);
  return uploadJson({
    ok: true,
    id: file.id,
    bucket: file.bucket,
    key: file.key,
    ref: file.ref,
    url: file.url,
    contentType: file.contentType,
    size: file.size,
    originalName: file.originalName,
  });
}
