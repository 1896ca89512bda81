// HTTP load on loopback with autocannon: throughput and latency percentiles (p95 from every
// response's time, autocannon's own summary has p97.5 but no p95), and the status codes seen.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type AutocannonResult = { duration: number; errors: number; timeouts: number; non2xx: number };
type AutocannonInstance = {
  on(event: "response", fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  stop(): void;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  timeout?: number;
};
const autocannon = require("autocannon") as (opts: AutocannonOptions, cb: (err: unknown, result: AutocannonResult) => void) => AutocannonInstance;

export type LoadResult = {
  connections: number;
  durationSec: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** `connections` keep-alive connections requesting `url` for `durationSec` seconds. */
export function load(url: string, opts: { connections: number; durationSec: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: opts.connections, duration: opts.durationSec, headers: opts.headers, timeout: 30 }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({
        connections: opts.connections,
        durationSec: result.duration,
        requests: times.length,
        reqPerSec: r1(times.length / result.duration),
        p50Ms: r1(percentile(times, 50)),
        p95Ms: r1(percentile(times, 95)),
        p99Ms: r1(percentile(times, 99)),
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}
