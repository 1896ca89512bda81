// The web process: bootstrap the database and serve Reelforge on PORT (default 3000). With
// WORKFLOW_EXECUTOR=off (set by `npm start` when it starts a worker, ADR 225) it runs no
// workflows: events are accepted into PostgreSQL and a worker (server/worker.ts) runs them.
import "./node-env.ts";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { listenHost } from "../app/utils/conveniences.server.ts";
import { executorRole } from "../inngest/executor/role.ts";
import { bootstrap } from "./bootstrap.ts";
import { createApp } from "./app.ts";

const { embedded, databaseUrl } = await bootstrap();
const buildPath = path.resolve(import.meta.dirname, "../build/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
const port = Number(process.env.PORT ?? 3000);
// Loopback unless HOST says otherwise (HOST=0.0.0.0 to be reachable from other machines, ADR 120).
const host = listenHost(process.env);
const server = createApp(build).listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  console.log(`Reelforge is running on http://${shown}:${port}`);
});
await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
// Durable workflows: the embedded executor calls this server's /api/inngest (null when an
// Inngest server is configured). Imported after bootstrap: it needs DATABASE_URL.
const { startWorkflowEngine } = await import("../inngest/executor/index.ts");
const workflows = executorRole() === "on" ? await startWorkflowEngine({ port, host }) : null;
if (!workflows && executorRole() === "off") console.log("[workflows] this process accepts events; worker processes run them (WORKFLOW_EXECUTOR=off)");
// Started by `npm start` (scripts/start.mjs): it starts the worker with this database.
process.send?.({ type: "web-ready", port, databaseUrl });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down...`);
  try {
    await workflows?.stop();
  } catch (error) {
    console.error("Stopping workflows:", error);
  }
  server.close();
  try {
    await embedded?.stop();
  } finally {
    process.exit(0);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
if (process.connected) process.on("disconnect", () => void shutdown("the process that started it is gone"));
