// Fault: a storage write failure (issue 15 §3). Local storage whose bucket directory cannot be
// written (a file stands where the directory should be: the bytes reach the temporary file,
// then the move into place fails), and S3 answering 500 to every request (a local server
// standing in for it). Nothing is half-saved: no stored_objects row, no file left behind, no
// story, no charge; the user gets a clear message and a 503 (the server's fault, worth a retry),
// never a 500 or a 400. Runs on a database of its own.
import { writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("storage"));

import { getBalance } from "~/models/billing/credits.server";
import { STORAGE_FAILURE_MESSAGE } from "~/models/files/stored-files.server";
import { prisma } from "~/utils/db.server";
import { setStorageDriver } from "~/utils/storage/index.server";
import { createS3StorageDriver } from "~/utils/storage/s3.server";
import { seedReferenceData } from "../../prisma/seed";
import { productPhoto } from "../providers/fixtures";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { signedInUser, type TestUser } from "./http-helpers";
import { toneWav } from "./pipeline-helpers";
import { filesUnder, useTempStorage } from "./storage-helpers";

let live: LiveServer;
let storage: Awaited<ReturnType<typeof useTempStorage>>;
let me: TestUser;
let photo: Buffer;

beforeAll(async () => {
  await seedReferenceData();
  storage = await useTempStorage();
  live = await startLiveServer();
  me = await signedInUser({ credits: 100 });
  photo = await productPhoto({ width: 300, height: 400 });
}, 60_000);
afterAll(async () => {
  await live?.close();
  await storage?.cleanup();
  await prisma.$disconnect();
  await scratch.drop();
});

/** A bucket directory that cannot be written: a plain file stands in its place. */
async function breakBucket(bucket: string) {
  await writeFile(path.join(storage.root, bucket), "not a directory");
}

async function post(pathname: string, body: FormData, accept = "application/json") {
  const res = await fetch(`${live.url}${pathname}`, {
    method: "POST",
    body,
    headers: { Cookie: me.cookie, Origin: live.url, Accept: accept },
    redirect: "manual",
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

function photoForm(): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "product.jpg");
  return form;
}

async function nothingSaved() {
  expect(await prisma.storedObject.count()).toBe(0);
  expect(await prisma.story.count()).toBe(0);
  expect(await prisma.creditLedgerEntry.count({ where: { userId: me.id, reason: { not: "admin_grant" } } })).toBe(0);
  expect(await getBalance(me.id)).toBe(100);
}

describe("a storage write failure", () => {
  it("an upload into a bucket that cannot be written: 503 with the storage message, nothing saved", async () => {
    await breakBucket("product-photos");
    const res = await post("/resources/upload/product-photos", photoForm());
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({ ok: false, error: STORAGE_FAILURE_MESSAGE });
    await nothingSaved();
    // Only the planted file: no temporary part left over.
    expect(await filesUnder(storage.root)).toEqual(["product-photos"]);
  });

  it("Create Video without JavaScript: the photo stored, the music failing: neither kept, no story, no charge, the message shown", async () => {
    const form = new FormData();
    form.append("script", "Meet Aurora, the serum for a morning glow. Bright skin in seven days.");
    form.append("voiceId", "2");
    form.append("storyTypeId", "1");
    form.append("requestId", randomUUID());
    form.append("productImage", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "product.jpg");
    form.append("backgroundMusic", new Blob([new Uint8Array(toneWav())], { type: "audio/wav" }), "tone.wav");
    // product-photos was broken by the test before: give it back for this one.
    setStorageDriver(null);
    storage = await useTempStorage();
    await breakBucket("background-music");
    const res = await post("/create-video", form, "text/html");
    expect(res.status).toBe(503);
    expect(res.type).toMatch(/^text\/html/);
    expect(res.text).toContain("There was a problem uploading your files");
    await nothingSaved();
    expect(await filesUnder(storage.root)).toEqual(["background-music"]);
  });

  it("S3 answering 500: the upload fails with 503 and the storage message, nothing saved", async () => {
    const failing = http.createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        res
          .writeHead(500, { "Content-Type": "application/xml" })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
          ),
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    try {
      setStorageDriver(
        createS3StorageDriver({
          S3_BUCKET: "reelforge-test",
          S3_REGION: "us-east-1",
          S3_ENDPOINT: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
          S3_ACCESS_KEY_ID: "test",
          S3_SECRET_ACCESS_KEY: "test",
        }),
      );
      const res = await post("/resources/upload/product-photos", photoForm());
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({ ok: false, error: STORAGE_FAILURE_MESSAGE });
      await nothingSaved();
    } finally {
      setStorageDriver(storage.driver);
      failing.closeAllConnections();
      await new Promise((r) => failing.close(r));
    }
  });
});
