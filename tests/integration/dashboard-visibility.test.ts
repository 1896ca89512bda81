// The public/private switch through the Dashboard's action: owner only (another user's id is a
// 404 and changes nothing), the files behind public content become readable by other users and
// private again afterwards, and the no-JavaScript form is redirected back.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/_shell._index";
import { loader as fileLoader } from "~/routes/resources.files.$bucket.$";
import { findStoredObject } from "~/models/files/stored-files.server";
import { compileVideoJobId } from "~/models/compile/compile-jobs.server";
import { startImageJob } from "~/models/generation/image-jobs.server";
import { startVideoJob } from "~/models/stories/video-jobs.server";
import { markStoryReady } from "~/models/stories/stories.server";
import { prisma } from "~/utils/db.server";
import { storeFile, type StoredFile } from "~/models/files/stored-files.server";
import { mp4, png } from "../fixtures/storage-media";
import { imageJob, newUser, post, run, story, TEST_SYSTEM, unwrap, videoJob } from "./dashboard-helpers";
import { useTempStorage } from "./storage-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  store = await useTempStorage();
});
afterAll(async () => {
  await store.cleanup();
});

function fetchFile(file: StoredFile, cookie?: string) {
  const request = new Request(`http://localhost${file.url}`, { headers: cookie ? { Cookie: cookie } : {} });
  return fileLoader({ request, params: { bucket: file.bucket, "*": file.key }, context: {} });
}

const toggle = (fields: Record<string, string>, cookie?: string) => run(dashboardRoute.action, post("/?index", { intent: "visibility", ...fields }, cookie));

describe("visibility action", () => {
  it("lets the owner publish a story; its video and product image become readable by others", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const video = await storeFile({ bucket: "renders", ownerId: owner.id, body: mp4(20_000), params: { prefix: "stories/t" } });
    const photo = await storeFile({ bucket: "product-photos", ownerId: owner.id, body: png() });
    const s = await story(owner.id, { finalVideoWithMusic: video.ref, productImageUrl: photo.url, status: "ready" });

    expect((await fetchFile(video, stranger.cookie)).status).toBe(404);
    const result = unwrap<{ ok: boolean; visibility: string }>(await toggle({ kind: "story", id: String(s.id), visibility: "public" }, owner.cookie));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, kind: "story", visibility: "public" });
    expect((await prisma.story.findUniqueOrThrow({ where: { id: s.id } })).isPublic).toBe(true);
    expect((await fetchFile(video, stranger.cookie)).status).toBe(200);
    expect((await fetchFile(photo, stranger.cookie)).status).toBe(200);

    await toggle({ kind: "story", id: String(s.id), visibility: "private" }, owner.cookie);
    expect((await prisma.story.findUniqueOrThrow({ where: { id: s.id } })).isPublic).toBe(false);
    expect((await fetchFile(video, stranger.cookie)).status).toBe(404);
    expect((await fetchFile(photo, stranger.cookie)).status).toBe(404);
    expect((await fetchFile(video, owner.cookie)).status).toBe(200);
  });

  it("answers 404 for another user's story, image or video and changes nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const file = await storeFile({ bucket: "renders", ownerId: owner.id, body: mp4(10_000), params: { prefix: "jobs" } });
    const s = await story(owner.id, { finalVideoWithMusic: file.ref });
    const i = await imageJob(owner.id);
    const v = await videoJob(owner.id, { resultUrl: file.url });
    for (const [kind, id] of [
      ["story", String(s.id)],
      ["image", i.id],
      ["video", v.id],
    ] as const) {
      const result = unwrap<{ ok: boolean }>(await toggle({ kind, id, visibility: "public" }, stranger.cookie));
      expect(result.status).toBe(404);
      expect(result.body.ok).toBe(false);
    }
    expect((await prisma.story.findUniqueOrThrow({ where: { id: s.id } })).isPublic).toBe(false);
    expect((await prisma.imageGenerationJob.findUniqueOrThrow({ where: { id: i.id } })).visibility).toBe("private");
    expect((await prisma.videoGenerationJob.findUniqueOrThrow({ where: { id: v.id } })).visibility).toBe("private");
    expect((await findStoredObject(file.bucket, file.key))?.isPublic).toBe(false);
    // Unknown ids and bad input
    expect(unwrap(await toggle({ kind: "story", id: "999999999", visibility: "public" }, owner.cookie)).status).toBe(404);
    expect(unwrap(await toggle({ kind: "story", id: "abc", visibility: "public" }, owner.cookie)).status).toBe(400);
    expect(unwrap(await toggle({ kind: "story", id: "9999999999", visibility: "public" }, owner.cookie)).status).toBe(400);
    expect(unwrap(await toggle({ kind: "image", id: "not-a-cuid", visibility: "public" }, owner.cookie)).status).toBe(400);
    expect(unwrap(await toggle({ kind: "playlist", id: "1", visibility: "public" }, owner.cookie)).status).toBe(400);
  });

  it("publishes image and video results with their job", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const picture = await storeFile({ bucket: "renders", ownerId: owner.id, body: png(), params: { prefix: "images" } });
    const clip = await storeFile({ bucket: "renders", ownerId: owner.id, body: mp4(10_000), params: { prefix: "videos" } });
    const i = await imageJob(owner.id, { resultUrl: picture.ref, status: "completed" });
    const v = await videoJob(owner.id, { resultUrl: clip.url, status: "completed" });
    expect(unwrap(await toggle({ kind: "image", id: i.id, visibility: "public" }, owner.cookie)).body).toMatchObject({
      ok: true,
      kind: "image",
      visibility: "public",
    });
    expect(unwrap(await toggle({ kind: "video", id: v.id, visibility: "public" }, owner.cookie)).body).toMatchObject({
      ok: true,
      kind: "video",
      visibility: "public",
    });
    expect((await fetchFile(picture, stranger.cookie)).status).toBe(200);
    expect((await fetchFile(clip)).status).toBe(200);
    await toggle({ kind: "image", id: i.id, visibility: "private" }, owner.cookie);
    expect((await fetchFile(picture, stranger.cookie)).status).toBe(404);
  });

  it("keeps a file public while another public story of the owner shows it, and never publishes someone else's file", async () => {
    const owner = await newUser();
    const other = await newUser();
    const photo = await storeFile({ bucket: "product-photos", ownerId: owner.id, body: png() });
    const a = await story(owner.id, { productImageUrl: photo.ref });
    const b = await story(owner.id, { productImageUrl: photo.url });
    await toggle({ kind: "story", id: String(a.id), visibility: "public" }, owner.cookie);
    await toggle({ kind: "story", id: String(b.id), visibility: "public" }, owner.cookie);
    await toggle({ kind: "story", id: String(a.id), visibility: "private" }, owner.cookie);
    expect((await findStoredObject(photo.bucket, photo.key))?.isPublic).toBe(true);
    await toggle({ kind: "story", id: String(b.id), visibility: "private" }, owner.cookie);
    expect((await findStoredObject(photo.bucket, photo.key))?.isPublic).toBe(false);

    // A story of `other` pointing at the owner's file does not publish it.
    const borrowed = await story(other.id, { productImageUrl: photo.ref });
    await toggle({ kind: "story", id: String(borrowed.id), visibility: "public" }, other.cookie);
    expect((await findStoredObject(photo.bucket, photo.key))?.isPublic).toBe(false);
  });

  it("publishes the final video of an already public story when it becomes ready", async () => {
    const owner = await newUser();
    const s = await story(owner.id, { isPublic: true, status: "processing" });
    const video = await storeFile({ bucket: "renders", ownerId: owner.id, body: mp4(10_000), params: { prefix: "final" } });
    await markStoryReady(TEST_SYSTEM, s.id, { finalVideoWithMusic: video.ref, seoTitle: "Done", instagramHashtags: ["a"] });
    expect((await findStoredObject(video.bucket, video.key))?.isPublic).toBe(true);
  });

  it("redirects the no-JavaScript form back to the page, and sends visitors to sign in", async () => {
    const owner = await newUser();
    const s = await story(owner.id);
    const res = await toggle({ kind: "story", id: String(s.id), visibility: "public", redirectTo: "/?tab=all&q=x" }, owner.cookie);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(303);
    expect((res as Response).headers.get("Location")).toBe("/?tab=all&q=x");
    const offsite = await toggle({ kind: "story", id: String(s.id), visibility: "private", redirectTo: "//evil.example/" }, owner.cookie);
    expect((offsite as Response).headers.get("Location")).toBe("/");
    const anon = (await toggle({ kind: "story", id: String(s.id), visibility: "private" })) as Response;
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/^\/auth\/login/);
    expect((await prisma.story.findUniqueOrThrow({ where: { id: s.id } })).isPublic).toBe(false);
  });
});

// Issue 20 finding 8: the jobs the workflows make are named `job` + 22 hex digits (scene-assets,
// compile-jobs), not cuids, so the switch on every real image and video card answered 400.
describe("visibility of the jobs the workflows make", () => {
  const workflowImageJobId = () => `job${randomBytes(11).toString("hex")}`;

  it("switches a generated image and a compiled video with the fetcher's post (no redirectTo)", async () => {
    const owner = await newUser();
    const imageId = workflowImageJobId();
    await startImageJob({ id: imageId, userId: owner.id, prompt: "A serum on a beach" });
    const videoId = compileVideoJobId(randomBytes(8).toString("hex"));
    await startVideoJob({ id: videoId, userId: owner.id, prompt: "Glow Serum" });

    const image = unwrap<{ ok: boolean }>(await toggle({ kind: "image", id: imageId, visibility: "public" }, owner.cookie));
    expect(image.status).toBe(200);
    expect(image.body).toMatchObject({ ok: true, kind: "image", id: imageId, visibility: "public" });
    const video = unwrap<{ ok: boolean }>(await toggle({ kind: "video", id: videoId, visibility: "public" }, owner.cookie));
    expect(video.status).toBe(200);
    expect(video.body).toMatchObject({ ok: true, kind: "video", id: videoId, visibility: "public" });
    expect((await prisma.imageGenerationJob.findUniqueOrThrow({ where: { id: imageId } })).visibility).toBe("public");
    expect((await prisma.videoGenerationJob.findUniqueOrThrow({ where: { id: videoId } })).visibility).toBe("public");
  });

  it("switches them with the no-JavaScript form post and redirects back", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const imageId = workflowImageJobId();
    await startImageJob({ id: imageId, userId: owner.id, prompt: "A serum on a beach" });
    const videoId = compileVideoJobId(randomBytes(8).toString("hex"));
    await startVideoJob({ id: videoId, userId: owner.id, prompt: "Glow Serum" });

    for (const [kind, id] of [
      ["image", imageId],
      ["video", videoId],
    ] as const) {
      const res = (await toggle({ kind, id, visibility: "public", redirectTo: "/?tab=all" }, owner.cookie)) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/?tab=all");
      // Someone else's job: 404, nothing changes.
      expect(unwrap(await toggle({ kind, id, visibility: "private" }, stranger.cookie)).status).toBe(404);
    }
    expect((await prisma.imageGenerationJob.findUniqueOrThrow({ where: { id: imageId } })).visibility).toBe("public");
    expect((await prisma.videoGenerationJob.findUniqueOrThrow({ where: { id: videoId } })).visibility).toBe("public");
    // A malformed job id is still a 400.
    expect(unwrap(await toggle({ kind: "image", id: "job-not-hex", visibility: "public" }, owner.cookie)).status).toBe(400);
  });
});
