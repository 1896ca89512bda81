// Upload requests: multipart bodies (busboy) streamed into storage in one pass, each file field
// to its own bucket, and the JSON upload door. Files are stored through the stored-files core.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import {
  maxBytesFor,
  removeFiles,
  resolveUploadRef,
  STORAGE_FAILURE_MESSAGE,
  storeFile,
  UploadError,
  type StoredFile,
  type UploadTarget,
} from "./stored-files.server";
import { allowedKinds, type BucketName } from "~/utils/storage/buckets";
import { MAX_BYTES, tooLargeMessage, type MediaKind } from "~/utils/storage/media-types";
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
      /** The name of the refused file, as the browser sent it (for a message that names it). */
      fileName?: string;
    };

const FIELD_LIMITS = { fields: 200, fieldSize: 256 * 1024, parts: 300, fieldNameSize: 200 };
const NOT_MULTIPART = "Expected a multipart/form-data upload.";
const INTERRUPTED = "The upload was interrupted. Please try again.";

type Failure = { error: UploadError; field?: string; fileName?: string };

function errorResult(status: number, error: string, fields = new FormData(), field?: string, fileName?: string): UploadFormResult {
  return { ok: false, status, error, fields, ...(field ? { field } : {}), ...(fileName ? { fileName } : {}) };
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
  const fail = (error: UploadError, field?: string, fileName?: string) => {
    // A body cut off mid-file also makes that file unreadable: the cut is what to report.
    if (failure?.error.code === "unreadable" && error.code === "interrupted") failure = { error, field: failure.field, fileName: failure.fileName };
    else failure ??= { error, field, fileName };
  };
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
      fail(tooManyFiles(target.maxFiles ?? 1), name, info.filename);
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
        fail(error instanceof UploadError ? error : new UploadError("storage", 503, STORAGE_FAILURE_MESSAGE), name, info.filename);
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
    return errorResult(failed.error.status, failed.error.message, fields, failed.field, failed.fileName);
  }
  return { ok: true, fields, files: stored };
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
