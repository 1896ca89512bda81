// Personal access tokens (api_tokens) for the MCP tool server: a user creates, lists and revokes
// them in Profile Settings (or `npm run token`), and an outside client sends one as
// `Authorization: Bearer <token>` (/mcp) or REELFORGE_API_TOKEN (stdio). Only a SHA-256 of the
// secret is stored; the token itself is shown once, when it is made. The one bearer check every
// MCP door calls is authenticateBearerToken (docs/decisions/160-mcp-tokens-and-bearer-check.md).
import { createHash, randomBytes } from "node:crypto";
import { assertActor, actorForUserId, NotFoundError, type Actor } from "./actor.server";
import { mayAccess } from "./permissions.server";
import { looksLikeOAuthAccessToken, verifyOAuthAccessToken } from "./oauth.server";
import { MCP_SCOPE } from "./oauth-rules";
import { prisma } from "~/utils/db.server";
import { normalizeText, textLength } from "~/utils/text";

/** Personal access tokens start with this, so they are recognisable (and findable by secret scanners). */
export const TOKEN_PREFIX = "rf_pat_";
/** Characters of the token shown in the list to tell tokens apart. */
const SHOWN_PREFIX_LENGTH = 12;
export const TOKEN_NAME_MAX = 100;
/** A user's live tokens at most (a leaked script cannot mint thousands). */
export const MAX_TOKENS_PER_USER = 50;
/** Last-used times are written at most this often per token. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const API_TOKEN_MESSAGES = {
  nameRequired: "Token name is required",
  nameTooLong: `Token name can be at most ${TOKEN_NAME_MAX} characters`,
  tooMany: `You have ${MAX_TOKENS_PER_USER} active tokens: revoke one first`,
} as const;

export class ApiTokenError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "ApiTokenError";
  }
}

export type ApiTokenItem = {
  id: string;
  name: string;
  /** The token's first characters (rf_pat_xxxxx), never the secret. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const listed = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Makes a token for the actor (or, for an admin, for `ownerId`), named `name`. Returns the
 * token once: only its hash is kept.
 */
export async function createApiToken(actor: Actor, input: { name: string; ownerId?: string }): Promise<{ token: string; item: ApiTokenItem }> {
  assertActor(actor);
  const ownerId = input.ownerId ?? actor.id;
  if (!mayAccess(actor, ownerId)) throw new NotFoundError("User");
  const name = typeof input.name === "string" ? normalizeText(input.name, { keepJoiners: true }) : "";
  if (!name) throw new ApiTokenError(API_TOKEN_MESSAGES.nameRequired);
  if (textLength(name) > TOKEN_NAME_MAX) throw new ApiTokenError(API_TOKEN_MESSAGES.nameTooLong);
  const live = await prisma.apiToken.count({ where: { userId: ownerId, revokedAt: null } });
  if (live >= MAX_TOKENS_PER_USER) throw new ApiTokenError(API_TOKEN_MESSAGES.tooMany);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const item = await prisma.apiToken.create({
    data: { userId: ownerId, name, prefix: token.slice(0, SHOWN_PREFIX_LENGTH), tokenHash: hashApiToken(token) },
    select: listed,
  });
  return { token, item };
}

/** The actor's tokens (an admin: `ownerId`'s), newest first, revoked ones included. */
export async function listApiTokens(actor: Actor, ownerId: string = actor.id): Promise<ApiTokenItem[]> {
  if (!mayAccess(actor, ownerId)) throw new NotFoundError("User");
  return prisma.apiToken.findMany({ where: { userId: ownerId }, orderBy: { createdAt: "desc" }, select: listed, take: 200 });
}

/** Revokes one of the actor's tokens (an admin: anyone's); it is refused from then on. NotFoundError otherwise. */
export async function revokeApiToken(actor: Actor, tokenId: string): Promise<ApiTokenItem> {
  assertActor(actor);
  const row = tokenId ? await prisma.apiToken.findUnique({ where: { id: tokenId }, select: { ...listed, userId: true } }) : null;
  if (!row || !mayAccess(actor, row.userId)) throw new NotFoundError("Token");
  await prisma.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  const { userId: _userId, ...item } = row;
  return { ...item, revokedAt: item.revokedAt ?? new Date() };
}

/** How a bearer token was issued: a personal access token, or an OAuth access token (ADR 167). */
export type BearerKind = "pat" | "oauth";

export type BearerIdentity = {
  /** The token's user, acting through the MCP door with the role they have now. */
  actor: Actor;
  /** The token row's id (for rate limits and logs; never the secret). */
  tokenId: string;
  kind: BearerKind;
};

/**
 * The one bearer check of the MCP doors (/mcp and stdio): the user a token acts for, or null
 * when it is unknown, revoked, expired, or its user is gone. Records the last-used time.
 */
export async function authenticateBearerToken(token: string | null | undefined): Promise<BearerIdentity | null> {
  if (typeof token !== "string") return null;
  const value = token.trim();
  if (value.length > 200) return null;
  if (looksLikeOAuthAccessToken(value)) {
    const access = await verifyOAuthAccessToken(value);
    if (!access || !access.scopes.includes(MCP_SCOPE)) return null;
    const actor = await actorForUserId(access.userId, "mcp");
    return actor ? { actor, tokenId: access.tokenId, kind: "oauth" } : null;
  }
  if (!value.startsWith(TOKEN_PREFIX)) return null;
  const row = await prisma.apiToken.findUnique({
    where: { tokenHash: hashApiToken(value) },
    select: { id: true, userId: true, revokedAt: true, expiresAt: true, lastUsedAt: true },
  });
  const now = new Date();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  const actor = await actorForUserId(row.userId, "mcp");
  if (!actor) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await prisma.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: now } });
  }
  return { actor, tokenId: row.id, kind: "pat" };
}
