// Hostile media at the upload door (issue 21 §3 and §8, issue 20 finding 10;
// docs/decisions/270-media-identified-by-structure.md): each file is refused with a clear 4xx
// and leaves nothing behind, or is stored as the harmless thing it is. Old failure texts with
// ffmpeg's stderr and server paths are never shown (ADR 271).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as uploadAction } from "~/routes/resources.upload.$bucket";
import { listUnreadNotifications } from "~/models/content/notification.server";
import { storeFile } from "~/models/files/stored-files.server";
import { prisma } from "~/utils/db.server";
import { readFileSync } from "node:fs";
import { png } from "../fixtures/storage-media";
import {
  bombPng,
  concatList,
  disguisedPlaylist,
  ffconcatList,
  hlsPlaylist,
  manyFramesMp4,
  mp3WithBigTag,
  polyglotPng,
  realMp3,
  svgWithExternalRefs,
  truncatedPng,
  zipBomb,
} from "../fixtures/hostile-media";
import { filesUnder, multipart, newUser, useTempStorage } from "./storage-helpers";
import { actorOf } from "./dashboard-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
let scratch: string;
beforeAll(async () => {
  store = await useTempStorage();
  scratch = await mkdtemp(path.join(os.tmpdir(), "hostile-"));
});
afterAll(async () => {
  await store.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

const BASE = "http://localhost/resources/upload";
const UNREADABLE_AUDIO = "This file could not be read as an audio file: it may be damaged or incomplete. Please upload another one.";
const UNREADABLE_IMAGE = "This file could not be read as an image: it may be damaged or incomplete. Please upload another one.";

async function upload(bucket: string, bytes: Buffer, filename: string, cookie: string) {
  const request = multipart(`${BASE}/${bucket}`, [{ name: "file", value: { bytes, filename, type: "application/octet-stream" } }], cookie);
  const response = await uploadAction({ request, params: { bucket }, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("hostile uploads", () => {
  it("refuses playlists and lists, bare or disguised as MP3, naming another user's private track; nothing is stored", async () => {
    const victim = await newUser();
    const track = await storeFile({
      bucket: "background-music",
      ownerId: victim.user.id,
      body: realMp3(path.join(scratch, "victim.mp3")),
      originalName: "private.mp3",
    });
    const target = path.join(store.root, "background-music", track.key);
    const { user, cookie } = await newUser();
    const before = await filesUnder(store.root);

    expect(await upload("background-music", disguisedPlaylist(target), "song.mp3", cookie)).toMatchObject({
      status: 422,
      body: { ok: false, error: UNREADABLE_AUDIO },
    });
    expect(await upload("background-music", disguisedPlaylist(target, ffconcatList(target)), "song.mp3", cookie)).toMatchObject({
      status: 422,
      body: { error: UNREADABLE_AUDIO },
    });
    expect(await upload("background-music", disguisedPlaylist(target, concatList(target)), "song.mp3", cookie)).toMatchObject({ status: 422 });
    for (const list of [hlsPlaylist(target), concatList(target), ffconcatList(target), hlsPlaylist("/etc/passwd")]) {
      expect(await upload("background-music", Buffer.from(list), "list.m3u8", cookie)).toMatchObject({
        status: 415,
        body: { error: "Please upload an audio file" },
      });
    }
    expect(await filesUnder(store.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);

    // A real MP3 behind a large ID3 tag (cover art) is music, and is taken.
    const tagged = await upload("background-music", mp3WithBigTag(path.join(scratch, "tagged.mp3")), "tagged.mp3", cookie);
    expect(tagged).toMatchObject({ status: 200, body: { ok: true, contentType: "audio/mpeg" } });
  });

  it("refuses a truncated PNG at upload (issue 20 finding 10), a 30k x 30k PNG, a polyglot and an SVG with external references", async () => {
    const { user, cookie } = await newUser();
    const before = await filesUnder(store.root);
    expect(await upload("product-photos", truncatedPng(), "photo.png", cookie)).toMatchObject({ status: 422, body: { ok: false, error: UNREADABLE_IMAGE } });
    expect(await upload("product-photos", bombPng(), "huge.png", cookie)).toMatchObject({
      status: 422,
      body: { error: "The image is too large: at most 16,384 pixels on a side and 64 megapixels. Please upload a smaller one." },
    });
    expect(await upload("product-photos", polyglotPng(png(8, 8)), "both.png", cookie)).toMatchObject({ status: 422, body: { error: UNREADABLE_IMAGE } });
    expect(await upload("product-photos", svgWithExternalRefs("/etc/passwd"), "logo.svg", cookie)).toMatchObject({
      status: 415,
      body: { error: "Please upload an image file" },
    });
    expect(await filesUnder(store.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("keeps a zip bomb a small file: refused as media, stored unopened as a message attachment", async () => {
    const { user, cookie } = await newUser();
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect(await upload("background-music", bomb, "bomb.mp3", cookie)).toMatchObject({ status: 415 });
    expect(await upload("product-photos", bomb, "bomb.png", cookie)).toMatchObject({ status: 415 });
    const attached = await upload("message-attachments", bomb, "bomb.zip", cookie);
    expect(attached).toMatchObject({ status: 200, body: { ok: true, contentType: "application/zip", size: bomb.length } });
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(1);
  });

  it("takes a real 100,000-frame MP4 as the video it is (the renderer reads only a scene's length of it)", async () => {
    const { cookie } = await newUser();
    const file = path.join(scratch, "long.mp4");
    manyFramesMp4(file, path.join(scratch, "small.mp4"));
    const res = await upload("message-attachments", readFileSync(file), "long.mp4", cookie);
    expect(res).toMatchObject({ status: 200, body: { ok: true, contentType: "video/mp4" } });
  });
});

describe("failure texts written before failures were worded for people", () => {
  it("shows a failed video's old notification without stderr or server paths, keeping the refund sentence", async () => {
    const { user } = await newUser();
    await prisma.notification.create({
      data: {
        userId: user.id,
        type: "video_failed",
        title: "Video failed",
        body: "ffmpeg failed (exit 1): /srv/reelforge/.data/storage/background-music/9f2c.mp3: Invalid data found when processing input Your 20 credits were refunded.",
      },
    });
    const [item] = await listUnreadNotifications(actorOf(user.id));
    expect(item.body).toBe("The background music file could not be read. Please upload another one. Your 20 credits were refunded.");
  });
});
