// Server-side sessions: the signed cookie carries only a session id; the data lives in the
// sessions table, so a session can be revoked on the server (sign-out, "sign out everywhere").
import { createCookie, createSessionStorage } from "@remix-run/node";
import { prisma } from "~/utils/db.server";
import { keepAtMost } from "~/utils/bounded-map";
import { env, secureCookies } from "~/utils/env.server";

export const SESSION_MAX_AGE_S = 60 * 60 * 24 * 30;
/** Key under which remix-auth keeps the signed-in user's id. */
export const USER_SESSION_KEY = "userId";

function userIdOf(data: Record<string, unknown>): string | null {
  const value = data[USER_SESSION_KEY];
  return typeof value === "string" ? value : null;
}

let sessionCookieValue: ReturnType<typeof createCookie> | null = null;
function sessionCookie() {
  return (sessionCookieValue ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: [env().SESSION_SECRET],
  }));
}

function makeStorage() {
  return createSessionStorage({
    cookie: sessionCookie(),
    async createData(data, expires) {
      const row = await prisma.session.create({
        data: {
          data: data as object,
          userId: userIdOf(data),
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
        },
        select: { id: true },
      });
      return row.id;
    },
    async readData(id) {
      const row = await prisma.session.findUnique({ where: { id } });
      if (!row) return null;
      if (row.expiresAt.getTime() <= Date.now()) {
        await prisma.session.deleteMany({ where: { id } });
        return null;
      }
      return row.data as Record<string, unknown>;
    },
    async updateData(id, data, expires) {
      // updateMany: a revoked (deleted) session stays revoked instead of being recreated.
      await prisma.session.updateMany({
        where: { id },
        data: {
          data: data as object,
          userId: userIdOf(data),
          ...(expires ? { expiresAt: expires } : {}),
        },
      });
    },
    async deleteData(id) {
      await prisma.session.deleteMany({ where: { id } });
    },
  });
}

let storage: ReturnType<typeof makeStorage> | null = null;
export function sessionStorage() {
  return (storage ??= makeStorage());
}

/**
 * The session id the request's signed cookie carries (its signature checked), or null. For a
 * reader that fetches the row together with what it needs in one statement
 * (app/models/access/session-user.server.ts); the row is still read from PostgreSQL on every request.
 */
export async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader || !cookieHeader.includes("__session=")) return null;
  const known = verifiedIds.get(cookieHeader);
  if (known) return known;
  const id: unknown = await sessionCookie().parse(cookieHeader);
  if (typeof id !== "string" || !id) return null;
  keepAtMost(verifiedIds, cookieHeader, id, VERIFIED_IDS_MAX);
  return id;
}

/**
 * Cookie headers whose signature was checked, with the session id they carry: the same header
 * always carries the same id, and checking it (three HMAC-SHA1s, base64 and JSON) took up to 0.15 ms of
 * every signed-in request. Only verified headers are kept, at most VERIFIED_IDS_MAX, oldest out
 * first; the session row is still read on every request, so revoking a session still works.
 */
const verifiedIds = new Map<string, string>();
const VERIFIED_IDS_MAX = 1000;

/** Removes an expired session row (as the session storage does when it reads one). */
export async function deleteSessionRow(id: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id } });
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * Starts a signed-in session and returns its Set-Cookie header. The visitor's previous session
 * (anonymous, OAuth state, or another user's) is deleted and a new id is issued, so an id that
 * was known before sign-in never becomes a signed-in one (no session fixation).
 */
export async function commitNewUserSession(request: Request, userId: string): Promise<string> {
  const storage = sessionStorage();
  const previous = await getSession(request);
  if (previous.id) await storage.destroySession(previous);
  const fresh = await storage.getSession();
  fresh.set(USER_SESSION_KEY, userId);
  return storage.commitSession(fresh);
}

/** Deletes the visitor's session row and returns the Set-Cookie header that clears the cookie. */
export async function destroyCurrentSession(request: Request): Promise<string> {
  const storage = sessionStorage();
  return storage.destroySession(await getSession(request));
}

/** Ends every session of a user (password change, admin action, "sign out everywhere"). */
export async function revokeUserSessions(userId: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { userId } });
  return count;
}
