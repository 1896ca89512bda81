// S3 driver (AWS S3 or any S3-compatible server: MinIO, Cloudflare R2, Backblaze B2, Wasabi,
// s3rver in tests). One real bucket (S3_BUCKET) holds every app bucket as a key prefix:
//   s3://{S3_BUCKET}/{S3_KEY_PREFIX}{appBucket}/{key}
// See docs/decisions/062-s3-storage-driver.md.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { z } from "zod";
import { assertValidBucketName, assertValidKey } from "./keys";
import {
  ObjectExistsError,
  type ByteRange,
  type GetResult,
  type ObjectStat,
  type PutBody,
  type PutOptions,
  type PutResult,
  type StorageDriver,
  type StorageHealth,
} from "./types";

/** Bodies up to this size are sent in one PUT; larger streams go up in parts of this size. */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** S3's minimum part size (every part but the last). */
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Storage cache control 3600 s (docs/product.md#constants); presigned links live as long by default. */
export const DEFAULT_PRESIGN_SECONDS = 3600;

export type S3DriverConfig = {
  bucket: string;
  region: string;
  /** For S3-compatible servers; path-style addressing is then used. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Omit both to use the AWS SDK's default credential chain (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every object key, e.g. "reelforge/" to share a bucket. */
  keyPrefix?: string;
  /** Base URL of public objects (a CDN or the bucket's website); derived from the endpoint otherwise. */
  publicUrl?: string;
  presignExpiresSeconds?: number;
  /** Send If-None-Match: * on writes (default true); disable for servers that reject it. */
  conditionalWrites?: boolean;
  partSize?: number;
};

const envSchema = z.object({
  S3_BUCKET: z.string().min(3, "S3_BUCKET is required when STORAGE_DRIVER=s3"),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "S3_KEY_PREFIX must be empty or end with '/' (letters, digits, . _ -)")
    .optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_PRESIGN_EXPIRES: z.coerce.number().int().min(1).max(604_800).optional(),
  S3_CONDITIONAL_WRITES: z.enum(["true", "false"]).optional(),
});

/** Reads the S3_* variables (empty values count as unset). */
export function s3ConfigFromEnv(env: Record<string, string | undefined> = process.env): S3DriverConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith("S3_") && v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Invalid S3 configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid S3 configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : Boolean(e.S3_ENDPOINT),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    keyPrefix: e.S3_KEY_PREFIX ?? "",
    publicUrl: e.S3_PUBLIC_URL,
    presignExpiresSeconds: e.S3_PRESIGN_EXPIRES,
    conditionalWrites: e.S3_CONDITIONAL_WRITES ? e.S3_CONDITIONAL_WRITES === "true" : true,
  };
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function errorName(error: unknown): string {
  return (error as { name?: string; Code?: string })?.name ?? (error as { Code?: string })?.Code ?? "";
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  if (name === "NoSuchBucket") return false; // a configuration problem, not a missing object
  return name === "NoSuchKey" || name === "NotFound" || httpStatus(error) === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  const name = errorName(error);
  return name === "PreconditionFailed" || name === "ConditionalRequestConflict" || httpStatus(error) === 412;
}

function isInvalidRange(error: unknown): boolean {
  return errorName(error) === "InvalidRange" || httpStatus(error) === 416;
}

function toIterable(body: PutBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) return Readable.from([body]);
  return body as AsyncIterable<Uint8Array>;
}

function concat(chunks: Uint8Array[], size: number): Buffer {
  return Buffer.concat(
    chunks.map((c) => (Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength))),
    size,
  );
}

function parseTotalFromContentRange(header: string | undefined): number | null {
  const m = header ? /\/(\d+)\s*$/.exec(header) : null;
  return m ? Number(m[1]) : null;
}

export class S3StorageDriver implements StorageDriver {
  readonly name = "s3";
  readonly client: S3Client;
  readonly config: Required<Pick<S3DriverConfig, "bucket" | "region" | "keyPrefix" | "presignExpiresSeconds" | "conditionalWrites" | "partSize">> &
    S3DriverConfig;

  constructor(config: S3DriverConfig, client?: S3Client) {
    this.config = {
      ...config,
      keyPrefix: config.keyPrefix ?? "",
      presignExpiresSeconds: config.presignExpiresSeconds ?? DEFAULT_PRESIGN_SECONDS,
      conditionalWrites: config.conditionalWrites ?? true,
      partSize: Math.max(config.partSize ?? DEFAULT_PART_SIZE, MIN_PART_SIZE),
    };
    this.client =
      client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
        credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
        // Only send/verify checksums where S3 requires them: several S3-compatible servers reject the newer defaults.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
  }

  /** The S3 object key of an app object; throws InvalidKeyError for a bad bucket or key. */
  objectKey(bucket: string, key: string): string {
    assertValidBucketName(bucket);
    assertValidKey(key);
    return `${this.config.keyPrefix}${bucket}/${key}`;
  }

  async put(bucket: string, key: string, body: PutBody, options: PutOptions): Promise<PutResult> {
    const Key = this.objectKey(bucket, key);
    // Servers that ignore If-None-Match (and S3 before conditional writes) still get this check.
    if (await this.headRaw(Key)) throw new ObjectExistsError(bucket, key);
    const common = {
      Bucket: this.config.bucket,
      Key,
      ContentType: options.contentType,
      CacheControl: options.cacheControl,
    };
    const ifNoneMatch = this.config.conditionalWrites ? { IfNoneMatch: "*" } : {};
    const partSize = this.config.partSize;

    const iterator = toIterable(body)[Symbol.asyncIterator]();
    let pending: Uint8Array[] = [];
    let pendingSize = 0;
    let total = 0;
    let done = false;
    // Reads until `pendingSize` reaches a part or the body ends.
    const fill = async () => {
      while (!done && pendingSize < partSize) {
        const next = await iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        const chunk: Uint8Array = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
        pending.push(chunk);
        pendingSize += chunk.byteLength;
        total += chunk.byteLength;
      }
    };
    const takePart = (): Buffer => {
      const all = concat(pending, pendingSize);
      const part = all.subarray(0, Math.min(partSize, all.length));
      const rest = all.subarray(part.length);
      pending = rest.length ? [rest] : [];
      pendingSize = rest.length;
      return part;
    };

    try {
      await fill();
      if (done) {
        const data = concat(pending, pendingSize);
        const res = await this.client.send(new PutObjectCommand({ ...common, ...ifNoneMatch, Body: data, ContentLength: data.length }));
        return { size: total, etag: res.ETag ?? null };
      }
    } catch (error) {
      await iterator.return?.().catch(() => {});
      if (isPreconditionFailed(error)) throw new ObjectExistsError(bucket, key);
      throw error;
    }

    // Large or streaming body: a multipart upload, which becomes visible only when completed.
    const created = await this.client.send(new CreateMultipartUploadCommand(common));
    const UploadId = created.UploadId!;
    const parts: CompletedPart[] = [];
    try {
      for (let PartNumber = 1; ; PartNumber++) {
        await fill();
        if (pendingSize === 0 && done) break;
        const part = takePart();
        const res = await this.client.send(
          new UploadPartCommand({ Bucket: this.config.bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        parts.push({ ETag: res.ETag, PartNumber });
        if (done && pendingSize === 0) break;
      }
      const res = await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.config.bucket, Key, UploadId, MultipartUpload: { Parts: parts }, ...ifNoneMatch }),
      );
      return { size: total, etag: res.ETag ?? null };
    } catch (error) {
      await iterator.return?.().catch(() => {});
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key, UploadId })).catch(() => {});
      if (isPreconditionFailed(error)) throw new ObjectExistsError(bucket, key);
      throw error;
    }
  }

  async get(bucket: string, key: string, options: { range?: ByteRange } = {}): Promise<GetResult | null> {
    const Key = this.objectKey(bucket, key);
    const range = options.range ?? null;
    if (range && (range.start < 0 || range.end < range.start)) {
      throw new RangeError(`Range ${range.start}-${range.end} is not valid`);
    }
    let res;
    try {
      res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    } catch (error) {
      if (isNotFound(error)) return null;
      if (range && isInvalidRange(error)) throw new RangeError(`Range ${range.start}-${range.end} is outside the object`);
      throw error;
    }
    const body = res.Body as Readable;
    const size = range ? (parseTotalFromContentRange(res.ContentRange) ?? Number(res.ContentLength ?? 0)) : Number(res.ContentLength ?? 0);
    if (range && range.end >= size) {
      // S3 shortens a range that runs past the end; the contract (like the local driver) rejects it.
      body.destroy();
      throw new RangeError(`Range ${range.start}-${range.end} is outside an object of ${size} bytes`);
    }
    return {
      body,
      stat: { size, lastModified: res.LastModified ?? new Date(0), etag: res.ETag ?? null, contentType: res.ContentType ?? null },
      range,
    };
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    return this.headRaw(this.objectKey(bucket, key));
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return (await this.stat(bucket, key)) !== null;
  }

  async delete(bucket: string, key: string): Promise<boolean> {
    const Key = this.objectKey(bucket, key);
    // S3 deletes succeed whether or not the object existed; the contract wants to know.
    if (!(await this.headRaw(Key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key }));
    return true;
  }

  async health(): Promise<StorageHealth> {
    const Key = `${this.config.keyPrefix}.health/${randomUUID()}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key, Body: "ok", ContentType: "text/plain" }));
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key }));
      const text = await res.Body?.transformToString();
      if (text !== "ok") return { ok: false, driver: this.name, detail: "read-back mismatch" };
      return { ok: true, driver: this.name, detail: `bucket ${this.config.bucket}` };
    } catch (error) {
      const name = errorName(error) || "error";
      return { ok: false, driver: this.name, detail: `${name}: ${(error as Error).message ?? "S3 not reachable"}`.slice(0, 300) };
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key })).catch(() => {});
    }
  }

  /**
   * The permanent URL of an object in a public bucket (S3_PUBLIC_URL, or the endpoint / AWS
   * virtual-host URL). It works only where the bucket policy allows anonymous reads of that
   * app bucket's prefix; use presignedGetUrl for private objects.
   */
  publicUrl(bucket: string, key: string): string {
    const path = this.objectKey(bucket, key).split("/").map(encodeURIComponent).join("/");
    if (this.config.publicUrl) return `${this.config.publicUrl.replace(/\/+$/, "")}/${path}`;
    if (this.config.endpoint) {
      const base = this.config.endpoint.replace(/\/+$/, "");
      if (this.config.forcePathStyle ?? true) return `${base}/${encodeURIComponent(this.config.bucket)}/${path}`;
      const u = new URL(base);
      return `${u.protocol}//${this.config.bucket}.${u.host}/${path}`;
    }
    return `https://${this.config.bucket}.s3.${this.config.region}.amazonaws.com/${path}`;
  }

  /**
   * A time-limited GET URL for a private object (default S3_PRESIGN_EXPIRES or 3600 s, at most a
   * week). `downloadName` makes browsers save the file under that name.
   */
  async presignedGetUrl(bucket: string, key: string, options: { expiresIn?: number; downloadName?: string; contentType?: string } = {}): Promise<string> {
    const Key = this.objectKey(bucket, key);
    const expiresIn = Math.min(Math.max(1, Math.floor(options.expiresIn ?? this.config.presignExpiresSeconds)), 604_800);
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key,
      ResponseContentDisposition: options.downloadName
        ? `attachment; filename="${options.downloadName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
        : undefined,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  /** publicUrl for public objects, a presigned URL otherwise. */
  async urlFor(bucket: string, key: string, options: { isPublic: boolean; expiresIn?: number }): Promise<string> {
    return options.isPublic ? this.publicUrl(bucket, key) : this.presignedGetUrl(bucket, key, { expiresIn: options.expiresIn });
  }

  private async headRaw(Key: string): Promise<ObjectStat | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key }));
      return {
        size: Number(res.ContentLength ?? 0),
        lastModified: res.LastModified ?? new Date(0),
        etag: res.ETag ?? null,
        contentType: res.ContentType ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}

/** The driver for STORAGE_DRIVER=s3, configured from S3_* environment variables. */
export function createS3StorageDriver(env: Record<string, string | undefined> = process.env): S3StorageDriver {
  return new S3StorageDriver(s3ConfigFromEnv(env));
}
