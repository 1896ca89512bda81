// `npm run worker`: a workflow worker (docs/decisions/225-worker-process.md). The same code as
// the web process, serving only the workflow functions (/api/inngest) and /healthz on its own
// loopback port (WORKER_PORT, default any free one; WORKER_HOST, default 127.0.0.1), with the
// embedded executor that claims runs from PostgreSQL and calls them there. Renders and
// generation therefore run here, at a lower CPU priority than the web processes (WORKER_NICE,
// default 14; ffmpeg and synthesis children lower still, MEDIA_NICE 19: ADR 400).
import "./node-env.ts";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { bootstrap } from "./bootstrap.ts";
import { lowerProcessPriority } from "./priority.ts";
import { createWorkerApp } from "./worker-app.ts";

lowerPriority();
await bootstrap({ role: "worker" });
const buildPath = path.resolve(import.meta.dirname, "../build/index.js");
if (!existsSync(buildPath)) throw new Error("build/index.js is missing: run `npm run build` (or `npm start`, which builds) first");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
const host = process.env.WORKER_HOST?.trim() || "127.0.0.1";
const server = createWorkerApp(build).listen(Number(process.env.WORKER_PORT ?? 0), host);
await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
const address = server.address();
const port = typeof address === "object" && address ? address.port : Number(process.env.WORKER_PORT);
const { startWorkflowEngine } = await import("../inngest/executor/index.ts");
const workflows = await startWorkflowEngine({ port, host });
const shown = host.includes(":") ? `[${host}]` : host;
console.log(`Reelforge worker is running: workflow functions on http://${shown}:${port}/api/inngest, health on /healthz`);
process.send?.({ type: "worker-ready", port });

let closing = false;
async function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  console.log(`[worker] ${reason}: finishing the runs in flight and stopping...`);
  try {
    await workflows?.stop();
  } catch (error) {
    console.error("[worker] stopping workflows:", error);
  }
  server.close();
  server.closeAllConnections();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// Started by `npm start` (scripts/start.mjs): stop when it is gone, never linger as an orphan.
if (process.connected) process.on("disconnect", () => void shutdown("the process that started it is gone"));

function lowerPriority() {
  const n = Number(process.env.WORKER_NICE ?? 14);
  if (!Number.isInteger(n) || n < 0 || n > 19) throw new Error("WORKER_NICE must be a whole number from 0 to 19");
  // Every thread, those running already included (docs/decisions/398-every-worker-thread-niced.md).
  if (lowerProcessPriority(n) > 0) console.warn("[worker] could not lower the CPU priority of every thread");
}
