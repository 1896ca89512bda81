// OAuth 2.1 for MCP clients (docs/decisions/167-mcp-oauth.md): the authorization requests a
// signed-in user approves or denies on /oauth/consent, single-use codes bound to a PKCE
// challenge, short-lived access tokens and rotating refresh tokens for the MCP endpoint. The
// SDK's auth router speaks the protocol (server/oauth.ts adapts it to these functions); this
// module owns the rules and the tables. Codes and tokens are stored as SHA-256 hashes only.
import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidGrantError, InvalidRequestError, InvalidScopeError, InvalidTargetError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { assertActor, NotFoundError, type Actor } from "./actor.server";
import { ACCESS_TOKEN_TTL_S, AUTHORIZATION_CODE_TTL_S, AUTHORIZATION_REQUEST_TTL_S, MCP_SCOPE, REFRESH_TOKEN_TTL_S } from "./oauth-rules";
import { prisma, type Prisma } from "~/utils/db.server";

const ACCESS_PREFIX = "rf_oat_";
const REFRESH_PREFIX = "rf_ort_";
const CONTROL = /[\u0000-\u001f\u007f]/;
const PKCE_S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 2000;
const MAX_TOKEN_LENGTH = 200;

export function hashSecret(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

function secret(prefix = ""): string {
  return prefix + randomBytes(32).toString("base64url");
}

/** A resource indicator as compared: no fragment, no trailing slash. */
function comparable(resource: string): string {
  return resource.replace(/#.*$/, "").replace(/\/$/, "");
}

/** Whether `token` has the shape of an access token issued here (cheap test before any query). */
export function looksLikeOAuthAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_PREFIX) && token.length <= MAX_TOKEN_LENGTH;
}

// ───────────────────────────── authorization requests ─────────────────────────────

export type AuthorizationRequestInput = {
  redirectUri: string;
  codeChallenge: string;
  scopes?: string[];
  state?: string;
  resource?: URL;
};

/**
 * Records a client's authorization request (its redirect URI is already matched against the
 * registration by the SDK) and returns the id the consent page is opened with. `resource` is
 * the MCP endpoint the tokens will be for: a client that names another is refused.
 */
export async function beginAuthorization(
  client: OAuthClientInformationFull,
  input: AuthorizationRequestInput,
  settings: { resource: string },
): Promise<{ requestId: string }> {
  if (!PKCE_S256_CHALLENGE.test(input.codeChallenge)) throw new InvalidRequestError("code_challenge must be an S256 challenge (43 base64url characters)");
  if (input.state !== undefined && (input.state.length > MAX_STATE_LENGTH || CONTROL.test(input.state))) {
    throw new InvalidRequestError("state must be at most 2000 characters without control characters");
  }
  if (input.resource && comparable(input.resource.href) !== comparable(settings.resource)) {
    throw new InvalidTargetError(`resource must be ${settings.resource}`);
  }
  const requested = (input.scopes ?? []).filter(Boolean);
  if (requested.some((s) => s.length > 100 || CONTROL.test(s))) throw new InvalidScopeError("scope values must be short words");
  const requestId = secret();
  await prisma.oAuthAuthorization.create({
    data: {
      id: requestId,
      clientId: client.client_id,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      // Unknown scopes are not granted; the one scope there is always is (RFC 6749 §3.3: the
      // token response says which scope was granted).
      scopes: [MCP_SCOPE],
      state: input.state ?? null,
      resource: settings.resource,
      expiresAt: new Date(Date.now() + AUTHORIZATION_REQUEST_TTL_S * 1000),
    },
  });
  return { requestId };
}

export type PendingAuthorization = {
  id: string;
  clientId: string;
  /** What the client calls itself (its own claim) or null. */
  clientName: string | null;
  redirectUri: string;
  /** Where the answer goes, as the user should read it: the host, or the app's scheme. */
  redirectTarget: string;
  scopes: string[];
  expiresAt: Date;
};

function redirectTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === "http:" || url.protocol === "https:") return url.host;
  return `${url.protocol}//${url.host}`.replace(/\/\/$/, "");
}

function validRequestId(id: string): boolean {
  return typeof id === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(id);
}

/** A request still waiting for a decision, for the consent page; NotFoundError otherwise. */
export async function getPendingAuthorization(actor: Actor, requestId: string): Promise<PendingAuthorization> {
  assertActor(actor);
  if (!validRequestId(requestId)) throw new NotFoundError("Authorization request");
  const row = await prisma.oAuthAuthorization.findFirst({
    where: { id: requestId, decidedAt: null, expiresAt: { gt: new Date() } },
    include: { client: { select: { name: true } } },
  });
  if (!row) throw new NotFoundError("Authorization request");
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.client.name,
    redirectUri: row.redirectUri,
    redirectTarget: redirectTarget(row.redirectUri),
    scopes: row.scopes,
    expiresAt: row.expiresAt,
  };
}

/**
 * The signed-in user's answer. Allow issues a code for this user (redirect with code and
 * state); Deny sends error=access_denied. Decided once: a second answer, or one after the
 * request expired, is NotFoundError. Returns where to send the browser.
 */
export async function decideAuthorization(actor: Actor, requestId: string, allow: boolean): Promise<{ redirectTo: string }> {
  assertActor(actor);
  if (!validRequestId(requestId)) throw new NotFoundError("Authorization request");
  const code = allow ? secret() : null;
  const now = new Date();
  const decided = await prisma.oAuthAuthorization.updateMany({
    where: { id: requestId, decidedAt: null, expiresAt: { gt: now } },
    data: {
      decidedAt: now,
      userId: actor.id,
      denied: !allow,
      codeHash: code ? hashSecret(code) : null,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_S * 1000),
    },
  });
  if (decided.count !== 1) throw new NotFoundError("Authorization request");
  const row = await prisma.oAuthAuthorization.findUniqueOrThrow({ where: { id: requestId }, select: { redirectUri: true, state: true } });
  const target = new URL(row.redirectUri);
  if (code) {
    target.searchParams.set("code", code);
  } else {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_description", "The user denied access");
  }
  if (row.state !== null) target.searchParams.set("state", row.state);
  return { redirectTo: target.href };
}

// ───────────────────────────── codes and tokens ─────────────────────────────

const INVALID_CODE = "Invalid, expired or already used authorization code";

/** Revokes every token of one approval (a replayed code or refresh token, RFC 9700 §4.14). */
async function revokeGrant(grantId: string): Promise<void> {
  await prisma.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: new Date() } });
}

async function codeRow(clientId: string, code: string) {
  if (!code || code.length > MAX_TOKEN_LENGTH) return null;
  const row = await prisma.oAuthAuthorization.findUnique({ where: { codeHash: hashSecret(code) } });
  return row && row.clientId === clientId && !row.denied && row.userId ? row : null;
}

/** The PKCE challenge of a live code issued to this client (the SDK checks the verifier). */
export async function challengeForAuthorizationCode(clientId: string, code: string): Promise<string> {
  const row = await codeRow(clientId, code);
  if (!row || row.expiresAt <= new Date()) throw new InvalidGrantError(INVALID_CODE);
  if (row.usedAt) {
    await revokeGrant(row.id);
    throw new InvalidGrantError(INVALID_CODE);
  }
  return row.codeChallenge;
}

async function issueTokens(
  tx: Prisma.TransactionClient,
  grant: { grantId: string; clientId: string; userId: string; scopes: string[]; resource: string },
): Promise<OAuthTokens> {
  const access = secret(ACCESS_PREFIX);
  const refresh = secret(REFRESH_PREFIX);
  const now = Date.now();
  await tx.oAuthToken.createMany({
    data: [
      { kind: "access", tokenHash: hashSecret(access), ...grant, expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000) },
      { kind: "refresh", tokenHash: hashSecret(refresh), ...grant, expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000) },
    ],
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_S,
    scope: grant.scopes.join(" "),
    refresh_token: refresh,
  };
}

/**
 * Exchanges a code (its PKCE verifier already checked) for tokens, once. A code presented a
 * second time is refused and the tokens it gave are revoked.
 */
export async function exchangeAuthorizationCode(clientId: string, code: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
  const row = await codeRow(clientId, code);
  if (!row || !row.userId) throw new InvalidGrantError(INVALID_CODE);
  if (redirectUri !== undefined && redirectUri !== row.redirectUri) throw new InvalidGrantError("redirect_uri does not match the authorization request");
  if (resource && comparable(resource.href) !== comparable(row.resource)) throw new InvalidTargetError(`resource must be ${row.resource}`);
  // The claim and the new tokens commit together, so a Disconnect that waits on the claimed row
  // sees the tokens (oauth-connections.server.ts).
  const issued = await prisma.$transaction(async (tx) => {
    const claimed = await tx.oAuthAuthorization.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) return null;
    return issueTokens(tx, { grantId: row.id, clientId, userId: row.userId!, scopes: row.scopes, resource: row.resource });
  });
  if (!issued) {
    if (row.usedAt || (await prisma.oAuthAuthorization.count({ where: { id: row.id, usedAt: { not: null } } }))) await revokeGrant(row.id);
    throw new InvalidGrantError(INVALID_CODE);
  }
  return issued;
}

const INVALID_REFRESH = "Invalid, expired or already used refresh token";

/**
 * Rotation: a refresh token is exchanged once for a new access and refresh token. One that
 * was already used revokes its whole family (it may have been stolen). Scopes may only shrink.
 */
export async function exchangeRefreshToken(clientId: string, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
  if (!refreshToken.startsWith(REFRESH_PREFIX) || refreshToken.length > MAX_TOKEN_LENGTH) throw new InvalidGrantError(INVALID_REFRESH);
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(refreshToken) } });
  if (!row || row.kind !== "refresh" || row.clientId !== clientId) throw new InvalidGrantError(INVALID_REFRESH);
  if (row.usedAt) {
    await revokeGrant(row.grantId);
    throw new InvalidGrantError(INVALID_REFRESH);
  }
  if (row.revokedAt || row.expiresAt <= new Date()) throw new InvalidGrantError(INVALID_REFRESH);
  if (resource && comparable(resource.href) !== comparable(row.resource)) throw new InvalidTargetError(`resource must be ${row.resource}`);
  const granted = scopes?.filter(Boolean).length ? scopes.filter(Boolean) : row.scopes;
  if (granted.some((s) => !row.scopes.includes(s))) throw new InvalidScopeError("A refresh cannot add scopes");
  const issued = await prisma.$transaction(async (tx) => {
    const claimed = await tx.oAuthToken.updateMany({ where: { id: row.id, usedAt: null, revokedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) return null;
    return issueTokens(tx, { grantId: row.grantId, clientId, userId: row.userId, scopes: granted, resource: row.resource });
  });
  if (!issued) {
    await revokeGrant(row.grantId);
    throw new InvalidGrantError(INVALID_REFRESH);
  }
  return issued;
}

/**
 * RFC 7009: revokes a token this client holds; a refresh token takes its whole family with it.
 * Unknown tokens and other clients' tokens are ignored (the answer is the same).
 */
export async function revokeOAuthToken(clientId: string, token: string): Promise<void> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return;
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(token) } });
  if (!row || row.clientId !== clientId) return;
  if (row.kind === "refresh") await revokeGrant(row.grantId);
  else await prisma.oAuthToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
}

export type VerifiedOAuthAccess = {
  /** The access token row's id (rate limits and logs; never the secret). */
  tokenId: string;
  userId: string;
  clientId: string;
  scopes: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
  /** The resource (MCP endpoint URL) the token was issued for. */
  resource: string;
};

/** Who a live access token acts for, or null (unknown, expired, revoked, or not an access token). */
export async function verifyOAuthAccessToken(token: string): Promise<VerifiedOAuthAccess | null> {
  if (typeof token !== "string" || !looksLikeOAuthAccessToken(token)) return null;
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(token) } });
  if (!row || row.kind !== "access" || row.revokedAt || row.expiresAt <= new Date()) return null;
  return {
    tokenId: row.id,
    userId: row.userId,
    clientId: row.clientId,
    scopes: row.scopes,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
    resource: row.resource,
  };
}

/**
 * Deletes what can never be used again: expired requests, codes and tokens (the hourly
 * housekeeping, docs/decisions/213-connected-apps-and-oauth-housekeeping.md). An approval whose
 * grant still has a token left is kept: it is the connected application's approval date.
 */
export async function sweepExpiredOAuthRows(olderThan = new Date(Date.now() - 24 * 60 * 60 * 1000)): Promise<number> {
  const [t, a] = await prisma.$transaction([
    prisma.oAuthToken.deleteMany({ where: { expiresAt: { lt: olderThan } } }),
    prisma.$executeRaw`
      DELETE FROM "oauth_authorizations" AS a
      WHERE a."expiresAt" < ${olderThan}
        AND NOT EXISTS (SELECT 1 FROM "oauth_tokens" AS t WHERE t."grantId" = a."id")`,
  ]);
  return t.count + a;
}
