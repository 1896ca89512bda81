// The signed-in shell reads the session, its user (profile, admin flag, credits) and the unread
// count in one statement, shared with the page's loader within one GET request; the session is
// still read from PostgreSQL on every request (docs/decisions/239-page-speed-shell.md).
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as createVideoRoute from "~/routes/_shell.create-video";
import * as dashboardRoute from "~/routes/_shell._index";
import * as shellRoute from "~/routes/_shell";
import { prisma } from "~/utils/db.server";
import { endRequestKey, openRequestKey, REQUEST_KEY_HEADER } from "~/utils/request-scope.server";
import { revokeUserSessions } from "~/utils/session.server";
import { get, newUser, run } from "./dashboard-helpers";

type Shell = { user: { label: string; credits: number; isAdmin: boolean } | null; unread: number };

async function countQueries<T>(fn: () => Promise<T>): Promise<{ count: number; result: T }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    spy.mockClear();
    const result = await fn();
    return { count: spy.mock.calls.length, result };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("the shell's session user", () => {
  it("costs one statement: session, user, profile, admin flag, credits and unread count", async () => {
    const user = await newUser({ username: "shellcount" });
    await prisma.adminUser.create({ data: { userId: user.id } });
    await prisma.creditAccount.create({ data: { userId: user.id, balance: 12.5 } });
    await prisma.notification.createMany({
      data: [
        { userId: user.id, type: "t", title: "a" },
        { userId: user.id, type: "t", title: "b" },
        { userId: user.id, type: "t", title: "c", read: true },
      ],
    });
    const email = (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email;
    const { count, result } = await countQueries(() => run<Shell>(shellRoute.loader, get("/create-video", user.cookie)));
    expect(result.user).toMatchObject({ label: email, credits: 12.5, isAdmin: true });
    expect(result.unread).toBe(2);
    expect(count).toBe(1);
  });

  it("is read once for the shell and the page loaders of one GET request", async () => {
    const user = await newUser();
    const request = get("/", user.cookie);
    const alone = await countQueries(() => run(dashboardRoute.loader, get("/", user.cookie)));
    const both = await countQueries(() => Promise.all([run<Shell>(shellRoute.loader, request), run(dashboardRoute.loader, request)]));
    expect(both.result[0].user).not.toBeNull();
    expect(both.count).toBe(alone.count);
  });

  it("is shared between the copies of the Request Remix gives each loader, by the server's per-request key, and only while that request is live (ADR 365)", async () => {
    const user = await newUser();
    const key = openRequestKey();
    // Remix builds a new Request per loader (headers copied): two objects, one key.
    const copy = () => new Request(get("/", user.cookie).url, { headers: { Cookie: user.cookie.split(";")[0], [REQUEST_KEY_HEADER]: key } });
    const alone = await countQueries(() => run(dashboardRoute.loader, get("/", user.cookie)));
    const both = await countQueries(() => Promise.all([run<Shell>(shellRoute.loader, copy()), run(dashboardRoute.loader, copy())]));
    expect(both.result[0].user).not.toBeNull();
    expect(both.count).toBe(alone.count);
    endRequestKey(key);
    // Once the response is done the key shares nothing; a key the server did not open neither.
    const after = await countQueries(() => Promise.all([run<Shell>(shellRoute.loader, copy()), run(dashboardRoute.loader, copy())]));
    expect(after.count).toBe(alone.count + 1);
    const forged = () => new Request(get("/", user.cookie).url, { headers: { Cookie: user.cookie.split(";")[0], [REQUEST_KEY_HEADER]: "made-up" } });
    const made = await countQueries(() => Promise.all([run<Shell>(shellRoute.loader, forged()), run(dashboardRoute.loader, forged())]));
    expect(made.count).toBe(alone.count + 1);
  });

  it("create-video shows the balance read with the session: 4 statements with the shell (session, voices, styles, the remembered caption look)", async () => {
    const user = await newUser();
    await prisma.creditAccount.create({ data: { userId: user.id, balance: 40 } });
    const request = get("/create-video", user.cookie);
    const { count, result } = await countQueries(() =>
      Promise.all([run<Shell>(shellRoute.loader, request), run<{ credits: number | null }>(createVideoRoute.loader, request)]),
    );
    expect(result[0].user?.credits).toBe(40);
    expect(result[1].credits).toBe(40);
    expect(count).toBe(4);
  });

  it("is read again on the next request: a revoked session is signed out at once", async () => {
    const user = await newUser();
    expect((await run<Shell>(shellRoute.loader, get("/", user.cookie))).user).not.toBeNull();
    await revokeUserSessions(user.id);
    expect((await run<Shell>(shellRoute.loader, get("/", user.cookie))).user).toBeNull();
  });

  it("an expired session is signed out and its row removed", async () => {
    const user = await newUser();
    await prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await run<Shell>(shellRoute.loader, get("/", user.cookie))).user).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a session naming a deleted user, or a cookie with a bad signature, is signed out", async () => {
    const user = await newUser();
    await prisma.user.delete({ where: { id: user.id } });
    expect((await run<Shell>(shellRoute.loader, get("/", user.cookie))).user).toBeNull();
    const other = await newUser();
    // The genuine cookie first: its checked signature is kept, and must not vouch for a changed one.
    expect((await run<Shell>(shellRoute.loader, get("/", other.cookie))).user).not.toBeNull();
    const forged = other.cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await run<Shell>(shellRoute.loader, get("/", forged))).user).toBeNull();
  });
});
