// Express glue for Remix that writes response bodies with back-pressure. The stock
// @remix-run/express adapter writes every chunk without waiting for the socket to drain, so a
// slow client downloading a large file made the server buffer the file in memory. Here each
// write waits for 'drain' (or the client going away, which cancels the body stream), and
// streamed responses (SSE, deferred parts) are flushed through the compression middleware
// whenever the body pauses.
import { createRequestHandler as createNodeHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";
import type { RequestFaults } from "../app/utils/db-errors.server.ts";
import { endRequestKey, openRequestKey, REQUEST_KEY_HEADER } from "../app/utils/request-scope.server.ts";
import { DISCARDING } from "./lingering-close.ts";
import { sendUnavailable } from "./unavailable.ts";

type Flushable = express.Response & { flush?: () => void };

const IDLE = Symbol("idle");

export function createRemixHandler(opts: {
  build: ServerBuild;
  mode?: string;
  getLoadContext?: (req: express.Request, res: express.Response) => AppLoadContext | Promise<AppLoadContext>;
}): express.RequestHandler {
  const handle = createNodeHandler(opts.build, opts.mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      // `faults`: what entry.server's handleError noted (the database was unreachable: ADR 231).
      const faults: RequestFaults = { databaseUnavailable: false };
      const context = { ...(await opts.getLoadContext?.(req, res)), faults };
      const response = await handle(request, context);
      if (response.status >= 500 && faults.databaseUnavailable) {
        await response.body?.cancel().catch(() => undefined);
        return sendUnavailable(req, res);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Aborts the request of a response (createRemixRequest). sendResponse calls it before it cancels a
 * body it stops sending: the render then sees its client gone (entry.server does not log that),
 * even where the response was destroyed and its 'close' event has not come yet.
 */
const abortRequestOf = new WeakMap<object, () => void>();

/** The Fetch Request for an Express request; aborted when the client leaves before the response is done. */
export function createRemixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname honours "trust proxy" but drops the port; take it from the forwarded or Host header.
  const hostHeader = req.get("X-Forwarded-Host") ?? req.get("host") ?? "";
  const port = Number.parseInt(hostHeader.split(":")[1] ?? "", 10);
  const url = new URL(`${req.protocol}://${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  // This request's own key (a client's value is replaced): its loaders share a read by it (ADR 365).
  const requestKey = openRequestKey();
  headers.set(REQUEST_KEY_HEADER, requestKey);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
    endRequestKey(requestKey);
  });
  res.on("close", () => {
    controller?.abort();
    endRequestKey(requestKey);
  });
  abortRequestOf.set(res, () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = requestBodyStream(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * The request's body as a web stream, with back-pressure. Unlike @remix-run/node's
 * createReadableStreamFromReadable, cancelling it (a door refusing a body over its limit) does
 * not destroy the request, which would reset the connection before the refusal reaches the
 * client: the rest of the body is read and dropped instead, bounded by lingeringClose (ADR 277).
 */
export function requestBodyStream(req: express.Request): ReadableStream<Uint8Array> {
  let closed = false;
  const detach = () => {
    closed = true;
    req.off("data", onData).off("end", onEnd).off("error", onError);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (closed) return;
    // The answer went out and the rest of the body is being dropped: stop holding it.
    if ((req as express.Request & { [DISCARDING]?: boolean })[DISCARDING]) return void detach();
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 1) <= 0) req.pause();
  };
  const onEnd = () => {
    if (closed) return;
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    if (closed) return;
    detach();
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData).on("end", onEnd).on("error", onError);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.resume();
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  );
}

export async function sendResponse(res: Flushable, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let finished = false;
  // Whenever we stop before the end (client gone, write error), the body is cancelled so its
  // source (an open file, a database cursor) is released now rather than by the GC.
  const cancel = () => {
    if (finished) return;
    abortRequestOf.get(res)?.();
    void reader.cancel().catch(() => {});
  };
  res.once("close", cancel);
  // One 'drain' listener per response, not one per back-pressured write: the compression
  // middleware hands 'drain' listeners to its zlib stream but does not route off() there, so
  // listeners added and removed per write piled up on it (MaxListenersExceededWarning on large
  // compressed pages).
  let drained: (() => void) | null = null;
  const onDrain = () => {
    const resume = drained;
    drained = null;
    resume?.();
  };
  res.on("drain", onDrain);
  res.on("close", onDrain);
  try {
    for (;;) {
      if (res.destroyed) return;
      // Flushed through compression only when the body pauses (an SSE event, a deferred part of a
      // page): a flush after every chunk made gzip restart its blocks for each of React's small
      // chunks, and a 120 KB dashboard went out as 45 KB instead of 12 KB (ADR 365).
      const read = reader.read();
      const first = await Promise.race([read, new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE))]);
      if (first === IDLE) res.flush?.();
      const { done, value } = first === IDLE ? await read : first;
      if (done) {
        finished = true;
        break;
      }
      if (res.destroyed) return;
      const ok = res.write(value);
      if (!ok && !res.destroyed) await new Promise<void>((resolve) => (drained = resolve));
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  } finally {
    res.off("close", cancel);
    res.off("close", onDrain);
    res.off("drain", onDrain);
    cancel();
  }
}
