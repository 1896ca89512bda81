// Whether an error means "the database cannot be reached right now" (PostgreSQL down,
// restarting, or the connection cut), as opposed to a bug or a bad query. Such a request is
// answered 503 with a clear page instead of a 500 (docs/decisions/231-database-unavailable-503.md).

/** Prisma's codes for an unreachable server, a closed connection and a pool that found none. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
/** PostgreSQL: shutting down (57P01-57P03) and connection exceptions (class 08). */
const SQLSTATE = /^(57P0[123]|08\w{3})$/;
const MESSAGES =
  /Can't reach database server|Connection terminated|connection error|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|DatabaseNotReachable|ConnectionClosed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const e = current as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
    if (e.name === "PrismaClientInitializationError") return true;
    if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
    if (e.kind === "DatabaseNotReachable" || e.kind === "ConnectionClosed") return true;
    if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** What a request handler records in its load context when the database was unreachable. */
export type RequestFaults = { databaseUnavailable: boolean };

/** Notes on the request's load context that the database was unreachable (read by server/remix-handler.ts). */
export function noteDatabaseUnavailable(context: unknown): void {
  const faults = (context as { faults?: RequestFaults } | null)?.faults;
  if (faults) faults.databaseUnavailable = true;
}
