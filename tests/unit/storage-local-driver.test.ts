import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalStorageDriver } from "~/utils/storage/local.server";
import { InvalidKeyError, ObjectExistsError } from "~/utils/storage/types";

// Lets a test make opening the temp file slow (a busy disk), the way a client that goes away
// at once can beat the open.
const slowOpen = vi.hoisted(() => ({ ms: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const createWriteStream: typeof real.createWriteStream = (file, options) => {
    if (!slowOpen.ms || typeof options !== "object") return real.createWriteStream(file, options);
    const open = ((...args: Parameters<typeof real.open>) => void setTimeout(() => real.open(...args), slowOpen.ms)) as typeof real.open;
    // fsync is needed for { flush: true } though the types do not list it.
    const impl = { open, write: real.write, writev: real.writev, close: real.close, fsync: real.fsync };
    return real.createWriteStream(file, { ...options, fs: impl });
  };
  return { ...real, default: { ...real, createWriteStream }, createWriteStream };
});

let root: string;
let driver: LocalStorageDriver;

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString("utf8");
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "reelforge-storage-"));
  driver = new LocalStorageDriver(root);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("local storage driver", () => {
  it("stores from a buffer, a stream or an async iterable under {root}/{bucket}/{key}", async () => {
    expect(await driver.put("renders", "a/one.txt", Buffer.from("hello"), { contentType: "text/plain" })).toMatchObject({ size: 5 });
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
    expect(await fs.readFile(path.join(root, "renders/a/one.txt"), "utf8")).toBe("hello");
    expect(await text((await driver.get("renders", "a/two.txt"))!.body)).toBe("world");
    expect(await driver.stat("renders", "three.txt")).toMatchObject({ size: 3 });
    expect(await driver.exists("renders", "three.txt")).toBe(true);
    expect(await driver.exists("renders", "nope.txt")).toBe(false);
    expect(driver.localPath("renders", "a/one.txt")).toBe(path.join(root, "renders/a/one.txt"));
  });

  it("never overwrites", async () => {
    await driver.put("avatars", "same.png", Buffer.from("first"), { contentType: "image/png" });
    await expect(driver.put("avatars", "same.png", Buffer.from("second"), { contentType: "image/png" })).rejects.toBeInstanceOf(ObjectExistsError);
    expect(await fs.readFile(path.join(root, "avatars/same.png"), "utf8")).toBe("first");
  });

  it("leaves nothing behind when the body fails mid-way", async () => {
    const failing = (async function* () {
      yield Buffer.alloc(70_000, 1);
      throw new Error("client went away");
    })();
    await expect(driver.put("renders", "broken.bin", failing, { contentType: "application/octet-stream" })).rejects.toThrow("client went away");
    expect(await driver.exists("renders", "broken.bin")).toBe(false);
    expect(await filesUnder(path.join(root, ".tmp"))).toEqual([]);
  });

  it("leaves no temp file when the body fails before the temp file is open", async () => {
    slowOpen.ms = 50;
    try {
      const failing = (async function* () {
        yield Buffer.from("first bytes");
        throw new Error("client went away");
      })();
      await expect(driver.put("renders", "gone.bin", failing, { contentType: "application/octet-stream" })).rejects.toThrow("client went away");
    } finally {
      slowOpen.ms = 0;
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await filesUnder(path.join(root, ".tmp"))).toEqual([]);
  });

  it("serves byte ranges and reports missing objects", async () => {
    await driver.put("renders", "digits.txt", Buffer.from("0123456789"), { contentType: "text/plain" });
    const got = await driver.get("renders", "digits.txt", { range: { start: 2, end: 5 } });
    expect(got!.stat.size).toBe(10);
    expect(await text(got!.body)).toBe("2345");
    await expect(driver.get("renders", "digits.txt", { range: { start: 5, end: 10 } })).rejects.toBeInstanceOf(RangeError);
    expect(await driver.get("renders", "missing.txt")).toBeNull();
    expect(await driver.stat("renders", "missing.txt")).toBeNull();
  });

  it("deletes", async () => {
    await driver.put("renders", "gone.txt", Buffer.from("x"), { contentType: "text/plain" });
    expect(await driver.delete("renders", "gone.txt")).toBe(true);
    expect(await driver.delete("renders", "gone.txt")).toBe(false);
  });

  it("refuses keys that could leave the bucket", async () => {
    for (const key of ["../escape.txt", "/abs.txt", "a/../../b.txt", ".tmp/x"]) {
      await expect(driver.put("renders", key, Buffer.from("x"), { contentType: "text/plain" }), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(driver.put("../etc", "x.txt", Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(InvalidKeyError);
    expect(await filesUnder(path.dirname(root)).then((f) => f.some((p) => p.endsWith("escape.txt")))).toBe(false);
  });

  it("reports health and fails it when the root cannot be written", async () => {
    expect(await driver.health()).toEqual({ ok: true, driver: "local" });
    const file = path.join(root, "not-a-dir");
    await fs.writeFile(file, "x");
    const broken = new LocalStorageDriver(file);
    expect(await broken.health()).toMatchObject({ ok: false, driver: "local" });
  });
});
