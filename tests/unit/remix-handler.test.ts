import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createRemixRequest, sendResponse } from "../../server/remix-handler.ts";

const CHUNK = 64 * 1024;
let server: http.Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function bigBody(totalChunks: number, counter: { pulled: number; cancelled: boolean }) {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= totalChunks) return controller.close();
        counter.pulled++;
        controller.enqueue(new Uint8Array(CHUNK));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
}

async function listen(counter: { pulled: number; cancelled: boolean }, totalChunks: number) {
  const app = express();
  app.get("/big", (_req, res) => void sendResponse(res, new Response(bigBody(totalChunks, counter), { headers: { "Content-Type": "video/mp4" } })));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return (server.address() as AddressInfo).port;
}

describe("sendResponse", () => {
  it("stops pulling the body while the client does not read (back-pressure)", async () => {
    const counter = { pulled: 0, cancelled: false };
    const port = await listen(counter, 1600); // 100 MiB available
    const req = http.get({ host: "127.0.0.1", port, path: "/big" });
    const res = await new Promise<http.IncomingMessage>((r) => req.once("response", r));
    res.pause();
    await new Promise((r) => setTimeout(r, 500));
    // Only socket and stream buffers' worth is pulled, not the whole 100 MiB body.
    expect(counter.pulled * CHUNK).toBeLessThan(16 * 1024 * 1024);
    req.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(counter.cancelled).toBe(true);
  });

  it("delivers the whole body to a reading client", async () => {
    const counter = { pulled: 0, cancelled: false };
    const port = await listen(counter, 40);
    const body = await fetch(`http://127.0.0.1:${port}/big`).then((r) => r.arrayBuffer());
    expect(body.byteLength).toBe(40 * CHUNK);
  });
});

describe("sendResponse listeners", () => {
  it("leaves no listeners behind on the response after many back-pressured writes", async () => {
    const counter = { pulled: 0, cancelled: false };
    const seen: { before?: Record<string, number>; after?: Record<string, number> } = {};
    const count = (res: express.Response) => Object.fromEntries(["close", "drain", "error", "finish"].map((e) => [e, res.listenerCount(e)]));
    const app = express();
    app.get("/big", async (_req, res) => {
      seen.before = count(res);
      // Every 64 KiB write fills the 16 KiB buffer, so each one waits for 'drain'.
      await sendResponse(res, new Response(bigBody(40, counter)));
      seen.after = count(res);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const { port } = server.address() as AddressInfo;
    const body = await fetch(`http://127.0.0.1:${port}/big`).then((r) => r.arrayBuffer());
    expect(body.byteLength).toBe(40 * CHUNK);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.after).toEqual(seen.before);
  });
});

describe("sendResponse to a client that is already gone", () => {
  it("cancels the body so its source is released", async () => {
    const counter = { pulled: 0, cancelled: false };
    const app = express();
    app.get("/gone", (req, res) => {
      req.socket.destroy();
      res.once("close", () => void sendResponse(res, new Response(bigBody(10, counter))));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/gone`).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(counter.cancelled).toBe(true);
  });
});

describe("sendResponse stopping before the end", () => {
  it("aborts the request before it cancels the body, even before the response's 'close' event", async () => {
    const seen: { abortedAtCancel?: boolean } = {};
    const app = express();
    app.get("/leave", (req, res) => {
      const request = createRemixRequest(req, res);
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            // The response is destroyed while the next chunk is on its way: sendResponse stops
            // at once, before Node emits 'close' (on a later tick).
            if (++pulled === 2) res.destroy();
            controller.enqueue(new Uint8Array(16));
          },
          cancel() {
            seen.abortedAtCancel = request.signal.aborted;
          },
        },
        { highWaterMark: 0 },
      );
      void sendResponse(res, new Response(body));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/leave`)
      .then((r) => r.text())
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.abortedAtCancel).toBe(true);
  });
});
