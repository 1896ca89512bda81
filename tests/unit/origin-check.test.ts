// The one cross-site request check (server/origin-check.ts), case by case.
import { describe, expect, it } from "vitest";
import { checkOrigin, type OriginCheckInput } from "../../server/origin-check.ts";

const HOST = "app.test:3000";
function verdict(over: Partial<OriginCheckInput> & { headers?: OriginCheckInput["headers"] }) {
  return checkOrigin({ method: "POST", path: "/auth/logout", appUrl: null, ...over, headers: { host: HOST, ...over.headers } });
}

describe("checkOrigin", () => {
  it("lets GET and HEAD through from anywhere", () => {
    expect(verdict({ method: "GET", headers: { origin: "https://evil.example" } }).ok).toBe(true);
    expect(verdict({ method: "HEAD", headers: { "sec-fetch-site": "cross-site" } }).ok).toBe(true);
  });

  it("accepts a POST whose Origin is the site itself", () => {
    expect(verdict({ headers: { origin: `http://${HOST}` } }).ok).toBe(true);
    // Behind a TLS proxy that does not say so: the scheme is not compared without APP_URL.
    expect(verdict({ headers: { origin: `https://${HOST}` } }).ok).toBe(true);
  });

  it("refuses a POST from another origin, with the reason", () => {
    const v = verdict({ headers: { origin: "https://evil.example" } });
    expect(v).toEqual({ ok: false, reason: expect.stringContaining("another site (Origin: https://evil.example)") });
    expect(verdict({ headers: { origin: "http://app.test:3001" } }).ok).toBe(false);
    expect(verdict({ method: "DELETE", headers: { origin: "https://evil.example" } }).ok).toBe(false);
    expect(verdict({ method: "PUT", headers: { origin: "https://evil.example" } }).ok).toBe(false);
  });

  it('refuses Origin "null" (sandboxed frames, data: pages) and garbage', () => {
    expect(verdict({ headers: { origin: "null" } }).ok).toBe(false);
    expect(verdict({ headers: { origin: "not a url" } }).ok).toBe(false);
    expect(verdict({ headers: { origin: "file:///etc" } }).ok).toBe(false);
  });

  it("with APP_URL, only that origin (scheme included) is the site", () => {
    const appUrl = "https://reelforge.example";
    const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "reelforge.example" };
    expect(verdict({ appUrl, headers: { ...forwarded, origin: "https://reelforge.example" } }).ok).toBe(true);
    expect(verdict({ appUrl, headers: { ...forwarded, origin: "http://reelforge.example" } }).ok).toBe(false);
    expect(verdict({ appUrl, headers: { host: "reelforge.example", origin: `http://${HOST}` } }).ok).toBe(false);
  });

  it("refuses what Remix would answer with a blank 500: Origin right but Host naming another site", () => {
    const v = verdict({ appUrl: "https://reelforge.example", headers: { host: "other.example", origin: "https://reelforge.example" } });
    expect(v).toEqual({ ok: false, reason: expect.stringContaining("Host") });
  });

  it("falls back to Sec-Fetch-Site without an Origin", () => {
    expect(verdict({ headers: { "sec-fetch-site": "same-origin" } }).ok).toBe(true);
    expect(verdict({ headers: { "sec-fetch-site": "cross-site" } }).ok).toBe(false);
    expect(verdict({ headers: { "sec-fetch-site": "same-site" } }).ok).toBe(false);
  });

  it("falls back to the Referer without Origin and Sec-Fetch-Site", () => {
    expect(verdict({ headers: { referer: `http://${HOST}/settings` } }).ok).toBe(true);
    expect(verdict({ headers: { referer: "https://evil.example/page" } }).ok).toBe(false);
    expect(verdict({ headers: { referer: "garbage" } }).ok).toBe(false);
  });

  it("lets a request without any of these headers through (not a browser)", () => {
    expect(verdict({}).ok).toBe(true);
  });

  it("exempts only the PayU callbacks, /api/inngest, /mcp and the OAuth endpoints MCP clients post to", () => {
    const evil = { origin: "https://secure.payu.in" };
    for (const path of ["/api/payments/payu/success", "/api/payments/payu/failure", "/api/inngest", "/mcp", "/mcp/session", "/register", "/token", "/revoke"]) {
      expect(verdict({ path, headers: evil }).ok, path).toBe(true);
    }
    // The consent answer and /authorize come from browsers with the user's cookie: never exempt.
    for (const path of [
      "/api/payments/payu/successful",
      "/api/payments/payu/success.data",
      "/api/inngestx",
      "/mcpx",
      "/resources/upload/avatars",
      "/auth/logout",
      "/authorize",
      "/oauth/consent",
      "/tokens",
      "/register/x",
    ]) {
      expect(verdict({ path, headers: evil }).ok, path).toBe(false);
    }
  });
});
