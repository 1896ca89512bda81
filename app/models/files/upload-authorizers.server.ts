// Who may upload what through POST /resources/upload/:bucket. The door asks here; the rules of
// a context (is this the user's order? their scene?) belong to the domain module of that
// concept, which is wired into `contextAuthorizers` below.
import { assertActor, type Actor } from "~/models/access/actor.server";
import { userExists } from "~/models/access/user.server";
import { isAdminActor } from "~/models/access/permissions.server";
import { BUCKETS, type BucketName } from "~/utils/storage/buckets";
import type { UploadTarget } from "./stored-files.server";

export type UploadDecision = { ok: true; target: UploadTarget } | { ok: false; status: number; error: string };

/**
 * Decides a context upload for an actor: return the owner of the new file and the key params to
 * use (for example: the order belongs to the user, so ownerId = actor.id, params = {orderId}).
 */
export type ContextAuthorizer = (args: { actor: Actor; bucket: BucketName; params: Record<string, string | undefined> }) => Promise<UploadDecision>;

/**
 * Domain modules plug their checks in here, e.g.
 *   "custom-order-media": authorizeOrderMediaUpload,   // from ~/models/custom-orders.server
 * Without an entry, a context bucket takes uploads from admins only.
 */
export const contextAuthorizers: Partial<Record<BucketName, ContextAuthorizer>> = {};

const FORBIDDEN = "You don't have permission to upload files here.";

/** The upload target for `actor` uploading into `bucket` with these query parameters. */
export async function authorizeUpload(actor: Actor, bucket: BucketName, query: URLSearchParams): Promise<UploadDecision> {
  assertActor(actor);
  const rule = BUCKETS[bucket];
  if (rule.upload === "server") return { ok: false, status: 403, error: FORBIDDEN };

  const params: Record<string, string | undefined> = {};
  for (const name of rule.params) {
    const value = query.get(name);
    if (value) params[name] = value;
  }

  // Admins may file an upload under another user (staff delivering an order's files).
  let ownerId = actor.id;
  const requestedOwner = query.get("ownerId");
  if (requestedOwner && requestedOwner !== actor.id) {
    if (!isAdminActor(actor)) return { ok: false, status: 403, error: FORBIDDEN };
    if (!(await userExists(requestedOwner))) return { ok: false, status: 400, error: "User not found with that ID" };
    ownerId = requestedOwner;
  }

  if (rule.upload === "user") return { ok: true, target: { bucket, ownerId, params } };

  const authorizer = contextAuthorizers[bucket];
  if (authorizer) return authorizer({ actor, bucket, params });
  if (!isAdminActor(actor)) return { ok: false, status: 403, error: FORBIDDEN };
  const missing = rule.params.filter((p) => !params[p] && !(bucket === "project-images" && p === "purpose"));
  if (missing.length > 0) return { ok: false, status: 400, error: `Missing ${missing.join(", ")} for this upload.` };
  return { ok: true, target: { bucket, ownerId, params } };
}
