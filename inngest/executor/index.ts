// Starting and stopping the workflow engine with the app (server/index.ts).
import { workflowTuning } from "~/utils/tuning.server";
import { workflowEngine } from "../client.ts";
import { EmbeddedExecutor, type ExecutorOptions } from "./executor.ts";

export { EmbeddedExecutor, type ExecutorOptions } from "./executor.ts";
export { acceptEvents } from "./bridge.ts";

/**
 * Starts the embedded executor against the app listening on `port` (no-op, returning null, when
 * an Inngest server is configured). Tuned by the WORKFLOW_* variables (app/utils/tuning.server.ts).
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
  const tuning = workflowTuning();
  const executor = new EmbeddedExecutor({
    serveUrl: `http://${host.includes(":") ? `[${host}]` : host}:${port}/api/inngest`,
    maxConcurrentRuns: tuning.concurrency,
    pollIntervalMs: tuning.pollMs,
    leaseMs: tuning.leaseMs,
    timeScale: tuning.timeScale,
    ...overrides,
  });
  await executor.start();
  console.log(`[workflows] embedded executor ${executor.snapshot().registered ? "running" : "started (not registered yet)"}`);
  return executor;
}
