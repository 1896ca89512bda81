// Whether this process runs the embedded executor (docs/decisions/225-worker-process.md).
// WORKFLOW_EXECUTOR=on (the default: one process does everything, as in tests and e2e) or off
// (a web process next to workers: it only accepts events into PostgreSQL; `npm start` sets it
// when it starts a worker). Anything else is refused at start rather than guessed.
export type ExecutorRole = "on" | "off";

export function executorRole(env: Record<string, string | undefined> = process.env): ExecutorRole {
  const raw = env.WORKFLOW_EXECUTOR?.trim().toLowerCase();
  if (!raw || ["on", "true", "1", "yes"].includes(raw)) return "on";
  if (["off", "false", "0", "no"].includes(raw)) return "off";
  throw new Error(`WORKFLOW_EXECUTOR must be "on" or "off" (it is "${env.WORKFLOW_EXECUTOR}")`);
}
