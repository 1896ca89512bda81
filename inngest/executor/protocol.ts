// The wire protocol between an Inngest executor and the SDK's serve handler, as implemented by
// inngest 4.24.0 (node_modules/inngest/components/InngestCommHandler.js, execution/engine.js).
// The executor calls POST <serve url>?fnId=<app>-<fn>&stepId=<"step" | hashed step id> with
// { event, events, steps, ctx } and gets back:
//   200  the function's return value (run complete)
//   206  a JSON array of ops: one StepRun / StepError / StepFailed after the SDK ran a step,
//        or the steps it found and wants the executor to schedule (StepPlanned, Sleep,
//        WaitForEvent, InvokeFunction ...)
//   400  the function failed for good (x-inngest-no-retry: true)
//   500  the function failed and may be retried (x-inngest-no-retry: false, retry-after)
// tests/unit/workflows-protocol.test.ts pins this against the installed SDK.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The SDK version this executor speaks to; the protocol test fails when the package changes. */
export const PINNED_SDK_VERSION = "4.24.0";

export const OpCode = {
  StepPlanned: "StepPlanned",
  StepRun: "StepRun",
  Step: "Step",
  StepError: "StepError",
  StepFailed: "StepFailed",
  Sleep: "Sleep",
  WaitForEvent: "WaitForEvent",
  InvokeFunction: "InvokeFunction",
  RunComplete: "RunComplete",
  StepNotFound: "StepNotFound",
} as const;

export const Header = {
  Signature: "x-inngest-signature",
  NoRetry: "x-inngest-no-retry",
  RetryAfter: "retry-after",
  RequestVersion: "x-inngest-req-version",
  RunId: "x-run-id",
  RequestId: "x-request-id",
  ServerKind: "x-inngest-server-kind",
  SdkVersion: "x-inngest-sdk",
} as const;

/** An op as the SDK reports it (OutgoingOp). */
export type SdkOp = {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  opts?: Record<string, unknown> & { timeout?: string; if?: string; function_id?: string; payload?: { data?: unknown } };
  data?: unknown;
  error?: unknown;
  userland?: { id?: string; index?: number };
};

export type SerializedError = { name: string; message: string; stack?: string; [key: string]: unknown };

export type MemoStep = { stepId: string; data?: unknown; error?: unknown };

export type RunRequest = {
  event: Record<string, unknown>;
  events: Record<string, unknown>[];
  steps: Record<string, { type: "data"; data: unknown } | { type: "error"; error: unknown }>;
  ctx: {
    run_id: string;
    attempt: number;
    max_attempts: number;
    disable_immediate_execution: boolean;
    use_api: false;
    stack: { stack: string[]; current: number };
  };
};

/**
 * Builds the request body. Steps are sent in their explicit `{type, data}` / `{type, error}`
 * form (a bare value that happens to look like `{data: ...}` would otherwise be unwrapped) and
 * the stack lists them in completion order, which the SDK uses to settle promises in order.
 */
export function buildRunRequest(input: { runId: string; event: Record<string, unknown>; steps: MemoStep[]; attempt: number; maxAttempts: number }): RunRequest {
  const steps: RunRequest["steps"] = {};
  for (const s of input.steps) {
    steps[s.stepId] = s.error !== undefined && s.error !== null ? { type: "error", error: s.error } : { type: "data", data: s.data ?? null };
  }
  const stack = input.steps.map((s) => s.stepId);
  return {
    event: input.event,
    events: [input.event],
    steps,
    ctx: {
      run_id: input.runId,
      attempt: input.attempt,
      max_attempts: input.maxAttempts,
      // Sending no fn_id and allowing immediate execution keeps the SDK in plain async mode:
      // no checkpoint calls to an Inngest API, one step run per request.
      disable_immediate_execution: false,
      use_api: false,
      stack: { stack, current: stack.length },
    },
  };
}

/**
 * Canonical JSON (sorted keys), byte-identical to the `canonicalize` package the SDK uses to
 * verify signatures of parsed request bodies. We send this exact string as the body.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return JSON.stringify(value) as string;
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => canonicalJson(v === undefined || typeof v === "symbol" ? null : v)).join(",")}]`;
  }
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(obj).sort()) {
    const v = obj[key];
    if (v === undefined || typeof v === "symbol" || typeof v === "function") continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(",")}}`;
}

function keyMaterial(signingKey: string): string {
  return signingKey.replace(/^signkey-[\w]+-/, "");
}

function hmacHex(data: string, signingKey: string, timestamp: string): string {
  return createHmac("sha256", keyMaterial(signingKey)).update(data).update(timestamp).digest("hex");
}

/** The x-inngest-signature value for a request body: `t=<unix seconds>&s=<hmac-sha256 hex>`. */
export function signRequest(body: string, signingKey: string, nowMs = Date.now()): string {
  const t = Math.round(nowMs / 1000).toString();
  return `t=${t}&s=${hmacHex(body, signingKey, t)}`;
}

/** Verifies the SDK's signature of a response body (signed over the raw body text). */
export function verifyResponseSignature(body: string, header: string | null, signingKey: string, nowMs = Date.now()): boolean {
  if (!header) return false;
  const params = new URLSearchParams(header);
  const t = params.get("t");
  const s = params.get("s");
  if (!t || !s) return false;
  if (Math.abs(nowMs - Number(t) * 1000) > 5 * 60_000) return false;
  const expected = Buffer.from(hmacHex(body, signingKey, t), "utf8");
  const given = Buffer.from(s, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type SdkOutcome =
  | { kind: "completed"; output: unknown }
  | { kind: "rejected"; error: SerializedError; retriable: boolean; retryAfter?: Date }
  | { kind: "step-ran"; op: SdkOp; retriable: boolean; retryAfter?: Date }
  | { kind: "ops"; ops: SdkOp[] }
  | { kind: "invalid"; error: SerializedError };

export function toSerializedError(value: unknown, fallback = "Unknown error"): SerializedError {
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    const message = typeof v.message === "string" && v.message ? v.message : typeof v.error === "string" ? v.error : fallback;
    const out: SerializedError = { name: typeof v.name === "string" && v.name ? v.name : "Error", message };
    if (typeof v.stack === "string" && v.stack) out.stack = v.stack;
    if (v.cause !== undefined) out.cause = v.cause;
    return out;
  }
  if (typeof value === "string" && value) return { name: "Error", message: value };
  return { name: "Error", message: fallback };
}

/** retry-after: seconds, or an HTTP/ISO date. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): Date | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return new Date(nowMs + Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** Interprets the serve handler's answer to a run request. */
export function interpretResponse(status: number, headers: { get(name: string): string | null }, body: string): SdkOutcome {
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : null;
  } catch {
    return { kind: "invalid", error: { name: "Error", message: `The serve handler answered ${status} with a body that is not JSON` } };
  }
  const noRetry = headers.get(Header.NoRetry);
  const retryAfter = parseRetryAfter(headers.get(Header.RetryAfter));
  if (status === 200) return { kind: "completed", output: parsed };
  if (status === 206) {
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((o) => o && typeof o === "object" && typeof o.op === "string")) {
      return { kind: "invalid", error: { name: "Error", message: "The serve handler answered 206 without a list of ops" } };
    }
    const ops = parsed as SdkOp[];
    const only = ops.length === 1 ? ops[0] : undefined;
    if (only && (only.op === OpCode.StepRun || only.op === OpCode.Step || only.op === OpCode.StepError || only.op === OpCode.StepFailed)) {
      return { kind: "step-ran", op: only, retriable: only.op === OpCode.StepError && noRetry !== "true", retryAfter };
    }
    return { kind: "ops", ops };
  }
  if (status >= 400 && status < 600) {
    let error = toSerializedError(parsed, `The serve handler answered ${status}`);
    if (status === 401) error = { name: "Error", message: "The serve handler refused the request signature (401)" };
    // 400 is the SDK's "failed for good"; everything else may be retried unless it says not to.
    const retriable = noRetry === "true" ? false : noRetry === "false" ? true : status !== 400;
    return { kind: "rejected", error, retriable, retryAfter };
  }
  return { kind: "invalid", error: { name: "Error", message: `The serve handler answered an unexpected status ${status}` } };
}

// ---------------------------------------------------------------------------------------------
// Durations as the SDK writes them (timeStr: "1w2d3h4m5s", or an ISO date for sleepUntil)

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_557_600_000 };

/** Milliseconds of "1h30m", "45s", "500ms", "2d"; undefined when it is not a duration. */
export function parseDuration(value: string): number | undefined {
  const s = value.trim();
  if (s === "") return 0;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    total += Number(m[1]) * UNIT_MS[m[2]];
    consumed = re.lastIndex;
  }
  return consumed === s.length && consumed > 0 ? total : undefined;
}

/** When a Sleep op ends: its name is a duration ("1m") or an instant (sleepUntil). */
export function sleepTarget(name: string | undefined, nowMs: number, scale: number): Date {
  const duration = parseDuration(name ?? "");
  if (duration !== undefined) return new Date(nowMs + duration * scale);
  const at = Date.parse(name ?? "");
  if (Number.isNaN(at)) throw new Error(`Cannot understand the sleep "${name}"`);
  return new Date(nowMs + Math.max(0, at - nowMs) * scale);
}
