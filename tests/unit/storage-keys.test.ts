import { describe, expect, it } from "vitest";
import { acceptFor, allowedKinds, BUCKETS, fileUrl, fileUrlFromRef, makeKeyContext, parseFileUrl, parseObjectRef } from "~/utils/storage/buckets";
import { displayName, isValidBucketName, keyProblem, sanitizeExtension, storedExtension } from "~/utils/storage/keys";

describe("storage keys", () => {
  it("accepts plain relative keys", () => {
    for (const key of ["a.png", "scenes/s1_image_1700000000000.png", "public/project-assets/p1/0b9c-4e.mp4", "x/y/z-1_2.webm"]) {
      expect(keyProblem(key), key).toBeNull();
    }
  });

  it("rejects traversal, absolute paths and odd characters", () => {
    for (const key of [
      "",
      "/etc/passwd",
      "../x.png",
      "a/../b.png",
      "a/./b.png",
      "a//b.png",
      "a/",
      ".hidden",
      "a/.tmp/x",
      "a\\b.png",
      "a b.png",
      "a\u0000.png",
      "é.png",
      "a%2e%2e/b",
      "x".repeat(513),
    ]) {
      expect(keyProblem(key), JSON.stringify(key)).not.toBeNull();
    }
    expect(keyProblem(42)).not.toBeNull();
  });

  it("validates bucket names", () => {
    expect(isValidBucketName("product-photos")).toBe(true);
    expect(isValidBucketName("../x")).toBe(false);
    expect(isValidBucketName("Product")).toBe(false);
  });
});

describe("extensions and names", () => {
  it("sanitises to a lower-case plain extension", () => {
    expect(sanitizeExtension("Photo.JPG")).toBe("jpg");
    expect(sanitizeExtension("archive.tar.gz")).toBe("gz");
    expect(sanitizeExtension("C:\\Users\\me\\song.Mp3")).toBe("mp3");
    expect(sanitizeExtension(".env")).toBeNull();
    expect(sanitizeExtension("noext")).toBeNull();
    expect(sanitizeExtension("trailing.")).toBeNull();
    expect(sanitizeExtension("x.p%hp")).toBeNull();
    expect(sanitizeExtension("x.toolongext")).toBeNull();
    expect(sanitizeExtension(null)).toBeNull();
  });

  it("keeps the original extension only when it is allowed for the detected type", () => {
    expect(storedExtension("Photo.JPEG", ["jpg", "jpeg", "jfif"])).toBe("jpeg");
    expect(storedExtension("really-a-jpeg.png", ["jpg", "jpeg", "jfif"])).toBe("jpg");
    expect(storedExtension("shell.php", ["png"])).toBe("png");
    expect(storedExtension(undefined, ["mp4", "m4v"])).toBe("mp4");
  });

  it("cleans display names", () => {
    expect(displayName('../../My "Song".mp3')).toBe("My Song.mp3");
    expect(displayName("C:\\fakepath\\a.png")).toBe("a.png");
    expect(displayName("")).toBeNull();
  });
});

describe("bucket keys", () => {
  it("follows the documented key layouts", () => {
    const now = 1_700_000_000_000;
    const ctx = (params: Record<string, string>) => ({ ...makeKeyContext("png", params, now), id: "11111111-2222-4333-8444-555555555555" });
    expect(BUCKETS["product-photos"].key(ctx({}))).toBe("11111111-2222-4333-8444-555555555555.png");
    expect(BUCKETS["canvas-assets"].key(ctx({ sceneId: "sc1", kind: "image" }))).toBe(`scenes/sc1_image_${now}.png`);
    expect(BUCKETS["project-images"].key(ctx({ projectId: "p1", purpose: "main" }))).toBe(`public/main-project-images/p1-${now}.png`);
    expect(BUCKETS["project-images"].key(ctx({ projectId: "p1" }))).toBe("public/project-assets/p1/11111111-2222-4333-8444-555555555555.png");
    expect(BUCKETS["custom-order-media"].key(ctx({ orderId: "o9" }))).toBe("o9/11111111-2222-4333-8444-555555555555.png");
    expect(BUCKETS.renders.key(ctx({ prefix: "projects/p1/voice" }))).toBe("projects/p1/voice/11111111-2222-4333-8444-555555555555.png");
  });

  it("refuses unsafe or missing context", () => {
    const ctx = (params: Record<string, string>) => makeKeyContext("png", params);
    expect(() => BUCKETS["canvas-assets"].key(ctx({ sceneId: "../x", kind: "image" }))).toThrow();
    expect(() => BUCKETS["canvas-assets"].key(ctx({ kind: "image" }))).toThrow();
    expect(() => BUCKETS["custom-order-media"].key(ctx({ orderId: "a/b" }))).toThrow();
    expect(() => BUCKETS.renders.key(ctx({ prefix: "../up" }))).toThrow();
  });

  it("gives random unique ids", () => {
    const keys = new Set(Array.from({ length: 50 }, () => BUCKETS.avatars.key(makeKeyContext("png"))));
    expect(keys.size).toBe(50);
  });

  it("narrows kinds by context", () => {
    expect(allowedKinds("canvas-assets", { kind: "audio" })).toEqual(["audio"]);
    expect(allowedKinds("canvas-assets", { kind: "voice-over" })).toEqual(["image", "video", "audio"]);
    expect(allowedKinds("project-images", { purpose: "main" })).toEqual(["image"]);
    expect(allowedKinds("custom-order-media", {}, ["image"])).toEqual(["image"]);
    expect(allowedKinds("background-music", {}, ["image"])).toEqual([]);
    expect(acceptFor("background-music")).toContain("audio/mpeg");
    expect(acceptFor("product-photos")).not.toContain("svg");
  });

  it("keeps private user content private and the showcase public", () => {
    expect(BUCKETS["showcase-videos"].public).toBe(true);
    for (const b of [
      "product-photos",
      "background-music",
      "canvas-assets",
      "project-images",
      "custom-order-media",
      "message-attachments",
      "renders",
    ] as const) {
      expect(BUCKETS[b].public, b).toBe(false);
    }
  });
});

describe("file URLs and refs", () => {
  it("round-trips", () => {
    const url = fileUrl("canvas-assets", "scenes/s1_image_1.png");
    expect(url).toBe("/resources/files/canvas-assets/scenes/s1_image_1.png");
    expect(parseFileUrl(url)).toEqual({ bucket: "canvas-assets", key: "scenes/s1_image_1.png" });
    expect(parseFileUrl(`https://app.example${url}?v=1`)).toEqual({ bucket: "canvas-assets", key: "scenes/s1_image_1.png" });
    expect(parseFileUrl("https://cdn.example/x.png")).toBeNull();
    expect(parseFileUrl("/resources/files/nope/x.png")).toBeNull();
    expect(parseFileUrl("/resources/files/avatars/../x.png")).toBeNull();
    expect(parseObjectRef("avatars/abc.png")).toEqual({ bucket: "avatars", key: "abc.png" });
    expect(parseObjectRef("avatars/../abc.png")).toBeNull();
    expect(fileUrlFromRef("avatars/abc.png")).toBe("/resources/files/avatars/abc.png");
    expect(fileUrlFromRef(null)).toBeNull();
  });
});
