// Sign-in attempt budgets, kept in PostgreSQL so they hold across processes and restarts
// (ADR 125). An attempt is RESERVED before the password is checked: one conditional upsert per
// bucket counts it under the row lock, so parallel guesses cannot all pass a check that is
// recorded only after the slow hash. Buckets:
//   account  every attempt on one e-mail address (known or not), from anywhere
//   network  every attempt from one client address (IPv6: its /64)
//   global   every attempt on the site, a fixed window (the last line against a botnet)
// Account and network buckets allow `free` attempts, then each further attempt waits twice as
// long as the one before (1 s, 2 s, 4 s ... up to `capMs`): a typo never locks the owner out for
// long, a guesser slows to a crawl. Counts drain by one every `leakMs`. A success clears the
// account's count and gives back its own network and global slot.
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { Prisma, prisma } from "~/utils/db.server";

export type BackoffBudget = {
  /** Attempts allowed back to back before any wait. */
  free: number;
  /** The first wait; each further attempt doubles it. */
  baseMs: number;
  capMs: number;
  /** One counted attempt is forgiven per this much time. */
  leakMs: number;
};
export type WindowBudget = { max: number; windowMs: number };
export type SignInBudgets = { account: BackoffBudget; network: BackoffBudget; global: WindowBudget };

export const SIGN_IN_BUDGETS: SignInBudgets = {
  account: { free: 5, baseMs: 1000, capMs: 15 * 60_000, leakMs: 15 * 60_000 },
  network: { free: 20, baseMs: 1000, capMs: 15 * 60_000, leakMs: 60_000 },
  global: { max: 1000, windowMs: 60_000 },
};

export type ThrottleScope = "account" | "network" | "global";

export type SignInReservation = { account: string; network: string; global: string };

export type ReserveResult = { ok: true; reservation: SignInReservation } | { ok: false; scope: ThrottleScope; retryAfterSeconds: number };

export type ThrottleOptions = {
  now?: Date;
  budgets?: Partial<SignInBudgets>;
  /** The global bucket's key (tests use their own). */
  globalKey?: string;
};

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

export function accountThrottleKey(email: string): string {
  return `account:${hash(email.trim().toLowerCase())}`;
}

/** One bucket per IPv4 address and per IPv6 /64 (one subscriber's block); unknown: one shared bucket. */
export function networkThrottleKey(ip: string | null | undefined): string {
  if (!ip) return "ip:unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (isIP(address) === 6) return `ip:${hash(ipv6Prefix64(address))}`;
  return `ip:${hash(address)}`;
}

function ipv6Prefix64(address: string): string {
  const [head, tail = ""] = address.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(8 - left.length - right.length, 0)).fill("0"), ...right] : left;
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":");
}

const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp(3)`;

/** The bucket's count after draining, as SQL on the locked row `t`. */
function drained(now: Date, budget: BackoffBudget): Prisma.Sql {
  return Prisma.sql`GREATEST(t."failures" - GREATEST(floor(extract(epoch FROM (${ts(now)} - t."lastAt")) * 1000 / ${budget.leakMs}::double precision), 0)::int, 0)`;
}

/** Wait after `count` attempts, in ms (0 while within the free allowance). */
export function backoffDelayMs(count: number, budget: BackoffBudget): number {
  if (count < budget.free) return 0;
  return Math.min(budget.baseMs * 2 ** Math.min(count - budget.free, 40), budget.capMs);
}

/** Counts one attempt in a back-off bucket if it is allowed now; null when it is not. */
async function takeBackoff(key: string, budget: BackoffBudget, now: Date): Promise<boolean> {
  const count = drained(now, budget);
  const rows = await prisma.$queryRaw<{ failures: number }[]>`
    INSERT INTO "sign_in_throttle" AS t ("key", "failures", "lastAt")
    VALUES (${key}, 1, ${ts(now)})
    ON CONFLICT ("key") DO UPDATE
    SET "failures" = ${count} + 1, "lastAt" = GREATEST(t."lastAt", EXCLUDED."lastAt")
    WHERE ${count} < ${budget.free}
       OR t."lastAt" + LEAST(${budget.baseMs}::double precision * power(2, LEAST(${count} - ${budget.free}, 40)), ${budget.capMs}::double precision) * interval '1 millisecond' <= ${ts(now)}
    RETURNING "failures"`;
  return rows.length > 0;
}

async function takeWindow(key: string, budget: WindowBudget, now: Date): Promise<boolean> {
  const expired = Prisma.sql`t."lastAt" + ${budget.windowMs}::double precision * interval '1 millisecond' <= ${ts(now)}`;
  const rows = await prisma.$queryRaw<{ failures: number }[]>`
    INSERT INTO "sign_in_throttle" AS t ("key", "failures", "lastAt")
    VALUES (${key}, 1, ${ts(now)})
    ON CONFLICT ("key") DO UPDATE
    SET "failures" = CASE WHEN ${expired} THEN 1 ELSE t."failures" + 1 END,
        "lastAt" = CASE WHEN ${expired} THEN EXCLUDED."lastAt" ELSE t."lastAt" END
    WHERE ${expired} OR t."failures" < ${budget.max}
    RETURNING "failures"`;
  return rows.length > 0;
}

async function readBucket(key: string): Promise<{ failures: number; lastAt: Date } | null> {
  return prisma.signInThrottle.findUnique({ where: { key }, select: { failures: true, lastAt: true } });
}

async function retryAfterBackoff(key: string, budget: BackoffBudget, now: Date): Promise<number> {
  const row = await readBucket(key);
  if (!row) return 1;
  const elapsed = now.getTime() - row.lastAt.getTime();
  const count = Math.max(row.failures - Math.max(Math.floor(elapsed / budget.leakMs), 0), 0);
  return seconds(row.lastAt.getTime() + backoffDelayMs(count, budget) - now.getTime());
}

async function retryAfterWindow(key: string, budget: WindowBudget, now: Date): Promise<number> {
  const row = await readBucket(key);
  return seconds(row ? row.lastAt.getTime() + budget.windowMs - now.getTime() : 1);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

async function giveBack(key: string): Promise<void> {
  await prisma.$executeRaw`UPDATE "sign_in_throttle" SET "failures" = GREATEST("failures" - 1, 0) WHERE "key" = ${key}`;
}

/**
 * Reserves one sign-in attempt in the account, network and global budgets, all or none (a bucket
 * that refuses gives back what the ones before it took). Call it BEFORE checking the password;
 * the attempt counts as failed unless signInSucceeded is called.
 */
export async function reserveSignInAttempt(input: { email: string; ip: string | null | undefined }, options: ThrottleOptions = {}): Promise<ReserveResult> {
  const now = options.now ?? new Date();
  const budgets = { ...SIGN_IN_BUDGETS, ...options.budgets };
  const reservation: SignInReservation = {
    account: accountThrottleKey(input.email),
    network: networkThrottleKey(input.ip),
    global: options.globalKey ?? "global",
  };
  if (Math.random() < 0.005) void forgetQuietBuckets(now).catch((error) => console.error("sign-in throttle cleanup failed", error));

  if (!(await takeBackoff(reservation.account, budgets.account, now))) {
    return { ok: false, scope: "account", retryAfterSeconds: await retryAfterBackoff(reservation.account, budgets.account, now) };
  }
  if (!(await takeBackoff(reservation.network, budgets.network, now))) {
    await giveBack(reservation.account);
    return { ok: false, scope: "network", retryAfterSeconds: await retryAfterBackoff(reservation.network, budgets.network, now) };
  }
  if (!(await takeWindow(reservation.global, budgets.global, now))) {
    await Promise.all([giveBack(reservation.account), giveBack(reservation.network)]);
    return { ok: false, scope: "global", retryAfterSeconds: await retryAfterWindow(reservation.global, budgets.global, now) };
  }
  return { ok: true, reservation };
}

/** The password was right: the account starts afresh; the network and global slots are given back. */
export async function signInSucceeded(reservation: SignInReservation): Promise<void> {
  await prisma.$executeRaw`UPDATE "sign_in_throttle" SET "failures" = 0 WHERE "key" = ${reservation.account}`;
  await Promise.all([giveBack(reservation.network), giveBack(reservation.global)]);
}

/** The check could not be made (an error, not a wrong password): nothing is counted. */
export async function releaseSignInAttempt(reservation: SignInReservation): Promise<void> {
  await Promise.all([giveBack(reservation.account), giveBack(reservation.network), giveBack(reservation.global)]);
}

/** Rows untouched for two days have drained (or their window passed): they are dropped. */
export async function forgetQuietBuckets(now: Date = new Date()): Promise<number> {
  return prisma.signInThrottle.deleteMany({ where: { lastAt: { lt: new Date(now.getTime() - 2 * 24 * 3600 * 1000) } } }).then((r) => r.count);
}
