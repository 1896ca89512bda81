// Signed, expiring download links for stored files (docs/decisions/161-signed-file-links.md):
// what the MCP tools hand an outside client (a resource_link to a scene image or a compiled
// video) so it can download the file without the app's session cookie. A link names one object
// and an expiry, signed with an HMAC keyed from SESSION_SECRET; /files/signed/{bucket}/{key}
// serves it until then to anyone holding the link. Only a user who may read the file gets a
// link for it.
import { createHmac, timingSafeEqual } from "node:crypto";
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { isAdminActor } from "~/models/access/permissions.server";
import { findStoredObject } from "./stored-files.server";
import { env } from "~/utils/env.server";
import { isBucketName, parseFileUrl } from "~/utils/storage/buckets";
import { isValidKey } from "~/utils/storage/keys";

export const SIGNED_FILES_ROUTE = "/files/signed";
/** Default lifetime of a link: long enough to download a video, short enough that a leaked link soon dies. */
export const SIGNED_LINK_TTL_SECONDS = 60 * 60;
/** The longest lifetime a caller may ask for. */
export const SIGNED_LINK_MAX_TTL_SECONDS = 24 * 60 * 60;

function signingKey(): Buffer {
  // A key of its own, derived from the session secret, so a link signature is never a cookie signature.
  return createHmac("sha256", env().SESSION_SECRET).update("reelforge signed file links v1").digest();
}

function signature(bucket: string, key: string, expires: number): string {
  return createHmac("sha256", signingKey()).update(`${bucket}\n${key}\n${expires}`).digest("base64url");
}

function encodePath(bucket: string, key: string): string {
  return `${SIGNED_FILES_ROUTE}/${encodeURIComponent(bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The path and query of a signed link (no origin): pure, for tests and for signFileLink. */
export function signedPath(bucket: string, key: string, expires: number): string {
  return `${encodePath(bucket, key)}?expires=${expires}&signature=${signature(bucket, key, expires)}`;
}

/** Whether a request for bucket/key with these query values carries a valid, unexpired signature. */
export function verifySignedLink(bucket: string, key: string, expiresRaw: string | null, sig: string | null, now: Date = new Date()): boolean {
  if (!isBucketName(bucket) || !isValidKey(key)) return false;
  if (!expiresRaw || !/^\d{1,12}$/.test(expiresRaw) || !sig || sig.length > 100) return false;
  const expires = Number(expiresRaw);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(bucket, key, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The stored object a signed link of this server names (absolute, on any origin, or relative),
 * when its signature is this server's — expired or not: a door that is given its own link back
 * (analyze_product_image after upload_product_image) resolves it to the object and checks the
 * actor's access to that object as for any reference; nothing is fetched over the network.
 * Null for anything else.
 */
export function parseSignedLink(value: string): { bucket: string; key: string } | null {
  let url: URL;
  try {
    url = new URL(value.trim(), "http://signed.invalid");
  } catch {
    return null;
  }
  if (!url.pathname.startsWith(`${SIGNED_FILES_ROUTE}/`)) return null;
  const [bucketPart, ...keyParts] = url.pathname.slice(SIGNED_FILES_ROUTE.length + 1).split("/");
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(bucketPart ?? "");
    key = keyParts.map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  // The signature is checked as of the epoch: a genuine link whose hour has passed still names its object.
  return verifySignedLink(bucket, key, url.searchParams.get("expires"), url.searchParams.get("signature"), new Date(0)) ? { bucket, key } : null;
}

export type SignedLink = {
  /** Absolute URL (origin + signed path). */
  url: string;
  expiresAt: Date;
  mimeType: string;
  /** The file's name (its original name, else the last part of its key). */
  name: string;
  size: number;
};

/**
 * A signed link to the stored file `fileUrl` (a /resources/files/... URL or an object ref) that
 * the actor may read (its owner, or an admin). NotFoundError for anything else.
 */
export async function signFileLink(actor: Actor, fileUrl: string, opts: { origin: string; ttlSeconds?: number; now?: Date }): Promise<SignedLink> {
  const target = parseFileUrl(fileUrl) ?? parseFileUrl(`/resources/files/${fileUrl}`);
  const object = target ? await findStoredObject(target.bucket, target.key) : null;
  if (!target || !object || !(object.isPublic || object.ownerId === actor.id || isAdminActor(actor))) throw new NotFoundError("File");
  const ttl = Math.min(Math.max(Math.floor(opts.ttlSeconds ?? SIGNED_LINK_TTL_SECONDS), 1), SIGNED_LINK_MAX_TTL_SECONDS);
  const expires = Math.floor((opts.now ?? new Date()).getTime() / 1000) + ttl;
  const origin = new URL(opts.origin).origin;
  return {
    url: `${origin}${signedPath(target.bucket, target.key, expires)}`,
    expiresAt: new Date(expires * 1000),
    mimeType: object.contentType,
    name: object.originalName || target.key.split("/").pop() || "file",
    size: object.size,
  };
}
