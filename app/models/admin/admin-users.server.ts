// The admin area's Users tab (docs/product.md#admin-area, ADR 185): profiles with their
// credits, newest first, searchable and paginated; the admins; adding an admin by user id and
// removing one. Only admins may do any of it. An admin removes themself only when they
// confirmed it; the last admin is never removed (access/admin-roles.server.ts).
import { assertStaff } from "~/models/access/permissions.server";
import { ADMIN_USERS_MESSAGES } from "~/models/messaging/admin-messages";
import type { Actor } from "~/models/access/actor.server";
import { grantAdminRole, listAdminRows, revokeAdminRole } from "~/models/access/admin-roles.server";
import { listProfilesWithCredits, profileExists } from "~/models/access/profile.server";

export const USERS_PAGE_SIZE = 50;
/** Longest id accepted in the add-admin field (ids are cuids; longer text names no user). */
const USER_ID_MAX = 64;

export type AdminUserRow = {
  id: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
  credits: string;
  isAdmin: boolean;
};

export type UserListPage = { users: AdminUserRow[]; page: number; hasMore: boolean; total: number };

/** One page of profiles with their balances, newest first. */
export async function listUsersWithCredits(actor: Actor, opts: { search?: string; page?: number } = {}): Promise<UserListPage> {
  assertStaff(actor);
  const page = Math.max(1, Math.min(Math.trunc(opts.page ?? 1), 100_000));
  const { rows, total } = await listProfilesWithCredits({ search: opts.search, skip: (page - 1) * USERS_PAGE_SIZE, take: USERS_PAGE_SIZE });
  return {
    users: rows.map((row) => ({
      id: row.userId,
      username: row.username,
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      credits: row.credits,
      isAdmin: row.isAdmin,
    })),
    page,
    hasMore: page * USERS_PAGE_SIZE < total,
    total,
  };
}

export type AdminListEntry = { id: string; username: string | null; email: string | null; since: string };

export async function listAdmins(actor: Actor): Promise<AdminListEntry[]> {
  assertStaff(actor);
  return (await listAdminRows(actor)).map((r) => ({ id: r.userId, username: r.username, email: r.email, since: r.createdAt.toISOString() }));
}

export type AdminChange =
  { ok: true; message: string } | { ok: false; code: "invalid" | "not_found" | "duplicate" | "last_admin" | "confirm"; message: string };

function userIdOf(raw: unknown): string {
  return typeof raw === "string" ? raw.trim() : "";
}

/** Makes the user with this id an admin: the id must name a profile, and not an admin already. */
export async function addAdmin(actor: Actor, rawUserId: unknown): Promise<AdminChange> {
  assertStaff(actor);
  const userId = userIdOf(rawUserId);
  if (!userId) return { ok: false, code: "invalid", message: ADMIN_USERS_MESSAGES.invalidId };
  if (userId.length > USER_ID_MAX || !(await profileExists(actor, userId))) return { ok: false, code: "not_found", message: ADMIN_USERS_MESSAGES.notFound };
  const outcome = await grantAdminRole(actor, userId);
  if (outcome === "duplicate") return { ok: false, code: "duplicate", message: ADMIN_USERS_MESSAGES.alreadyAdmin };
  return { ok: true, message: ADMIN_USERS_MESSAGES.added };
}

/**
 * Takes the admin role from the user with this id. The acting admin's own role only with
 * `confirmSelf` (the page asks first: "confirm"); never the last admin's.
 */
export async function removeAdmin(actor: Actor, rawUserId: unknown, opts: { confirmSelf?: boolean } = {}): Promise<AdminChange> {
  assertStaff(actor);
  const userId = userIdOf(rawUserId);
  if (!userId || userId.length > USER_ID_MAX) return { ok: false, code: "invalid", message: ADMIN_USERS_MESSAGES.invalidId };
  if (userId === actor.id && !opts.confirmSelf) return { ok: false, code: "confirm", message: ADMIN_USERS_MESSAGES.confirmSelf };
  const outcome = await revokeAdminRole(actor, userId);
  if (outcome === "not_admin") return { ok: false, code: "not_found", message: ADMIN_USERS_MESSAGES.notAdmin };
  if (outcome === "last_admin") return { ok: false, code: "last_admin", message: ADMIN_USERS_MESSAGES.lastAdmin };
  return { ok: true, message: ADMIN_USERS_MESSAGES.removed };
}
