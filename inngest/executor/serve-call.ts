// One request to the app's serve handler (/api/inngest) in the SDK's HTTP protocol: the run's
// event and memoised steps go in, signed; what the function did comes back, its signature checked.
import http from "node:http";
import https from "node:https";
import { randomUUID } from "node:crypto";
import type { WorkflowRun, WorkflowStep } from "./run-store.ts";
import {
  buildRunRequest,
  canonicalJson,
  Header,
  interpretResponse,
  PINNED_SDK_VERSION,
  signRequest,
  verifyResponseSignature,
  type SdkOutcome,
} from "./protocol.ts";

export type ServeTarget = { serveUrl: string; signingKey: string; requestTimeoutMs: number };

export function userAgent(): string {
  return `reelforge-embedded-executor (inngest-js v${PINNED_SDK_VERSION} protocol)`;
}

/** Calls the serve handler once for `run`; "aborted" when `signal` cut it short (stop(), a lost lease). */
export async function callServeHandler(
  target: ServeTarget,
  run: WorkflowRun,
  steps: WorkflowStep[],
  maxAttempts: number,
  signal: AbortSignal,
  stepId?: string,
): Promise<SdkOutcome | "aborted"> {
  const body = canonicalJson(
    buildRunRequest({
      runId: run.id,
      event: run.event as Record<string, unknown>,
      steps: steps.map((s) => ({ stepId: s.stepId, data: s.data, error: s.error ?? undefined })),
      attempt: run.attempt,
      maxAttempts,
    }),
  );
  const url = new URL(target.serveUrl);
  url.searchParams.set("fnId", run.functionId);
  url.searchParams.set("stepId", stepId ?? "step");
  try {
    const res = await httpRequest(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": userAgent(),
        [Header.Signature]: signRequest(body, target.signingKey),
        [Header.RunId]: run.id,
        [Header.RequestId]: randomUUID(),
        [Header.ServerKind]: "cloud",
      },
      body,
      signal,
      timeoutMs: target.requestTimeoutMs,
    });
    if ((res.status === 200 || res.status === 206) && !verifyResponseSignature(res.body, res.headers.get(Header.Signature), target.signingKey)) {
      return { kind: "invalid", error: { name: "Error", message: "The serve handler's response is not signed with this executor's key" } };
    }
    return interpretResponse(res.status, res.headers, res.body);
  } catch (error) {
    if (signal.aborted) return "aborted";
    return { kind: "rejected", retriable: true, error: { name: "Error", message: `Could not reach the serve handler: ${(error as Error).message}` } };
  }
}

/** Asks the serve handler to register its functions with this executor (the SDK's sync, a PUT). */
export async function syncServeHandler(target: ServeTarget, deployId: string): Promise<void> {
  const url = new URL(target.serveUrl);
  url.searchParams.set("deployId", deployId);
  const res = await httpRequest(url, {
    method: "PUT",
    headers: { [Header.Signature]: signRequest("", target.signingKey), "user-agent": userAgent() },
    body: "",
    timeoutMs: 30_000,
  });
  if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${res.body.slice(0, 300)}`);
}

type HttpResult = { status: number; headers: { get(name: string): string | null }; body: string };

/** node:http instead of fetch: a step may keep the request open for minutes (fetch gives up at 300 s). */
function httpRequest(
  url: URL,
  opts: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal; timeoutMs: number },
): Promise<HttpResult> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: opts.method,
        headers: { ...opts.headers, "content-length": String(Buffer.byteLength(opts.body)) },
        signal: opts.signal,
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get: (name) => {
                const v = res.headers[name.toLowerCase()];
                return Array.isArray(v) ? v.join(", ") : (v ?? null);
              },
            },
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}
