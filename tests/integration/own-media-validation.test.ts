// The brand's own photos and clips are checked before anything is charged or kept (issue 23,
// ADR 315): a clip is a clip by its content (a text file named .mp4 is refused), at most 60 s;
// at most 8 photos and 4 clips, only the user's own; a refused request charges nothing and
// leaves no story, and a plain multipart post with a refused file keeps none of its files.
// (Making the clips takes ffmpeg a few seconds on a busy machine: those tests get 120 s.)
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { storeFile, UploadError } from "~/models/files/stored-files.server";
import { MEDIA_MESSAGES } from "~/models/stories/video-media";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { ffmpegPath, runProcess } from "~/providers/media/ffmpeg.server";
import { action } from "~/routes/_shell.create-video";
import { runTool } from "~/tools/run.server";
import { uploadProjectMedia } from "~/tools/upload-project-media";
import { createProject } from "~/models/projects/project.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { png } from "../fixtures/storage-media";
import { webActor } from "../support/web-actor";
import { call, ORIGIN } from "./auth-helpers";
import { CLIPS, clipBytes, photoBytes, PHOTOS } from "./own-media-fixtures";
import { multipart, newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage.cleanup();
});

async function customer(credits = 100) {
  const { user, cookie } = await newUser();
  await applyCreditChange({ userId: user.id, delta: credits, reason: "admin_grant", reference: `grant-${user.id}` });
  return { user, cookie };
}

const stored = (ownerId: string) => prisma.storedObject.findMany({ where: { ownerId } });

/** A 61-second clip (small and at 5 frames a second, so it is made quickly). */
async function longClip(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "long-clip-"));
  const out = path.join(dir, "long.mp4");
  try {
    await runProcess(ffmpegPath(), [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=s=320x240:r=5:d=61",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function refusal(work: Promise<unknown>): Promise<UploadError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("the brand's clips are checked by their content", () => {
  it("refuses a text file named .mp4, keeping nothing", async () => {
    const { user } = await customer();
    const error = await refusal(
      storeFile({ bucket: "product-clips", ownerId: user.id, body: Buffer.from("these are my notes, not a video\n".repeat(50)), originalName: "notes.mp4" }),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe("Please upload a video file");
    expect(await stored(user.id)).toEqual([]);
  });

  it("refuses a clip over 60 seconds, saying how long it is", { timeout: 120_000 }, async () => {
    const { user } = await customer();
    const error = await refusal(storeFile({ bucket: "product-clips", ownerId: user.id, body: await longClip(), originalName: "long.mp4" }));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^The clip is 61 seconds long: a clip can be at most 60 seconds\./);
    expect(await stored(user.id)).toEqual([]);
  });

  it("takes a short clip with a video stream", { timeout: 120_000 }, async () => {
    const { user } = await customer();
    const clip = await storeFile({ bucket: "product-clips", ownerId: user.id, body: await clipBytes(CLIPS[1]), originalName: "teal.mp4" });
    expect(clip).toMatchObject({ bucket: "product-clips", kind: "video", contentType: "video/mp4" });
  });
});

describe("mediaRefs in a Create Video request", () => {
  it("refuses a 9th photo before the charge: nothing charged, no story", async () => {
    const { user } = await customer();
    const photos = [];
    for (let i = 0; i < 9; i++) photos.push(await storeFile({ bucket: "product-photos", ownerId: user.id, body: png(4 + i, 4), originalName: `p${i}.png` }));
    const result = await createVideoRequest(webActor(user.id), { script: "Meet Aurora.", requestId: randomUUID(), mediaRefs: photos.map((p) => p.ref) });
    expect(result).toMatchObject({ ok: false, code: "invalid", fieldErrors: { media: MEDIA_MESSAGES.tooMany("photo", 9) } });
    expect(await getBalance(user.id)).toBe(100);
    expect(await prisma.story.count({ where: { userId: user.id } })).toBe(0);

    // Eight are taken, in order, and charged once.
    const ok = await createVideoRequest(
      webActor(user.id),
      {
        script: "Meet Aurora.",
        requestId: randomUUID(),
        mediaRefs: photos.slice(0, 8).map((p) => p.ref),
      },
      // Not produced here (this file's storage is its own): the event is not sent.
      { send: async () => undefined },
    );
    if (!ok.ok) throw new Error(ok.message);
    const story = await prisma.story.findUniqueOrThrow({ where: { id: ok.storyId } });
    expect(story.mediaUrls).toEqual(photos.slice(0, 8).map((p) => p.url));
    expect(await getBalance(user.id)).toBe(80);
  });

  it("refuses another user's file and anything that is not an own photo or clip", async () => {
    const { user } = await customer();
    const { user: other } = await customer();
    const theirs = await storeFile({ bucket: "product-photos", ownerId: other.id, body: png(), originalName: "theirs.png" });
    const mine = await storeFile({ bucket: "product-photos", ownerId: user.id, body: png(), originalName: "mine.png" });
    const stolen = await createVideoRequest(webActor(user.id), { script: "Meet Aurora.", mediaRefs: [mine.ref, theirs.ref] });
    expect(stolen).toMatchObject({ ok: false, code: "invalid", fieldErrors: { media: MEDIA_MESSAGES.notFound(2) } });
    const music = await createVideoRequest(webActor(user.id), { script: "Meet Aurora.", mediaRefs: ["background-music/x.wav"] });
    expect(music).toMatchObject({ ok: false, code: "invalid", fieldErrors: { media: MEDIA_MESSAGES.notMedia(1) } });
    // A photo named as a clip (the wrong bucket) is not found either.
    const renamed = await createVideoRequest(webActor(user.id), { script: "Meet Aurora.", mediaRefs: [mine.ref.replace("product-photos/", "product-clips/")] });
    expect(renamed).toMatchObject({ ok: false, code: "invalid", fieldErrors: { media: MEDIA_MESSAGES.notFound(1) } });
    expect(await getBalance(user.id)).toBe(100);
    expect(await prisma.story.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("a plain multipart post with photos and clips", () => {
  it("keeps none of its files when one is refused, naming it, and charges nothing", { timeout: 120_000 }, async () => {
    const { user, cookie } = await customer();
    const out = await call(
      action,
      multipart(
        `${ORIGIN}/create-video`,
        [
          { name: "requestId", value: randomUUID() },
          { name: "script", value: "Meet Aurora, the serum for a morning glow." },
          { name: "photos", value: { bytes: await photoBytes(PHOTOS[0]), filename: "red.png", type: "image/png" } },
          { name: "photos", value: { bytes: await photoBytes(PHOTOS[1]), filename: "green.png", type: "image/png" } },
          { name: "clips", value: { bytes: Buffer.from("not a video at all\n".repeat(40)), filename: "fake.mp4", type: "video/mp4" } },
        ],
        cookie,
      ),
    );
    expect(out.status).toBe(400);
    const body = out.body as { ok: boolean; fieldErrors: { media: string } };
    expect(body.fieldErrors.media).toBe('"fake.mp4": Please upload a video file');
    expect(await stored(user.id)).toEqual([]);
    expect(await getBalance(user.id)).toBe(100);
    expect(await prisma.story.count({ where: { userId: user.id } })).toBe(0);
  });

  it("stores photos and clips of a plain post in order and makes the story with them", { timeout: 120_000 }, async () => {
    const { user, cookie } = await customer();
    const out = await call(
      action,
      multipart(
        `${ORIGIN}/create-video`,
        [
          { name: "requestId", value: randomUUID() },
          { name: "script", value: "Meet Aurora, the serum for a morning glow." },
          { name: "photos", value: { bytes: await photoBytes(PHOTOS[0]), filename: "red.png", type: "image/png" } },
          { name: "clips", value: { bytes: await clipBytes(CLIPS[1]), filename: "teal.mp4", type: "video/mp4" } },
          { name: "photos", value: { bytes: await photoBytes(PHOTOS[1]), filename: "green.png", type: "image/png" } },
        ],
        cookie,
      ),
    );
    expect(out.status).toBe(302);
    const [story] = await prisma.story.findMany({ where: { userId: user.id } });
    const names = await Promise.all(
      story.mediaUrls.map(async (url) => (await prisma.storedObject.findFirst({ where: { ownerId: user.id, key: url.split("/").pop() } }))?.originalName),
    );
    // Without JavaScript: the photos in the order chosen, then the clips.
    expect(names).toEqual(["red.png", "green.png", "teal.mp4"]);
    expect(await getBalance(user.id)).toBe(80);
  });
});

describe("upload_project_media (the tool catalogue: MCP and the assistant)", () => {
  const ctx = { origin: ORIGIN, signal: new AbortController().signal, progress: async () => undefined };

  it("makes an own photo or clip the scene's material, checked like any upload, for free", { timeout: 120_000 }, async () => {
    const { user } = await customer();
    const project = await createProject(webActor(user.id), {
      title: "Own media",
      scenes: [
        { title: "One", script: "Meet Aurora.", voiceOverText: "Meet Aurora." },
        { title: "Two", script: "Try it.", voiceOverText: "Try it." },
      ],
    });
    const [one, two] = project.scenes;
    const clip = await runTool(
      uploadProjectMedia,
      webActor(user.id),
      { projectId: project.id, sceneId: one.id, filename: "teal.mp4", fileData: (await clipBytes(CLIPS[1])).toString("base64") },
      ctx,
    );
    expect(clip).toMatchObject({ ok: true, data: { kind: "clip", mimeType: "video/mp4" } });
    const photo = await runTool(
      uploadProjectMedia,
      webActor(user.id),
      { projectId: project.id, sceneId: two.id, filename: "red.png", fileData: (await photoBytes(PHOTOS[0])).toString("base64") },
      ctx,
    );
    expect(photo).toMatchObject({ ok: true, data: { kind: "photo", mimeType: "image/png" } });
    const scenes = await prisma.scene.findMany({ where: { projectId: project.id }, orderBy: { sceneOrder: "asc" } });
    expect(scenes.map((s) => s.sourceMediaUrl?.split("/")[3])).toEqual(["product-clips", "product-photos"]);

    // A text file is refused and nothing is kept; another user's project is not found.
    const before = (await stored(user.id)).length;
    const text = await runTool(
      uploadProjectMedia,
      webActor(user.id),
      { projectId: project.id, sceneId: one.id, filename: "a.mp4", fileData: Buffer.from("not a clip").toString("base64") },
      ctx,
    );
    expect(text).toEqual({ ok: false, message: "Failed to upload the photo or clip: Please upload an image or video file" });
    const { user: other } = await customer();
    const foreign = await runTool(
      uploadProjectMedia,
      webActor(other.id),
      { projectId: project.id, sceneId: one.id, filename: "red.png", fileData: (await photoBytes(PHOTOS[0])).toString("base64") },
      ctx,
    );
    expect(foreign.ok).toBe(false);
    expect((await stored(user.id)).length).toBe(before);
    expect(await stored(other.id)).toEqual([]);
    expect(await getBalance(user.id)).toBe(100);
  });
});
