// The embedded workflow executor (ADR 070): drives Inngest functions through the app's own
// serve handler (/api/inngest) with the SDK's HTTP protocol, keeping runs, memoised steps,
// pending sleeps and waits in PostgreSQL so a run survives a restart.
//
// Loop: claim due runs (FOR UPDATE SKIP LOCKED + a lease), then for each run call the serve
// handler with the event and the memoised steps, record what comes back, and call again until
// the run completes, fails, or parks (sleep, waitForEvent, invoke, retry back-off). A poll
// interval finds due runs; an accepted event or a finished run wakes the loop at once.
import { randomUUID } from "node:crypto";
import * as store from "./run-store.ts";
import type { StepResult, WaitingFor, WorkflowRun, WorkflowStep } from "./run-store.ts";
import { acceptEvents } from "./bridge.ts";
import { OpCode, PINNED_SDK_VERSION, toSerializedError, type SdkOp, type SdkOutcome, type SerializedError } from "./protocol.ts";
import { callServeHandler, syncServeHandler } from "./serve-call.ts";
import { shared, type EmbeddedHost, type FunctionConfig, type RegisterBody } from "./shared.ts";
import { createInvokedRun, deadline, dueOpResults, planWaitOps, resolveArrived, resolveInvokers } from "./wait-ops.ts";
import { listenForWakeUps, type WakeUpListener } from "./wake-up.ts";

export type ExecutorOptions = {
  /** The app's serve endpoint, e.g. http://127.0.0.1:3000/api/inngest */
  serveUrl: string;
  /** App id the functions are registered under (the Inngest client id). */
  appId?: string;
  /** How often to look for due runs when nothing wakes the loop. Default 500 ms. */
  pollIntervalMs?: number;
  /** Lease on a claimed run; renewed while a request is in flight. Default 60 s. */
  leaseMs?: number;
  /** Runs executed at the same time by this executor. Default 4. */
  maxConcurrentRuns?: number;
  /** Multiplies sleeps, wait/invoke timeouts and retry back-off (tests use e.g. 0.01). Default 1. */
  timeScale?: number;
  /** First retry delay; doubles per attempt up to retryMaxMs (before timeScale). Default 1 s / 10 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Longest a single request to the serve handler may stay silent. Default 15 min. */
  requestTimeoutMs?: number;
  /** How long stop() lets in-flight requests finish before aborting them. Default 10 s. */
  stopGraceMs?: number;
  /** Events older than this are deleted (hourly). Default 7 days; 0 keeps them. */
  eventRetentionMs?: number;
  /** Wake up on NOTIFY from other processes accepting events (wake-up.ts). Default true. */
  listenForWakeUps?: boolean;
  signingKey?: string;
  logger?: Pick<Console, "info" | "warn" | "error">;
  id?: string;
};

const FAR_FUTURE_MS = 100 * 365 * 86_400_000;
const DEFAULT_RETRIES = 3;

type Held = {
  run: WorkflowRun;
  abort: AbortController;
  lost: boolean;
  /** When the request that produced the latest step result began (see park()). */
  progressAt?: Date;
};
type Flow = "continue" | "done";

class LeaseLost extends Error {}

function concurrencyLimit(cfg: FunctionConfig): number | null {
  const c = cfg.concurrency;
  if (c === undefined || c === null) return null;
  if (typeof c === "number") return c > 0 ? c : null;
  const list = Array.isArray(c) ? c : [c];
  // Keyed limits (per user etc.) are not modelled; the function-wide one is.
  const unkeyed = list.filter((x) => !x.key && x.limit > 0).map((x) => x.limit);
  return unkeyed.length ? Math.min(...unkeyed) : null;
}

export class EmbeddedExecutor implements EmbeddedHost {
  readonly id: string;
  private readonly opts: Required<Omit<ExecutorOptions, "id" | "logger" | "signingKey">> & { signingKey: string };
  private readonly log: Pick<Console, "info" | "warn" | "error">;
  private configs = new Map<string, FunctionConfig>();
  private registered = false;
  private running = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private wakeRequested = false;
  private readonly held = new Map<string, Held & { done: Promise<void> }>();
  private lastTickAt: number | null = null;
  private lastError: string | null = null;
  private lastPruneAt = 0;
  private wakeUps: WakeUpListener | null = null;

  constructor(options: ExecutorOptions) {
    this.id = options.id ?? `exec_${randomUUID()}`;
    this.log = options.logger ?? console;
    this.opts = {
      serveUrl: options.serveUrl,
      appId: options.appId ?? "reelforge",
      pollIntervalMs: options.pollIntervalMs ?? 500,
      leaseMs: options.leaseMs ?? 60_000,
      maxConcurrentRuns: options.maxConcurrentRuns ?? 4,
      timeScale: options.timeScale ?? 1,
      retryBaseMs: options.retryBaseMs ?? 1000,
      retryMaxMs: options.retryMaxMs ?? 10 * 60_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 15 * 60_000,
      stopGraceMs: options.stopGraceMs ?? 10_000,
      eventRetentionMs: options.eventRetentionMs ?? 7 * 86_400_000,
      listenForWakeUps: options.listenForWakeUps ?? true,
      signingKey: options.signingKey ?? shared().signingKey,
    };
  }

  // --------------------------------------------------------------------------------------------
  // Lifecycle

  /** Registers with the serve handler (sync) and starts the loop. Safe to call once. */
  async start(): Promise<void> {
    if (this.running) return;
    shared().hosts.set(this.id, this);
    this.running = true;
    this.stopping = false;
    if (this.opts.listenForWakeUps) this.wakeUps ??= listenForWakeUps(() => this.wake(), { log: this.log });
    for (let i = 0; i < 5 && !this.registered && this.running; i++) {
      await this.register().catch((error: Error) => {
        this.lastError = `Could not register with ${this.opts.serveUrl}: ${error.message}`;
      });
      if (!this.registered) await new Promise((r) => setTimeout(r, 200 * (i + 1)));
    }
    if (!this.registered) this.log.error(`[workflows] ${this.lastError}; retrying in the background`);
    this.schedule(0);
  }

  /** Stops claiming, lets in-flight requests finish (then aborts them) and gives held runs back. */
  async stop(): Promise<void> {
    if (!this.running && this.held.size === 0) {
      shared().hosts.delete(this.id);
      return;
    }
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.wakeUps?.stop();
    this.wakeUps = null;
    await this.ticking;
    const all = Promise.allSettled([...this.held.values()].map((h) => h.done));
    const graceful = await Promise.race([all.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), this.opts.stopGraceMs).unref())]);
    if (!graceful) {
      for (const h of this.held.values()) h.abort.abort();
      await all;
    }
    shared().hosts.delete(this.id);
  }

  /** Looks for due runs now (an event arrived, a run finished). */
  wake(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  snapshot() {
    return { registered: this.registered, running: this.running, lastTickAt: this.lastTickAt, lastError: this.lastError };
  }

  functionConfigs(): FunctionConfig[] {
    return [...this.configs.values()];
  }

  acceptRegistration(body: RegisterBody): void {
    if (!body || !Array.isArray(body.functions)) throw new Error("The registration has no functions");
    if (body.appName !== this.opts.appId) throw new Error(`Expected app "${this.opts.appId}", got "${body.appName}"`);
    const sdk = String(body.sdk ?? "");
    if (sdk && sdk !== `js:v${PINNED_SDK_VERSION}`) {
      this.log.warn(`[workflows] the serve handler runs inngest ${sdk}; the embedded executor was written for js:v${PINNED_SDK_VERSION}`);
    }
    this.configs = new Map(body.functions.map((f) => [f.id, f]));
    for (const f of body.functions) {
      if (f.triggers.some((t) => "cron" in t)) this.log.warn(`[workflows] ${f.id}: cron triggers are not run by the embedded executor`);
    }
    this.registered = true;
  }

  private async register(): Promise<void> {
    await syncServeHandler(this.opts, this.id);
    if (!this.registered) throw new Error("the serve handler did not register its functions");
    this.lastError = null;
    this.lastTickAt = Date.now();
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        if (this.running) this.schedule(this.wakeRequested ? 0 : this.opts.pollIntervalMs);
        this.wakeRequested = false;
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Wakes the loop at a known due time sooner than the next poll. */
  private wakeAt(at: Date): void {
    const delay = at.getTime() - Date.now();
    if (delay < this.opts.pollIntervalMs) setTimeout(() => this.wake(), Math.max(0, delay) + 5).unref();
  }

  private async tick(): Promise<void> {
    try {
      if (!this.registered) {
        await this.register();
        this.log.info?.(`[workflows] registered ${this.configs.size} function(s) with ${this.opts.serveUrl}`);
      }
      let free = this.opts.maxConcurrentRuns - this.held.size;
      if (free > 0) {
        const unlimited: string[] = [];
        for (const cfg of this.configs.values()) {
          const limit = concurrencyLimit(cfg);
          if (limit === null) {
            unlimited.push(cfg.id);
            continue;
          }
          const busy = [...this.held.values()].filter((h) => h.run.functionId === cfg.id).length;
          const n = Math.min(free, limit - busy);
          if (n <= 0) continue;
          const runs = await store.claimDueRuns({ executorId: this.id, functionIds: [cfg.id], limit: n, leaseMs: this.opts.leaseMs });
          for (const run of runs) this.launch(run);
          free -= runs.length;
        }
        if (free > 0 && unlimited.length) {
          const runs = await store.claimDueRuns({ executorId: this.id, functionIds: unlimited, limit: free, leaseMs: this.opts.leaseMs });
          for (const run of runs) this.launch(run);
        }
      }
      if (this.opts.eventRetentionMs > 0 && Date.now() - this.lastPruneAt > 3_600_000) {
        this.lastPruneAt = Date.now();
        await store.pruneEvents(new Date(Date.now() - this.opts.eventRetentionMs));
      }
      this.lastTickAt = Date.now();
      this.lastError = null;
    } catch (error) {
      const message = (error as Error).message;
      // Log a failure once, not on every poll while it lasts (e.g. the database is down).
      if (message !== this.lastError) this.log.error("[workflows] executor loop:", error);
      this.lastError = message;
    }
  }

  private launch(run: WorkflowRun): void {
    const abort = new AbortController();
    const entry = { run, abort, lost: false } as Held & { done: Promise<void> };
    entry.done = this.execute(entry)
      .catch((error) => {
        if (!(error instanceof LeaseLost)) this.log.error(`[workflows] run ${run.id} (${run.functionId}):`, error);
      })
      .finally(() => {
        this.held.delete(run.id);
        this.wake();
      });
    this.held.set(run.id, entry);
  }

  // --------------------------------------------------------------------------------------------
  // Running one claimed run

  private async execute(h: Held): Promise<void> {
    const cfg = this.configs.get(h.run.functionId);
    if (!cfg) {
      await store.releaseRun(h.run.id, this.id);
      return;
    }
    const heartbeat = setInterval(
      () => {
        store
          .extendLease(h.run.id, this.id, this.opts.leaseMs)
          .then((ok) => {
            if (!ok) {
              h.lost = true;
              h.abort.abort();
            }
          })
          .catch(() => undefined);
      },
      Math.max(1000, this.opts.leaseMs / 3),
    );
    heartbeat.unref();
    try {
      const maxAttempts = (cfg.steps?.step?.retries?.attempts ?? DEFAULT_RETRIES) + 1;
      await this.settleDueOps(h);
      for (;;) {
        if (this.stopping || h.abort.signal.aborted) return void (await store.releaseRun(h.run.id, this.id));
        const steps = await store.listSteps(h.run.id);
        const startedAt = new Date();
        const outcome = await this.call(h, steps, maxAttempts);
        if (outcome === "aborted") return void (h.lost ? undefined : await store.releaseRun(h.run.id, this.id));
        const flow = await this.handle(h, outcome, maxAttempts, startedAt);
        if (flow === "done") return;
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Calls the serve handler once; "aborted" when stop() or a lost lease cut it short. */
  private call(h: Held, steps: WorkflowStep[], maxAttempts: number, stepId?: string): Promise<SdkOutcome | "aborted"> {
    return callServeHandler(this.opts, h.run, steps, maxAttempts, h.abort.signal, stepId);
  }

  private async handle(h: Held, outcome: SdkOutcome, maxAttempts: number, startedAt: Date): Promise<Flow> {
    switch (outcome.kind) {
      case "completed":
        return this.finish(h, { status: "completed", output: outcome.output });
      case "rejected":
        return this.failOrRetry(h, outcome.error, outcome.retriable, maxAttempts, outcome.retryAfter);
      case "invalid":
        return this.failOrRetry(h, outcome.error, true, maxAttempts);
      case "step-ran":
        return this.stepRan(h, outcome.op, outcome.retriable, maxAttempts, startedAt, outcome.retryAfter);
      case "ops":
        return this.opsFound(h, outcome.ops, maxAttempts, startedAt);
    }
  }

  private async stepRan(h: Held, op: SdkOp, retriable: boolean, maxAttempts: number, startedAt: Date, retryAfter?: Date): Promise<Flow> {
    if (op.op === OpCode.StepError && retriable && h.run.attempt + 1 < maxAttempts) {
      return this.failOrRetry(h, toSerializedError(op.error), true, maxAttempts, retryAfter);
    }
    const failed = op.op === OpCode.StepError || op.op === OpCode.StepFailed;
    await this.record(h, [
      failed
        ? { stepId: op.id, name: op.displayName ?? op.name, op: OpCode.StepFailed, error: toSerializedError(op.error) }
        : { stepId: op.id, name: op.displayName ?? op.name, op: OpCode.StepRun, data: op.data ?? null },
    ]);
    h.progressAt = startedAt;
    return "continue";
  }

  private async opsFound(h: Held, ops: SdkOp[], maxAttempts: number, startedAt: Date): Promise<Flow> {
    const complete = ops.find((o) => o.op === OpCode.RunComplete);
    if (complete) return this.finish(h, { status: "completed", output: complete.data ?? null });
    const terminalError = ops.find((o) => o.op === OpCode.StepFailed || o.op === OpCode.StepError);
    if (terminalError) {
      return this.failOrRetry(h, toSerializedError(terminalError.error), terminalError.op === OpCode.StepError, maxAttempts);
    }
    const known = new Set<string>([OpCode.StepPlanned, OpCode.Sleep, OpCode.WaitForEvent, OpCode.InvokeFunction, "DeferAdd", "DeferAbort"]);
    const unsupported = ops.find((o) => !known.has(o.op));
    if (unsupported) {
      return this.finish(h, {
        status: "failed",
        error: {
          name: "NonRetriableError",
          message: `The embedded workflow engine does not support ${unsupported.op} (step "${unsupported.displayName ?? unsupported.id}")`,
        },
      });
    }
    for (const op of ops)
      if (op.op === "DeferAdd" || op.op === "DeferAbort") this.log.warn(`[workflows] ${h.run.functionId}: defer() is not supported; ignored`);

    const planned = ops.filter((o) => o.op === OpCode.StepPlanned);
    // Parallel steps (Promise.all of step.run and step.invoke) come in one answer. The invoked
    // runs start now, beside the planned steps rather than after them; the run parks on them
    // once its planned steps are recorded (creating an invoked run twice is a no-op).
    if (planned.length)
      await this.startInvokedRuns(
        h,
        ops.filter((o) => o.op === OpCode.InvokeFunction),
      );
    for (const op of planned) {
      if (this.stopping || h.abort.signal.aborted) return "continue";
      const steps = await store.listSteps(h.run.id);
      if (steps.some((s) => s.stepId === op.id)) continue;
      const stepStartedAt = new Date();
      const outcome = await this.call(h, steps, maxAttempts, op.id);
      if (outcome === "aborted") return "continue";
      if (outcome.kind === "step-ran") {
        const flow = await this.stepRan(h, outcome.op, outcome.retriable, maxAttempts, stepStartedAt, outcome.retryAfter);
        if (flow === "done") return flow;
      } else if (outcome.kind === "completed") {
        return this.finish(h, { status: "completed", output: outcome.output });
      } else if (outcome.kind === "rejected" || outcome.kind === "invalid") {
        return this.failOrRetry(
          h,
          outcome.error,
          outcome.kind === "invalid" || outcome.retriable,
          maxAttempts,
          outcome.kind === "rejected" ? outcome.retryAfter : undefined,
        );
      }
    }
    if (planned.length) return "continue";

    const asyncOps = ops.filter((o) => o.op === OpCode.Sleep || o.op === OpCode.WaitForEvent || o.op === OpCode.InvokeFunction);
    if (!asyncOps.length) return "continue";
    return this.park(h, asyncOps, startedAt);
  }

  /**
   * Parks the run on its pending async ops, keeping the deadlines of ops already pending.
   * A new wait counts events received from the start of the request that ran the step before
   * it: in fan-out/fan-in (sendEvent, then waitForEvent for the answer) the answer may arrive
   * before the request that reaches the wait has even begun.
   */
  private async park(h: Held, asyncOps: SdkOp[], startedAt: Date): Promise<Flow> {
    const now = Date.now();
    const fresh = await store.getRun(h.run.id);
    const plan = await planWaitOps({
      run: fresh ?? h.run,
      asyncOps,
      now,
      timeScale: this.opts.timeScale,
      since: h.progressAt && h.progressAt < startedAt ? h.progressAt : startedAt,
      serves: (functionId) => this.configs.has(functionId),
    });
    if ("failure" in plan) return this.finish(h, { status: "failed", error: { name: "NonRetriableError", message: plan.failure } });
    const { ops, immediate } = plan;
    if (immediate.length) {
      await this.record(h, immediate, { waitingFor: ops.length ? { ops } : null });
      return "continue";
    }
    const first = Math.min(...ops.map(deadline));
    const runAfter = new Date(Number.isFinite(first) ? first : now + FAR_FUTURE_MS);
    const status = ops.every((o) => o.kind === "sleep") ? "sleeping" : "waiting";
    const parked = await store.parkRun(h.run.id, this.id, { status, runAfter, waitingFor: { ops }, attempt: 0 });
    if (!parked) throw new LeaseLost();
    this.wakeAt(runAfter);
    // Close the gap between the request and parking: an event or a finished invoked run that
    // arrived meanwhile found the run busy, so look for it now.
    if (await resolveArrived(h.run.id, this.log)) this.wake();
    return "done";
  }

  private async startInvokedRuns(h: Held, invokes: SdkOp[]): Promise<void> {
    const now = Date.now();
    let started = 0;
    for (const op of invokes) {
      const functionId = String(op.opts?.function_id ?? "");
      // An unknown function fails the invoke when the run parks on it (park).
      if (!this.configs.has(functionId)) continue;
      await createInvokedRun(h.run.id, op, functionId, now);
      started++;
    }
    if (started) this.wake();
  }

  /** At claim time: settle pending ops whose deadline passed (sleep over, wait timed out). */
  private async settleDueOps(h: Held): Promise<void> {
    if (!store.waitingForOf(h.run).ops.length) return;
    const { results, remaining } = await dueOpResults(h.run, this.log);
    if (results.length) await this.record(h, results, { waitingFor: { ops: remaining } });
  }

  private async record(h: Held, steps: StepResult[], extra: { waitingFor?: WaitingFor | null } = {}): Promise<void> {
    const ok = await store.recordSteps(h.run.id, this.id, steps, { attempt: 0, leaseMs: this.opts.leaseMs, ...extra });
    if (!ok) throw new LeaseLost();
    h.run = { ...h.run, attempt: 0 };
  }

  private backoffMs(attempt: number): number {
    const base = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** attempt);
    const jitter = 0.9 + Math.random() * 0.2;
    return Math.round(base * jitter * this.opts.timeScale);
  }

  private async failOrRetry(h: Held, error: SerializedError, retriable: boolean, maxAttempts: number, retryAfter?: Date): Promise<Flow> {
    const next = h.run.attempt + 1;
    if (!retriable || next >= maxAttempts) return this.finish(h, { status: "failed", error });
    const runAfter = retryAfter ?? new Date(Date.now() + this.backoffMs(h.run.attempt));
    const parked = await store.parkRun(h.run.id, this.id, { status: "queued", runAfter, attempt: next, error });
    if (!parked) throw new LeaseLost();
    this.wakeAt(runAfter);
    return "done";
  }

  private async finish(h: Held, result: { status: "completed"; output: unknown } | { status: "failed"; error: SerializedError }): Promise<Flow> {
    const run = await store.finishRun(h.run.id, this.id, result);
    if (!run) throw new LeaseLost();
    await this.afterFinish(run, result).catch((error) => this.log.error(`[workflows] after run ${run.id}:`, error));
    return "done";
  }

  /** Internal events (function.failed drives onFailure handlers) and invoking runs waiting for it. */
  private async afterFinish(run: WorkflowRun, result: { status: "completed"; output: unknown } | { status: "failed"; error: SerializedError }) {
    const base = { function_id: run.functionId, run_id: run.id, event: run.event };
    const events = [
      {
        id: `evt_finished_${run.id}`,
        name: "inngest/function.finished",
        data: result.status === "completed" ? { ...base, result: result.output } : { ...base, error: result.error },
      },
    ];
    if (result.status === "failed") events.unshift({ id: `evt_failed_${run.id}`, name: "inngest/function.failed", data: { ...base, error: result.error } });
    await acceptEvents(events);
    await resolveInvokers(run, result);
  }
}
