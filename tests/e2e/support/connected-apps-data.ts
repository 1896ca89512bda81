// Data for the connected applications e2e spec, made through the core against the e2e server's
// own database (docs/decisions/157-e2e-data-through-the-core.md):
//   tsx tests/e2e/support/connected-apps-data.ts connect <email>  -> {"name", "clientId"}
// registers an OAuth client and lets the user allow it (the consent page's core call), then
// exchanges the code, as an MCP client signing in would.
import { randomUUID } from "node:crypto";
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from "../../../server/database.ts";

const port = process.env.E2E_PG_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error("Run through scripts/e2e.mjs (E2E_PG_PORT and E2E_DATA_DIR are not set)");
process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.SESSION_SECRET ??= "e2e-support-script-0123456789abcdef";
process.env.NODE_ENV ??= "test";

const { actorForUserId, beginAuthorization, decideAuthorization, exchangeAuthorizationCode, registerOAuthClient } = await import("~/models/access");
const { prisma } = await import("~/utils/db.server");

async function connect(email: string) {
  const user = await prisma.user.findFirst({ where: { email }, select: { id: true } });
  const actor = user ? await actorForUserId(user.id, "web") : null;
  if (!actor) throw new Error(`no user ${email}`);
  const name = `Agent ${Date.now().toString(36)}`;
  const redirect = "http://127.0.0.1:9/callback";
  const client = await registerOAuthClient({ client_id: randomUUID(), client_name: name, redirect_uris: [redirect] });
  const resource = "http://localhost/mcp";
  const { requestId } = await beginAuthorization(client, { redirectUri: redirect, codeChallenge: "a".repeat(43), state: "e2e" }, { resource });
  const { redirectTo } = await decideAuthorization(actor, requestId, true);
  await exchangeAuthorizationCode(client.client_id, new URL(redirectTo).searchParams.get("code")!, redirect);
  return { name, clientId: client.client_id };
}

try {
  const [command, email] = process.argv.slice(2);
  const result = command === "connect" && email ? await connect(email) : null;
  if (!result) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
