// The hourly housekeeping removes expired OAuth rows and old /mcp rate-limit windows
// (docs/decisions/213-connected-apps-and-oauth-housekeeping.md): the sweep started by
// startPipelineHousekeeping (server/bootstrap.ts) runs them, and keeps what is still of use.
import { afterEach, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { startPipelineHousekeeping, type Housekeeping } from "../../inngest/functions/housekeeping.ts";
import { uid } from "./http-helpers";

let running: Housekeeping | null = null;
afterEach(() => running?.stop());

const DAY = 24 * 60 * 60 * 1000;

it("runs the OAuth sweep and the rate-window cleanup on its schedule, keeping live rows", async () => {
  const user = await prisma.user.create({ data: { email: `${uid("hk")}@test.local` } });
  const client = await prisma.oAuthClient.create({ data: { id: uid("client"), name: "Sweep test", redirectUris: ["http://127.0.0.1:9/cb"], metadata: {} } });
  const past = new Date(Date.now() - 2 * DAY);
  const future = new Date(Date.now() + DAY);
  const base = { clientId: client.id, redirectUri: "http://127.0.0.1:9/cb", codeChallenge: "x".repeat(43), scopes: ["mcp"], resource: "http://localhost/mcp" };
  // A request never answered, and an approval whose tokens are all gone: both removed.
  const stale = await prisma.oAuthAuthorization.create({ data: { ...base, id: uid("stale"), expiresAt: past } });
  const spent = await prisma.oAuthAuthorization.create({
    data: { ...base, id: uid("spent"), userId: user.id, decidedAt: past, usedAt: past, expiresAt: past },
  });
  // An approval whose refresh token still lives: kept (it dates the connected application).
  const live = await prisma.oAuthAuthorization.create({ data: { ...base, id: uid("live"), userId: user.id, decidedAt: past, usedAt: past, expiresAt: past } });
  const token = { clientId: client.id, userId: user.id, scopes: ["mcp"], resource: "http://localhost/mcp" };
  const expired = await prisma.oAuthToken.create({ data: { ...token, kind: "access", tokenHash: uid("h1"), grantId: spent.id, expiresAt: past } });
  const kept = await prisma.oAuthToken.create({ data: { ...token, kind: "refresh", tokenHash: uid("h2"), grantId: live.id, expiresAt: future } });
  const oldWindow = await prisma.apiRateWindow.create({ data: { key: uid("oauth:"), windowStart: past, count: 3 } });
  const freshWindow = await prisma.apiRateWindow.create({ data: { key: uid("oauth:"), windowStart: new Date(), count: 1 } });

  running = startPipelineHousekeeping({ seedShowcase: false, log: () => undefined, sweep: { firstMs: 10, everyMs: 60_000 } });
  await expect
    .poll(async () => (await prisma.oAuthToken.count({ where: { id: expired.id } })) + (await prisma.apiRateWindow.count({ where: { key: oldWindow.key } })), {
      timeout: 10_000,
      interval: 100,
    })
    .toBe(0);
  await expect.poll(() => prisma.oAuthAuthorization.count({ where: { id: { in: [stale.id, spent.id] } } }), { timeout: 5_000 }).toBe(0);

  expect(await prisma.oAuthAuthorization.count({ where: { id: live.id } })).toBe(1);
  expect(await prisma.oAuthToken.count({ where: { id: kept.id } })).toBe(1);
  expect(await prisma.apiRateWindow.count({ where: { key: freshWindow.key } })).toBe(1);
}, 30_000);
