// Workflow runs core: the durable state of the embedded workflow executor (ADR 070).
// workflow_runs holds one row per function run (status, attempt, when to run next, what it
// waits for, the lease of the executor loop holding it); workflow_steps the memoised result of
// each step (the SDK's hashed step id -> data or error); workflow_events every event received.
//
// Every write made while executing a run is guarded by the lease (lockedBy = executor id): an
// executor whose lease expired can no longer change the run, so two loops never both record a
// step or finish the same run.
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import type { WorkflowRun, WorkflowRunStatus, WorkflowStep } from "~/generated/prisma/client";

export type { WorkflowRun, WorkflowStep, WorkflowRunStatus };

/** A pending asynchronous op of a run (what `waitingFor` holds). Times are ISO strings. */
export type WaitOp =
  | { kind: "sleep"; stepId: string; name?: string; until: string }
  | {
      kind: "event";
      stepId: string;
      name?: string;
      event: string;
      if?: string;
      timeoutAt: string;
      /** Events received from this moment on can match (the request that reached the wait began then). */
      since: string;
    }
  | { kind: "invoke"; stepId: string; name?: string; childRunId: string; functionId: string; timeoutAt: string | null };

export type WaitingFor = { ops: WaitOp[] };

export type StepResult = {
  stepId: string;
  name?: string | null;
  op: string;
  data?: unknown;
  error?: unknown;
};

export type StoredEvent = { id: string; name: string; data: Record<string, unknown>; ts: number };

const ACTIVE: WorkflowRunStatus[] = ["queued", "running", "sleeping", "waiting"];

function json(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  return value === null || value === undefined ? Prisma.JsonNull : (value as Prisma.InputJsonValue);
}

/** A timestamp parameter for raw SQL against the TIMESTAMP(3) (UTC, no zone) columns. */
function ts(date: Date): Prisma.Sql {
  return Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

export function waitingForOf(run: Pick<WorkflowRun, "waitingFor">): WaitingFor {
  const value = run.waitingFor as WaitingFor | null;
  return value && Array.isArray(value.ops) ? value : { ops: [] };
}

// ---------------------------------------------------------------------------------------------
// Events and new runs

/**
 * Records an event and creates the runs it triggers, atomically. An event id seen before is a
 * re-delivery: nothing is created again (`isNew` false).
 */
export async function recordEvent(event: StoredEvent, runs: { functionId: string }[], receivedAt: Date): Promise<{ isNew: boolean; runIds: string[] }> {
  return prisma.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "workflow_events" ("id", "name", "data", "createdAt")
      VALUES (${event.id}, ${event.name}, ${JSON.stringify(event.data)}::jsonb, ${ts(receivedAt)})
      ON CONFLICT ("id") DO NOTHING`;
    if (inserted === 0) return { isNew: false, runIds: [] };
    const runIds: string[] = [];
    for (const run of runs) {
      const created = await tx.workflowRun.create({
        data: { functionId: run.functionId, eventName: event.name, event: event as unknown as Prisma.InputJsonValue, runAfter: receivedAt },
        select: { id: true },
      });
      runIds.push(created.id);
    }
    return { isNew: true, runIds };
  });
}

/** Events of one name received at or after `since`, oldest first (a page of them). */
export async function eventsSince(name: string, since: Date, page: { take?: number; skip?: number } = {}): Promise<StoredEvent[]> {
  const rows = await prisma.workflowEvent.findMany({
    where: { name, createdAt: { gte: since } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: page.take ?? 200,
    skip: page.skip ?? 0,
  });
  return rows.map((r) => ({ id: r.id, name: r.name, data: (r.data ?? {}) as Record<string, unknown>, ts: r.createdAt.getTime() }));
}

/** Deletes events older than `before` (they only serve waits and audit). */
export async function pruneEvents(before: Date): Promise<number> {
  const { count } = await prisma.workflowEvent.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}

/** Creates the run of an invoked function (idempotent: the id is derived from the caller's step). */
export async function createInvokedRun(input: { id: string; functionId: string; event: StoredEvent; now: Date }): Promise<void> {
  await prisma.workflowRun.createMany({
    data: [
      {
        id: input.id,
        functionId: input.functionId,
        eventName: input.event.name,
        event: input.event as unknown as Prisma.InputJsonValue,
        runAfter: input.now,
      },
    ],
    skipDuplicates: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Claiming and leases

/**
 * Claims up to `limit` runs that are due: queued, sleeping or waiting with `runAfter` passed
 * (sleep over, wait timed out, retry back-off over), or running under an expired lease (an
 * executor that died). Rows locked by another claim are skipped, so concurrent loops never get
 * the same run.
 */
export async function claimDueRuns(opts: { executorId: string; functionIds: string[]; limit: number; leaseMs: number; now?: Date }): Promise<WorkflowRun[]> {
  if (opts.limit <= 0 || opts.functionIds.length === 0) return [];
  const now = opts.now ?? new Date();
  const until = new Date(now.getTime() + opts.leaseMs);
  const claimed = await prisma.$queryRaw<{ id: string }[]>`
    WITH due AS (
      SELECT "id" FROM "workflow_runs"
      WHERE "functionId" = ANY(${opts.functionIds}::text[])
        AND (
          ("status" IN ('queued', 'sleeping', 'waiting') AND "runAfter" <= ${ts(now)})
          OR ("status" = 'running' AND ("lockedUntil" IS NULL OR "lockedUntil" < ${ts(now)}))
        )
      ORDER BY "runAfter" ASC
      LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "workflow_runs" AS r
    SET "status" = 'running', "lockedBy" = ${opts.executorId}, "lockedUntil" = ${ts(until)}, "updatedAt" = ${ts(now)}
    FROM due WHERE r."id" = due."id"
    RETURNING r."id"`;
  if (claimed.length === 0) return [];
  return prisma.workflowRun.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, orderBy: { runAfter: "asc" } });
}

/** Extends the lease of a run this executor holds; false when it no longer holds it. */
export async function extendLease(runId: string, executorId: string, leaseMs: number): Promise<boolean> {
  const { count } = await prisma.workflowRun.updateMany({
    where: { id: runId, lockedBy: executorId, status: "running" },
    data: { lockedUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Gives a held run back to the queue (executor stopping), to run again at once. */
export async function releaseRun(runId: string, executorId: string): Promise<boolean> {
  const { count } = await prisma.workflowRun.updateMany({
    where: { id: runId, lockedBy: executorId, status: "running" },
    data: { status: "queued", lockedBy: null, lockedUntil: null, runAfter: new Date() },
  });
  return count === 1;
}

// ---------------------------------------------------------------------------------------------
// Execution state (lease-guarded)

export async function getRun(runId: string): Promise<WorkflowRun | null> {
  return prisma.workflowRun.findUnique({ where: { id: runId } });
}

/** Memoised steps in the order they completed. */
export async function listSteps(runId: string): Promise<WorkflowStep[]> {
  return prisma.workflowStep.findMany({ where: { runId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function getRunWithSteps(runId: string): Promise<(WorkflowRun & { steps: WorkflowStep[] }) | null> {
  return prisma.workflowRun.findUnique({
    where: { id: runId },
    include: { steps: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
}

function stepRows(runId: string, steps: StepResult[]): Prisma.WorkflowStepCreateManyInput[] {
  return steps.map((s) => ({
    runId,
    stepId: s.stepId,
    name: s.name ?? null,
    op: s.op,
    data: s.error !== undefined ? Prisma.DbNull : json(s.data),
    error: s.error !== undefined ? json(s.error) : Prisma.DbNull,
  }));
}

/**
 * Records step results of a run this executor holds and updates the run in one transaction.
 * A step id already recorded keeps its first result. False when the lease was lost.
 */
export async function recordSteps(
  runId: string,
  executorId: string,
  steps: StepResult[],
  update: { attempt?: number; waitingFor?: WaitingFor | null; leaseMs?: number } = {},
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.workflowRun.updateMany({
      where: { id: runId, lockedBy: executorId, status: "running" },
      data: {
        ...(update.attempt !== undefined ? { attempt: update.attempt } : {}),
        ...(update.waitingFor !== undefined
          ? { waitingFor: update.waitingFor && update.waitingFor.ops.length ? (update.waitingFor as unknown as Prisma.InputJsonValue) : Prisma.DbNull }
          : {}),
        ...(update.leaseMs ? { lockedUntil: new Date(Date.now() + update.leaseMs) } : {}),
      },
    });
    if (count !== 1) return false;
    if (steps.length) await tx.workflowStep.createMany({ data: stepRows(runId, steps), skipDuplicates: true });
    return true;
  });
}

/**
 * Puts a held run aside until `runAfter`: sleeping, waiting (event or invoke), or queued for a
 * retry. Releases the lease. False when the lease was lost.
 */
export async function parkRun(
  runId: string,
  executorId: string,
  park: { status: "queued" | "sleeping" | "waiting"; runAfter: Date; waitingFor?: WaitingFor | null; attempt?: number; error?: unknown },
): Promise<boolean> {
  const { count } = await prisma.workflowRun.updateMany({
    where: { id: runId, lockedBy: executorId, status: "running" },
    data: {
      status: park.status,
      runAfter: park.runAfter,
      lockedBy: null,
      lockedUntil: null,
      ...(park.waitingFor !== undefined
        ? { waitingFor: park.waitingFor && park.waitingFor.ops.length ? (park.waitingFor as unknown as Prisma.InputJsonValue) : Prisma.DbNull }
        : {}),
      ...(park.attempt !== undefined ? { attempt: park.attempt } : {}),
      ...(park.error !== undefined ? { error: json(park.error) } : {}),
    },
  });
  return count === 1;
}

/** Ends a held run. Returns the finished run, or null when the lease was lost. */
export async function finishRun(
  runId: string,
  executorId: string,
  result: { status: "completed"; output: unknown } | { status: "failed"; error: unknown },
): Promise<WorkflowRun | null> {
  const now = new Date();
  const { count } = await prisma.workflowRun.updateMany({
    where: { id: runId, lockedBy: executorId, status: "running" },
    data: {
      status: result.status,
      finishedAt: now,
      lockedBy: null,
      lockedUntil: null,
      waitingFor: Prisma.DbNull,
      ...(result.status === "completed" ? { output: json(result.output), error: Prisma.DbNull } : { error: json(result.error) }),
    },
  });
  if (count !== 1) return null;
  return prisma.workflowRun.findUnique({ where: { id: runId } });
}

// ---------------------------------------------------------------------------------------------
// Resolving waits from outside the run (events, finished invoked runs)

/** Runs parked in `waiting` with a pending op matching `pattern` (JSON containment). */
async function waitingRunsContaining(pattern: Record<string, unknown>): Promise<WorkflowRun[]> {
  const ids = await prisma.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "workflow_runs"
    WHERE "status" = 'waiting' AND "waitingFor" @> ${JSON.stringify({ ops: [pattern] })}::jsonb`;
  if (ids.length === 0) return [];
  return prisma.workflowRun.findMany({ where: { id: { in: ids.map((r) => r.id) }, status: "waiting" } });
}

export function waitingRunsForEvent(name: string): Promise<WorkflowRun[]> {
  return waitingRunsContaining({ kind: "event", event: name });
}

export function waitingRunsForInvoke(childRunId: string): Promise<WorkflowRun[]> {
  return waitingRunsContaining({ kind: "invoke", childRunId });
}

/**
 * Resolves pending ops of a parked run that nobody holds: records their results and queues the
 * run to continue now. `expectedUpdatedAt` makes it a compare-and-set: false when the run
 * changed meanwhile (another resolution or a claim won), and nothing is written.
 */
export async function resolveParkedRun(run: Pick<WorkflowRun, "id" | "updatedAt">, steps: StepResult[], remaining: WaitOp[]): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.workflowRun.updateMany({
      where: { id: run.id, status: "waiting", updatedAt: run.updatedAt },
      data: {
        status: "queued",
        runAfter: new Date(),
        waitingFor: remaining.length ? ({ ops: remaining } as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
      },
    });
    if (count !== 1) return false;
    await tx.workflowStep.createMany({ data: stepRows(run.id, steps), skipDuplicates: true });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Cancelling, status

/** Cancels a run that has not finished. A step in flight completes but its result is dropped. */
export async function cancelRun(runId: string, reason = "Cancelled"): Promise<boolean> {
  const { count } = await prisma.workflowRun.updateMany({
    where: { id: runId, status: { in: ACTIVE } },
    data: {
      status: "cancelled",
      finishedAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
      waitingFor: Prisma.DbNull,
      error: { name: "Cancelled", message: reason },
    },
  });
  return count === 1;
}

/** Whether a function has an unfinished run: the landing page asks it on each visit while the showcase is empty (ADR 392). */
export async function hasActiveRuns(functionId: string): Promise<boolean> {
  const [row] = await sqlRows<{ any: boolean }>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM "workflow_runs" WHERE "functionId" = ${functionId} AND "status" IN (${Prisma.join(ACTIVE)})) AS "any"`,
  );
  return row?.any === true;
}

/** Unfinished runs of a function (for cancel-on-event matching). */
export async function activeRunsOf(functionId: string): Promise<WorkflowRun[]> {
  return prisma.workflowRun.findMany({ where: { functionId, status: { in: ACTIVE } } });
}

export type RunCounts = Record<WorkflowRunStatus, number>;

export async function runCounts(): Promise<RunCounts> {
  const rows = await prisma.workflowRun.groupBy({ by: ["status"], _count: { _all: true } });
  const counts: RunCounts = { queued: 0, running: 0, sleeping: 0, waiting: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const r of rows) counts[r.status] = r._count._all;
  return counts;
}

/** Latest runs of a function, newest first (admin views, tests). */
export async function runsOf(functionId: string, take = 50): Promise<WorkflowRun[]> {
  return prisma.workflowRun.findMany({ where: { functionId }, orderBy: { createdAt: "desc" }, take });
}

/**
 * The newest run of a function whose triggering event carries `value` at data.`field` (an
 * admin asking how a retried job is doing).
 */
export async function latestRunWithEventData(functionId: string, field: string, value: string): Promise<WorkflowRun | null> {
  return prisma.workflowRun.findFirst({
    where: { functionId, event: { path: ["data", field], equals: value } },
    orderBy: { createdAt: "desc" },
  });
}

/**
 * Whether some unfinished run whose event names this project moved since `since`, or is held
 * now by an executor whose lease is live (the stalled-work sweep, ADR 242).
 */
export async function projectHasLiveRuns(projectId: string, since: Date): Promise<boolean> {
  const rows = await prisma.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM "workflow_runs"
    WHERE "status" NOT IN ('completed', 'failed', 'cancelled')
      AND "event"->'data'->>'projectId' = ${projectId}
      AND ("updatedAt" > ${since} OR ("status" = 'running' AND "lockedUntil" > now()))
    LIMIT 1`;
  return rows.length > 0;
}

/**
 * Cancels the unfinished runs whose event has `data[field] = value`, or starting with
 * `value` + ":" when `orChildren` (a compile's scene requests are "<job id>:<scene id>"):
 * work that was given up.
 */
export async function cancelRunsWithEventData(field: string, value: string, reason: string, orChildren = false): Promise<number> {
  const children = orChildren ? `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}:%` : null;
  const runs = await prisma.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "workflow_runs"
    WHERE "status" NOT IN ('completed', 'failed', 'cancelled')
      AND ("event"->'data'->>${field} = ${value} OR ("event"->'data'->>${field}) LIKE ${children})`;
  let cancelled = 0;
  for (const run of runs) if (await cancelRun(run.id, reason)) cancelled += 1;
  return cancelled;
}
