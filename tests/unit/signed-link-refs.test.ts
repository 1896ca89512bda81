// A signed link this server made names its stored object (analyze_product_image takes
// upload_product_image's link back); a changed signature or another path names nothing.
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The modules import the Prisma client, which needs a URL to be constructed (never used here).
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
  process.env.SESSION_SECRET ??= "unit-test-secret-unit-test-secret-0123456789";
});

const { parseMediaValue } = await import("~/models/files/media-refs.server");
const { parseSignedLink, signedPath } = await import("~/models/files/signed-links.server");

describe("the server's own signed links", () => {
  const key = "u1/main-project-images/bottle-1.png";
  const path = signedPath("project-images", key, Math.floor(Date.now() / 1000) + 3600);

  it("name their object, absolute or relative, expired or not", () => {
    expect(parseSignedLink(`https://reelforge.example${path}`)).toEqual({ bucket: "project-images", key });
    expect(parseSignedLink(path)).toEqual({ bucket: "project-images", key });
    expect(parseSignedLink(signedPath("project-images", key, 1000))).toEqual({ bucket: "project-images", key });
    expect(parseMediaValue(`http://127.0.0.1:1234${path}`)).toEqual({ object: { bucket: "project-images", key } });
  });

  it("name nothing with a changed signature, key or expiry", () => {
    const sig = new URL(path, "http://x").searchParams.get("signature")!;
    const other = sig.startsWith("A") ? "B" : "A";
    expect(parseSignedLink(path.replace(`signature=${sig}`, `signature=${other}${sig.slice(1)}`))).toBeNull();
    expect(parseSignedLink(path.replace("bottle", "other"))).toBeNull();
    expect(parseSignedLink(path.replace(/expires=\d+/, "expires=99999999999"))).toBeNull();
    expect(parseSignedLink("https://example.com/somewhere/else.png")).toBeNull();
    // A forged link is then only a URL (refused unless allow-listed), never a stored object.
    expect(parseMediaValue(`https://evil.example${path.replace(`signature=${sig}`, `signature=${other}${sig.slice(1)}`)}`)).toMatchObject({
      url: expect.any(String),
    });
  });
});
