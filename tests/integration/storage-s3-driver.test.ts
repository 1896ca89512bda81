// The S3 driver against s3rver, a real S3-protocol server started on a free loopback port with
// a temporary directory. (s3rver does not verify V4 signatures, but it does enforce the expiry
// of presigned URLs and speaks the object, range and multipart APIs.)
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorageDriver } from "~/utils/storage/index.server";
import { S3StorageDriver, createS3StorageDriver, s3ConfigFromEnv } from "~/utils/storage/s3.server";
import { InvalidKeyError, ObjectExistsError } from "~/utils/storage/types";

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverCtor;

const BUCKET = "reelforge-test";
let dir: string;
let server: S3rverInstance;
let endpoint: string;
let driver: S3StorageDriver;

const env = () => ({
  S3_BUCKET: BUCKET,
  S3_REGION: "us-east-1",
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_KEY_PREFIX: "app/",
});

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Records the names of the S3 commands the driver sends while `fn` runs. */
async function commandsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const name = `recorder-${Math.random()}`;
  driver.client.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize", name },
  );
  try {
    await fn();
  } finally {
    driver.client.middlewareStack.remove(name);
  }
  return names;
}

async function rawKeys(): Promise<string[]> {
  const res = await driver.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "reelforge-s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, directory: dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  driver = createS3StorageDriver(env());
});

afterAll(async () => {
  driver?.client.destroy();
  await server?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("S3 storage driver (s3rver)", () => {
  it("reads its configuration from S3_* variables", () => {
    const config = s3ConfigFromEnv(env());
    expect(config).toMatchObject({ bucket: BUCKET, endpoint, forcePathStyle: true, keyPrefix: "app/", conditionalWrites: true });
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "x" })).toThrow(/both/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: BUCKET, S3_KEY_PREFIX: "no-slash" })).toThrow(/S3_KEY_PREFIX/);
    expect(s3ConfigFromEnv({ S3_BUCKET: BUCKET }).forcePathStyle).toBe(false);
  });

  it("is selected by STORAGE_DRIVER=s3", () => {
    const saved = { ...process.env };
    Object.assign(process.env, env());
    try {
      const selected = createStorageDriver("s3");
      expect(selected).toBeInstanceOf(S3StorageDriver);
      expect(selected.name).toBe("s3");
      (selected as S3StorageDriver).client.destroy();
    } finally {
      for (const k of Object.keys(env())) if (!(k in saved)) delete process.env[k];
    }
  });

  it("stores from a buffer, a stream or an async iterable under {prefix}{bucket}/{key}", async () => {
    expect(await driver.put("renders", "a/one.txt", Buffer.from("hello"), { contentType: "text/plain", cacheControl: "private, max-age=3600" })).toMatchObject({
      size: 5,
    });
    await driver.put("renders", "a/two.txt", Readable.from([Buffer.from("wor"), Buffer.from("ld")]), { contentType: "text/plain" });
    await driver.put(
      "renders",
      "three.txt",
      (async function* () {
        yield new TextEncoder().encode("x");
        yield new TextEncoder().encode("yz");
      })(),
      { contentType: "text/plain" },
    );
    const got = await driver.get("renders", "a/one.txt");
    expect((await bytes(got!.body)).toString()).toBe("hello");
    expect(got!.stat).toMatchObject({ size: 5, contentType: "text/plain" });
    expect(got!.stat.etag).toMatch(/^".+"$/);
    expect((await bytes((await driver.get("renders", "a/two.txt"))!.body)).toString()).toBe("world");
    expect(await driver.stat("renders", "three.txt")).toMatchObject({ size: 3 });
    expect(await driver.exists("renders", "three.txt")).toBe(true);
    expect(await driver.exists("renders", "nope.txt")).toBe(false);
    expect(await rawKeys()).toEqual(expect.arrayContaining(["app/renders/a/one.txt", "app/renders/a/two.txt", "app/renders/three.txt"]));
  });

  it("never overwrites", async () => {
    await driver.put("avatars", "same.png", Buffer.from("first"), { contentType: "image/png" });
    await expect(driver.put("avatars", "same.png", Buffer.from("second"), { contentType: "image/png" })).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await bytes((await driver.get("avatars", "same.png"))!.body)).toString()).toBe("first");
  });

  it("uploads a large stream in parts and reads it back intact", async () => {
    const part = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < part.length; i++) part[i] = (i * 31) % 251;
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.concat([Buffer.from([i]), part.subarray(1)]));
    const expected = createHash("sha256").update(Buffer.concat(chunks)).digest("hex");
    let result: { size: number } | undefined;
    const sent = await commandsDuring(async () => {
      result = await driver.put("renders", "big/video.bin", Readable.from(chunks), { contentType: "video/mp4" });
    });
    expect(sent.filter((n) => n === "UploadPartCommand")).toHaveLength(2); // 8 MiB + 4 MiB
    expect(sent).toContain("CompleteMultipartUploadCommand");
    expect(result!.size).toBe(12 * 1024 * 1024);
    const got = await driver.get("renders", "big/video.bin");
    expect(got!.stat.size).toBe(12 * 1024 * 1024);
    expect(
      createHash("sha256")
        .update(await bytes(got!.body))
        .digest("hex"),
    ).toBe(expected);
  });

  it("leaves nothing behind when the body fails mid-way (single and multipart)", async () => {
    const small = (async function* () {
      yield Buffer.alloc(70_000, 1);
      throw new Error("client went away");
    })();
    await expect(driver.put("renders", "broken.bin", small, { contentType: "application/octet-stream" })).rejects.toThrow("client went away");
    expect(await driver.exists("renders", "broken.bin")).toBe(false);

    const large = (async function* () {
      for (let i = 0; i < 10; i++) yield Buffer.alloc(1024 * 1024, i);
      throw new Error("size limit reached");
    })();
    const sent = await commandsDuring(() =>
      expect(driver.put("renders", "broken-big.bin", large, { contentType: "video/mp4" })).rejects.toThrow("size limit reached"),
    );
    expect(sent).toContain("UploadPartCommand");
    expect(sent).toContain("AbortMultipartUploadCommand");
    expect(await driver.exists("renders", "broken-big.bin")).toBe(false);
  });

  it("serves byte ranges and reports missing objects as null", async () => {
    await driver.put("renders", "digits.txt", Buffer.from("0123456789"), { contentType: "text/plain" });
    const got = await driver.get("renders", "digits.txt", { range: { start: 2, end: 5 } });
    expect(got!.stat.size).toBe(10);
    expect(got!.range).toEqual({ start: 2, end: 5 });
    expect((await bytes(got!.body)).toString()).toBe("2345");
    const last = await driver.get("renders", "digits.txt", { range: { start: 9, end: 9 } });
    expect((await bytes(last!.body)).toString()).toBe("9");
    await expect(driver.get("renders", "digits.txt", { range: { start: 5, end: 10 } })).rejects.toBeInstanceOf(RangeError);
    await expect(driver.get("renders", "digits.txt", { range: { start: 20, end: 25 } })).rejects.toBeInstanceOf(RangeError);
    expect(await driver.get("renders", "missing.txt")).toBeNull();
    expect(await driver.stat("renders", "missing.txt")).toBeNull();
  });

  it("deletes, saying whether something was removed", async () => {
    await driver.put("renders", "gone.txt", Buffer.from("x"), { contentType: "text/plain" });
    expect(await driver.delete("renders", "gone.txt")).toBe(true);
    expect(await driver.delete("renders", "gone.txt")).toBe(false);
    expect(await driver.get("renders", "gone.txt")).toBeNull();
  });

  it("refuses keys outside the key rules", async () => {
    for (const key of ["../escape.txt", "/abs.txt", "a/../../b.txt", ".tmp/x"]) {
      await expect(driver.put("renders", key, Buffer.from("x"), { contentType: "text/plain" }), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(driver.put("../etc", "x.txt", Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it("gives presigned GET URLs that work until they expire", async () => {
    await driver.put("product-photos", "p/photo.jpg", Buffer.from("JPEGDATA"), { contentType: "image/jpeg" });
    const url = await driver.presignedGetUrl("product-photos", "p/photo.jpg", { expiresIn: 60 });
    expect(url).toContain("X-Amz-Signature=");
    expect(url).toContain("X-Amz-Expires=60");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(await res.text()).toBe("JPEGDATA");

    const named = await fetch(await driver.presignedGetUrl("product-photos", "p/photo.jpg", { downloadName: "my photo.jpg" }));
    expect(named.headers.get("content-disposition")).toContain('filename="my photo.jpg"');

    const short = await driver.presignedGetUrl("product-photos", "p/photo.jpg", { expiresIn: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(short);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });

  it("gives public URLs for public objects", async () => {
    await driver.put("avatars", "u/face.png", Buffer.from("PNG"), { contentType: "image/png" });
    const url = driver.publicUrl("avatars", "u/face.png");
    expect(url).toBe(`${endpoint}/${BUCKET}/app/avatars/u/face.png`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("PNG");
    expect(await driver.urlFor("avatars", "u/face.png", { isPublic: true })).toBe(url);
    expect(await driver.urlFor("avatars", "u/face.png", { isPublic: false })).toContain("X-Amz-Signature=");
    const cdn = new S3StorageDriver({ ...s3ConfigFromEnv(env()), publicUrl: "https://cdn.example.com/" });
    expect(cdn.publicUrl("avatars", "u/face.png")).toBe("https://cdn.example.com/app/avatars/u/face.png");
    cdn.client.destroy();
    const aws = new S3StorageDriver({ bucket: "media", region: "ap-south-1" });
    expect(aws.publicUrl("avatars", "x.png")).toBe("https://media.s3.ap-south-1.amazonaws.com/avatars/x.png");
    aws.client.destroy();
  });

  it("reports health by writing and reading a probe, and fails it for a missing bucket", async () => {
    expect(await driver.health()).toMatchObject({ ok: true, driver: "s3" });
    expect((await rawKeys()).some((k) => k.includes(".health/"))).toBe(false);
    const missing = createS3StorageDriver({ ...env(), S3_BUCKET: "no-such-bucket" });
    const health = await missing.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(/NoSuchBucket/);
    missing.client.destroy();
  });
});
