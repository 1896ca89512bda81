// Fault: PostgreSQL restarted while the app serves (issue 15 §3). The real server runs as a
// child process on a PostgreSQL cluster of this file's own, which is stopped and started again.
// During the outage pages answer a clear 503 page and data/resource requests a 503 problem
// (never a 500, never a crash); once PostgreSQL is back the same process serves again, and its
// live-events listener reconnects (an SSE stream opened before the outage gets a resync and
// then new events). docs/decisions/231-database-unavailable-503.md
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const postgres = await vi.hoisted(async () => (await import("../support/own-postgres")).useOwnPostgres("restart"));

import { publish } from "~/utils/live.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { readEventStream } from "../support/event-stream";
import { signedInUser, type TestUser } from "./http-helpers";
import { waitFor } from "./workflows-helpers";

let dataDir: string;
let app: AppProcess;
let user: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "reelforge-pg-restart-"));
  await seedReferenceData();
  user = await signedInUser();
  app = await startAppProcess({ DATABASE_URL: postgres.url, DATA_DIR: dataDir, WORKFLOW_POLL_MS: "100" });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await prisma.$disconnect();
  await postgres.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; type: string; body: string };

async function get(pathname: string, opts: { cookie?: string; accept?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: opts.accept ?? "text/html,application/xhtml+xml" };
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = await fetch(`${app.url}${pathname}`, { headers, redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
}

/** An SSE stream's events, as they arrive. */
function openStream(cookie: string) {
  const events: string[] = [];
  const abort = new AbortController();
  const done = (async () => {
    const res = await fetch(`${app.url}/resources/live`, { headers: { Cookie: cookie, Accept: "text/event-stream" }, signal: abort.signal });
    await readEventStream(res.body!, ({ type }) => {
      if (type) events.push(type);
    }).done;
  })().catch(() => undefined);
  return { events, close: () => (abort.abort(), done) };
}

describe("PostgreSQL restarted while serving", () => {
  it("answers 503 while it is down and recovers without a restart, live events included", async () => {
    expect(await get("/notifications", { cookie: user.cookie })).toMatchObject({ status: 200 });
    const stream = openStream(user.cookie);
    await waitFor(async () => stream.events.includes("ready"), "the live stream to open");

    await postgres.stop();
    const during = {
      publicPage: await get("/plans"),
      signedInPage: await get("/notifications", { cookie: user.cookie }),
      home: await get("/", { cookie: user.cookie }),
      data: await get("/plans.data", { accept: "*/*" }),
      resource: await get("/resources/live", { cookie: user.cookie, accept: "text/event-stream" }),
      health: await get("/healthz", { accept: "application/json" }),
    };
    for (const page of [during.publicPage, during.signedInPage]) {
      expect(page).toMatchObject({ status: 503, type: expect.stringMatching(/^text\/html/) });
      expect(page.body).toContain("<h1>Reelforge is temporarily unavailable</h1>");
      expect(page.body).toContain("Please try again in a minute.");
    }
    for (const answer of [during.data, during.resource]) {
      expect(answer).toMatchObject({ status: 503, type: expect.stringMatching(/^application\/problem\+json/) });
      expect(JSON.parse(answer.body)).toMatchObject({ status: 503, title: "Service unavailable" });
    }
    // "/" shows the landing page when the session check fails (docs/product.md#routes-and-access).
    expect(during.home.status).toBe(200);
    expect(during.health.status).toBe(503);
    expect(app.output()).not.toMatch(/uncaught|unhandled/i);

    await postgres.start();
    // The same process serves again (its pool and the workflow loop reconnect by themselves).
    await waitFor(async () => (await get("/notifications", { cookie: user.cookie })).status === 200, "a signed-in page to answer again", 20_000);
    expect((await get("/plans")).status).toBe(200);
    expect((await get("/healthz", { accept: "application/json" })).status).toBe(200);
    // The live listener reconnected: the open stream is told to resync, then hears new events.
    await waitFor(async () => stream.events.includes("resync"), "the live stream's resync", 20_000);
    await publish(user.id, { type: "notification.created", notificationId: "n1", title: "After the restart" });
    await waitFor(async () => stream.events.includes("notification.created"), "an event after the restart");
    await stream.close();
    // One process all along: it never crashed.
    expect(await Promise.race([app.exited.then(() => "exited"), new Promise((r) => setTimeout(() => r("alive"), 100))])).toBe("alive");
  }, 120_000);
});
