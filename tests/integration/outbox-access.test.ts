// /dev/outbox holds every sign-in code: outside production it is open to requests from this
// machine only; anyone else must be a signed-in admin (ADR 120). Seen on the wire, where the
// client address comes from the socket (and X-Forwarded-For only from a proxy on loopback).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { prisma } from "~/utils/db.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { call, getRequest } from "./auth-helpers";
import { newUser } from "./storage-helpers";

const REMOTE = { "X-Forwarded-For": "203.0.113.7" };
let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
  await prisma.smsMessage.create({ data: { to: "+919900000001", body: "Your Reelforge verification code is 123456", provider: "outbox" } });
});
afterAll(() => live.close());

const open = (headers: Record<string, string> = {}) => fetch(`${live.url}/dev/outbox`, { headers, redirect: "manual" });

describe("/dev/outbox", () => {
  it("is open to a visitor on this machine", async () => {
    const res = await open();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("verification code is 123456");
  });

  it("sends an anonymous visitor from elsewhere (through a local proxy) to sign in", async () => {
    const res = await open(REMOTE);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fdev%2Foutbox");
  });

  it("refuses a signed-in non-admin from elsewhere, shows it to an admin", async () => {
    const user = await newUser();
    const denied = await open({ ...REMOTE, Cookie: user.cookie });
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain("123456");
    const admin = await newUser({ admin: true });
    const allowed = await open({ ...REMOTE, Cookie: admin.cookie });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("verification code is 123456");
  });

  it("a route call without a client address is not loopback", async () => {
    const res = await call(outboxLoader, getRequest("/dev/outbox"));
    expect(res.status).toBe(302);
  });
});
