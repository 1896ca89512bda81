// The core's own check that an admin is acting, for the admin area's core functions
// (docs/product.md#admin-area): the doors refuse non-admins first (requireAdmin), and every core
// function of the admin area refuses them again, whichever door it is reached through.
import { isAdminActor, isSystemActor, type Actor } from "~/models/actor.server";

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

/** Throws AdminOnlyError unless a signed-in admin is acting (housekeeping actors are not staff). */
export function assertStaff(actor: Actor): void {
  if (!isAdminActor(actor) || isSystemActor(actor)) throw new AdminOnlyError();
}
