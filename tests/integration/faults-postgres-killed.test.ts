// Fault: the embedded PostgreSQL killed with SIGKILL in the middle of a burst of purchases and
// spends (issue 21 §7). The cluster is this file's own, started the way `npm start` starts it
// (server/database.ts, durable settings: ADR 276). Six clients buy credits through the sandbox
// checkout and its signed success callback and spend them through the credits core; after 150
// acknowledged changes the postmaster gets SIGKILL, and the cluster is started again on the same
// data directory. Every grant and charge that was acknowledged is there, every user's balance
// equals the sum of their ledger, and the money paths work again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const postgres = await vi.hoisted(async () => (await import("../support/own-postgres")).useOwnPostgres("killed"));

import type { Payer } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import { burstUsers, purchase, runBurst, spend, type Acknowledged } from "../support/credit-burst";

const KILL_AFTER = 150;

let users: Payer[];

beforeAll(async () => {
  users = await burstUsers(12);
}, 60_000);
afterAll(async () => {
  // Pool connections that were inside a transaction when the server died are never handed back
  // to the pool, so $disconnect() (pg's Pool.end) would wait for them forever: give it 5 s.
  await Promise.race([prisma.$disconnect(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  await postgres.destroy();
}, 60_000);

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL killed during purchases and spends", () => {
  it("runs with the durable settings npm start uses", async () => {
    const rows = await withClient((c) =>
      c.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'full_page_writes', 'synchronous_commit')"),
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.name, r.setting]))).toEqual({ fsync: "on", full_page_writes: "on", synchronous_commit: "on" });
  });

  it("keeps every acknowledged grant and charge, and every balance equals its ledger", async () => {
    const acknowledged: Acknowledged[] = [];
    let killing: Promise<void> | null = null;
    const errors = await runBurst({
      users,
      clients: 6,
      stop: () => killing !== null,
      onAck: (ack) => {
        acknowledged.push(ack);
        if (acknowledged.length >= KILL_AFTER && !killing) killing = postgres.kill();
      },
    });
    // Before the kill nothing may fail.
    if (!killing) throw errors[0] ?? new Error("the burst stopped before the kill");
    await killing;
    // Calls in flight when the server died failed (their outcome is unknown to the client and
    // need not be there); calls that returned are the acknowledged ones.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.some((a) => a.kind === "purchase") && acknowledged.some((a) => a.kind === "spend")).toBe(true);

    await postgres.start();

    await withClient(async (c) => {
      for (const ack of acknowledged) {
        const reason = ack.kind === "purchase" ? "purchase" : "video_charge";
        const entry = await c.query<{ delta: string }>(`SELECT delta::text FROM credit_update_logs WHERE "userId" = $1 AND reason = $2 AND reference = $3`, [
          ack.userId,
          reason,
          ack.reference,
        ]);
        expect(
          entry.rows.map((r) => Number(r.delta)),
          `${ack.kind} ${ack.reference}`,
        ).toEqual([ack.delta]);
        if (ack.kind === "purchase") {
          const txn = await c.query<{ status: string }>("SELECT status::text FROM payment_transactions WHERE txnid = $1", [ack.reference]);
          expect(
            txn.rows.map((r) => r.status),
            ack.reference,
          ).toEqual(["completed"]);
        }
      }
      // Every user (acknowledged or not): balance = the sum of the ledger, never below zero, and
      // each ledger row continues from the one before it.
      const ids = users.map((u) => u.id);
      const balances = await c.query<{ userId: string; balance: string; ledger: string }>(
        `SELECT u."userId", u.balance::text, coalesce((SELECT sum(delta) FROM credit_update_logs l WHERE l."userId" = u."userId"), 0)::text AS ledger
           FROM user_credits u WHERE u."userId" = ANY($1)`,
        [ids],
      );
      expect(balances.rows.length).toBe(users.length);
      for (const row of balances.rows) {
        expect(Number(row.balance), row.userId).toBe(Number(row.ledger));
        expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
      }
      const broken = await c.query(`SELECT id FROM credit_update_logs WHERE "userId" = ANY($1) AND (before + delta <> after OR after < 0)`, [ids]);
      expect(broken.rows).toEqual([]);
    });

    // The money paths work on the restarted server (the app's pool reconnects by itself).
    const user = users[0];
    const before = await withClient(async (c) =>
      Number((await c.query<{ b: string }>(`SELECT balance::text AS b FROM user_credits WHERE "userId" = $1`, [user.id])).rows[0].b),
    );
    let granted: Acknowledged | null = null;
    for (let attempt = 0; attempt < 5 && !granted; attempt++) {
      granted = await purchase(user).catch(() => null);
    }
    expect(granted).not.toBeNull();
    expect(await spend(user)).not.toBeNull();
    const after = await withClient(async (c) =>
      Number((await c.query<{ b: string }>(`SELECT balance::text AS b FROM user_credits WHERE "userId" = $1`, [user.id])).rows[0].b),
    );
    expect(after).toBe(before + 20 - 5);
  }, 180_000);
});
