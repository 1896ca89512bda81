// A parked run's pending async ops (sleep, waitForEvent, invoke): made from the ops a function
// returned, settled when their deadline passes, resolved when their event or invoked run arrives.
import { createHash } from "node:crypto";
import * as store from "./run-store.ts";
import type { StepResult, WaitOp, WorkflowRun } from "./run-store.ts";
import { ExpressionError, parseExpression } from "./expression.ts";
import { findStoredMatch } from "./ingest.ts";
import { OpCode, parseDuration, sleepTarget, toSerializedError, type SdkOp, type SerializedError } from "./protocol.ts";

type Log = Pick<Console, "info" | "warn" | "error">;

export function deadline(op: WaitOp): number {
  if (op.kind === "sleep") return Date.parse(op.until);
  if (op.kind === "event") return Date.parse(op.timeoutAt);
  return op.timeoutAt ? Date.parse(op.timeoutAt) : Number.POSITIVE_INFINITY;
}

/**
 * The wait ops to park `run` on, keeping the deadlines of ops already pending; an invoke of a
 * function this app does not serve fails at once (`immediate`), and a bad waitForEvent fails the
 * run (`failure`). Invoked runs are created on the way.
 */
export async function planWaitOps(args: {
  run: WorkflowRun;
  asyncOps: SdkOp[];
  now: number;
  timeScale: number;
  /** Where a new waitForEvent starts counting events (see the executor's park()). */
  since: Date;
  serves(functionId: string): boolean;
}): Promise<{ ops: WaitOp[]; immediate: StepResult[] } | { failure: string }> {
  const { run, now, timeScale: scale } = args;
  const pending = new Map(store.waitingForOf(run).ops.map((o) => [o.stepId, o]));
  const ops: WaitOp[] = [];
  const immediate: StepResult[] = [];
  for (const op of args.asyncOps) {
    const kept = pending.get(op.id);
    if (kept) {
      ops.push(kept);
      continue;
    }
    const name = op.displayName ?? op.userland?.id;
    if (op.op === OpCode.Sleep) {
      ops.push({ kind: "sleep", stepId: op.id, name, until: sleepTarget(op.name, now, scale).toISOString() });
    } else if (op.op === OpCode.WaitForEvent) {
      const expr = typeof op.opts?.if === "string" ? op.opts.if : undefined;
      if (expr) {
        try {
          parseExpression(expr);
        } catch (error) {
          if (!(error instanceof ExpressionError)) throw error;
          return { failure: `waitForEvent "${name}": ${error.message}` };
        }
      }
      const timeout = parseDuration(String(op.opts?.timeout ?? ""));
      if (timeout === undefined) return { failure: `waitForEvent "${name}": bad timeout "${op.opts?.timeout}"` };
      ops.push({
        kind: "event",
        stepId: op.id,
        name,
        event: String(op.name),
        ...(expr ? { if: expr } : {}),
        timeoutAt: new Date(now + timeout * scale).toISOString(),
        since: args.since.toISOString(),
      });
    } else {
      const functionId = String(op.opts?.function_id ?? "");
      if (!args.serves(functionId)) {
        immediate.push({
          stepId: op.id,
          name,
          op: OpCode.InvokeFunction,
          error: { name: "Error", message: `Function "${functionId}" is not served by this app` },
        });
        continue;
      }
      const childRunId = await createInvokedRun(run.id, op, functionId, now);
      const timeout = op.opts?.timeout ? parseDuration(String(op.opts.timeout)) : undefined;
      ops.push({
        kind: "invoke",
        stepId: op.id,
        name,
        childRunId,
        functionId,
        timeoutAt: timeout !== undefined ? new Date(now + timeout * scale).toISOString() : null,
      });
    }
  }
  return { ops, immediate };
}

/** The run of a function `op` invokes: its id is derived from the caller's run and step. */
export async function createInvokedRun(runId: string, op: SdkOp, functionId: string, now: number): Promise<string> {
  const childRunId = `inv_${createHash("sha256").update(`${runId}:${op.id}`).digest("hex").slice(0, 24)}`;
  const data = (op.opts?.payload?.data ?? {}) as Record<string, unknown>;
  await store.createInvokedRun({
    id: childRunId,
    functionId,
    event: { id: `evt_${childRunId}`, name: "inngest/function.invoked", data, ts: now },
    now: new Date(now),
  });
  return childRunId;
}

/** What a waiting run's ops found meanwhile: a stored event that matches, an invoked run that ended. Whether it was resolved. */
export async function resolveArrived(runId: string, log: Log): Promise<boolean> {
  const run = await store.getRun(runId);
  if (!run || run.status !== "waiting") return false;
  const wf = store.waitingForOf(run);
  const results: StepResult[] = [];
  for (const op of wf.ops) {
    if (op.kind === "event") {
      const match = await findStoredMatch(run, op, log);
      if (match) results.push({ stepId: op.stepId, name: op.name, op: OpCode.WaitForEvent, data: match });
    } else if (op.kind === "invoke") {
      const child = await store.getRun(op.childRunId);
      if (child?.status === "completed") results.push({ stepId: op.stepId, name: op.name, op: OpCode.InvokeFunction, data: child.output ?? null });
      if (child?.status === "failed" || child?.status === "cancelled") {
        results.push({ stepId: op.stepId, name: op.name, op: OpCode.InvokeFunction, error: toSerializedError(child.error) });
      }
    }
  }
  if (!results.length) return false;
  const done = new Set(results.map((r) => r.stepId));
  return store.resolveParkedRun(
    run,
    results,
    wf.ops.filter((o) => !done.has(o.stepId)),
  );
}

/** The results of a claimed run's ops whose deadline passed (sleep over, wait timed out), and the ops still pending. */
export async function dueOpResults(run: WorkflowRun, log: Log): Promise<{ results: StepResult[]; remaining: WaitOp[] }> {
  const now = Date.now();
  const results: StepResult[] = [];
  const remaining: WaitOp[] = [];
  for (const op of store.waitingForOf(run).ops) {
    if (deadline(op) > now) {
      remaining.push(op);
    } else if (op.kind === "sleep") {
      results.push({ stepId: op.stepId, name: op.name, op: OpCode.Sleep, data: null });
    } else if (op.kind === "event") {
      const match = await findStoredMatch(run, op, log);
      results.push({ stepId: op.stepId, name: op.name, op: OpCode.WaitForEvent, data: match });
    } else {
      results.push({
        stepId: op.stepId,
        name: op.name,
        op: OpCode.InvokeFunction,
        error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for the invoked function to complete" },
      });
    }
  }
  return { results, remaining };
}

/** Gives a finished run's result to the runs waiting on it through step.invoke. */
export async function resolveInvokers(
  run: WorkflowRun,
  result: { status: "completed"; output: unknown } | { status: "failed"; error: SerializedError },
): Promise<void> {
  for (const parent of await store.waitingRunsForInvoke(run.id)) {
    const wf = store.waitingForOf(parent);
    const hit = wf.ops.filter((o) => o.kind === "invoke" && o.childRunId === run.id);
    const results: StepResult[] = hit.map((o) =>
      result.status === "completed"
        ? { stepId: o.stepId, name: o.name, op: OpCode.InvokeFunction, data: result.output ?? null }
        : { stepId: o.stepId, name: o.name, op: OpCode.InvokeFunction, error: result.error },
    );
    await store.resolveParkedRun(
      parent,
      results,
      wf.ops.filter((o) => !hit.includes(o)),
    );
  }
}
