// Starting and stopping the workflow engine with the app (server/index.ts).
import { workflowEngine } from "../client.ts";
import { EmbeddedExecutor, type ExecutorOptions } from "./executor.ts";

export { EmbeddedExecutor, type ExecutorOptions } from "./executor.ts";
export { acceptEvents } from "./bridge.ts";

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

/**
 * Starts the embedded executor against the app listening on `port` (no-op, returning null, when
 * an Inngest server is configured). Tunable with WORKFLOW_CONCURRENCY (runs at once, default 4),
 * WORKFLOW_POLL_MS (default 500), WORKFLOW_LEASE_MS (how long a run claimed by a process that
 * died stays its own, default 60 s) and WORKFLOW_TIME_SCALE (multiplies sleeps, wait timeouts and
 * retry back-off; e.g. 0.1 in end-to-end tests).
 */
export async function startWorkflowEngine({
  port,
  host: listenHost,
  ...overrides
}: { port: number; host?: string } & Partial<ExecutorOptions>): Promise<EmbeddedExecutor | null> {
  if (workflowEngine.kind !== "embedded") {
    if (!workflowEngine.ok) console.error(`[workflows] ${workflowEngine.problem}`);
    else console.log(`[workflows] runs are executed by ${workflowEngine.kind === "inngest-cloud" ? "Inngest Cloud" : "the configured Inngest server"}`);
    return null;
  }
  const host = !listenHost || listenHost === "0.0.0.0" || listenHost === "::" ? "127.0.0.1" : listenHost;
  const executor = new EmbeddedExecutor({
    serveUrl: `http://${host.includes(":") ? `[${host}]` : host}:${port}/api/inngest`,
    maxConcurrentRuns: numberFromEnv("WORKFLOW_CONCURRENCY"),
    pollIntervalMs: numberFromEnv("WORKFLOW_POLL_MS"),
    leaseMs: numberFromEnv("WORKFLOW_LEASE_MS"),
    timeScale: numberFromEnv("WORKFLOW_TIME_SCALE"),
    ...overrides,
  });
  await executor.start();
  console.log(`[workflows] embedded executor ${executor.snapshot().registered ? "running" : "started (not registered yet)"}`);
  return executor;
}
