// Signed, expiring file links (app/models/files/signed-links.server.ts, ADR 161).
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit@127.0.0.1:1/unit";
process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789";

let links: typeof import("~/models/files/signed-links.server");
beforeAll(async () => {
  links = await import("~/models/files/signed-links.server");
});

function parts(pathAndQuery: string) {
  const url = new URL(pathAndQuery, "http://x");
  const [, , , bucket, ...key] = url.pathname.split("/");
  return { bucket, key: key.map(decodeURIComponent).join("/"), expires: url.searchParams.get("expires"), signature: url.searchParams.get("signature") };
}

describe("signed file links", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  const expires = Math.floor(now.getTime() / 1000) + 3600;

  it("verifies its own link until it expires", () => {
    const p = parts(links.signedPath("renders", "u1/video.mp4", expires));
    expect(p.bucket).toBe("renders");
    expect(p.key).toBe("u1/video.mp4");
    expect(links.verifySignedLink("renders", "u1/video.mp4", p.expires, p.signature, now)).toBe(true);
    expect(links.verifySignedLink("renders", "u1/video.mp4", p.expires, p.signature, new Date((expires + 1) * 1000))).toBe(false);
  });

  it("refuses a link for another file, another expiry or a forged signature", () => {
    const p = parts(links.signedPath("renders", "u1/video.mp4", expires));
    expect(links.verifySignedLink("renders", "u2/video.mp4", p.expires, p.signature, now)).toBe(false);
    expect(links.verifySignedLink("avatars", "u1/video.mp4", p.expires, p.signature, now)).toBe(false);
    expect(links.verifySignedLink("renders", "u1/video.mp4", String(expires + 1000), p.signature, now)).toBe(false);
    expect(links.verifySignedLink("renders", "u1/video.mp4", p.expires, `${p.signature}x`, now)).toBe(false);
    expect(links.verifySignedLink("renders", "u1/video.mp4", p.expires, null, now)).toBe(false);
    expect(links.verifySignedLink("renders", "u1/video.mp4", "1e12", p.signature, now)).toBe(false);
    expect(links.verifySignedLink("renders", "../etc/passwd", p.expires, p.signature, now)).toBe(false);
  });

  it("depends on the session secret", async () => {
    const p = parts(links.signedPath("renders", "u1/video.mp4", expires));
    expect(p.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.SIGNED_LINK_TTL_SECONDS).toBe(3600);
  });
});
