// The storage driver contract. The local driver (local.server.ts) and the S3 driver
// (s3.server.ts) implement it; everything else goes through app/utils/storage/index.server.ts.
import type { Readable } from "node:stream";
import type { ByteRange } from "./range";

export type { ByteRange } from "./range";

/** Bytes to store: a whole buffer, a Node Readable, or any async iterable of chunks. */
export type PutBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

export type PutOptions = {
  contentType: string;
  /** Sent along where the backend keeps it (S3 metadata); the file route sets its own. */
  cacheControl?: string;
};

export type PutResult = { size: number; etag: string | null };

export type ObjectStat = {
  size: number;
  lastModified: Date;
  /** A strong validator, quoted ("..."), or null when the backend has none. */
  etag: string | null;
  contentType?: string | null;
};

export type GetResult = {
  /** The requested bytes: the whole object, or exactly range.start..range.end. */
  body: Readable;
  stat: ObjectStat;
  range: ByteRange | null;
};

export type StorageHealth = { ok: boolean; driver: string; detail?: string };

export interface StorageDriver {
  /** "local", "s3" ... (shown on /healthz). */
  readonly name: string;

  /**
   * Stores a new object. Never overwrites: throws ObjectExistsError when the key is taken.
   * Readers never see a partial object. If `body` throws or errors (a size limit hit while
   * streaming, a client that went away), nothing is left behind and that error is rethrown.
   * Throws InvalidKeyError for a key that fails keys.ts rules.
   */
  put(bucket: string, key: string, body: PutBody, options: PutOptions): Promise<PutResult>;

  /** The object's bytes (or a byte range of them, inclusive), or null when it does not exist. */
  get(bucket: string, key: string, options?: { range?: ByteRange }): Promise<GetResult | null>;

  stat(bucket: string, key: string): Promise<ObjectStat | null>;

  exists(bucket: string, key: string): Promise<boolean>;

  /** Removes the object; true when something was removed, false when it was already gone. */
  delete(bucket: string, key: string): Promise<boolean>;

  /** Whether the backend can be written and read now (a probe, not a cached flag). */
  health(): Promise<StorageHealth>;

  /**
   * A filesystem path to the object where the backend has one (local driver), so tools such as
   * ffmpeg can read it in place; null otherwise (download with get() instead).
   */
  localPath?(bucket: string, key: string): string | null;
}

export class ObjectExistsError extends Error {
  readonly code = "object_exists";
  constructor(bucket: string, key: string) {
    super(`An object already exists at ${bucket}/${key}`);
    this.name = "ObjectExistsError";
  }
}

export { InvalidKeyError } from "./keys";
