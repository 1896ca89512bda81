// A file that was published and then made private again must not stay cached as public
// (ADR 123): the file route derives Cache-Control from the visibility now, a once-public file
// of a private bucket must be revalidated before each use, and the header kept with the bytes
// (S3 metadata) never says public for a bucket whose files can turn private.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoredObjectVisibility } from "~/models/files/stored-files.server";
import { loader as fileLoader } from "~/routes/resources.files.$bucket.$";
import { storeFile } from "~/models/files/stored-files.server";
import { png } from "../fixtures/storage-media";
import { newUser, useTempStorage } from "./storage-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  store = await useTempStorage();
});
afterAll(() => store.cleanup());

function get(file: { bucket: string; key: string }, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/resources/files/${file.bucket}/${file.key}`, { headers });
  return fileLoader({ request, params: { bucket: file.bucket, "*": file.key }, context: {} });
}

describe("Cache-Control of files whose visibility changes", () => {
  it("a published file of a private bucket may be cached but is revalidated before each use", async () => {
    const owner = await newUser();
    const file = await storeFile({ bucket: "product-photos", ownerId: owner.user.id, body: png(3, 3), isPublic: true });
    const res = await get(file);
    expect(res.status).toBe(200);
    const cacheControl = res.headers.get("Cache-Control") ?? "";
    expect(cacheControl).toMatch(/^public\b/);
    expect(cacheControl).toMatch(/\bno-cache\b/);
    expect(cacheControl).not.toMatch(/max-age=[1-9]/);
  });

  it("once made private again: private for its owner, 404 to a cache revalidating for anyone else", async () => {
    const owner = await newUser();
    const file = await storeFile({ bucket: "product-photos", ownerId: owner.user.id, body: png(3, 3), isPublic: true });
    const etag = (await get(file)).headers.get("ETag")!;
    await setStoredObjectVisibility(file.bucket, file.key, false);
    const mine = await get(file, { Cookie: owner.cookie });
    expect(mine.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(mine.headers.get("Vary")).toBe("Cookie");
    expect((await get(file, { "If-None-Match": etag })).status).toBe(404);
  });

  it("files of a public bucket stay publicly cacheable (they cannot turn private)", async () => {
    const owner = await newUser();
    const avatar = await storeFile({ bucket: "avatars", ownerId: owner.user.id, body: png(3, 3) });
    expect((await get(avatar)).headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("the header stored with the bytes follows the bucket, not the file's first visibility", async () => {
    const owner = await newUser();
    const put = vi.spyOn(store.driver, "put");
    try {
      await storeFile({ bucket: "product-photos", ownerId: owner.user.id, body: png(3, 3), isPublic: true });
      await storeFile({ bucket: "avatars", ownerId: owner.user.id, body: png(3, 3) });
      expect(put.mock.calls.map((c) => c[3].cacheControl)).toEqual(["private, max-age=3600", "public, max-age=3600"]);
    } finally {
      put.mockRestore();
    }
  });
});
