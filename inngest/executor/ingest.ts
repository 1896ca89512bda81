// Event intake of the embedded engine: records each event, starts the runs of functions whose
// triggers match, cancels runs whose `cancelOn` matches, and resolves runs waiting for it
// (step.waitForEvent). Works on the database alone, so an event is durable once accepted even
// when no executor loop is running in this process yet.
import { createHash, randomUUID } from "node:crypto";
import * as store from "./run-store.ts";
import type { StoredEvent, WaitOp, WorkflowRun } from "./run-store.ts";
import { ExpressionError, matches } from "./expression.ts";
import { parseDuration } from "./protocol.ts";
import type { FunctionConfig } from "./shared.ts";

export type IncomingEvent = {
  name: string;
  data?: Record<string, unknown>;
  id?: string;
  ts?: number;
  v?: string;
};

export class EventPayloadError extends Error {
  override name = "EventPayloadError";
}

type Logger = Pick<Console, "warn" | "error">;

function nameMatches(trigger: string, name: string): boolean {
  if (trigger === name) return true;
  return trigger.endsWith("/*") && name.startsWith(trigger.slice(0, -1));
}

/** Evaluates an expression; a broken expression matches nothing (and is logged). */
export function expressionHolds(expression: string | undefined, scope: Record<string, unknown>, log: Logger = console): boolean {
  if (!expression) return true;
  try {
    return matches(expression, scope);
  } catch (error) {
    if (error instanceof ExpressionError) {
      log.warn(`[workflows] ignoring unsupported expression "${expression}": ${error.message}`);
      return false;
    }
    throw error;
  }
}

/** Functions an event starts: event triggers with that name whose expression holds. */
export function triggeredFunctions(configs: FunctionConfig[], event: StoredEvent, log?: Logger): FunctionConfig[] {
  return configs.filter((cfg) => cfg.triggers.some((t) => "event" in t && nameMatches(t.event, event.name) && expressionHolds(t.expression, { event }, log)));
}

function normalise(payload: IncomingEvent, index: number, seed: string | null, now: Date): StoredEvent {
  if (!payload || typeof payload !== "object" || typeof payload.name !== "string" || !payload.name) {
    throw new EventPayloadError("Every event needs a name");
  }
  const data = payload.data ?? {};
  if (typeof data !== "object" || Array.isArray(data)) throw new EventPayloadError(`The data of event "${payload.name}" must be an object`);
  // The SDK sends one seed per send() and keeps it on its retries: ids derived from it make a
  // retried delivery of the same events a no-op.
  const id =
    typeof payload.id === "string" && payload.id
      ? payload.id
      : seed
        ? `evt_${createHash("sha256").update(`${seed}:${index}`).digest("hex").slice(0, 26)}`
        : `evt_${randomUUID()}`;
  const event: StoredEvent = { id, name: payload.name, data, ts: typeof payload.ts === "number" ? payload.ts : now.getTime() };
  if (payload.v) (event as StoredEvent & { v?: string }).v = payload.v;
  return event;
}

export type IngestResult = { ids: string[]; runIds: string[] };

/** Accepts events (an `inngest.send` payload). Returns their ids and the runs started. */
export async function ingestEvents(payloads: IncomingEvent[], opts: { configs: FunctionConfig[]; seed?: string | null; log?: Logger }): Promise<IngestResult> {
  const log = opts.log ?? console;
  const ids: string[] = [];
  const runIds: string[] = [];
  const events = payloads.map((p, i) => normalise(p, i, opts.seed ?? null, new Date()));
  for (const event of events) {
    const receivedAt = new Date();
    const fns = triggeredFunctions(opts.configs, event, log);
    const recorded = await store.recordEvent(
      event,
      fns.map((f) => ({ functionId: f.id })),
      receivedAt,
    );
    ids.push(event.id);
    if (!recorded.isNew) continue;
    runIds.push(...recorded.runIds);
    await cancelMatchingRuns(opts.configs, event, receivedAt, log);
    await resolveWaitsFor(event, receivedAt, log);
  }
  return { ids, runIds };
}

async function cancelMatchingRuns(configs: FunctionConfig[], event: StoredEvent, now: Date, log: Logger): Promise<void> {
  for (const cfg of configs) {
    const rules = (cfg.cancel ?? []).filter((c) => nameMatches(c.event, event.name));
    if (!rules.length) continue;
    for (const run of await store.activeRunsOf(cfg.id)) {
      const hit = rules.some((rule) => {
        if (rule.timeout) {
          const ms = parseDuration(rule.timeout);
          if (ms !== undefined && run.createdAt.getTime() + ms < now.getTime()) return false;
        }
        return expressionHolds(rule.if, { event: run.event, async: event }, log);
      });
      if (hit) await store.cancelRun(run.id, `Cancelled by event ${event.name}`);
    }
  }
}

/** Event ops of a parked run that this event satisfies. */
export function satisfiedOps(run: Pick<WorkflowRun, "event" | "waitingFor">, event: StoredEvent, receivedAt: Date, log?: Logger): WaitOp[] {
  return store
    .waitingForOf(run)
    .ops.filter(
      (op) =>
        op.kind === "event" &&
        op.event === event.name &&
        new Date(op.since).getTime() <= receivedAt.getTime() &&
        expressionHolds(op.if, { event: run.event, async: event }, log),
    );
}

async function resolveWaitsFor(event: StoredEvent, receivedAt: Date, log: Logger): Promise<void> {
  for (const run of await store.waitingRunsForEvent(event.name)) {
    const hit = satisfiedOps(run, event, receivedAt, log);
    if (!hit.length) continue;
    const remaining = store.waitingForOf(run).ops.filter((op) => !hit.includes(op));
    // A lost compare-and-set means the run moved on meanwhile; the executor looks back for
    // events received since the wait began whenever it parks a run, so nothing is missed.
    await store.resolveParkedRun(
      run,
      hit.map((op) => ({ stepId: op.stepId, name: op.name, op: "WaitForEvent", data: event })),
      remaining,
    );
  }
}

/** The first stored event satisfying a wait op (the look-back when parking a run). */
export async function findStoredMatch(run: Pick<WorkflowRun, "event">, op: Extract<WaitOp, { kind: "event" }>, log?: Logger): Promise<StoredEvent | null> {
  const take = 200;
  for (let skip = 0; ; skip += take) {
    const candidates = await store.eventsSince(op.event, new Date(op.since), { take, skip });
    for (const event of candidates) {
      if (expressionHolds(op.if, { event: run.event, async: event }, log)) return event;
    }
    if (candidates.length < take) return null;
  }
}
