// Who is asking: session look-up and the guards every loader and action uses.
// Guards run on the server for every door; hiding a link is never the check.
import { redirect } from "@remix-run/node";
import { getSessionUserById, type SessionUser } from "~/models/user.server";
import { getSession, USER_SESSION_KEY } from "~/utils/session.server";

export async function getUserId(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const id = session.get(USER_SESSION_KEY);
  return typeof id === "string" ? id : null;
}

/** The signed-in user, or null (also when the session points at a deleted user). */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const id = await getUserId(request);
  return id ? getSessionUserById(id) : null;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const target = back && back !== "/" ? `/auth/login?redirectTo=${encodeURIComponent(back)}` : "/auth/login";
  return redirect(target);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireUserId(request: Request): Promise<string> {
  return (await requireUser(request)).id;
}

/** Anonymous visitors go to login; signed-in non-admins get 403 (the Access Denied screen). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("You don't have permission to access this page.", { status: 403 });
  return user;
}

/** Only same-site relative paths are followed after sign-in (no open redirects). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
