// The /create-video door: the loader's guard and data, the action with the enhanced dialog's
// refs (JSON answer) and with a plain multipart post (files stored, redirect with a flash
// message that the shell shows once), and the action's error answers.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { action, loader } from "~/routes/_shell.create-video";
import { loader as shellLoader } from "~/routes/_shell";
import { prisma } from "~/utils/db.server";
import { parseFileUrl } from "~/utils/storage/buckets";
import { storeFile } from "~/models/files/stored-files.server";
import { seedReferenceData } from "../../prisma/seed";
import { png, wav } from "../fixtures/storage-media";
import { call, formRequest, getRequest, ORIGIN } from "./auth-helpers";
import { filesUnder, multipart, newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage.cleanup();
});

async function signedInWith(credits: number) {
  const { user, cookie } = await newUser();
  if (credits > 0) await applyCreditChange({ userId: user.id, delta: credits, reason: "admin_grant", reference: "grant" });
  return { user, cookie };
}

const URL_ = `${ORIGIN}/create-video`;
const storiesOf = (userId: string) => prisma.story.findMany({ where: { userId } });

describe("/create-video loader", () => {
  it("sends visitors without a session to sign in", async () => {
    const out = await call(loader, getRequest("/create-video"));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/auth/login?redirectTo=%2Fcreate-video");
  });

  it("gives the balance, the voices, the styles and a fresh request id", async () => {
    const { cookie } = await signedInWith(45);
    const out = await call(loader, getRequest("/create-video?new=1", cookie));
    const body = out.body as { credits: number; voices: { id: number }[]; styles: { id: number }[]; defaultVoiceId: number; requestId: string };
    expect(body.credits).toBe(45);
    expect(body.voices[0]).toMatchObject({ id: 1 });
    expect(body.styles.length).toBeGreaterThan(0);
    expect(body.defaultVoiceId).toBe(1);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("/create-video action", () => {
  it("takes the enhanced dialog's refs and answers JSON", async () => {
    const { user, cookie } = await signedInWith(100);
    const image = await storeFile({ bucket: "product-photos", ownerId: user.id, body: png(), originalName: "p.png" });
    const music = await storeFile({ bucket: "background-music", ownerId: user.id, body: wav(), originalName: "m.wav" });
    const requestId = randomUUID();
    const fields = {
      script: "Cold brew that tastes like summer",
      voiceId: "2",
      storyTypeId: "3",
      readyToGo: "on",
      productImageRef: image.ref,
      backgroundMusicRef: music.ref,
      requestId,
      _enhanced: "1",
    };
    const out = await call(action, formRequest("/create-video", fields, cookie));
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ ok: true, duplicate: false, toast: { title: "Success", description: "Your video has been created successfully" } });
    const [story] = await storiesOf(user.id);
    expect(story).toMatchObject({ voiceId: 2, storyTypeId: 3, readyToGo: true, productImageUrl: image.url, backgroundMusicUrl: music.url, status: "queued" });

    // The same request again (a manual retry after the timeout) charges nothing more.
    const again = await call(action, formRequest("/create-video", fields, cookie));
    expect(again.body).toMatchObject({ ok: true, duplicate: true, storyId: story.id });
    expect(await getBalance(user.id)).toBe(80);
  });

  it("stores a plain multipart post's files and redirects to the dashboard with a flash message", async () => {
    const { user, cookie } = await signedInWith(20);
    const request = multipart(
      URL_,
      [
        { name: "requestId", value: randomUUID() },
        { name: "script", value: "A phone case that survives anything" },
        { name: "voiceId", value: "1" },
        { name: "productImage", value: { bytes: png(), filename: "case.png", type: "image/png" } },
        { name: "storyTypeId", value: "1" },
        { name: "backgroundMusic", value: { bytes: wav(), filename: "beat.wav", type: "audio/wav" } },
      ],
      cookie,
    );
    const out = await call(action, request);
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    const setCookie = out.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__flash=/);

    const [story] = await storiesOf(user.id);
    expect(story).toMatchObject({ readyToGo: false, voiceId: 1, storyTypeId: 1, status: "queued" });
    const image = parseFileUrl(story.productImageUrl);
    const music = parseFileUrl(story.backgroundMusicUrl);
    expect(image?.bucket).toBe("product-photos");
    expect(music?.bucket).toBe("background-music");
    const objects = await prisma.storedObject.findMany({ where: { ownerId: user.id }, orderBy: { bucket: "asc" } });
    expect(objects.map((o) => [o.bucket, o.contentType, o.originalName])).toEqual([
      ["background-music", "audio/wav", "beat.wav"],
      ["product-photos", "image/png", "case.png"],
    ]);
    expect(await getBalance(user.id)).toBe(0);

    // The dashboard's shell shows the message once and clears it.
    const flashCookie = setCookie.split(";")[0];
    const shell = await call(shellLoader, getRequest("/", `${cookie}; ${flashCookie}`));
    expect((shell.body as { flash: unknown }).flash).toEqual({
      kind: "success",
      title: "Success",
      description: "Your video has been created successfully",
    });
    expect(shell.headers.get("Set-Cookie")).toMatch(/^__flash=;.*Max-Age=0/i);
    const later = await call(shellLoader, getRequest("/", cookie));
    expect((later.body as { flash: unknown }).flash).toBeNull();
  });

  it("refuses a non-image product photo in a plain post and keeps nothing of it", async () => {
    const { user, cookie } = await signedInWith(100);
    const before = await filesUnder(storage.root);
    const request = multipart(
      URL_,
      [
        { name: "script", value: "Wrong file" },
        { name: "productImage", value: { bytes: wav(), filename: "sound.png", type: "image/png" } },
        { name: "backgroundMusic", value: { bytes: wav(), filename: "beat.wav", type: "audio/wav" } },
      ],
      cookie,
    );
    const out = await call(action, request);
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({
      ok: false,
      toast: { title: "Upload Error", description: "Failed to upload product photo. Please try again." },
      fieldErrors: { productImage: "Please upload an image file" },
      values: { script: "Wrong file" },
    });
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await filesUnder(storage.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await getBalance(user.id)).toBe(100);
  });

  it("refuses non-audio music with the documented message", async () => {
    const { cookie } = await signedInWith(100);
    const out = await call(
      action,
      multipart(
        URL_,
        [
          { name: "script", value: "Wrong music" },
          { name: "backgroundMusic", value: { bytes: png(), filename: "pic.mp3", type: "audio/mpeg" } },
        ],
        cookie,
      ),
    );
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({
      ok: false,
      toast: { title: "Upload Error", description: "Failed to upload audio: Please upload an audio file" },
      fieldErrors: { backgroundMusic: "Failed to upload audio: Please upload an audio file" },
    });
  });

  it("rejects another user's upload ref", async () => {
    const { user: other } = await signedInWith(0);
    const { user, cookie } = await signedInWith(100);
    const theirs = await storeFile({ bucket: "product-photos", ownerId: other.id, body: png(), originalName: "secret.png" });
    const js = await call(action, formRequest("/create-video", { script: "Mine now", productImageRef: theirs.ref, _enhanced: "1" }, cookie));
    expect(js.status).toBe(400);
    expect(js.body).toMatchObject({ ok: false, fieldErrors: { productImage: "The uploaded file could not be found. Please upload it again." } });
    const plain = await call(
      action,
      multipart(
        URL_,
        [
          { name: "script", value: "Mine now" },
          { name: "productImageRef", value: theirs.ref },
        ],
        cookie,
      ),
    );
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ ok: false, toast: { title: "Upload Error" } });
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(100);
  });

  it("stores the chosen aspect ratio (9:16 when none is sent) and refuses any other value with a 400 that charges nothing", async () => {
    const { user, cookie } = await signedInWith(100);
    const square = await call(
      action,
      formRequest("/create-video", { script: "A square ad", aspectRatio: "1:1", requestId: randomUUID(), _enhanced: "1" }, cookie),
    );
    expect(square.status).toBe(200);
    const plain = await call(action, formRequest("/create-video", { script: "A default ad", requestId: randomUUID(), _enhanced: "1" }, cookie));
    expect(plain.status).toBe(200);
    const ratios = (await storiesOf(user.id)).map((s) => [s.source, s.aspectRatio]);
    expect(ratios).toEqual(
      expect.arrayContaining([
        ["A square ad", "1:1"],
        ["A default ad", "9:16"],
      ]),
    );

    for (const bad of ["4:3", "16:10", "9:16 ", "landscape"]) {
      const out = await call(action, formRequest("/create-video", { script: "Bad ratio", aspectRatio: bad, requestId: randomUUID(), _enhanced: "1" }, cookie));
      expect(out.status).toBe(400);
      expect(out.body).toMatchObject({ ok: false, fieldErrors: { aspectRatio: "Please choose an aspect ratio" } });
    }
    expect(await storiesOf(user.id)).toHaveLength(2);
    expect(await getBalance(user.id)).toBe(60);
  });

  it("answers the documented messages for a blank script, a short balance and a missing session", async () => {
    const { cookie } = await signedInWith(100);
    const blank = await call(action, formRequest("/create-video", { script: "   ", _enhanced: "1" }, cookie));
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ ok: false, fieldErrors: { script: "Please enter a script or idea" } });

    const { cookie: poor } = await signedInWith(10);
    const short = await call(action, formRequest("/create-video", { script: "An idea", _enhanced: "1" }, poor));
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({
      ok: false,
      toast: { title: "Insufficient Credits", description: "You need at least 20 credits to create a video." },
    });

    const anonymous = await call(action, formRequest("/create-video", { script: "Hello", _enhanced: "1" }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ ok: false, toast: { description: "No authenticated user found" } });
  });

  it("removes a plain post's files when nothing will use them", async () => {
    // Too few credits: the dialog does not open again, so the files could not be carried.
    const { user: poor, cookie: poorCookie } = await signedInWith(10);
    const before = await filesUnder(storage.root);
    const short = await call(
      action,
      multipart(
        URL_,
        [
          { name: "script", value: "Not enough credits" },
          { name: "productImage", value: { bytes: png(), filename: "p.png", type: "image/png" } },
          { name: "backgroundMusic", value: { bytes: wav(), filename: "m.wav", type: "audio/wav" } },
        ],
        poorCookie,
      ),
    );
    expect(short.status).toBe(402);
    expect(await prisma.storedObject.count({ where: { ownerId: poor.id } })).toBe(0);
    expect(await filesUnder(storage.root)).toEqual(before);

    // The same request again (a resubmitted page): the first story keeps its files, the repeat's go.
    const { user, cookie } = await signedInWith(100);
    const requestId = randomUUID();
    const post = () =>
      call(
        action,
        multipart(
          URL_,
          [
            { name: "requestId", value: requestId },
            { name: "script", value: "Posted twice" },
            { name: "productImage", value: { bytes: png(), filename: "p.png", type: "image/png" } },
          ],
          cookie,
        ),
      );
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(302);
    const [story] = await storiesOf(user.id);
    const objects = await prisma.storedObject.findMany({ where: { ownerId: user.id } });
    expect(objects.map((o) => `/resources/files/${o.bucket}/${o.key}`)).toEqual([story.productImageUrl]);
    expect(await getBalance(user.id)).toBe(80);
  });

  it("keeps a plain post's stored files as refs when the video cannot be created", async () => {
    const { user, cookie } = await signedInWith(100);
    const out = await call(
      action,
      multipart(
        URL_,
        [
          { name: "script", value: "" },
          { name: "productImage", value: { bytes: png(), filename: "keep.png", type: "image/png" } },
        ],
        cookie,
      ),
    );
    expect(out.status).toBe(400);
    const body = out.body as { files: { productImage: { ref: string; name: string } } };
    expect(body.files.productImage).toMatchObject({ name: "keep.png" });
    expect(body.files.productImage.ref).toMatch(/^product-photos\//);

    // The refilled form posts the ref back; this time it goes through.
    const retry = await call(
      action,
      multipart(
        URL_,
        [
          { name: "script", value: "Now with words" },
          { name: "productImageRef", value: body.files.productImage.ref },
        ],
        cookie,
      ),
    );
    expect(retry.status).toBe(302);
    const [story] = await storiesOf(user.id);
    expect(story.productImageUrl).toContain("/resources/files/product-photos/");
  });
});
