// Admin role: a user is an admin while a row for them exists in admin_users. This module owns
// that table: the check, the list, and granting and taking the role. There is always at least
// one admin: the role is taken under one advisory lock, and never from the last admin (ADR 185).
// Only a signed-in admin may read or change the list (assertStaff); the Users tab
// (admin-users.server.ts) is its door in the core.
import { Prisma, prisma } from "~/utils/db.server";
import type { Actor } from "./actor.server";
import { assertStaff } from "./permissions.server";

const ADMIN_LIST_LOCK = "admin-users";

/** Whether the user holds the admin role now: what actors are minted with (actor.server.ts). */
export async function hasAdminRole(userId: string): Promise<boolean> {
  try {
    return (await prisma.adminUser.count({ where: { userId } })) > 0;
  } catch (error) {
    // docs/product.md#overview: admin-check failures are logged and fall back to "not an admin".
    console.error("admin check failed", error);
    return false;
  }
}

export type AdminRow = { userId: string; username: string | null; email: string | null; createdAt: Date };

/** Every admin, oldest first (the seed's get_admin_users). */
export async function listAdminRows(actor: Actor, take = 500): Promise<AdminRow[]> {
  assertStaff(actor);
  const rows = await prisma.adminUser.findMany({
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    take,
    select: { userId: true, createdAt: true, user: { select: { email: true, profile: { select: { username: true } } } } },
  });
  return rows.map((r) => ({ userId: r.userId, username: r.user.profile?.username ?? null, email: r.user.email, createdAt: r.createdAt }));
}

/** The acting admin gives the user the admin role; "duplicate" when they have it already (also two grants at once). */
export async function grantAdminRole(actor: Actor, userId: string): Promise<"granted" | "duplicate"> {
  assertStaff(actor);
  try {
    await prisma.adminUser.create({ data: { userId, grantedById: actor.id } });
    return "granted";
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "duplicate";
    throw error;
  }
}

/** Takes the admin role from the user, unless they are the last admin. */
export async function revokeAdminRole(actor: Actor, userId: string): Promise<"revoked" | "not_admin" | "last_admin"> {
  assertStaff(actor);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${ADMIN_LIST_LOCK}))`;
    const found = await tx.adminUser.findUnique({ where: { userId }, select: { userId: true } });
    if (!found) return "not_admin" as const;
    if ((await tx.adminUser.count()) <= 1) return "last_admin" as const;
    await tx.adminUser.delete({ where: { userId } });
    return "revoked" as const;
  });
}
