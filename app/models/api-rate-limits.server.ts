// Per-token request budgets of the API doors (api_rate_windows, docs/decisions/163-mcp-http-door.md):
// a fixed one-minute window per key, counted by one upsert under the row lock in PostgreSQL, so
// every web process draws on the same budget. MCP_RATE_LIMIT_PER_MINUTE sets it (default 120).
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
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const rows = await prisma.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO "api_rate_windows" AS w ("key", "windowStart", "count")
    VALUES (${key}, ${now}, 1)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN w."windowStart" <= ${windowStart} THEN 1 ELSE w."count" + 1 END,
      "windowStart" = CASE WHEN w."windowStart" <= ${windowStart} THEN ${now} ELSE w."windowStart" END
    RETURNING "count", "windowStart"`;
  // Now and then, windows that ended long ago are dropped (as the sign-in throttle does).
  if (Math.random() < 0.005) void forgetOldApiWindows(now).catch((error) => console.error("api rate window cleanup failed", error));
  const row = rows[0];
  if (!row || row.count <= max) return { ok: true, remaining: Math.max(0, max - (row?.count ?? 0)) };
  const retryAfterMs = row.windowStart.getTime() + WINDOW_MS - now.getTime();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Removes windows that ended long ago (housekeeping). */
export async function forgetOldApiWindows(now: Date = new Date()): Promise<number> {
  const { count } = await prisma.apiRateWindow.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 10 * WINDOW_MS) } } });
  return count;
}
