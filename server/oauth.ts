// OAuth 2.1 for MCP clients (docs/decisions/167-mcp-oauth.md), mounted at the app's root: the
// SDK's auth router serves the authorization server metadata, protected resource metadata for
// /mcp, /register, /authorize, /token and /revoke; this file only adapts its provider interface
// to the core (app/models/access: oauth.server.ts, oauth-clients.server.ts). The user's decision is
// taken on the Remix page /oauth/consent.
import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthServerProvider, OAuthTokenVerifier } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import express from "express";
// The fixed OAuth terms only (no database): the access folder's index would open it now.
import { SUPPORTED_SCOPES } from "../app/models/access/oauth-rules.ts";
import { keepAtMost } from "../app/utils/bounded-map.ts";
import { PostgresRateLimitStore } from "./oauth-rate-limit-store.ts";

// The core is loaded on first use: it opens the database, whose URL the bootstrap sets after
// this module is imported (server/index.ts).
const core = () => import("../app/models/access/index.ts");
const clients = core;

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

/** Loopback names a request may reach this machine's server by; OAuth follows the one it used. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\]):(\d{1,5})$/i;
const MAX_LOOPBACK_ORIGINS = 16;

/**
 * The OAuth endpoints, or null (with a log line) when the public origin rules OAuth out.
 *
 * With APP_URL set, everything is issued for that origin. Without it the server is on this
 * machine, and a client may have been given either loopback address (the server prints
 * 127.0.0.1, browsers and docs say localhost): the metadata, issuer and resource follow the
 * loopback name and port the request used, so a client's check that the protected resource
 * is the URL it connected to holds for both (ADR 241). A Host that is not a loopback name gets
 * no OAuth without APP_URL: its origin is not one the server can vouch for.
 */
export function oauthRoutes(opts: OAuthRoutesOptions): express.Router | null {
  if (opts.appUrl) {
    const settings = oauthSettings(opts.appUrl, opts.port);
    if (!settings) {
      (opts.log ?? console.warn)(`OAuth for MCP clients is off: APP_URL must be an https origin (it is ${opts.appUrl}).`);
      return null;
    }
    return routerFor(settings, opts);
  }
  const byOrigin = new Map<string, express.Router>();
  const router = express.Router();
  router.use((req, res, next) => {
    const host = LOOPBACK_HOST.exec(req.get("host") ?? "");
    if (!host) return next();
    const origin = `http://${host[1].toLowerCase()}:${Number(host[2])}`;
    let routes = byOrigin.get(origin);
    if (!routes) {
      routes = routerFor(oauthSettings(origin)!, opts);
      keepAtMost(byOrigin, origin, routes, MAX_LOOPBACK_ORIGINS);
    }
    routes(req, res, next);
  });
  return router;
}

function routerFor(settings: OAuthSettings, opts: OAuthRoutesOptions): express.Router {
  const limits = { ...OAUTH_RATE_LIMITS, ...opts.rateLimits };
  // Loopback origins get their router on first use (one per origin, kept): not a per-request limiter.
  const validate = { creationStack: false };
  const provider = oauthProvider(settings);
  const router = express.Router();
  router.use(
    mcpAuthRouter({
      provider,
      issuerUrl: settings.issuer,
      resourceServerUrl: settings.resource,
      scopesSupported: [...SUPPORTED_SCOPES],
      resourceName: "Reelforge",
      clientRegistrationOptions: { rateLimit: { ...limits.register, validate, store: new PostgresRateLimitStore("register") } },
      tokenOptions: { rateLimit: { ...limits.token, validate, store: new PostgresRateLimitStore("token") } },
      authorizationOptions: { rateLimit: { ...limits.authorize, validate, store: new PostgresRateLimitStore("authorize") } },
      revocationOptions: { rateLimit: { ...limits.revoke, validate, store: new PostgresRateLimitStore("revoke") } },
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
