// `npm run mcp`: the Reelforge MCP server over stdio (a process of its own, like the web and worker processes), for MCP clients that start it as a
// process (docs/product.md#mcp-server). It acts as the user of the personal access token in
// REELFORGE_API_TOKEN, checked by the same bearer check as /mcp. Signed download links point at
// APP_URL (default http://localhost:3000), where the app serves them. stdout carries only
// protocol messages; everything else goes to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { mcpPollMs } from "~/utils/tuning.server";
import { cliEnvironment } from "./cli-env.ts";

console.log = (...args: unknown[]) => console.error(...args);

const token = process.env.REELFORGE_API_TOKEN?.trim();
if (!token) {
  console.error("Set REELFORGE_API_TOKEN to a personal access token (Profile Settings, or npm run token -- --email <you> --name <label>).");
  process.exit(2);
}
const env = await cliEnvironment();
const { authenticateBearerToken } = await import("~/models/access");
const { createReelforgeMcpServer } = await import("../mcp-server/server.ts");
// The workflow functions are defined in this process too, so the work a tool asks for is queued
// for them in PostgreSQL; the app's workflow engine (npm start) runs it.
await import("../inngest/functions/index.ts");
const identity = await authenticateBearerToken(token);
if (!identity) {
  console.error("REELFORGE_API_TOKEN is unknown, revoked or expired: create a new token in Profile Settings.");
  await env.close();
  process.exit(1);
}
const origin = new URL(process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).origin;
const server = createReelforgeMcpServer(identity.actor, { origin, pollMs: mcpPollMs() });
const transport = new StdioServerTransport();
let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  const { prisma } = await import("~/utils/db.server");
  await prisma.$disconnect().catch(() => undefined);
  await env.close();
  process.exit(0);
}
transport.onclose = () => void shutdown();
process.stdin.on("end", () => void shutdown());
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
await server.connect(transport);
console.error(`Reelforge MCP server (stdio) ready, acting for user ${identity.actor.id}`);
