import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as fileLoader } from "~/routes/resources.files.$bucket.$";
import { storeFile, type StoredFile } from "~/models/files/stored-files.server";
import { mp4, pdf, png } from "../fixtures/storage-media";
import { newUser, useTempStorage } from "./storage-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let admin: Awaited<ReturnType<typeof newUser>>;
let video: StoredFile;
let videoBytes: Buffer;

beforeAll(async () => {
  store = await useTempStorage();
  owner = await newUser();
  stranger = await newUser();
  admin = await newUser({ admin: true });
  videoBytes = mp4(50_000);
  video = await storeFile({ bucket: "renders", ownerId: owner.user.id, body: videoBytes, params: { prefix: "stories/s1" } });
});
afterAll(async () => {
  await store.cleanup();
});

function get(file: { bucket: string; key: string }, init: { cookie?: string; headers?: Record<string, string>; method?: string } = {}) {
  const request = new Request(`http://localhost/resources/files/${file.bucket}/${file.key}`, {
    method: init.method ?? "GET",
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers },
  });
  return fileLoader({ request, params: { bucket: file.bucket, "*": file.key }, context: {} });
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe("GET /resources/files/:bucket/*", () => {
  it("serves a private file to its owner with the right headers", async () => {
    const res = await get(video, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("video/mp4");
    expect(res.headers.get("Content-Length")).toBe(String(videoBytes.length));
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(res.headers.get("Last-Modified")!).getTime()).toBeGreaterThan(0);
    expect(res.headers.get("Content-Disposition")).toBeNull();
    expect((await bytes(res)).equals(videoBytes)).toBe(true);
  });

  it("answers 404 to other users and anonymous visitors, 200 to an admin", async () => {
    const other = await get(video, { cookie: stranger.cookie });
    expect(other.status).toBe(404);
    const anon = await get(video);
    expect(anon.status).toBe(404);
    const missing = await get({ bucket: "renders", key: "stories/s1/does-not-exist.mp4" });
    // Same answer as for a file that does not exist: existence is not revealed.
    expect(await anon.text()).toBe(await missing.text());
    expect(missing.status).toBe(404);
    const staff = await get(video, { cookie: admin.cookie });
    expect(staff.status).toBe(200);
    expect((await bytes(staff)).length).toBe(videoBytes.length);
  });

  it("serves byte ranges with 206 and the exact bytes", async () => {
    const res = await get(video, { cookie: owner.cookie, headers: { Range: "bytes=100-1099" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes 100-1099/${videoBytes.length}`);
    expect(res.headers.get("Content-Length")).toBe("1000");
    expect((await bytes(res)).equals(videoBytes.subarray(100, 1100))).toBe(true);

    const tail = await get(video, { cookie: owner.cookie, headers: { Range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect((await bytes(tail)).equals(videoBytes.subarray(videoBytes.length - 10))).toBe(true);

    const open = await get(video, { cookie: owner.cookie, headers: { Range: "bytes=49000-" } });
    expect(open.headers.get("Content-Range")).toBe(`bytes 49000-${videoBytes.length - 1}/${videoBytes.length}`);
    expect((await bytes(open)).equals(videoBytes.subarray(49000))).toBe(true);
  });

  it("answers 416 to a range outside the file", async () => {
    const res = await get(video, { cookie: owner.cookie, headers: { Range: `bytes=${videoBytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get("Content-Range")).toBe(`bytes */${videoBytes.length}`);
  });

  it("ignores a Range when If-Range names an older version", async () => {
    const res = await get(video, { cookie: owner.cookie, headers: { Range: "bytes=0-9", "If-Range": '"stale"' } });
    expect(res.status).toBe(200);
    expect((await bytes(res)).length).toBe(videoBytes.length);
  });

  it("supports HEAD and conditional requests", async () => {
    const head = await get(video, { cookie: owner.cookie, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(videoBytes.length));
    expect(head.body).toBeNull();
    const etag = head.headers.get("ETag")!;
    const again = await get(video, { cookie: owner.cookie, headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    const since = await get(video, { cookie: owner.cookie, headers: { "If-Modified-Since": head.headers.get("Last-Modified")! } });
    expect(since.status).toBe(304);
    // Conditional requests do not bypass the access check.
    expect((await get(video, { cookie: stranger.cookie, headers: { "If-None-Match": etag } })).status).toBe(404);
  });

  it("serves public files to anyone, cacheable publicly", async () => {
    const avatarBytes = png(3, 3);
    const avatar = await storeFile({ bucket: "avatars", ownerId: owner.user.id, body: avatarBytes, originalName: "me.png" });
    expect(avatar.isPublic).toBe(true);
    const res = await get(avatar);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect((await bytes(res)).equals(avatarBytes)).toBe(true);
  });

  it("sends documents as attachments with their original name", async () => {
    const doc = await storeFile({ bucket: "message-attachments", ownerId: owner.user.id, body: pdf(), originalName: "Invoice März.pdf" });
    const res = await get(doc, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="Invoice M_rz.pdf"; filename*=UTF-8''Invoice%20M%C3%A4rz.pdf`);
  });

  it("downloads a video as an attachment named by ?download=<slug>.<ext>, and refuses other names (docs/decisions/200)", async () => {
    const named = await fileLoader({
      request: new Request(`http://localhost/resources/files/${video.bucket}/${video.key}?download=crispjar-keeps-dressing-separate.mp4`, {
        headers: { Cookie: owner.cookie },
      }),
      params: { bucket: video.bucket, "*": video.key },
      context: {},
    });
    expect(named.status).toBe(200);
    expect(named.headers.get("Content-Disposition")).toBe('attachment; filename="crispjar-keeps-dressing-separate.mp4"');
    expect(named.headers.get("Content-Type")).toBe("video/mp4");
    // A name that is not a slug (quotes, paths, header breaks) is never echoed.
    for (const bad of ['x".mp4', "../../etc/passwd", "a\r\nSet-Cookie: x=1.mp4", ""]) {
      const res = await fileLoader({
        request: new Request(`http://localhost/resources/files/${video.bucket}/${video.key}?download=${encodeURIComponent(bad)}`, {
          headers: { Cookie: owner.cookie },
        }),
        params: { bucket: video.bucket, "*": video.key },
        context: {},
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
      expect(res.headers.get("Content-Disposition")).not.toContain("passwd");
      expect(res.headers.get("Content-Disposition")).not.toContain("Set-Cookie");
    }
    // Still private: a stranger gets the same 404.
    const other = await fileLoader({
      request: new Request(`http://localhost/resources/files/${video.bucket}/${video.key}?download=a.mp4`, { headers: { Cookie: stranger.cookie } }),
      params: { bucket: video.bucket, "*": video.key },
      context: {},
    });
    expect(other.status).toBe(404);
  });

  it("answers 404 for unknown buckets and unsafe keys", async () => {
    expect((await get({ bucket: "nope", key: "x.png" })).status).toBe(404);
    expect((await get({ bucket: "avatars", key: "../renders/x.mp4" })).status).toBe(404);
  });
});
