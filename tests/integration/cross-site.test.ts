// Cross-site requests on the wire (server/origin-check.ts, ADR 121): a forged post from another
// site is refused with 403 and a message before it reaches any route (documents, `.data`,
// resource routes); the app's own pages, non-browser clients and the endpoints that must take
// cross-site posts by protocol still get through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { png } from "../fixtures/storage-media";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { sessionIdOf } from "./auth-helpers";
import { newUser } from "./storage-helpers";

const EVIL = "https://evil.example";
let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer({ appUrl: null });
});
afterAll(() => live.close());

function post(path: string, init: { origin?: string; cookie?: string; headers?: Record<string, string>; body?: BodyInit } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.origin) headers.Origin = init.origin;
  if (init.cookie) headers.Cookie = init.cookie;
  if (!init.body) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${live.url}${path}`, { method: "POST", headers, body: init.body ?? "email=a%40b.test&password=x", redirect: "manual" });
}

async function sessionAlive(cookie: string): Promise<boolean> {
  return Boolean(await prisma.session.findUnique({ where: { id: sessionIdOf(cookie) } }));
}

describe("a forged cross-site post", () => {
  it("to a document action is answered 403 with a message (Remix alone answered a blank 500)", async () => {
    const res = await post("/auth/login", { origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/refused because it was sent from another site \(Origin: https:\/\/evil\.example\)/);
  });

  it("to a single-fetch .data action is refused too", async () => {
    const res = await post("/auth/login.data", { origin: EVIL });
    expect(res.status).toBe(403);
  });

  it("to POST /auth/logout does not sign the victim out", async () => {
    const victim = await newUser();
    const res = await post("/auth/logout", { origin: EVIL, cookie: victim.cookie, body: "" });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionAlive(victim.cookie)).toBe(true);
  });

  it("to /resources/upload/* stores nothing", async () => {
    const victim = await newUser();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "forged.png");
    const res = await post("/resources/upload/product-photos", { origin: EVIL, cookie: victim.cookie, body: form });
    expect(res.status).toBe(403);
    expect(await prisma.storedObject.count({ where: { ownerId: victim.user.id } })).toBe(0);
  });

  it("without an Origin is judged by Sec-Fetch-Site, then by the Referer", async () => {
    const victim = await newUser();
    const bySite = await post("/auth/logout", { cookie: victim.cookie, body: "", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(bySite.status).toBe(403);
    const byReferer = await post("/auth/logout", { cookie: victim.cookie, body: "", headers: { Referer: `${EVIL}/page` } });
    expect(byReferer.status).toBe(403);
    expect(await sessionAlive(victim.cookie)).toBe(true);
  });
});

describe("requests that must get through", () => {
  it("the app's own pages (Origin, Sec-Fetch-Site or Referer of this site)", async () => {
    const own: Record<string, string>[] = [{ Origin: live.url }, { "Sec-Fetch-Site": "same-origin" }, { Referer: `${live.url}/dashboard` }];
    for (const headers of own) {
      const user = await newUser();
      const res = await post("/auth/logout", { cookie: user.cookie, body: "", headers });
      expect(res.status).toBe(303);
      expect(await sessionAlive(user.cookie)).toBe(false);
    }
  });

  it("clients that are not browsers (no Origin, Sec-Fetch-Site or Referer)", async () => {
    const user = await newUser();
    const res = await post("/auth/logout", { cookie: user.cookie, body: "" });
    expect(res.status).toBe(303);
  });

  it("PayU's browser posts to the payment callbacks, /api/inngest and /mcp reach their handlers", async () => {
    for (const path of ["/api/payments/payu/success", "/api/payments/payu/failure", "/api/inngest"]) {
      const res = await post(path, { origin: "https://secure.payu.in", body: "txnid=nope&status=success" });
      expect(res.status, path).not.toBe(403);
      expect(await res.text(), path).not.toMatch(/^Forbidden: this request was refused/);
    }
    // /mcp is not refused by the cross-site check but by its own Origin check (ADR 163): a
    // browser page of another site gets the MCP door's 403, a client without Origin its 401.
    const foreign = await post("/mcp", { origin: "https://secure.payu.in", body: "{}" });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("this origin may not call the Reelforge MCP server");
    const plain = await post("/mcp", { body: "{}" });
    expect(plain.status).toBe(401);
  });
});

describe("with APP_URL set", () => {
  let proxied: LiveServer;
  beforeAll(async () => {
    proxied = await startLiveServer({ appUrl: "https://reelforge.example" });
  });
  afterAll(() => proxied.close());

  const viaProxy = (origin: string, cookie: string) =>
    fetch(`${proxied.url}/auth/logout`, {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie, "X-Forwarded-Host": "reelforge.example", "X-Forwarded-Proto": "https" },
      redirect: "manual",
    });

  it("only that origin may post", async () => {
    const user = await newUser();
    expect((await viaProxy("http://reelforge.example", user.cookie)).status).toBe(403);
    expect((await viaProxy(proxied.url, user.cookie)).status).toBe(403);
    expect(await sessionAlive(user.cookie)).toBe(true);
    expect((await viaProxy("https://reelforge.example", user.cookie)).status).toBe(303);
  });
});
