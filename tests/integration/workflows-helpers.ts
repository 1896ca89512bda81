// Shared set-up for workflow tests (not a test file itself): hosts the real inngest/remix serve
// handler for a set of functions on a loopback port, and builds fast embedded executors.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { InngestFunction } from "inngest";
import { EmbeddedExecutor, type ExecutorOptions } from "../../inngest/executor/index.ts";
import { createServeHandler } from "../../inngest/serve.server.ts";
import * as store from "../../inngest/executor/run-store.ts";

export type ServeHost = { url: string; requests: { method: string; path: string }[]; close(): Promise<void> };

/** Serves `fns` at http://127.0.0.1:<port>/api/inngest through the inngest/remix handler. */
export async function startServeHost(fns: InngestFunction.Any[]): Promise<ServeHost> {
  const handler = createServeHandler(fns);
  const requests: ServeHost["requests"] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const { port } = server.address() as AddressInfo;
      requests.push({ method: req.method ?? "GET", path: req.url ?? "/" });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const response = await handler({ request, context: {} });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/inngest`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function fastExecutor(serveUrl: string, overrides: Partial<ExecutorOptions> = {}): EmbeddedExecutor {
  return new EmbeddedExecutor({
    serveUrl,
    pollIntervalMs: 25,
    leaseMs: 5_000,
    timeScale: 0.01,
    retryBaseMs: 1_000,
    stopGraceMs: 2_000,
    maxConcurrentRuns: 4,
    logger: { info: () => undefined, warn: () => undefined, error: console.error },
    ...overrides,
  });
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The run of `functionId` started by event `eventId`, once `status` is reached. */
export async function waitForRun(functionId: string, eventId: string, status: store.WorkflowRunStatus | store.WorkflowRunStatus[], timeoutMs?: number) {
  const wanted = Array.isArray(status) ? status : [status];
  return waitFor(
    async () => {
      const runs = await store.runsOf(functionId, 200);
      const run = runs.find((r) => (r.event as { id?: string }).id === eventId);
      return run && wanted.includes(run.status) ? run : null;
    },
    `${functionId} run of ${eventId} to be ${wanted.join("/")}`,
    timeoutMs,
  );
}
