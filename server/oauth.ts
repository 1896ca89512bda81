// OAuth 2.1 for MCP clients (docs/decisions/167-mcp-oauth.md), mounted at the app's root: the
// SDK's auth router serves the authorization server metadata, protected resource metadata for
// /mcp, /register, /authorize, /token and /revoke; this file only adapts its provider interface
// to the core (app/models/oauth.server.ts, oauth-clients.server.ts). The user's decision is
// taken on the Remix page /oauth/consent.
import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthServerProvider, OAuthTokenVerifier } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import express from "express";
import { SUPPORTED_SCOPES } from "../app/models/oauth-rules.ts";
import { PostgresRateLimitStore } from "./oauth-rate-limit-store.ts";

// The core is loaded on first use: it opens the database, whose URL the bootstrap sets after
// this module is imported (server/index.ts).
const core = () => import("../app/models/oauth.server.ts");
const clients = () => import("../app/models/oauth-clients.server.ts");

/** The MCP endpoint: the protected resource every token is issued for. */
export const MCP_PATH = "/mcp";
export const CONSENT_PATH = "/oauth/consent";

/** Per client address, counted in PostgreSQL for all processes (docs/decisions/226-oauth-rate-limits-in-postgresql.md). */
export type OAuthRateLimits = { windowMs: number; max: number };
export const OAUTH_RATE_LIMITS = {
  register: { windowMs: 60 * 60 * 1000, max: 20 },
  token: { windowMs: 15 * 60 * 1000, max: 50 },
  authorize: { windowMs: 15 * 60 * 1000, max: 100 },
  revoke: { windowMs: 15 * 60 * 1000, max: 50 },
} satisfies Record<string, OAuthRateLimits>;

export type OAuthSettings = {
  /** The issuer: the app's public origin. */
  issuer: URL;
  /** The MCP endpoint's URL (the RFC 8707 resource). */
  resource: URL;
  /** Where clients find the protected resource metadata (for WWW-Authenticate on /mcp). */
  resourceMetadataUrl: string;
};

/**
 * The issuer and resource for a public origin: APP_URL, or http://localhost:PORT when it is
 * unset (never the Host a request names). Null when OAuth cannot be offered safely: an http
 * origin other than this machine (the SDK, and OAuth 2.1, want https).
 */
export function oauthSettings(appUrl: string | null, port = Number(process.env.PORT ?? 3000)): OAuthSettings | null {
  let origin: URL;
  try {
    origin = new URL(appUrl ?? `http://localhost:${port}`);
  } catch {
    return null;
  }
  const loopback = origin.hostname === "localhost" || origin.hostname === "127.0.0.1";
  if (origin.protocol !== "https:" && !(origin.protocol === "http:" && loopback)) return null;
  const issuer = new URL(origin.origin);
  const resource = new URL(MCP_PATH, issuer);
  return { issuer, resource, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource) };
}

/**
 * For requireBearerAuth on /mcp: an OAuth access token issued here, as the SDK's AuthInfo with
 * the user in extra.userId; InvalidTokenError (401 with WWW-Authenticate) otherwise.
 */
export function oauthTokenVerifier(): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token) {
      const verified = await (await core()).verifyOAuthAccessToken(token);
      if (!verified) throw new InvalidTokenError("Invalid or expired access token");
      return {
        token,
        clientId: verified.clientId,
        scopes: verified.scopes,
        expiresAt: verified.expiresAt,
        resource: new URL(verified.resource),
        extra: { userId: verified.userId },
      };
    },
  };
}

export function oauthProvider(settings: OAuthSettings): OAuthServerProvider {
  return {
    clientsStore: {
      getClient: async (clientId) => (await clients()).getOAuthClient(clientId),
      registerClient: async (client) => (await clients()).registerOAuthClient(client),
    },
    async authorize(client, params, res) {
      const { requestId } = await (await core()).beginAuthorization(client, params, { resource: settings.resource.href });
      res.redirect(302, `${CONSENT_PATH}?request=${encodeURIComponent(requestId)}`);
    },
    challengeForAuthorizationCode: async (client, code) => (await core()).challengeForAuthorizationCode(client.client_id, code),
    exchangeAuthorizationCode: async (client, code, _verifier, redirectUri, resource) =>
      (await core()).exchangeAuthorizationCode(client.client_id, code, redirectUri, resource),
    exchangeRefreshToken: async (client, refreshToken, scopes, resource) =>
      (await core()).exchangeRefreshToken(client.client_id, refreshToken, scopes, resource),
    verifyAccessToken: (token) => oauthTokenVerifier().verifyAccessToken(token),
    revokeToken: async (client, request) => (await core()).revokeOAuthToken(client.client_id, request.token),
  };
}

export type OAuthRoutesOptions = {
  appUrl: string | null;
  port?: number;
  rateLimits?: Partial<Record<keyof typeof OAUTH_RATE_LIMITS, OAuthRateLimits>>;
  log?: (line: string) => void;
};

/** The OAuth endpoints, or null (with a log line) when the public origin rules OAuth out. */
export function oauthRoutes(opts: OAuthRoutesOptions): express.Router | null {
  const settings = oauthSettings(opts.appUrl, opts.port);
  if (!settings) {
    (opts.log ?? console.warn)(`OAuth for MCP clients is off: APP_URL must be an https origin (it is ${opts.appUrl}).`);
    return null;
  }
  const limits = { ...OAUTH_RATE_LIMITS, ...opts.rateLimits };
  const provider = oauthProvider(settings);
  const router = express.Router();
  router.use(
    mcpAuthRouter({
      provider,
      issuerUrl: settings.issuer,
      resourceServerUrl: settings.resource,
      scopesSupported: [...SUPPORTED_SCOPES],
      resourceName: "Reelforge",
      clientRegistrationOptions: { rateLimit: { ...limits.register, store: new PostgresRateLimitStore("register") } },
      tokenOptions: { rateLimit: { ...limits.token, store: new PostgresRateLimitStore("token") } },
      authorizationOptions: { rateLimit: { ...limits.authorize, store: new PostgresRateLimitStore("authorize") } },
      revocationOptions: { rateLimit: { ...limits.revoke, store: new PostgresRateLimitStore("revoke") } },
    }),
  );
  // Clients that do not use the resource_metadata of WWW-Authenticate look at the origin's root.
  const rootMetadata: OAuthProtectedResourceMetadata = {
    resource: settings.resource.href,
    authorization_servers: [settings.issuer.href],
    scopes_supported: [...SUPPORTED_SCOPES],
    resource_name: "Reelforge",
  };
  router.use("/.well-known/oauth-protected-resource", metadataHandler(rootMetadata));
  return router;
}
