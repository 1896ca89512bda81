import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as uploadAction } from "~/routes/resources.upload.$bucket";
import { prisma } from "~/utils/db.server";
import { storeFile, UploadError } from "~/models/files/stored-files.server";
import { parseUploadForm } from "~/models/files/uploads.server";
import { mp4, png, wav } from "../fixtures/storage-media";
import { filesUnder, multipart, newUser, useTempStorage } from "./storage-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  store = await useTempStorage();
});
afterAll(async () => {
  await store.cleanup();
});

const BASE = "http://localhost/resources/upload";

async function upload(bucket: string, file: { bytes: Uint8Array; filename: string; type?: string }, cookie?: string, query = "") {
  const request = multipart(`${BASE}/${bucket}${query}`, [{ name: "file", value: file }], cookie);
  const response = await uploadAction({ request, params: { bucket }, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

describe("POST /resources/upload/:bucket", () => {
  it("stores a real image under a random id with its extension and records it", async () => {
    const { user, cookie } = await newUser();
    const bytes = png(4, 4);
    const res = await upload("product-photos", { bytes, filename: "My Product.PNG", type: "image/png" }, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toMatchObject({ ok: true, bucket: "product-photos", contentType: "image/png", size: bytes.length, originalName: "My Product.PNG" });
    const key = res.body.key as string;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);
    expect(res.body.url).toBe(`/resources/files/product-photos/${key}`);
    expect(res.body.ref).toBe(`product-photos/${key}`);
    expect(await fs.readFile(path.join(store.root, "product-photos", key))).toEqual(bytes);
    const row = await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "product-photos", key } } });
    expect(row).toMatchObject({ ownerId: user.id, isPublic: false, contentType: "image/png", size: bytes.length, originalName: "My Product.PNG" });
  });

  it("judges the type by the bytes, not the name or the declared type", async () => {
    const { user, cookie } = await newUser();
    const before = await filesUnder(store.root);
    const fake = await upload(
      "product-photos",
      { bytes: Buffer.from("<html><script>alert(1)</script></html>"), filename: "photo.png", type: "image/png" },
      cookie,
    );
    expect(fake).toMatchObject({ status: 415, body: { ok: false, error: "Please upload an image file" } });
    const audioAsImage = await upload("background-music", { bytes: png(), filename: "song.mp3", type: "audio/mpeg" }, cookie);
    expect(audioAsImage).toMatchObject({ status: 415, body: { ok: false, error: "Please upload an audio file" } });
    expect(await filesUnder(store.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);

    // A real PNG declared as something else, with a misleading extension, is stored as a PNG.
    const renamed = await upload("product-photos", { bytes: png(), filename: "picture.gif", type: "application/octet-stream" }, cookie);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ contentType: "image/png" });
    expect(renamed.body.key).toMatch(/\.png$/);
  });

  it("takes audio for background music and stores the WAV as sent", async () => {
    const { cookie } = await newUser();
    const bytes = wav(4000);
    const res = await upload("background-music", { bytes, filename: "bed.WAV", type: "audio/wav" }, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: "audio/wav", size: bytes.length });
    expect(res.body.key).toMatch(/\.wav$/);
  });

  it("refuses an oversize image while streaming and leaves no partial file", async () => {
    const { user, cookie } = await newUser();
    const before = await filesUnder(store.root);
    const big = Buffer.alloc(15 * 1024 * 1024 + 10, 0);
    png().copy(big, 0);
    const res = await upload("product-photos", { bytes: big, filename: "huge.png", type: "image/png" }, cookie);
    expect(res).toMatchObject({ status: 413, body: { ok: false, error: "The file is too large. An image file can be at most 15 MB." } });
    expect(await filesUnder(store.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("refuses a large file of the wrong type from its first bytes and still reads the rest of the form", async () => {
    const { user } = await newUser();
    const before = await filesUnder(store.root);
    const request = multipart("http://localhost/x", [
      { name: "file", value: { bytes: Buffer.alloc(3 * 1024 * 1024, 0x41), filename: "big.png", type: "image/png" } },
      { name: "after", value: "still parsed" },
    ]);
    const form = await parseUploadForm(request, { bucket: "product-photos", ownerId: user.id });
    expect(form).toMatchObject({ ok: false, status: 415, error: "Please upload an image file" });
    expect(form.fields.get("after")).toBe("still parsed");
    expect(await filesUnder(store.root)).toEqual(before);
  });

  it("refuses an empty file and a form without a file", async () => {
    const { cookie } = await newUser();
    expect(await upload("avatars", { bytes: new Uint8Array(0), filename: "empty.png", type: "image/png" }, cookie)).toMatchObject({
      status: 400,
      body: { ok: false, error: "The file is empty." },
    });
    const request = multipart(`${BASE}/avatars`, [{ name: "note", value: "no file here" }], cookie);
    const res = await uploadAction({ request, params: { bucket: "avatars" }, context: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: "Please choose a file to upload." });
  });

  it("checks who may upload where", async () => {
    const { cookie } = await newUser();
    const file = { bytes: png(), filename: "a.png", type: "image/png" };
    expect(await upload("product-photos", file)).toMatchObject({ status: 401, body: { ok: false, error: "Please sign in to upload files." } });
    expect(await upload("renders", file, cookie)).toMatchObject({ status: 403 });
    expect(await upload("showcase-videos", file, cookie)).toMatchObject({ status: 403 });
    expect(await upload("no-such-bucket", file, cookie)).toMatchObject({ status: 404 });
    expect(await upload("custom-order-media", file, cookie, "?orderId=o1")).toMatchObject({ status: 403 });
    const other = await newUser();
    expect(await upload("avatars", file, cookie, `?ownerId=${other.user.id}`)).toMatchObject({ status: 403 });
  });

  it("lets an admin upload with context, on behalf of a user", async () => {
    const admin = await newUser({ admin: true });
    const customer = await newUser();
    const video = mp4(2048);
    const res = await upload(
      "custom-order-media",
      { bytes: video, filename: "delivery.mp4", type: "video/mp4" },
      admin.cookie,
      `?orderId=order42&ownerId=${customer.user.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^order42\/[0-9a-f-]{36}\.mp4$/);
    const row = await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "custom-order-media", key: res.body.key as string } } });
    expect(row?.ownerId).toBe(customer.user.id);

    const scene = await upload("canvas-assets", { bytes: png(), filename: "s.png", type: "image/png" }, admin.cookie, "?sceneId=sc7&kind=image");
    expect(scene.body.key).toMatch(/^scenes\/sc7_image_\d{13}\.png$/);
    const wrong = await upload("canvas-assets", { bytes: png(), filename: "s.png" }, admin.cookie, "?sceneId=sc7&kind=audio");
    expect(wrong).toMatchObject({ status: 415, body: { error: "Please upload an audio file" } });
    expect(await upload("canvas-assets", { bytes: png(), filename: "s.png" }, admin.cookie, "?kind=image")).toMatchObject({ status: 400 });
    expect(await upload("custom-order-media", { bytes: png(), filename: "s.png" }, admin.cookie, "?orderId=../x")).toMatchObject({ status: 400 });
  });
});

describe("parseUploadForm (plain form posts without JavaScript)", () => {
  it("returns the text fields and the stored file", async () => {
    const { user } = await newUser();
    const request = multipart("http://localhost/settings", [
      { name: "intent", value: "avatar" },
      { name: "avatar", value: { bytes: png(), filename: "me.png", type: "image/png" } },
      { name: "username", value: "ünïcode name" },
    ]);
    const form = await parseUploadForm(request, { bucket: "avatars", ownerId: user.id, fileFields: ["avatar"] });
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect(form.fields.get("intent")).toBe("avatar");
    expect(form.fields.get("username")).toBe("ünïcode name");
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ field: "avatar", bucket: "avatars", isPublic: true, ownerId: user.id, contentType: "image/png" });
  });

  it("accepts the user's own earlier upload by reference, and nobody else's", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const earlier = await storeFile({ bucket: "product-photos", ownerId: owner.user.id, body: png(), originalName: "p.png" });
    const mine = await parseUploadForm(multipart("http://localhost/create-video", [{ name: "fileRef", value: earlier.ref }]), {
      bucket: "product-photos",
      ownerId: owner.user.id,
    });
    expect(mine).toMatchObject({ ok: true, files: [{ key: earlier.key, field: "file" }] });
    const theirs = await parseUploadForm(multipart("http://localhost/create-video", [{ name: "fileRef", value: earlier.ref }]), {
      bucket: "product-photos",
      ownerId: stranger.user.id,
    });
    expect(theirs).toMatchObject({ ok: false, status: 400 });
    // A failed form must not delete a file it only referenced.
    expect(await store.driver.exists("product-photos", earlier.key)).toBe(true);
  });

  it("removes every file of the request when one of them is refused", async () => {
    const { user } = await newUser();
    const before = await filesUnder(store.root);
    const request = multipart("http://localhost/orders", [
      { name: "media", value: { bytes: png(), filename: "1.png", type: "image/png" } },
      { name: "media", value: { bytes: wav(), filename: "2.wav", type: "audio/wav" } },
    ]);
    const form = await parseUploadForm(request, {
      bucket: "custom-order-media",
      ownerId: user.id,
      params: { orderId: "o1" },
      fileFields: ["media"],
      maxFiles: 5,
    });
    expect(form).toMatchObject({ ok: false, status: 415, error: "Please upload an image or video file" });
    expect(await filesUnder(store.root)).toEqual(before);
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("limits the number of files", async () => {
    const { user } = await newUser();
    const request = multipart("http://localhost/x", [
      { name: "file", value: { bytes: png(), filename: "1.png" } },
      { name: "file", value: { bytes: png(), filename: "2.png" } },
    ]);
    const form = await parseUploadForm(request, { bucket: "product-photos", ownerId: user.id });
    expect(form).toMatchObject({ ok: false, status: 400, error: "Please upload one file at a time." });
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("refuses a body that is not multipart", async () => {
    const request = new Request("http://localhost/x", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await parseUploadForm(request, { bucket: "avatars", ownerId: null })).toMatchObject({ ok: false, status: 400 });
  });
});

describe("storeFile (server-generated files)", () => {
  it("stores two scene files made in the same millisecond under two keys when both saw the first key free", async () => {
    const { user } = await newUser();
    const at = 1_800_000_000_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(at);
    // Both stores find the key free (as two stores racing between the check and the put do).
    const exists = vi.spyOn(store.driver, "exists").mockResolvedValue(false);
    try {
      const files = await Promise.all(
        ["plate.png", "layer.png"].map((name) =>
          storeFile({
            bucket: "canvas-assets",
            ownerId: user.id,
            params: { sceneId: "race", kind: "image" },
            kinds: ["image"],
            body: png(),
            originalName: name,
          }),
        ),
      );
      expect(files.map((f) => f.key).sort()).toEqual([`scenes/race_image_${at}.png`, `scenes/race_image_${at + 1}.png`]);
      expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(2);
    } finally {
      exists.mockRestore();
      clock.mockRestore();
    }
  });

  it("stores a render with an explicit key once, and never overwrites it", async () => {
    const { user } = await newUser();
    const file = await storeFile({ bucket: "renders", ownerId: user.id, body: mp4(), key: "stories/s1/final.mp4" });
    expect(file).toMatchObject({ key: "stories/s1/final.mp4", contentType: "video/mp4", kind: "video", isPublic: false });
    await expect(storeFile({ bucket: "renders", ownerId: user.id, body: mp4(10), key: "stories/s1/final.mp4" })).rejects.toMatchObject({
      code: "conflict",
      status: 409,
    });
    await expect(storeFile({ bucket: "renders", ownerId: user.id, body: png(), params: { prefix: "p1" }, kinds: ["audio"] })).rejects.toBeInstanceOf(
      UploadError,
    );
  });
});
