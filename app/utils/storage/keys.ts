// Object keys and bucket names: what a key may look like, and how a stored name is made.
// Pure functions, shared by every driver and by the serving route.

export const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

export class InvalidKeyError extends Error {
  readonly code = "invalid_key";
  constructor(message: string) {
    super(message);
    this.name = "InvalidKeyError";
  }
}

/**
 * A key is one or more "/"-separated segments of letters, digits, ".", "_" and "-"; no segment
 * is empty, starts with a dot (so no "." or ".." and no hidden files), and there is no leading
 * slash, backslash or NUL. Keys that pass cannot leave their bucket's folder.
 */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== "string" || key.length === 0) return "key is empty";
  if (key.length > MAX_KEY_LENGTH) return "key is too long";
  if (key.startsWith("/")) return "key must not be absolute";
  for (const segment of key.split("/")) {
    if (segment.length === 0) return "key has an empty segment";
    if (segment === "." || segment === "..") return "key must not contain '.' or '..'";
    if (!SEGMENT.test(segment)) return "key has characters outside [A-Za-z0-9._-] or a segment starting with '.'";
  }
  return null;
}

export function isValidKey(key: unknown): key is string {
  return keyProblem(key) === null;
}

export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new InvalidKeyError(`Invalid storage key: ${problem}`);
}

export function isValidBucketName(bucket: unknown): bucket is string {
  return typeof bucket === "string" && BUCKET.test(bucket);
}

export function assertValidBucketName(bucket: string): void {
  if (!isValidBucketName(bucket)) throw new InvalidKeyError(`Invalid bucket name: ${JSON.stringify(bucket)}`);
}

/** A value that is safe as one key segment (ids, kinds); throws otherwise. */
export function keySegment(value: string, what = "value"): string {
  if (!SEGMENT.test(value) || value.length > 128) throw new InvalidKeyError(`Invalid ${what} for a storage key`);
  return value;
}

/**
 * The extension of an uploaded file name, lower-cased, or null when it has none or it is not
 * plain ASCII letters and digits (1-5 characters). "Photo.JPG" -> "jpg"; "a.tar.gz" -> "gz";
 * ".env" -> null; "x.p%hp" -> null.
 */
export function sanitizeExtension(filename: string | null | undefined): string | null {
  if (!filename) return null;
  const base = filename.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return null;
  const ext = base
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(ext) ? ext : null;
}

/**
 * The extension a stored object gets: the original one when it is allowed for the type found in
 * the bytes, otherwise that type's canonical extension (a JPEG named "x.png" is stored as .jpg).
 */
export function storedExtension(originalName: string | null | undefined, allowed: readonly string[]): string {
  const ext = sanitizeExtension(originalName);
  if (ext && allowed.includes(ext)) return ext;
  return allowed[0];
}

/** The name shown to people for a file (download name), without path or control characters. */
export function displayName(originalName: string | null | undefined): string | null {
  if (!originalName) return null;
  const base = (originalName.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return base ? base.slice(0, 200) : null;
}

export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
