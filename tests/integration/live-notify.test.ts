// Live events through PostgreSQL LISTEN/NOTIFY: what one connection publishes another one
// hears (so it works across processes), events inside a rolled-back transaction are never
// delivered, and the listener reconnects (telling subscribers to resync) when its connection dies.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { LIVE_CHANNEL, listenerPid, publish, stopLive, subscribe, type LiveEvent } from "~/utils/live.server";
import { uid } from "./dashboard-helpers";

afterAll(stopLive);

async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rawClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

const storyEvent = (storyId: number): LiveEvent => ({ type: "story.updated", storyId, status: "processing", progressStep: "Writing the script" });

describe("LISTEN/NOTIFY", () => {
  it("delivers what publish() sends to a separate listening connection", async () => {
    const listener = await rawClient();
    try {
      const heard: string[] = [];
      listener.on("notification", (m) => m.channel === LIVE_CHANNEL && heard.push(m.payload ?? ""));
      await listener.query(`LISTEN ${LIVE_CHANNEL}`);
      const userId = `u-${uid()}`;
      await publish(userId, storyEvent(7));
      await waitFor(() => heard.some((p) => p.includes(userId)));
      expect(JSON.parse(heard.find((p) => p.includes(userId))!)).toEqual({ u: userId, e: storyEvent(7) });
    } finally {
      await listener.end();
    }
  });

  it("delivers a NOTIFY sent by another connection (another process) to subscribe()", async () => {
    const userId = `u-${uid()}`;
    const got: LiveEvent[] = [];
    const unsubscribe = await subscribe(userId, (e) => got.push(e));
    const sender = await rawClient();
    try {
      await sender.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify({ u: userId, e: storyEvent(8) })]);
      await sender.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify({ u: `not-${userId}`, e: storyEvent(9) })]);
      await sender.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, "not json"]);
      await waitFor(() => got.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([storyEvent(8)]);
    } finally {
      unsubscribe();
      await sender.end();
    }
  });

  it("delivers events of a transaction only when it commits", async () => {
    const userId = `u-${uid()}`;
    const got: LiveEvent[] = [];
    const unsubscribe = await subscribe(userId, (e) => got.push(e));
    try {
      await prisma
        .$transaction(async (tx) => {
          await publish(userId, storyEvent(1), tx);
          throw new Error("roll back");
        })
        .catch(() => {});
      let committed = false;
      await prisma.$transaction(async (tx) => {
        await publish(userId, storyEvent(2), tx);
        await new Promise((r) => setTimeout(r, 150));
        // Not yet delivered: the transaction is still open.
        expect(got).toEqual([]);
        committed = true;
      });
      expect(committed).toBe(true);
      await waitFor(() => got.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([storyEvent(2)]);
    } finally {
      unsubscribe();
    }
  });

  it("reconnects after the listening connection is killed and asks subscribers to resync", async () => {
    const userId = `u-${uid()}`;
    const got: LiveEvent[] = [];
    const unsubscribe = await subscribe(userId, (e) => got.push(e));
    try {
      const pid = listenerPid();
      expect(pid).toBeGreaterThan(0);
      await prisma.$executeRaw`SELECT pg_terminate_backend(${pid}::int)`;
      await waitFor(() => got.some((e) => e.type === "resync"), 10_000);
      expect(listenerPid()).not.toBe(pid);
      await publish(userId, storyEvent(3));
      await waitFor(() => got.some((e) => e.type === "story.updated"));
    } finally {
      unsubscribe();
    }
  });

  it("refuses an event too large for NOTIFY", async () => {
    await expect(publish("u", { type: "notification.created", notificationId: "x", title: "y".repeat(9000) })).rejects.toThrow(/too large/);
  });
});
