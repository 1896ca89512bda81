// HTTP plumbing for the hosted adapters: time-outs, error bodies, downloads, and a client for
// fal-style model queues (submit -> poll status -> fetch result), which the hosted image,
// motion and music adapters share.
import { createWriteStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ProviderError } from "./types";

export type HttpOptions = {
  provider: string;
  timeoutMs: number;
  signal?: AbortSignal;
};

/** fetch with a time-out; network failures and time-outs become ProviderErrors. */
export async function fetchWithTimeout(url: string, init: RequestInit, options: HttpOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) {
      // Tenths below 10 s ("within 0.3 s", not "within 0 s" for a short configured time-out).
      const seconds = options.timeoutMs < 10_000 ? Math.round(options.timeoutMs / 100) / 10 : Math.round(options.timeoutMs / 1000);
      throw new ProviderError(options.provider, "timeout", `${options.provider} did not answer within ${seconds} s`, { cause: error });
    }
    throw new ProviderError(options.provider, "unavailable", `${options.provider} could not be reached: ${(error as Error).message}`, { cause: error });
  }
}

/** A short human message from an error answer (JSON error/detail/message fields, or text). */
export async function errorMessageOf(res: Response): Promise<string> {
  let text = "";
  try {
    text = await res.text();
  } catch {
    // body unreadable
  }
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const pick = (v: unknown): string | null => {
      if (typeof v === "string") return v;
      if (v && typeof v === "object") {
        const o = v as Record<string, unknown>;
        if (typeof o.message === "string") return o.message;
        if (Array.isArray(v)) return v.map((x) => pick(x) ?? (typeof x === "object" ? JSON.stringify(x) : String(x))).join("; ");
        if (typeof o.msg === "string") return o.msg;
      }
      return null;
    };
    const msg = pick(body.error) ?? pick(body.detail) ?? pick(body.message);
    if (msg) return msg.slice(0, 500);
  } catch {
    // not JSON
  }
  return (text.trim() || res.statusText || `HTTP ${res.status}`).slice(0, 500);
}

export async function expectOk(res: Response, provider: string, what: string): Promise<Response> {
  if (res.ok) return res;
  const message = await errorMessageOf(res);
  throw new ProviderError(provider, res.status === 400 || res.status === 422 ? "bad_input" : "upstream", `${what} failed (HTTP ${res.status}): ${message}`, {
    status: res.status,
  });
}

export async function readJson<T>(res: Response, provider: string, what: string): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(provider, "upstream", `${what}: the answer was not JSON`);
  }
}

/** Streams a URL (http(s) or data:) into a file. */
export async function downloadToFile(
  url: string,
  file: string,
  options: HttpOptions & { headers?: Record<string, string>; maxBytes?: number },
): Promise<{ contentType: string; bytes: number }> {
  if (url.startsWith("data:")) {
    const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
    if (!m) throw new ProviderError(options.provider, "upstream", "Invalid data URL in the result");
    const data = m[2] ? Buffer.from(m[3], "base64") : Buffer.from(decodeURIComponent(m[3]));
    await writeFile(file, data);
    return { contentType: m[1] || "application/octet-stream", bytes: data.length };
  }
  const res = await expectOk(await fetchWithTimeout(url, { headers: options.headers }, options), options.provider, "Download of the result");
  if (!res.body) throw new ProviderError(options.provider, "upstream", "The result download was empty");
  const max = options.maxBytes ?? 1024 * 1024 * 1024;
  let bytes = 0;
  const counted = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  counted.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > max) counted.destroy(new ProviderError(options.provider, "upstream", `The result is larger than ${max} bytes`));
  });
  try {
    await pipeline(counted, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof ProviderError) throw error;
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new ProviderError(options.provider, "upstream", `Download of the result failed: ${(error as Error).message}`, { cause: error });
  }
  if (bytes === 0) {
    await rm(file, { force: true });
    throw new ProviderError(options.provider, "upstream", "The result download was empty");
  }
  return { contentType: res.headers.get("content-type") ?? "application/octet-stream", bytes };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export type QueueConfig = {
  /** Provider name for messages, e.g. "fal-image". */
  provider: string;
  /** Queue base URL, e.g. https://queue.fal.run */
  baseUrl: string;
  apiKey: string;
  /** Milliseconds between status polls. */
  pollIntervalMs: number;
  /** Give up after this long (from submit). */
  timeoutMs: number;
  /** Time-out of each single HTTP call. */
  requestTimeoutMs: number;
};

type SubmitAnswer = { request_id?: string; status_url?: string; response_url?: string; cancel_url?: string };
type StatusAnswer = { status?: string; queue_position?: number; error?: unknown; response_url?: string };

/**
 * A client for fal's queue protocol: POST {base}/{model} -> {request_id, status_url,
 * response_url}; GET status_url until status is COMPLETED; GET response_url for the output.
 * Authorization header: `Key <apiKey>`.
 */
export class ModelQueueClient {
  constructor(private readonly config: QueueConfig) {}

  private headers(): Record<string, string> {
    return { Authorization: `Key ${this.config.apiKey}`, Accept: "application/json" };
  }

  private http(signal?: AbortSignal): HttpOptions {
    return { provider: this.config.provider, timeoutMs: this.config.requestTimeoutMs, signal };
  }

  /** Submits, waits and returns the model's output JSON and the request id. */
  async run<T>(
    model: string,
    input: unknown,
    options: { signal?: AbortSignal; onStatus?: (status: string) => void } = {},
  ): Promise<{ requestId: string; output: T }> {
    const { provider } = this.config;
    const base = this.config.baseUrl.replace(/\/$/, "");
    const submitted = await readJson<SubmitAnswer>(
      await expectOk(
        await fetchWithTimeout(
          `${base}/${model}`,
          { method: "POST", headers: { ...this.headers(), "Content-Type": "application/json" }, body: JSON.stringify(input) },
          this.http(options.signal),
        ),
        provider,
        "Submitting the request",
      ),
      provider,
      "Submitting the request",
    );
    const requestId = submitted.request_id;
    if (!requestId) throw new ProviderError(provider, "upstream", "The queue did not return a request id");
    const statusUrl = submitted.status_url ?? `${base}/${model}/requests/${requestId}/status`;
    let responseUrl = submitted.response_url ?? `${base}/${model}/requests/${requestId}`;
    const deadline = Date.now() + this.config.timeoutMs;

    for (;;) {
      const res = await fetchWithTimeout(statusUrl, { headers: this.headers() }, this.http(options.signal));
      if (!res.ok && res.status !== 202) await expectOk(res, provider, "Checking the request status");
      const status = await readJson<StatusAnswer>(res, provider, "Checking the request status");
      const state = String(status.status ?? "").toUpperCase();
      options.onStatus?.(state);
      if (status.error) {
        throw new ProviderError(provider, "failed", `The request failed: ${typeof status.error === "string" ? status.error : JSON.stringify(status.error)}`);
      }
      if (state === "COMPLETED") {
        if (status.response_url) responseUrl = status.response_url;
        break;
      }
      if (state === "FAILED" || state === "ERROR" || state === "CANCELLED") {
        throw new ProviderError(provider, "failed", `The request ended with status ${state}`);
      }
      if (state !== "IN_QUEUE" && state !== "IN_PROGRESS") {
        throw new ProviderError(provider, "upstream", `Unknown request status "${status.status ?? ""}"`);
      }
      if (Date.now() + this.config.pollIntervalMs > deadline) {
        void this.cancel(submitted.cancel_url ?? `${base}/${model}/requests/${requestId}/cancel`);
        throw new ProviderError(provider, "timeout", `The request did not finish within ${Math.round(this.config.timeoutMs / 1000)} s`);
      }
      await sleep(this.config.pollIntervalMs, options.signal);
    }

    const output = await readJson<T>(
      await expectOk(await fetchWithTimeout(responseUrl, { headers: this.headers() }, this.http(options.signal)), provider, "Fetching the result"),
      provider,
      "Fetching the result",
    );
    return { requestId, output };
  }

  private async cancel(url: string): Promise<void> {
    try {
      await fetchWithTimeout(url, { method: "PUT", headers: this.headers() }, this.http());
    } catch {
      // best effort
    }
  }
}

/** Finds the first URL in a model output: output.images[0].url, output.video.url, output.audio_file.url ... */
export function firstUrlIn(output: unknown, keys: string[]): string | null {
  if (!output || typeof output !== "object") return null;
  const o = output as Record<string, unknown>;
  for (const key of keys) {
    const v = o[key];
    if (typeof v === "string" && /^(https?:|data:)/.test(v)) return v;
    if (Array.isArray(v) && v.length) {
      const first = v[0] as unknown;
      if (typeof first === "string") return first;
      if (first && typeof first === "object" && typeof (first as { url?: unknown }).url === "string") return (first as { url: string }).url;
    }
    if (v && typeof v === "object" && typeof (v as { url?: unknown }).url === "string") return (v as { url: string }).url;
  }
  return null;
}
