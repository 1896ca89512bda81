// Who is asking, in one statement: the session row, its user with the profile, admin flag and
// credit balance, and the unread notification count the shell shows (docs/decisions/239-page-speed-shell.md).
// The row is read from PostgreSQL on every request (a revoked session ends at once); nothing is
// kept across requests. Within one GET request the answer is shared by the shell's and the
// page's loaders (by the server's per-request key, app/utils/request-scope.server.ts, or the same
// Request object); a POST reads again, because its action may have changed what the page shows
// next (credits, the session itself).
import { Prisma, sqlRows } from "~/utils/db.server";
import { liveRequestKey, REQUEST_KEY_HEADER } from "~/utils/request-scope.server";
import { deleteSessionRow, readSessionId } from "~/utils/session.server";
import type { SessionUser } from "./user.server";

export type CurrentSession = {
  /** The session's stored values ({} for no session). */
  data: Record<string, unknown>;
  /** The signed-in user, or null (no session, a session without a user, or a deleted user). */
  user: SessionUser | null;
  /** The user's unread notifications (0 when signed out). */
  unread: number;
};

const SIGNED_OUT: CurrentSession = Object.freeze({ data: Object.freeze({}) as Record<string, unknown>, user: null, unread: 0 });

type Row = {
  data: unknown;
  expiresAt: Date;
  id: string | null;
  email: string | null;
  phone: string | null;
  username: string | null;
  avatarKey: string | null;
  isAdmin: boolean;
  credits: number | null;
  unread: number | null;
};

async function readCurrentSession(request: Request): Promise<CurrentSession> {
  const sessionId = await readSessionId(request.headers.get("Cookie"));
  if (!sessionId) return SIGNED_OUT;
  // The user is the one the session's data names under USER_SESSION_KEY ("userId", the key
  // remix-auth reads), when it is a string.
  const rows = await sqlRows<Row>(Prisma.sql`
    SELECT s."data", s."expiresAt", u."id", u."email", u."phone", p."username", p."avatarKey",
           (a."userId" IS NOT NULL) AS "isAdmin", c."balance"::float8 AS "credits",
           CASE WHEN u."id" IS NULL THEN 0 ELSE (
             SELECT count(*)::int FROM "user_notifications" n WHERE n."userId" = u."id" AND n."read" = false
           ) END AS "unread"
    FROM "sessions" s
    LEFT JOIN "users" u ON jsonb_typeof(s."data" -> 'userId') = 'string' AND u."id" = s."data" ->> 'userId'
    LEFT JOIN "profiles" p ON p."userId" = u."id"
    LEFT JOIN "admin_users" a ON a."userId" = u."id"
    LEFT JOIN "user_credits" c ON c."userId" = u."id"
    WHERE s."id" = ${sessionId}`);
  const row = rows[0];
  if (!row) return SIGNED_OUT;
  if (row.expiresAt.getTime() <= Date.now()) {
    await deleteSessionRow(sessionId);
    return SIGNED_OUT;
  }
  const data = row.data && typeof row.data === "object" && !Array.isArray(row.data) ? (row.data as Record<string, unknown>) : {};
  if (!row.id) return { data, user: null, unread: 0 };
  return {
    data,
    user: {
      id: row.id,
      email: row.email,
      phone: row.phone,
      username: row.username,
      avatarKey: row.avatarKey,
      isAdmin: row.isAdmin,
      credits: row.credits ?? 0,
    },
    unread: row.unread ?? 0,
  };
}

const perRequest = new WeakMap<Request, Promise<CurrentSession>>();
// By the server's per-request key (ADR 365): each loader of a document request gets its own copy
// of the Request, so the object alone is not shared between the shell's and the page's loaders.
const perKey = new Map<string, Promise<CurrentSession>>();

/** The request's session, its user and unread count (one statement; shared within a GET request). */
export function currentSession(request: Request): Promise<CurrentSession> {
  if (request.method !== "GET" && request.method !== "HEAD") return readCurrentSession(request);
  const known = request.headers.get(REQUEST_KEY_HEADER);
  const shared = known ? perKey.get(known) : undefined;
  if (shared) return shared;
  let pending = perRequest.get(request);
  if (!pending) {
    pending = readCurrentSession(request);
    perRequest.set(request, pending);
    const key = liveRequestKey(request, () => perKey.delete(key!));
    if (key) perKey.set(key, pending);
    // A failed read is not shared: the next loader asks again (and reports its own failure).
    pending.catch(() => {
      perRequest.delete(request);
      if (key && perKey.get(key) === pending) perKey.delete(key);
    });
  }
  return pending;
}
