// React's production server build is patched (patches/react-dom+18.3.1.patch, applied by
// patch-package on npm install) to gather a render's text into one string and encode it per 8 KB,
// instead of encoding each of its thousands of small chunks into a 2 KB view
// (docs/decisions/401-react-writes-text-once.md). The development build is not patched, so the
// two builds' output is compared byte for byte, alone and with renders interleaved.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

type Render = { name: string; html: string; writes: number };
type Result = { alone: Render[]; together: Render[] };

function renderIn(nodeEnv: "production" | "development"): Result {
  const out = execFileSync(process.execPath, ["tests/support/react-stream-render.cjs"], {
    env: { ...process.env, NODE_ENV: nodeEnv },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out) as Result;
}

describe("React's server writes (production build, patched)", () => {
  const production = renderIn("production");
  const development = renderIn("development");

  it("renders the same HTML as the unpatched development build", () => {
    expect(production.alone.map((r) => r.html)).toEqual(development.alone.map((r) => r.html));
    const plain = production.alone.find((r) => r.name === "plain")!;
    expect(plain.html).toContain("Grüße, 広告 🎬 &amp; &lt;ads&gt;");
    expect(plain.html).toContain('<a href="/p/399?a=1&amp;b=&quot;2&quot;">Item 399 — ✓</a>');
    const suspense = production.alone.find((r) => r.name === "suspense")!;
    expect(suspense.html).toContain("loading…");
    expect(suspense.html).toContain("after the shell — ✓");
  });

  it("keeps renders that run at once apart", () => {
    const byName = new Map(production.alone.map((r) => [r.name, r.html]));
    for (const r of production.together) expect(r.html).toBe(byName.get(r.name));
    expect(production.together.map((r) => r.html)).toEqual(development.together.map((r) => r.html));
  });

  it("hands the stream a few large writes, not one per 2 KB", () => {
    const plain = production.alone.find((r) => r.name === "plain")!;
    const bytes = Buffer.byteLength(plain.html);
    // Unpatched, this page takes 23 writes; patched, one per 8 K characters at most.
    expect(bytes).toBeGreaterThan(60_000);
    expect(plain.writes).toBeLessThanOrEqual(Math.ceil(plain.html.length / 8192));
    expect(development.alone.find((r) => r.name === "plain")!.writes).toBeGreaterThan(plain.writes);
  });
});
