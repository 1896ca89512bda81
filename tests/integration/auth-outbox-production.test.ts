// On a deployment /dev/outbox is for admins only (the messages hold sign-in codes). A deployment
// is declared here with REELFORGE_DEPLOYMENT=production (ADR 325: NODE_ENV no longer decides it).
import { beforeAll, describe, expect, it } from "vitest";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { startUserSession } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { call, getRequest, uniqueEmail } from "./auth-helpers";

beforeAll(() => {
  // env() is read on first use, so this file runs the app code as on a deployment.
  process.env.NODE_ENV = "production";
  process.env.REELFORGE_DEPLOYMENT = "production";
});

async function cookieFor(admin: boolean): Promise<string> {
  const user = await prisma.user.create({
    data: { email: uniqueEmail("outbox").toLowerCase(), ...(admin ? { admin: { create: {} } } : {}) },
  });
  const setCookie = await startUserSession(getRequest("/"), user.id);
  expect(setCookie).toMatch(/Secure/);
  return setCookie.split(";")[0];
}

describe("/dev/outbox in production", () => {
  it("sends anonymous visitors to sign in", async () => {
    const res = await call(outboxLoader, getRequest("/dev/outbox"));
    expect(res).toMatchObject({ status: 302, location: "/auth/login?redirectTo=%2Fdev%2Foutbox" });
  });

  it("refuses signed-in non-admins with 403", async () => {
    const res = await call(outboxLoader, getRequest("/dev/outbox", await cookieFor(false)));
    expect(res.status).toBe(403);
  });

  it("shows the messages to admins", async () => {
    await prisma.smsMessage.create({ data: { to: "+15550001111", body: "prod outbox check", provider: "outbox" } });
    const res = await call(outboxLoader, getRequest("/dev/outbox?to=%2B15550001111", await cookieFor(true)));
    expect(res.status).toBe(200);
    expect((res.body as { messages: Array<{ body: string }> }).messages[0].body).toBe("prod outbox check");
  });
});
