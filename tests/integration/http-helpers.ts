// Shared by the tests that talk to the real server over HTTP (bad-input, fuzz-routes): a user
// with a session cookie and credits, raw requests that carry a same-origin Origin header (so an
// origin check does not hide what the action itself does), and a snapshot of the tables a bad
// request must leave alone.
import type { LiveServer } from "../support/live-server";
import { applyCreditChange } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";

let counter = 0;
export function uid(tag = "h"): string {
  counter += 1;
  return `${tag}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export type TestUser = { id: string; email: string; cookie: string };

export async function signedInUser(opts: { credits?: number } = {}): Promise<TestUser> {
  const email = `${uid("bad")}@test.local`;
  const user = await prisma.user.create({ data: { email, profile: { create: { username: uid("u") } } } });
  if (opts.credits) await applyCreditChange({ userId: user.id, delta: opts.credits, reason: "admin_grant", reference: "test" });
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set(USER_SESSION_KEY, user.id);
  const cookie = (await storage.commitSession(session)).split(";")[0];
  return { id: user.id, email, cookie };
}

export type Sent = { status: number; headers: Headers; text: string };

/** One request on the wire; redirects are not followed (a 3xx is an answer too). */
export async function send(
  live: LiveServer,
  path: string,
  init: { method?: string; body?: BodyInit | null; contentType?: string | null; cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const headers = new Headers(init.headers);
  headers.set("Origin", live.url);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const res = await fetch(`${live.url}${path}`, { method: init.method ?? "GET", body: init.body ?? null, headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function form(fields: Record<string, string>): { body: string; contentType: string } {
  return { body: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
}

/** Row counts of the tables a request could change, and one user's balance and session count. */
export async function snapshot(userId?: string) {
  const [users, stories, images, videos, notificationsUnread, transactions, ledger, objects, profiles, smsMessages, discountUsages] = await Promise.all([
    prisma.user.count(),
    prisma.story.count(),
    prisma.imageGenerationJob.count(),
    prisma.videoGenerationJob.count(),
    prisma.notification.count({ where: { read: false } }),
    prisma.paymentTransaction.count(),
    prisma.creditLedgerEntry.count(),
    // Voice samples are a shared cache made on the first request for a voice (ADR 201), not a change.
    prisma.storedObject.count({ where: { NOT: { bucket: "renders", key: { startsWith: "voice-samples/" } } } }),
    prisma.profile.findMany({ select: { userId: true, username: true, avatarKey: true }, orderBy: { userId: "asc" } }),
    prisma.smsMessage.count(),
    prisma.discountUsage.count(),
  ]);
  const publicContent = await Promise.all([
    prisma.story.count({ where: { isPublic: true } }),
    prisma.imageGenerationJob.count({ where: { visibility: "public" } }),
    prisma.videoGenerationJob.count({ where: { visibility: "public" } }),
  ]);
  const balance = userId ? Number((await prisma.creditAccount.findUnique({ where: { userId } }))?.balance ?? 0) : null;
  return { users, stories, images, videos, notificationsUnread, transactions, ledger, objects, profiles, smsMessages, discountUsages, publicContent, balance };
}
