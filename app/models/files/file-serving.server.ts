// Serving stored files over HTTP with access checks, validators, caching and byte ranges.
import { Readable } from "node:stream";
import { findStoredObject } from "./stored-files.server";
import { actorFromUser } from "~/models/access/actor.server";
import { getOptionalUser } from "~/models/access/auth.server";
import { mayReadObject } from "~/models/access/permissions.server";
import { isBucketName } from "~/utils/storage/buckets";
import { fileCacheControl } from "~/utils/storage/cache-control";
import { storage } from "~/utils/storage/index.server";
import { isValidKey } from "~/utils/storage/keys";
import { contentRange, parseRange } from "~/utils/storage/range";
import { DOWNLOAD_NAME } from "~/utils/download-name";

/**
 * Longest answer to an open-ended range ("bytes=N-", what video players send). Players ask again
 * for the rest, so a seek never streams a whole large file.
 */
export const MAX_OPEN_RANGE_BYTES = 8 * 1024 * 1024;

function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

const INLINE_PREFIXES = ["image/", "audio/", "video/"];

/**
 * Media are shown inline, other files are attachments. `?download=<name>` (a slug with an
 * extension, docs/decisions/200-download-file-names.md) asks for an attachment with that name;
 * another value gets the stored name.
 */
function contentDisposition(contentType: string, originalName: string | null, download: string | null): string | null {
  if (download !== null) {
    if (DOWNLOAD_NAME.test(download)) return `attachment; filename="${download}"`;
    return attachment(originalName);
  }
  if (INLINE_PREFIXES.some((p) => contentType.startsWith(p))) return null;
  return attachment(originalName);
}

function attachment(originalName: string | null): string {
  if (!originalName) return "attachment";
  const ascii = originalName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/**
 * GET/HEAD /resources/files/{bucket}/{key}. Private objects are served only to their owner and
 * admins; everyone else (anonymous visitors included) gets the same 404 as for a missing file,
 * so the existence of a private file is not revealed.
 */
export async function serveStoredFile(request: Request, bucket: string, key: string, opts: { signedLink?: boolean } = {}): Promise<Response> {
  if (!isBucketName(bucket) || !isValidKey(key)) return notFound();
  const object = await findStoredObject(bucket, key);
  if (!object) return notFound();
  // A verified signed link (signed-links.server.ts) stands in for the viewer's session.
  if (!opts.signedLink && !object.isPublic) {
    const user = await getOptionalUser(request);
    if (!mayReadObject(object, user && actorFromUser(user, "web"))) return notFound();
  }

  const driver = storage();
  const stat = await driver.stat(bucket, key);
  if (!stat) {
    console.error(`stored object ${bucket}/${key} has a row but no bytes`);
    return notFound();
  }

  const etag = stat.etag ?? `"${stat.size.toString(16)}-${object.createdAt.getTime().toString(16)}"`;
  const lastModified = new Date(Math.floor(stat.lastModified.getTime() / 1000) * 1000);
  const headers = new Headers({
    "Content-Type": object.contentType,
    ETag: etag,
    "Last-Modified": lastModified.toUTCString(),
    // From the visibility now, not the one the file had when stored (ADR 123).
    // A signed link's answer is for its holder only and must not outlive the link in a cache.
    "Cache-Control": opts.signedLink ? "private, no-store" : fileCacheControl(bucket, object.isPublic),
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  const disposition = contentDisposition(object.contentType, object.originalName, new URL(request.url).searchParams.get("download"));
  if (disposition) headers.set("Content-Disposition", disposition);
  if (!object.isPublic && !opts.signedLink) headers.set("Vary", "Cookie");

  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = request.headers.get("if-modified-since");
  const notModified = ifNoneMatch ? etagMatches(ifNoneMatch, etag) : Boolean(ifModifiedSince && Date.parse(ifModifiedSince) >= lastModified.getTime());
  if (notModified) {
    const h = new Headers(headers);
    h.delete("Content-Type");
    h.delete("Content-Disposition");
    return new Response(null, { status: 304, headers: h });
  }

  // If-Range: honour the Range only when the client's copy is still the current one.
  let rangeHeader = request.headers.get("range");
  const ifRange = request.headers.get("if-range");
  if (rangeHeader && ifRange) {
    const current =
      ifRange.trim().startsWith('"') || ifRange.trim().startsWith("W/")
        ? etagMatches(ifRange, etag) && !ifRange.trim().startsWith("W/")
        : Date.parse(ifRange) === lastModified.getTime();
    if (!current) rangeHeader = null;
  }
  const parsed = parseRange(rangeHeader, stat.size, MAX_OPEN_RANGE_BYTES);
  if (parsed.type === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${stat.size}`);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.delete("Content-Disposition");
    return new Response(request.method === "HEAD" ? null : "Range Not Satisfiable", { status: 416, headers });
  }
  const range = parsed.type === "range" ? parsed.range : null;
  const length = range ? range.end - range.start + 1 : stat.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", contentRange(range, stat.size));
  const status = range ? 206 : 200;

  if (request.method === "HEAD") return new Response(null, { status, headers });

  const got = await driver.get(bucket, key, range ? { range } : {});
  if (!got) return notFound();
  // A client that goes away (a player seeking elsewhere) releases the file at once.
  const onAbort = () => got.body.destroy();
  if (request.signal?.aborted) {
    onAbort();
    return new Response(null, { status: 499 });
  }
  request.signal?.addEventListener("abort", onAbort, { once: true });
  got.body.once("close", () => request.signal?.removeEventListener("abort", onAbort));
  const stream = Readable.toWeb(got.body) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
