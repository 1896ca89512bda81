// Health of the workflow engine, for /healthz: `await workflowEngineStatus()`.
import { runCounts } from "./executor/run-store.ts";
import { workflowEngine, type WorkflowEngineKind } from "./client.ts";
import { executorRole } from "./executor/role.ts";
import { shared } from "./executor/shared.ts";

export type WorkflowEngineStatus = {
  engine: WorkflowEngineKind;
  ok: boolean;
  /** Why ok is false, or where runs execute. */
  detail: string;
  /** Run counts from workflow_runs (embedded engine only; null otherwise). */
  queued: number | null;
  running: number | null;
  sleeping: number | null;
  waiting: number | null;
  failed: number | null;
};

/** A loop that has not ticked for this long is considered stuck. */
const STALE_MS = 60_000;

export async function workflowEngineStatus(): Promise<WorkflowEngineStatus> {
  if (workflowEngine.kind !== "embedded") {
    return {
      engine: workflowEngine.kind,
      ok: workflowEngine.ok,
      detail:
        workflowEngine.problem ?? (workflowEngine.kind === "inngest-cloud" ? "Runs execute on Inngest Cloud" : "Runs execute on the configured Inngest server"),
      queued: null,
      running: null,
      sleeping: null,
      waiting: null,
      failed: null,
    };
  }
  const elsewhere = await workerOnlyStatus();
  if (elsewhere) return elsewhere;
  const snapshots = [...shared().hosts.values()].map((h) => h.snapshot());
  const healthy = snapshots.find((s) => s.running && s.registered && s.lastTickAt !== null && Date.now() - s.lastTickAt < STALE_MS);
  const counts = await runCounts();
  const detail = healthy
    ? "Embedded executor running"
    : snapshots.length === 0
      ? "The embedded executor is not running in this process"
      : (snapshots.find((s) => s.lastError)?.lastError ?? "The embedded executor is not registered or has stalled");
  return {
    engine: "embedded",
    ok: Boolean(healthy),
    detail,
    queued: counts.queued,
    running: counts.running,
    sleeping: counts.sleeping,
    waiting: counts.waiting,
    failed: counts.failed,
  };
}

/**
 * A web process next to workers (WORKFLOW_EXECUTOR=off) runs no executor: it reports where runs
 * execute and the counts; the workers' own /healthz report their executors.
 */
async function workerOnlyStatus(): Promise<WorkflowEngineStatus | null> {
  let role: string;
  try {
    role = executorRole();
  } catch {
    return null;
  }
  if (role !== "off") return null;
  const c = await runCounts();
  return {
    engine: "embedded",
    ok: true,
    detail: "Runs execute in worker processes (WORKFLOW_EXECUTOR=off)",
    queued: c.queued,
    running: c.running,
    sleeping: c.sleeping,
    waiting: c.waiting,
    failed: c.failed,
  };
}
