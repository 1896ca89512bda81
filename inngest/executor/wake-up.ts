// Waking executors in other processes (docs/decisions/225-worker-process.md). An event accepted
// by a web process that runs no executor is already durable in PostgreSQL; this NOTIFY tells the
// executors of the worker processes to look for due runs now instead of at their next poll. The
// poll stays the fallback: a lost notification delays a run by one poll interval, never more.
import pg from "pg";
import { prisma } from "~/utils/db.server";

export const WAKE_CHANNEL = "reelforge_workflows";

/** Tells every listening executor that runs may be due. Never throws (the poll covers a failure). */
export async function notifyExecutors(log: Pick<Console, "error"> = console): Promise<void> {
  try {
    await prisma.$executeRaw`SELECT pg_notify(${WAKE_CHANNEL}, '')`;
  } catch (error) {
    log.error("[workflows] could not notify the executors:", (error as Error).message);
  }
}

export type WakeUpListener = { stop(): Promise<void> };

/**
 * Calls `onWake` on every notification, on one connection of its own. A lost connection is
 * opened again (with back-off) and followed by one `onWake`, for what was sent meanwhile.
 */
export function listenForWakeUps(onWake: () => void, opts: { url?: string; log?: Pick<Console, "warn"> } = {}): WakeUpListener {
  const url = opts.url ?? process.env.DATABASE_URL;
  const log = opts.log ?? console;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastProblem: string | null = null;

  const retry = (problem: string) => {
    if (stopped || retryTimer) return;
    if (problem !== lastProblem) log.warn(`[workflows] not listening for wake-ups (${problem}); polling meanwhile`);
    lastProblem = problem;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async () => {
    if (stopped || !url) return;
    const c = new pg.Client({ connectionString: url, application_name: "reelforge-workflows-wake" });
    const lost = (error?: Error) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners("notification");
      c.end().catch(() => {});
      retry(error?.message ?? "connection closed");
    };
    try {
      await c.connect();
      c.on("notification", (m) => m.channel === WAKE_CHANNEL && onWake());
      c.on("error", lost);
      c.on("end", () => lost());
      await c.query(`LISTEN ${WAKE_CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => {}));
      client = c;
      retryMs = 500;
      lastProblem = null;
      onWake();
    } catch (error) {
      c.end().catch(() => {});
      retry((error as Error).message);
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
