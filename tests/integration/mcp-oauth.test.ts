// OAuth 2.1 for MCP clients end to end against the real server (docs/decisions/167-mcp-oauth.md):
// the SDK's own client helpers discover, register, start the authorization with PKCE and
// exchange/refresh; a signed-in user answers on /oauth/consent; verifyOAuthAccessToken is what
// the MCP endpoint will trust.
import {
  auth,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationFull,
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import express from "express";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyOAuthAccessToken } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { oauthSettings, oauthTokenVerifier } from "../../server/oauth.ts";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { form, send, signedInUser, type TestUser } from "./http-helpers";

const REDIRECT = "http://127.0.0.1:9/callback";
// The server below takes 20 registrations an hour from this address (ADR 167): this file makes
// 17 there; a test that needs more registers on a server of its own (see the rate limit test).

let live: LiveServer;
let issuer: URL;
let resource: URL;
let metadata: AuthorizationServerMetadata;
let client: OAuthClientInformationFull;
let user: TestUser;

beforeAll(async () => {
  live = await startLiveServer({ selfAsPublicOrigin: true });
  issuer = new URL(`${live.url}/`);
  resource = new URL(`${live.url}/mcp`);
  user = await signedInUser();
});
afterAll(() => live?.close());

async function newClient(name = "Test Agent"): Promise<OAuthClientInformationFull> {
  const md = metadata ?? (await discoverAuthorizationServerMetadata(issuer))!;
  return registerClient(issuer, {
    metadata: md,
    clientMetadata: { client_name: name, redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] },
  });
}

/** /authorize as the client sends the browser there: answered with a redirect to the consent page. */
async function authorize(opts: { state?: string; resource?: URL } = {}) {
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation: client,
    redirectUrl: REDIRECT,
    scope: "mcp",
    state: opts.state ?? "state-123",
    resource: opts.resource ?? resource,
  });
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("Location")!, live.url);
  return { location, codeVerifier };
}

async function answer(consentPath: string, decision: "allow" | "deny", cookie = user.cookie) {
  const requestId = new URL(consentPath, live.url).searchParams.get("request")!;
  const res = await send(live, "/oauth/consent", { method: "POST", cookie, ...form({ request: requestId, decision }) });
  return { ...res, location: res.headers.get("Location") };
}

/** Register (once), authorize, allow: a fresh code and its verifier. */
async function approvedCode(state = "state-123") {
  const { location, codeVerifier } = await authorize({ state });
  const { status, location: back } = await answer(location.pathname + location.search, "allow");
  expect(status).toBe(302);
  const url = new URL(back!);
  return { code: url.searchParams.get("code")!, codeVerifier, redirect: url };
}

function exchange(code: string, codeVerifier: string): Promise<OAuthTokens> {
  return exchangeAuthorization(issuer, { metadata, clientInformation: client, authorizationCode: code, codeVerifier, redirectUri: REDIRECT, resource });
}

function refresh(refreshToken: string): Promise<OAuthTokens> {
  return refreshAuthorization(issuer, { metadata, clientInformation: client, refreshToken, resource });
}

describe("MCP OAuth: discovery and registration", () => {
  it("serves protected resource metadata for /mcp (path-aware and at the root) and the authorization server metadata", async () => {
    const prm = await discoverOAuthProtectedResourceMetadata(resource);
    expect(prm.resource).toBe(resource.href);
    expect(prm.authorization_servers).toEqual([issuer.href]);
    expect(prm.scopes_supported).toEqual(["mcp"]);

    const root = await fetch(`${live.url}/.well-known/oauth-protected-resource`);
    expect(root.status).toBe(200);
    expect(await root.json()).toMatchObject({ resource: resource.href, authorization_servers: [issuer.href] });

    const found = await discoverAuthorizationServerMetadata(new URL(prm.authorization_servers![0]));
    expect(found).toBeDefined();
    metadata = found!;
    expect(metadata).toMatchObject({
      issuer: issuer.href,
      authorization_endpoint: `${live.url}/authorize`,
      token_endpoint: `${live.url}/token`,
      registration_endpoint: `${live.url}/register`,
      revocation_endpoint: `${live.url}/revoke`,
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["mcp"],
    });
  });

  it("registers a client dynamically as a public client (no secret, stored without one)", async () => {
    client = await newClient("Test Agent");
    expect(client.client_id).toBeTruthy();
    expect(client.client_secret).toBeUndefined();
    expect(client.token_endpoint_auth_method).toBe("none");
    const row = await prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client_id } });
    expect(row).toMatchObject({ name: "Test Agent", redirectUris: [REDIRECT] });
    expect(JSON.stringify(row.metadata)).not.toContain('client_secret"');
  });

  it("takes a registration from another site's page (web clients) but refuses unsafe redirect URIs", async () => {
    const post = (redirect_uris: string[]) =>
      fetch(`${live.url}/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://client.example" },
        body: JSON.stringify({ client_name: "x", redirect_uris }),
      });
    // https anywhere, http on loopback (any port), a native app's own scheme.
    for (const good of [
      ["https://client.example/cb"],
      ["http://localhost:33418/cb", "http://[::1]/cb"],
      ["cursor://anysphere.cursor-mcp/oauth/callback"],
      ["com.example.agent:/cb"],
    ]) {
      expect((await post(good)).status, good.join()).toBe(201);
    }
    for (const bad of [
      ["http://client.example/cb"],
      ["javascript:alert(1)"],
      ["data:text/html,x"],
      ["file:///etc/passwd"],
      ["https://user:pw@client.example/cb"],
      ["https://client.example/cb#frag"],
      [],
    ]) {
      const res = await post(bad);
      expect(res.status, bad.join()).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_client_metadata" });
    }
  });
});

describe("MCP OAuth: authorize, consent, tokens", () => {
  it("sends an anonymous visitor of the consent page to sign in and back", async () => {
    const { location } = await authorize();
    expect(location.pathname).toBe("/oauth/consent");
    const res = await send(live, location.pathname + location.search);
    expect(res.status).toBe(302);
    const login = new URL(res.headers.get("Location")!, live.url);
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("redirectTo")).toBe(location.pathname + location.search);
  });

  it("shows the signed-in user who asks, where the answer goes and what it may do", async () => {
    const { location } = await authorize();
    const res = await send(live, location.pathname + location.search, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Test Agent");
    expect(res.text).toContain("127.0.0.1:9");
    expect(res.text).toContain("act as you in Reelforge: create and edit video projects, spend your credits");
    expect(res.text).toContain(user.email);
    expect(res.text).toMatch(/value="allow"/);
    expect(res.text).toMatch(/value="deny"/);
  });

  it("Allow gives a code; the code and its verifier give tokens that act as the user", async () => {
    const { code, codeVerifier, redirect } = await approvedCode("abc");
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe("abc");
    const tokens = await exchange(code, codeVerifier);
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "mcp" });
    expect(tokens.refresh_token).toBeTruthy();
    const verified = await verifyOAuthAccessToken(tokens.access_token);
    expect(verified).toMatchObject({ userId: user.id, clientId: client.client_id, scopes: ["mcp"], resource: resource.href });
    expect(Math.abs(verified!.expiresAt - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    // Only hashes are stored.
    const stored = await prisma.oAuthToken.findMany({ where: { userId: user.id } });
    expect(stored.some((t) => t.tokenHash === tokens.access_token || t.tokenHash === tokens.refresh_token)).toBe(false);
  });

  it("the access token drives the MCP tools at /mcp as the signing-in user; a refreshed one does too, a revoked one is refused", async () => {
    const { code, codeVerifier } = await approvedCode("mcp");
    const first = await exchange(code, codeVerifier);
    const connect = async (token: string) => {
      const mcp = new Client({ name: "oauth-test", version: "1.0.0" });
      await mcp.connect(new StreamableHTTPClientTransport(resource, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      return mcp;
    };
    const mcp = await connect(first.access_token);
    const created = await mcp.callTool({ name: "create_video_project", arguments: { name: "Made through OAuth" } });
    expect(created.isError).toBeFalsy();
    const projectId = (created.structuredContent as { project: { id: string } }).project.id;
    expect(await prisma.project.findUnique({ where: { id: projectId }, select: { userId: true } })).toEqual({ userId: user.id });
    await mcp.close();

    const second = await refresh(first.refresh_token!);
    const again = await connect(second.access_token);
    const listed = await again.callTool({ name: "list_video_projects", arguments: {} });
    expect(JSON.stringify(listed.structuredContent)).toContain(projectId);
    await again.close();

    const revoked = await fetch(`${live.url}/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: second.access_token, client_id: client.client_id }),
    });
    expect(revoked.status).toBe(200);
    const refused = await fetch(resource, {
      method: "POST",
      headers: { Authorization: `Bearer ${second.access_token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/resource_metadata=/);
  });

  it("refresh rotates: the new tokens work, the old refresh token is refused and its reuse revokes the family", async () => {
    const { code, codeVerifier } = await approvedCode();
    const first = await exchange(code, codeVerifier);
    const second = await refresh(first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await verifyOAuthAccessToken(second.access_token)).toMatchObject({ userId: user.id });

    await expect(refresh(first.refresh_token!)).rejects.toMatchObject({ errorCode: "invalid_grant" });
    // The replay suggests a stolen token: every token of this approval is revoked.
    expect(await verifyOAuthAccessToken(second.access_token)).toBeNull();
    await expect(refresh(second.refresh_token!)).rejects.toMatchObject({ errorCode: "invalid_grant" });
  });

  it("revoke: a revoked access token stops working; a revoked refresh token takes its access token with it", async () => {
    const { code, codeVerifier } = await approvedCode();
    const tokens = await exchange(code, codeVerifier);
    const revoke = (token: string) =>
      fetch(`${live.url}/revoke`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, client_id: client.client_id }),
      });
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect(await verifyOAuthAccessToken(tokens.access_token)).toBeNull();

    const fresh = await refresh(tokens.refresh_token!);
    expect(await verifyOAuthAccessToken(fresh.access_token)).not.toBeNull();
    expect((await revoke(fresh.refresh_token!)).status).toBe(200);
    expect(await verifyOAuthAccessToken(fresh.access_token)).toBeNull();
    await expect(refresh(fresh.refresh_token!)).rejects.toMatchObject({ errorCode: "invalid_grant" });
    // Unknown tokens are answered the same way (RFC 7009).
    expect((await revoke("rf_oat_unknown")).status).toBe(200);
  });

  it("refuses a wrong PKCE verifier", async () => {
    const { code } = await approvedCode();
    await expect(exchange(code, "x".repeat(43))).rejects.toMatchObject({ errorCode: "invalid_grant" });
  });

  it("refuses a code used twice and revokes what it gave", async () => {
    const { code, codeVerifier } = await approvedCode();
    const tokens = await exchange(code, codeVerifier);
    await expect(exchange(code, codeVerifier)).rejects.toMatchObject({ errorCode: "invalid_grant" });
    expect(await verifyOAuthAccessToken(tokens.access_token)).toBeNull();
  });

  it("refuses another client's code", async () => {
    const { code, codeVerifier } = await approvedCode();
    const other = await newClient("Other Agent");
    await expect(
      exchangeAuthorization(issuer, { metadata, clientInformation: other, authorizationCode: code, codeVerifier, redirectUri: REDIRECT, resource }),
    ).rejects.toMatchObject({ errorCode: "invalid_grant" });
  });

  it("refuses expired codes and expired access tokens", async () => {
    const late = await approvedCode();
    await prisma.oAuthAuthorization.updateMany({ where: { codeHash: { not: null }, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(exchange(late.code, late.codeVerifier)).rejects.toMatchObject({ errorCode: "invalid_grant" });

    const { code, codeVerifier } = await approvedCode();
    const tokens = await exchange(code, codeVerifier);
    expect(await verifyOAuthAccessToken(tokens.access_token)).not.toBeNull();
    await prisma.oAuthToken.updateMany({ where: { kind: "access", userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await verifyOAuthAccessToken(tokens.access_token)).toBeNull();
    expect(await verifyOAuthAccessToken("rf_oat_" + "A".repeat(43))).toBeNull();
    expect(await verifyOAuthAccessToken(tokens.refresh_token!)).toBeNull();
  });

  it("Deny sends error=access_denied with the state, and the request cannot be answered again", async () => {
    const { location } = await authorize({ state: "s-deny" });
    const denied = await answer(location.pathname + location.search, "deny");
    expect(denied.status).toBe(302);
    const back = new URL(denied.location!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("s-deny");
    expect(back.searchParams.get("code")).toBeNull();
    const again = await answer(location.pathname + location.search, "allow");
    expect(again.status).toBe(404);
    const page = await send(live, location.pathname + location.search, { cookie: user.cookie });
    expect(page.status).toBe(404);
    expect(page.text).toContain("expired or was already answered");
  });

  it("the consent answer must come from Reelforge's own page", async () => {
    const { location } = await authorize();
    const requestId = location.searchParams.get("request")!;
    const res = await fetch(`${live.url}/oauth/consent`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: user.cookie },
      body: new URLSearchParams({ request: requestId, decision: "allow" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await prisma.oAuthAuthorization.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ decidedAt: null, codeHash: null });
  });

  it("refuses tokens for another resource", async () => {
    const { location } = await authorize({ resource: new URL("https://evil.example/mcp"), state: "s-res" });
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("invalid_target");
    expect(location.searchParams.get("state")).toBe("s-res");
  });
});

describe("MCP OAuth: the bearer check /mcp will use", () => {
  it("requireBearerAuth with oauthTokenVerifier: 401 with resource_metadata without a live token, the user with one", async () => {
    const settings = oauthSettings(live.url)!;
    expect(settings.resource.href).toBe(resource.href);
    const app = express();
    app.get(
      "/mcp",
      requireBearerAuth({ verifier: oauthTokenVerifier(), resourceMetadataUrl: settings.resourceMetadataUrl, expectedResource: settings.resource }),
      (req, res) => {
        res.json({ userId: (req as unknown as { auth: { extra: { userId: string } } }).auth.extra.userId });
      },
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    try {
      const anonymous = await fetch(url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("WWW-Authenticate")).toContain(`resource_metadata="${live.url}/.well-known/oauth-protected-resource/mcp"`);

      const { code, codeVerifier } = await approvedCode();
      const tokens = await exchange(code, codeVerifier);
      const ok = await fetch(url, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ userId: user.id });

      const refreshOnly = await fetch(url, { headers: { Authorization: `Bearer ${tokens.refresh_token}` } });
      expect(refreshOnly.status).toBe(401);
      await prisma.oAuthToken.updateMany({ where: { kind: "access", userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
      expect((await fetch(url, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    } finally {
      server.close();
    }
  });

  it("offers OAuth only for an https origin or this machine, never for whatever Host a request names", () => {
    expect(oauthSettings("https://reelforge.example")?.issuer.href).toBe("https://reelforge.example/");
    expect(oauthSettings(null, 3000)?.resource.href).toBe("http://localhost:3000/mcp");
    expect(oauthSettings("http://reelforge.example")).toBeNull();
    expect(oauthSettings("not a url")).toBeNull();
  });
});

describe("MCP OAuth without APP_URL: the address the server prints and localhost", () => {
  let plain: LiveServer;
  beforeAll(async () => {
    plain = await startLiveServer();
  });
  afterAll(() => plain?.close());

  /** The SDK's own client auth (the check that the protected resource is the URL it was given). */
  function memoryProvider(): OAuthClientProvider & { authorizationUrl?: URL; saved?: OAuthTokens } {
    let info: OAuthClientInformationMixed | undefined;
    let verifier = "";
    const provider: OAuthClientProvider & { authorizationUrl?: URL; saved?: OAuthTokens } = {
      get redirectUrl() {
        return REDIRECT;
      },
      get clientMetadata() {
        return {
          client_name: "Printed-address client",
          redirect_uris: [REDIRECT],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        };
      },
      clientInformation: () => info,
      saveClientInformation: (i) => {
        info = i;
      },
      tokens: () => provider.saved,
      saveTokens: (t) => {
        provider.saved = t;
      },
      redirectToAuthorization: (url) => {
        provider.authorizationUrl = url;
      },
      saveCodeVerifier: (v) => {
        verifier = v;
      },
      codeVerifier: () => verifier,
    };
    return provider;
  }

  it("an SDK client signs in on http://127.0.0.1:PORT/mcp and calls a tool; localhost gets its own metadata", async () => {
    const serverUrl = new URL(`${plain.url}/mcp`);
    const provider = memoryProvider();
    expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
    const res = await fetch(provider.authorizationUrl!, { redirect: "manual" });
    expect(res.status).toBe(302);
    const consent = new URL(res.headers.get("Location")!, plain.url);
    const requestId = consent.searchParams.get("request")!;
    const decided = await send(plain, "/oauth/consent", { method: "POST", cookie: user.cookie, ...form({ request: requestId, decision: "allow" }) });
    expect(decided.status).toBe(302);
    const code = new URL(decided.headers.get("Location")!).searchParams.get("code")!;
    expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe("AUTHORIZED");

    const mcp = new Client({ name: "printed-address", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
    try {
      expect((await mcp.listTools()).tools.map((t) => t.name)).toContain("create_video_project");
    } finally {
      await mcp.close();
    }

    const local = new URL(`http://localhost:${plain.port}/mcp`);
    expect((await discoverOAuthProtectedResourceMetadata(local)).resource).toBe(local.href);
    // A Host that is not this machine's gets no OAuth without APP_URL.
    const foreign = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port: plain.port, path: "/.well-known/oauth-protected-resource/mcp", headers: { Host: `reelforge.example:${plain.port}` } },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d)).on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject).end();
    });
    expect(foreign.body).not.toContain("authorization_servers");
    expect(foreign.status).toBe(404);
  });
});

describe("MCP OAuth: bad input gets a 4xx", () => {
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(`${live.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("registration with NUL and control characters", async () => {
    for (const body of [
      { client_name: "a\u0000b", redirect_uris: [REDIRECT] },
      { client_name: "ok", software_id: "x\u0000", redirect_uris: [REDIRECT] },
      { client_name: "ok", redirect_uris: ["https://client.example/\u0000"] },
      { client_name: "ok", redirect_uris: Array.from({ length: 11 }, (_, i) => `https://c.example/${i}`) },
    ]) {
      const res = await fetch(`${live.url}/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it("token and revoke requests with odd values", async () => {
    const cases: Record<string, string>[] = [
      { grant_type: "authorization_code", client_id: client.client_id, code: "a\u0000b", code_verifier: "v" },
      { grant_type: "authorization_code", client_id: "x\u0000", code: "c", code_verifier: "v" },
      { grant_type: "authorization_code", client_id: client.client_id, code: "c".repeat(5000), code_verifier: "v" },
      { grant_type: "refresh_token", client_id: client.client_id, refresh_token: "rf_ort_\u0000" },
      { grant_type: "refresh_token", client_id: client.client_id, refresh_token: "rf_ort_x", scope: "\u0000" },
      { grant_type: "client_credentials", client_id: client.client_id },
    ];
    for (const fields of cases) {
      const res = await postForm("/token", fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    expect((await postForm("/revoke", { client_id: client.client_id, token: "\u0000" })).status).toBe(200);
  });

  it("authorization requests with odd values are refused without a code", async () => {
    const base = { response_type: "code", client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: "A".repeat(43), code_challenge_method: "S256" };
    for (const extra of [{ state: "a\u0000b" }, { code_challenge: "short" }, { scope: "mcp \u0000" }, { state: "s".repeat(3000) }]) {
      const url = new URL(`${live.url}/authorize`);
      for (const [k, v] of Object.entries({ ...base, ...extra })) url.searchParams.set(k, v);
      const res = await fetch(url, { redirect: "manual" });
      expect(res.status, JSON.stringify(extra)).toBe(302);
      const back = new URL(res.headers.get("Location")!, live.url);
      expect(back.searchParams.get("error"), JSON.stringify(extra)).toMatch(/^invalid_/);
    }
    const unknown = await fetch(`${live.url}/authorize?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}`, { redirect: "manual" });
    expect(unknown.status).toBe(400);
  });
});

describe("MCP OAuth: rate limits", () => {
  // The budget is this address's in PostgreSQL, shared by every server on the database: start it
  // fresh, and leave it fresh for whatever registers next.
  const forgetRegistrations = () => prisma.apiRateWindow.deleteMany({ where: { key: { startsWith: "oauth-ip:register:" } } });

  it("limits registrations per client address, over every web process (ADR 226)", async () => {
    await forgetRegistrations();
    const own = await startLiveServer({ selfAsPublicOrigin: true });
    const other = await startLiveServer({ selfAsPublicOrigin: true });
    const register = (server: LiveServer, i: number) =>
      fetch(`${server.url}/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ client_name: `c${i}`, redirect_uris: [REDIRECT] }),
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await register(i % 2 ? other : own, i)).status);
      expect(statuses.every((s) => s === 201)).toBe(true);
      // Spent, whichever process is asked: each server's limiter counts in the same row.
      expect((await register(own, 20)).status).toBe(429);
      expect((await register(other, 21)).status).toBe(429);
      const windows = await prisma.apiRateWindow.findMany({ where: { key: { startsWith: "oauth-ip:register:" } } });
      expect(windows).toHaveLength(1);
      expect(windows[0].key).toMatch(/^oauth-ip:register:[0-9a-f]{64}$/);
    } finally {
      await Promise.all([own.close(), other.close()]);
      await forgetRegistrations();
    }
  });
});
