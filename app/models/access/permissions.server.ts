// Who may do what: the one place that decides it (docs/decisions/285-one-permissions-module.md).
// The actors (actor.server.ts) say who is acting; these functions say what they may do:
//   owner   reads and changes what they own (mayAccess, ownedBy)
//   admin   reads and changes everything, and alone enters the admin area (isAdminActor; assertStaff: "staff may do this")
//   system  housekeeping and workflows acting for nobody: admin rights, never the admin area
//           (staff work on custom orders lets it through: ORDER_STAFF)
//   guest   no account: places an order through an active, unexpired order link (orderLinkRefusal),
//           reads only public files (mayReadObject)
// The core calls these on every function that touches user data; doors (requireAdmin in
// auth.server.ts, the file and upload routes) call them after reading the session.
import { assertActor, isSystemActor, type Actor } from "./actor.server";

/** Admin rights: a signed-in admin, or the system actor (housekeeping sees everything). */
export function isAdminActor(actor: Actor): boolean {
  assertActor(actor);
  return actor.role === "admin";
}

/** Owner-or-admin: whether the actor may read and change what `ownerId` owns. */
export function mayAccess(actor: Actor, ownerId: string | null | undefined): boolean {
  assertActor(actor);
  if (actor.role === "admin") return true;
  return Boolean(ownerId) && ownerId === actor.id;
}

/** The Prisma filter that keeps rows owned (column `userId`) by someone else out: none for admins. */
export function ownedBy(actor: Actor): { userId?: string } {
  assertActor(actor);
  return actor.role === "admin" ? {} : { userId: actor.id };
}

/** Whether a signed-in user (a SessionUser, its flag read from the database) may enter the admin area. */
export function isAdminUser(user: { isAdmin: boolean }): boolean {
  return user.isAdmin === true;
}

/** A non-admin reached an admin-only core function. Doors answer 403. */
export class AdminOnlyError extends Error {
  readonly status = 403;
  constructor() {
    super("You don't have permission to access this page.");
    this.name = "AdminOnlyError";
  }
}

export function isAdminOnlyError(error: unknown): error is AdminOnlyError {
  return error instanceof AdminOnlyError || (error instanceof Error && error.name === "AdminOnlyError");
}

/** How a concept refuses a non-staff actor, and whether housekeeping passes (see assertStaff). */
export type StaffRule = {
  /** The error thrown to a non-staff actor: AdminOnlyError unless the concept has its own (orders: OrderError 403). */
  refusal?: () => Error;
  /** Whether the system actor counts as staff here (custom orders and order links); otherwise it does not. */
  systemActor?: "allowed";
};

/**
 * Staff may do this: the one check behind every staff-only core function (the admin area,
 * docs/product.md#admin-area; custom orders and order links). The doors refuse non-admins first
 * (requireAdmin), and every such core function refuses them again, whichever door it is reached
 * through. Throws `rule.refusal()` (AdminOnlyError by default) unless a signed-in admin is acting;
 * housekeeping actors are not staff unless the rule allows them.
 */
export function assertStaff(actor: Actor, rule: StaffRule = {}): void {
  assertActor(actor);
  const staff = isAdminActor(actor) && (!isSystemActor(actor) || rule.systemActor === "allowed");
  if (!staff) throw rule.refusal ? rule.refusal() : new AdminOnlyError();
}

/**
 * Who may read a stored object: anyone when it is public; otherwise its owner and admins.
 * Objects without an owner (system files, or the owner's account was deleted) are admin-only.
 * `viewer` is null for a visitor who is not signed in.
 */
export function mayReadObject(object: { isPublic: boolean; ownerId: string | null }, viewer: Actor | null): boolean {
  if (object.isPublic) return true;
  if (!viewer) return false;
  if (object.ownerId !== null && object.ownerId === viewer.id) return true;
  return isAdminActor(viewer);
}

/**
 * Why an order link cannot take a guest's (or a user's) order now, or null when it can: it must
 * exist, be active and not have expired.
 */
export function orderLinkRefusal(link: { isActive: boolean; expiryDate: Date | null } | null, now: Date): "not_found" | "inactive" | "expired" | null {
  if (!link) return "not_found";
  if (!link.isActive) return "inactive";
  if (link.expiryDate && link.expiryDate.getTime() <= now.getTime()) return "expired";
  return null;
}
