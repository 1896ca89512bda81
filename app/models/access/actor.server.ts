// The acting user of every core call: who (id), with which role, through which door. Doors make
// one from the signed-in user (actorFromUser) or, in a workflow, from the user id its event
// carries (actorForUserId: the role is read again from the database, never taken from the
// event). What an actor may do is decided in permissions.server.ts; ids the actor may not see are
// "not found".
// See docs/decisions/130-actors-and-core-authorization.md.
import { hasAdminRole } from "./admin-roles.server";
import { userExists } from "./user.server";

export type ActorRole = "user" | "admin";
export const ACTOR_DOORS = ["web", "mcp", "agent", "workflow", "admin"] as const;
export type ActorDoor = (typeof ACTOR_DOORS)[number];

declare const actorBrand: unique symbol;

/** Only this module makes actors (the brand keeps object literals out; the registry below checks it at run time). */
export type Actor = Readonly<{ id: string; role: ActorRole; door: ActorDoor }> & { readonly [actorBrand]: true };

// Shared by the module copies of one process (the Remix bundle and the server sources).
const REGISTRY = Symbol.for("reelforge.actors");
type Registry = { minted: WeakSet<object>; system: WeakSet<object> };
function registry(): Registry {
  const g = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (g[REGISTRY] ??= { minted: new WeakSet(), system: new WeakSet() });
}

function mint(id: string, role: ActorRole, door: ActorDoor, system = false): Actor {
  const actor = Object.freeze({ id, role, door }) as Actor;
  registry().minted.add(actor);
  if (system) registry().system.add(actor);
  return actor;
}

/** The signed-in user (a SessionUser: its isAdmin came from the database) acting through `door`. */
export function actorFromUser(user: { id: string; isAdmin: boolean }, door: ActorDoor): Actor {
  if (!user.id) throw new Error("An actor needs a user id");
  return mint(user.id, user.isAdmin ? "admin" : "user", door);
}

/** The user with this id acting through `door`, role read now; null when there is no such user. */
export async function actorForUserId(userId: string, door: ActorDoor): Promise<Actor | null> {
  if (typeof userId !== "string" || !userId) return null;
  if (!(await userExists(userId))) return null;
  return mint(userId, (await hasAdminRole(userId)) ? "admin" : "user", door);
}

/**
 * Server housekeeping that acts for nobody in particular (the pick-up of lost video requests).
 * It may see everything, so no input can produce one: only code that imports this function,
 * never a deserialised object (an event's data, a form) passes for it.
 */
export function systemActor(purpose: string): Actor {
  return mint(`system:${purpose}`, "admin", "workflow", true);
}

export function isSystemActor(actor: Actor): boolean {
  return registry().system.has(actor);
}

/** Refuses anything this module did not make (a plain object shaped like an actor). */
export function assertActor(actor: unknown): asserts actor is Actor {
  if (!actor || typeof actor !== "object" || !registry().minted.has(actor)) throw new Error("Not an actor made by the core");
}

/**
 * The thing does not exist, or the actor may not see it (the two are not told apart, so other
 * users' ids reveal nothing). Doors answer 404.
 */
export class NotFoundError extends Error {
  readonly status = 404;
  constructor(readonly what: string) {
    super(`${what} not found`);
    this.name = "NotFoundError";
  }
}

export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError || (error instanceof Error && error.name === "NotFoundError");
}

/**
 * The actor of a workflow run: the user whose id its event carries (the one who asked),
 * through the "workflow" door, with the role they have now. NotFoundError when that user is gone.
 */
export async function actorForWorkflow(userId: string): Promise<Actor> {
  const actor = await actorForUserId(userId, "workflow");
  if (!actor) throw new NotFoundError("User");
  return actor;
}
