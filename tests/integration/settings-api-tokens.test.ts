// Personal access tokens in Profile Settings (docs/product.md#mcp-server): created with a name
// and shown once, listed without the secret, last use recorded, revoked by their owner only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { authenticateBearerToken, hashApiToken } from "~/models/access";
import * as settingsRoute from "~/routes/_shell.settings";
import { prisma } from "~/utils/db.server";
import { ensurePlans, newPayer, sessionCookieFor } from "./payments-helpers";

const ORIGIN = "http://localhost:3107";
type Args = LoaderFunctionArgs & ActionFunctionArgs;

async function run(handler: unknown, request: Request): Promise<any> {
  try {
    const value = await (handler as (a: Args) => unknown)({ request, params: {}, context: {} } as Args);
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") return (value as { data: unknown }).data;
    return value;
  } catch (thrown) {
    return thrown;
  }
}

const post = (fields: Record<string, string>, cookie: string) =>
  new Request(`${ORIGIN}/settings`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("/settings API tokens", () => {
  it("creates a token shown once, lists it without the secret, and revokes it", async () => {
    await ensurePlans();
    const user = await newPayer({ username: null });
    const cookie = await sessionCookieFor(user.id);

    const created = await run(settingsRoute.action, post({ intent: "create-token", name: "  Claude Desktop " }, cookie));
    expect(created).toMatchObject({ intent: "create-token", ok: true, name: "Claude Desktop" });
    expect(created.token).toMatch(/^rf_pat_[A-Za-z0-9_-]{43}$/);
    const row = await prisma.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const page = await run(settingsRoute.loader, new Request(`${ORIGIN}/settings`, { headers: { Cookie: cookie } }));
    expect(page.tokens).toEqual([
      expect.objectContaining({ id: row.id, name: "Claude Desktop", prefix: created.token.slice(0, 12), lastUsed: null, revoked: null }),
    ]);
    expect(JSON.stringify(page)).not.toContain(created.token);

    const identity = await authenticateBearerToken(created.token);
    expect(identity?.actor.id).toBe(user.id);
    expect(identity?.actor.door).toBe("mcp");
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).not.toBeNull();

    // Another user cannot revoke it.
    const other = await newPayer({ username: null });
    const refused = await run(settingsRoute.action, post({ intent: "revoke-token", tokenId: row.id }, await sessionCookieFor(other.id)));
    expect(refused).toMatchObject({ intent: "revoke-token", ok: false, message: "Token not found" });
    expect(await authenticateBearerToken(created.token)).not.toBeNull();

    const revoked = await run(settingsRoute.action, post({ intent: "revoke-token", tokenId: row.id }, cookie));
    expect(revoked).toMatchObject({ intent: "revoke-token", ok: true, message: 'Token "Claude Desktop" revoked' });
    expect(await authenticateBearerToken(created.token)).toBeNull();
    const after = await run(settingsRoute.loader, new Request(`${ORIGIN}/settings`, { headers: { Cookie: cookie } }));
    expect(after.tokens[0].revoked).not.toBeNull();
  });

  it("needs a name", async () => {
    const user = await newPayer({ username: null });
    const refused = await run(settingsRoute.action, post({ intent: "create-token", name: "   " }, await sessionCookieFor(user.id)));
    expect(refused).toMatchObject({ intent: "create-token", ok: false, message: "Token name is required" });
    expect(await prisma.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
