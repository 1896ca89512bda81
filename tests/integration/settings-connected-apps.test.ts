// "Connected applications" in Profile Settings (docs/product.md#mcp-oauth, ADR 213): a client the
// user allowed through the real OAuth flow is listed with its name, where answers go and when it
// was allowed; Disconnect (a plain form post to /settings) revokes every token of the user for
// it, so /mcp answers 401 and the refresh token is refused; another user cannot disconnect it.
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorFromUser, disconnectApplication } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { form, send, signedInUser, uid, type TestUser } from "./http-helpers";

const REDIRECT = "http://127.0.0.1:9/callback";
let live: LiveServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  live = await startLiveServer({ selfAsPublicOrigin: true });
  owner = await signedInUser();
  other = await signedInUser();
}, 60_000);
afterAll(() => live?.close());

async function mcpStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${live.url}/mcp`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  await res.body?.cancel();
  return res.status;
}

it("lists an application allowed through OAuth and disconnects it for its owner only", async () => {
  const issuer = new URL(`${live.url}/`);
  const resource = new URL(`${live.url}/mcp`);
  const metadata = (await discoverAuthorizationServerMetadata(issuer))!;
  const client = await registerClient(issuer, {
    metadata,
    clientMetadata: { client_name: "Desk Agent", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] },
  });
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation: client,
    redirectUrl: REDIRECT,
    scope: "mcp",
    state: "s1",
    resource,
  });
  const toConsent = await fetch(authorizationUrl, { redirect: "manual" });
  expect(toConsent.status).toBe(302);
  const requestId = new URL(toConsent.headers.get("Location")!, live.url).searchParams.get("request")!;
  const allowed = await send(live, "/oauth/consent", { method: "POST", cookie: owner.cookie, ...form({ request: requestId, decision: "allow" }) });
  expect(allowed.status).toBe(302);
  const code = new URL(allowed.headers.get("Location")!).searchParams.get("code")!;
  const tokens = await exchangeAuthorization(issuer, {
    metadata,
    clientInformation: client,
    authorizationCode: code,
    codeVerifier,
    redirectUri: REDIRECT,
    resource,
  });

  const mcp = new Client({ name: "connected-apps-test", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(resource, { requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } } }));
  expect((await mcp.listTools()).tools.length).toBeGreaterThan(0);
  await mcp.close();

  // Listed on the owner's settings page (server-rendered), not on the other user's.
  const page = await send(live, "/settings", { cookie: owner.cookie });
  expect(page.status).toBe(200);
  expect(page.text).toContain("Connected applications");
  expect(page.text).toContain("Desk Agent");
  expect(page.text).toContain("Answers go to 127.0.0.1:9");
  expect(page.text).toContain(`value="${client.client_id}"`);
  const otherPage = await send(live, "/settings", { cookie: other.cookie });
  expect(otherPage.text).not.toContain("Desk Agent");
  expect(otherPage.text).toContain("No connected applications.");

  // Another user's Disconnect: 404, and the tokens still work.
  const before = await prisma.oAuthToken.findMany({ where: { clientId: client.client_id }, orderBy: { id: "asc" } });
  const refused = await send(live, "/settings", { method: "POST", cookie: other.cookie, ...form({ intent: "disconnect-app", clientId: client.client_id }) });
  expect(refused.status).toBe(404);
  expect(await prisma.oAuthToken.findMany({ where: { clientId: client.client_id }, orderBy: { id: "asc" } })).toEqual(before);
  expect(await mcpStatus(tokens.access_token)).toBe(200);

  // The owner's Disconnect, as a browser without JavaScript posts it.
  const done = await send(live, "/settings", { method: "POST", cookie: owner.cookie, ...form({ intent: "disconnect-app", clientId: client.client_id }) });
  expect(done.status).toBe(200);
  expect(done.text).toContain("&quot;Desk Agent&quot; disconnected");
  expect(done.text).toContain("No connected applications.");
  expect(await prisma.oAuthToken.count({ where: { clientId: client.client_id, userId: owner.id, revokedAt: null } })).toBe(0);
  expect(await mcpStatus(tokens.access_token)).toBe(401);
  await expect(refreshAuthorization(issuer, { metadata, clientInformation: client, refreshToken: tokens.refresh_token!, resource })).rejects.toThrow();

  // Nothing left to disconnect: 404.
  const again = await send(live, "/settings", { method: "POST", cookie: owner.cookie, ...form({ intent: "disconnect-app", clientId: client.client_id }) });
  expect(again.status).toBe(404);
}, 60_000);

it("a Disconnect that meets a refresh under way also revokes the tokens that refresh issues", async () => {
  const user = await prisma.user.create({ data: { email: `${uid("race")}@test.local` } });
  const client = await prisma.oAuthClient.create({ data: { id: uid("client"), name: "Racer", redirectUris: [REDIRECT], metadata: {} } });
  const grant = { clientId: client.id, userId: user.id, scopes: ["mcp"], resource: "http://localhost/mcp", grantId: uid("grant") };
  const future = new Date(Date.now() + 60 * 60 * 1000);
  const refresh = await prisma.oAuthToken.create({ data: { ...grant, kind: "refresh", tokenHash: uid("r"), expiresAt: future } });

  // What exchangeRefreshToken does in one transaction: claim the refresh token, then issue new ones.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const refreshing = prisma.$transaction(
    async (tx) => {
      await tx.oAuthToken.updateMany({ where: { id: refresh.id, usedAt: null }, data: { usedAt: new Date() } });
      await gate;
      return tx.oAuthToken.create({ data: { ...grant, kind: "access", tokenHash: uid("a"), expiresAt: future } });
    },
    { timeout: 20_000 },
  );
  await new Promise((r) => setTimeout(r, 200));
  const disconnecting = disconnectApplication(actorFromUser({ id: user.id, isAdmin: false }, "web"), client.id);
  await new Promise((r) => setTimeout(r, 300));
  release();
  const issued = await refreshing;
  await disconnecting;
  expect(await prisma.oAuthToken.count({ where: { clientId: client.id, revokedAt: null } })).toBe(0);
  expect((await prisma.oAuthToken.findUniqueOrThrow({ where: { id: issued.id } })).revokedAt).not.toBeNull();
}, 30_000);
