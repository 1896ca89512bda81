// Request budgets of the API doors (api_rate_windows): per token on /mcp
// (docs/decisions/163-mcp-http-door.md), a fixed one-minute window per key, and per client
// address on the OAuth endpoints (docs/decisions/226-oauth-rate-limits-in-postgresql.md), in
// windows of their own length. Each is counted by one upsert under the row lock in PostgreSQL, so
// every web process draws on the same budget. MCP_RATE_LIMIT_PER_MINUTE sets /mcp's (default 120).
import { prisma } from "~/utils/db.server";

export const DEFAULT_API_RATE_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

export function apiRatePerMinute(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.MCP_RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_API_RATE_PER_MINUTE;
}

export type RateVerdict = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/** Counts one request against `key` ("pat:<token id>"); refused once the window's budget is spent. */
export async function takeApiRequest(key: string, opts: { max?: number; now?: Date } = {}): Promise<RateVerdict> {
  const max = opts.max ?? apiRatePerMinute();
  const now = opts.now ?? new Date();
  const { count, resetAt } = await countHit(key, WINDOW_MS, now);
  if (count <= max) return { ok: true, remaining: Math.max(0, max - count) };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) };
}

/** The longest window counted here (OAuth registrations: an hour); older rows are dropped. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

/**
 * Counts one request against `key` in fixed windows of `windowMs` (at most LONGEST_WINDOW_MS):
 * the requests counted in the current window, this one included, and when it ends.
 */
export async function countHit(key: string, windowMs: number, now: Date = new Date()): Promise<{ count: number; resetAt: Date }> {
  const ended = new Date(now.getTime() - Math.min(windowMs, LONGEST_WINDOW_MS));
  const rows = await prisma.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO "api_rate_windows" AS w ("key", "windowStart", "count")
    VALUES (${key}, ${now}, 1)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN w."windowStart" <= ${ended} THEN 1 ELSE w."count" + 1 END,
      "windowStart" = CASE WHEN w."windowStart" <= ${ended} THEN ${now} ELSE w."windowStart" END
    RETURNING "count", "windowStart"`;
  // Now and then, windows that ended long ago are dropped (as the sign-in throttle does).
  if (Math.random() < 0.005) void forgetOldApiWindows(now).catch((error) => console.error("api rate window cleanup failed", error));
  const row = rows[0];
  return { count: row?.count ?? 1, resetAt: new Date((row?.windowStart ?? now).getTime() + windowMs) };
}

/** Takes back one counted request (a limiter that counts only failures, say). */
export async function uncountHit(key: string): Promise<void> {
  await prisma.$executeRaw`UPDATE "api_rate_windows" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key}`;
}

/** Forgets the window of `key`. */
export async function resetHits(key: string): Promise<void> {
  await prisma.apiRateWindow.deleteMany({ where: { key } });
}

/** Removes windows that ended long ago (housekeeping). */
export async function forgetOldApiWindows(now: Date = new Date()): Promise<number> {
  const { count } = await prisma.apiRateWindow.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 2 * LONGEST_WINDOW_MS) } } });
  return count;
}
