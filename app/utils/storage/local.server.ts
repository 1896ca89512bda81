// Local filesystem driver: objects live at {root}/{bucket}/{key} (root = ${DATA_DIR}/storage).
// A new object is written to a temp file opened with 'wx', flushed, then hard-linked into place:
// link() fails when the target exists, so nothing is ever overwritten and readers never see a
// half-written file.
import { randomUUID } from "node:crypto";
import { constants as fsConstants, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
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

const TMP_DIR = ".tmp";

function isErrno(error: unknown, ...codes: string[]): boolean {
  return typeof error === "object" && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? "");
}

function toSource(body: PutBody): AsyncIterable<Uint8Array> | Readable {
  if (body instanceof Uint8Array) return Readable.from([body]);
  return body;
}

function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

export class LocalStorageDriver implements StorageDriver {
  readonly name = "local";
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Absolute path of an object; throws InvalidKeyError for a bad bucket or key. */
  pathFor(bucket: string, key: string): string {
    assertValidBucketName(bucket);
    assertValidKey(key);
    const full = path.resolve(this.root, bucket, ...key.split("/"));
    // Defence in depth: keys.ts already rules out anything that could climb out.
    if (!full.startsWith(path.join(this.root, bucket) + path.sep)) throw new Error("Storage path escapes its bucket");
    return full;
  }

  localPath(bucket: string, key: string): string {
    return this.pathFor(bucket, key);
  }

  async put(bucket: string, key: string, body: PutBody, _options: PutOptions): Promise<PutResult> {
    const target = this.pathFor(bucket, key);
    if (await this.fileExists(target)) throw new ObjectExistsError(bucket, key);

    const tmpDir = path.join(this.root, TMP_DIR);
    await fs.mkdir(tmpDir, { recursive: true });
    this.swept ??= this.sweepTemp().catch(() => {});
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const out = createWriteStream(tmp, { flags: "wx", mode: 0o640, flush: true });
    let size = 0;
    try {
      await pipeline(
        toSource(body),
        async function* count(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            size += chunk.byteLength;
            yield chunk;
          }
        },
        out,
      );
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.link(tmp, target);
      } catch (error) {
        if (isErrno(error, "EEXIST")) throw new ObjectExistsError(bucket, key);
        if (!isErrno(error, "EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV")) throw error;
        // Filesystems without hard links: an exclusive copy still never overwrites.
        try {
          await fs.copyFile(tmp, target, fsConstants.COPYFILE_EXCL);
        } catch (copyError) {
          if (isErrno(copyError, "EEXIST")) throw new ObjectExistsError(bucket, key);
          throw copyError;
        }
      }
      const st = await fs.stat(target);
      return { size, etag: etagOf(st.size, st.mtimeMs) };
    } finally {
      // A body that fails early (a client gone mid-upload) can fail before the temp file is even
      // open; wait for the stream to close, or the file would appear after it was removed.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await fs.rm(tmp, { force: true });
    }
  }

  async get(bucket: string, key: string, options: { range?: ByteRange } = {}): Promise<GetResult | null> {
    const file = this.pathFor(bucket, key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "r");
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR", "EISDIR")) return null;
      throw error;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return null;
      }
      const stat: ObjectStat = { size: st.size, lastModified: st.mtime, etag: etagOf(st.size, st.mtimeMs) };
      const range = options.range ?? null;
      if (range && (range.start < 0 || range.end < range.start || range.end >= st.size)) {
        await handle.close();
        throw new RangeError(`Range ${range.start}-${range.end} is outside an object of ${st.size} bytes`);
      }
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, stat, range };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    try {
      const st = await fs.stat(this.pathFor(bucket, key));
      if (!st.isFile()) return null;
      return { size: st.size, lastModified: st.mtime, etag: etagOf(st.size, st.mtimeMs) };
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR")) return null;
      throw error;
    }
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return this.fileExists(this.pathFor(bucket, key));
  }

  async delete(bucket: string, key: string): Promise<boolean> {
    try {
      await fs.unlink(this.pathFor(bucket, key));
      return true;
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR")) return false;
      throw error;
    }
  }

  async health(): Promise<StorageHealth> {
    const probe = path.join(this.root, TMP_DIR, `health-${randomUUID()}`);
    try {
      await fs.mkdir(path.dirname(probe), { recursive: true });
      await fs.writeFile(probe, "ok", { flag: "wx" });
      const back = await fs.readFile(probe, "utf8");
      if (back !== "ok") return { ok: false, driver: this.name, detail: "read-back mismatch" };
      return { ok: true, driver: this.name };
    } catch (error) {
      return { ok: false, driver: this.name, detail: (error as NodeJS.ErrnoException).code ?? "storage not writable" };
    } finally {
      await fs.rm(probe, { force: true }).catch(() => {});
    }
  }

  private swept: Promise<void> | undefined;

  /** Temp files left by a crash mid-upload (older than a day) are removed once per process. */
  private async sweepTemp(maxAgeMs = 24 * 60 * 60 * 1000): Promise<void> {
    const dir = path.join(this.root, TMP_DIR);
    for (const name of await fs.readdir(dir)) {
      const file = path.join(dir, name);
      const st = await fs.stat(file).catch(() => null);
      if (st?.isFile() && Date.now() - st.mtimeMs > maxAgeMs) await fs.rm(file, { force: true });
    }
  }

  private async fileExists(file: string): Promise<boolean> {
    try {
      return (await fs.stat(file)).isFile();
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR")) return false;
      throw error;
    }
  }
}
