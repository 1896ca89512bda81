// Security headers on the wire (server/security-headers.ts, ADR 122): every kind of response
// carries the Content-Security-Policy and the other headers once; the document's inline scripts
// carry the policy's per-request nonce; HSTS and Secure cookies over HTTPS only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { newUser } from "./storage-helpers";

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer({ appUrl: null });
});
afterAll(() => live.close());

function nonceOf(csp: string | null): string | null {
  return /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
}

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("Content-Security-Policy");
  expect(csp, what).toMatch(/default-src 'self'/);
  expect(csp, what).toMatch(/frame-ancestors 'self'/);
  expect(csp, what).toMatch(/object-src 'none'/);
  expect(res.headers.get("Permissions-Policy"), what).toMatch(/camera=\(\)/);
  // Exactly once: a second copy would read "nosniff, nosniff".
  expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("X-Frame-Options"), what).toBe("SAMEORIGIN");
  expect(res.headers.get("Strict-Transport-Security"), `${what}: no HSTS over plain HTTP`).toBeNull();
}

describe("security headers", () => {
  it("are on documents, whose inline scripts all carry the policy's nonce", async () => {
    const res = await fetch(`${live.url}/auth/login`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, "document");
    const nonce = nonceOf(res.headers.get("Content-Security-Policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A new nonce for every response.
    const again = await fetch(`${live.url}/auth/login`);
    expect(nonceOf(again.headers.get("Content-Security-Policy"))).not.toBe(nonce);
  });

  it("are on every other kind of response", async () => {
    const document = await (await fetch(`${live.url}/auth/login`)).text();
    const asset = /src="(\/build\/[^"]+\.js)"|href="(\/build\/[^"]+)"/.exec(document);
    const assetPath = asset?.[1] ?? asset?.[2];
    expect(assetPath).toBeTruthy();
    const user = await newUser();
    const cases: Array<[string, string, RequestInit?]> = [
      ["single-fetch data", "/auth/login.data"],
      ["JSON", "/healthz"],
      ["resource route", "/resources/upload/avatars"],
      ["404 page", "/no-such-page-here"],
      ["404 file", "/resources/files/avatars/nope.png"],
      ["static file", "/favicon.svg"],
      ["build asset", assetPath!],
      ["refused cross-site post", "/auth/logout", { method: "POST", headers: { Origin: "https://evil.example" } }],
      ["action redirect", "/auth/logout", { method: "POST", headers: { Origin: live.url, Cookie: user.cookie } }],
      ["bad URL", "/%E0%A4%A"],
    ];
    for (const [what, path, init] of cases) {
      const res = await fetch(`${live.url}${path}`, { redirect: "manual", ...init });
      expectSecurityHeaders(res, `${what} (${res.status})`);
      await res.arrayBuffer();
    }
  });

  it("add HSTS and Secure cookies when served over HTTPS (a proxy on loopback says so)", async () => {
    const user = await newUser();
    const res = await fetch(`${live.url}/auth/logout`, {
      method: "POST",
      headers: { "X-Forwarded-Proto": "https", Origin: live.url.replace("http:", "https:"), Cookie: user.cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("add HSTS on every response when the public origin (APP_URL) is https", async () => {
    const https = await startLiveServer({ appUrl: "https://reelforge.example" });
    try {
      for (const path of ["/auth/login", "/favicon.svg", "/healthz"]) {
        const res = await fetch(`${https.url}${path}`);
        expect(res.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000");
        await res.arrayBuffer();
      }
    } finally {
      await https.close();
    }
  });
});
