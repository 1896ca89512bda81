// The sweep of uploads nothing uses (ADR 110): Create Video files no row refers to are removed
// a day after their upload, row and bytes; a file any column refers to (in any spelling), a
// recent one, another bucket's, or one a submission holds right now is kept.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCreditChange } from "~/models/billing/credits.server";
import { FILE_NOT_FOUND, createVideoRequest } from "~/models/stories/video-requests.server";
import { FILE_REFERENCE_COLUMNS, SWEPT_BUCKETS, sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "~/models/files/unused-uploads.server";
import { prisma } from "~/utils/db.server";
import { storeFile, type StoredFile } from "~/models/files/stored-files.server";
import { seedReferenceData } from "../../prisma/seed";
import { png, wav } from "../fixtures/storage-media";
import { newUser, useTempStorage } from "./storage-helpers";
import { webActor } from "../support/web-actor";

let store: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  store = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await store.cleanup();
});

const DAY = 24 * 60 * 60 * 1000;

async function upload(ownerId: string, bucket: "product-photos" | "background-music" | "message-attachments" = "product-photos", ageMs = 2 * DAY) {
  const file = await storeFile({ bucket, ownerId, body: bucket === "background-music" ? wav() : png(), originalName: "f" });
  await prisma.storedObject.update({ where: { id: file.id }, data: { createdAt: new Date(Date.now() - ageMs) } });
  return file;
}

async function exists(file: StoredFile): Promise<boolean> {
  const row = await prisma.storedObject.findUnique({ where: { id: file.id } });
  return Boolean(row) && (await store.driver.exists(file.bucket, file.key));
}

describe("sweepUnusedUploads", () => {
  it("removes old Create Video uploads that nothing refers to, and only those", async () => {
    const { user } = await newUser();
    await applyCreditChange({ userId: user.id, delta: 100, reason: "admin_grant", reference: "grant" });
    const orphan = await upload(user.id);
    const orphanMusic = await upload(user.id, "background-music");
    const inStory = await upload(user.id);
    const inProject = await upload(user.id, "background-music");
    const asRef = await upload(user.id);
    const recent = await upload(user.id, "product-photos", DAY / 2);
    const otherBucket = await upload(user.id, "message-attachments");

    const story = await createVideoRequest(webActor(user.id), { script: "Keep my photo", productImageRef: inStory.ref }, { send: async () => undefined });
    expect(story.ok).toBe(true);
    // Other spellings of a reference: an absolute URL with a query, and "bucket/key".
    await prisma.project.create({ data: { userId: user.id, title: "p", backgroundMusicUrl: `https://app.example${inProject.url}?v=2` } });
    await prisma.profile.upsert({ where: { userId: user.id }, update: { avatarKey: asRef.ref }, create: { userId: user.id, avatarKey: asRef.ref } });

    const { removed } = await sweepUnusedUploads();
    expect(removed).toEqual(
      expect.arrayContaining([
        { bucket: orphan.bucket, key: orphan.key },
        { bucket: orphanMusic.bucket, key: orphanMusic.key },
      ]),
    );
    expect(await exists(orphan)).toBe(false);
    expect(await exists(orphanMusic)).toBe(false);
    for (const kept of [inStory, inProject, asRef, recent, otherBucket]) expect(await exists(kept), kept.ref).toBe(true);

    // A form carrying a swept file is told to upload it again; nothing is charged.
    const late = await createVideoRequest(webActor(user.id), { script: "Too late", productImageRef: orphan.ref }, { send: async () => undefined });
    expect(late).toMatchObject({ ok: false, code: "invalid", fieldErrors: { productImage: FILE_NOT_FOUND } });
  });

  it("skips a file that a submission holds right now", async () => {
    const { user } = await newUser();
    const held = await upload(user.id);
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "stored_objects" WHERE "id" = ${held.id} FOR SHARE`;
      await sweepUnusedUploads();
    });
    expect(await exists(held)).toBe(true);
    await sweepUnusedUploads();
    expect(await exists(held)).toBe(false);
  });

  it("a submission that waits for a file the sweep is removing is told to upload it again", async () => {
    const { user } = await newUser();
    await applyCreditChange({ userId: user.id, delta: 100, reason: "admin_grant", reference: "grant" });
    const file = await upload(user.id);
    let submission: ReturnType<typeof createVideoRequest> | undefined;
    // What the sweep does: lock the row, remove it, commit. The submission has validated the
    // file meanwhile and must not create its story on a file that is gone.
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "stored_objects" WHERE "id" = ${file.id} FOR UPDATE`;
      submission = createVideoRequest(webActor(user.id), { script: "Racing the sweep", productImageRef: file.ref }, { send: async () => undefined });
      await new Promise((r) => setTimeout(r, 700));
      await tx.storedObject.delete({ where: { id: file.id } });
    });
    expect(await submission).toMatchObject({ ok: false, code: "invalid", fieldErrors: { productImage: FILE_NOT_FOUND } });
    expect(await prisma.story.count({ where: { userId: user.id } })).toBe(0);
  });

  it("knows every column of the schema that may hold a file reference", () => {
    // A new column holding URLs or keys must be added to FILE_REFERENCE_COLUMNS, or the sweep
    // would remove files it points at.
    const schema = readFileSync(path.resolve(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
    const textColumns: string[] = [];
    for (const [, body] of schema.matchAll(/^model \w+ \{\n([\s\S]*?)^\}/gm)) {
      const table = /@@map\("([^"]+)"\)/.exec(body)?.[1];
      for (const [, column] of body.matchAll(/^\s+(\w+)\s+String\??(?:\s|$)/gm)) textColumns.push(`${table}.${column}`);
    }
    const listed = FILE_REFERENCE_COLUMNS.map(([table, column]) => `${table}.${column}`);
    // Keys that name no file: the stored object's own key, the username's comparison key, and a
    // sign-in budget's key (account, network or site), and an API caller's rate window key.
    const notFiles = ["stored_objects.key", "profiles.usernameKey", "sign_in_throttle.key", "api_rate_windows.key"];
    const named = textColumns.filter((c) => /(url|path|key)$/i.test(c) && !notFiles.includes(c));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed.filter((c) => !textColumns.includes(c))).toEqual([]);
    // ADR 315: the brand's clips are Create Video uploads too; the stories' media lists are read.
    expect(SWEPT_BUCKETS).toEqual(["product-photos", "product-clips", "background-music"]);
    expect(UNUSED_UPLOAD_GRACE_MS).toBe(DAY);
  });
});
