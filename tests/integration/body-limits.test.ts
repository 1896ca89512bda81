// Over-limit bodies always get their 413 (issue 21 §6): a raw HTTP client sends a body past each
// door's limit, declared with Content-Length or sent chunked, as fast as the socket takes it,
// and reads what comes back while it is still sending. The answer must be a complete 413 with
// `Connection: close`, never a connection reset before it. The doors: /mcp (JSON, 24 MB), a
// Remix form action (1 MB, app/utils/forms.server.ts), the upload door (15 MB for an image) and
// the agents endpoint (256 KB). docs/decisions/277-over-limit-bodies-answered.md
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/models/access";
import sharp from "sharp";
import { productPhoto } from "../providers/fixtures";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { signedInUser, type TestUser } from "./http-helpers";
import { actorOf } from "./pipeline-helpers";

let server: LiveServer;
let user: TestUser;
let token: string;
let photo: Buffer;

beforeAll(async () => {
  server = await startLiveServer();
  user = await signedInUser();
  token = (await createApiToken(actorOf(user.id), { name: "body limits" })).token;
  photo = await sharp(await productPhoto())
    .png()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Outcome = { response: string; error: string | null; sent: number };

/**
 * Sends `method path` with `headers` and `size` body bytes (chunked when `chunked`), writing as
 * fast as the socket drains, and collects every byte of the answer until the server closes.
 * Write errors after the answer began (the server stopped reading) are expected and kept apart.
 */
function rawRequest(opts: { path: string; headers: Record<string, string>; size: number; chunked: boolean; prefix?: Buffer }): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, "127.0.0.1");
    const received: Buffer[] = [];
    let error: string | null = null;
    let sent = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ response: Buffer.concat(received).toString("latin1"), error, sent });
    };
    socket.on("data", (d) => received.push(d));
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      finish();
    });
    socket.on("close", finish);
    socket.on("end", () => socket.end());
    const head = [
      `POST ${opts.path} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
      opts.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${opts.size}`,
      "",
      "",
    ].join("\r\n");
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let prefix = opts.prefix ?? Buffer.alloc(0);
    const pump = () => {
      while (sent < opts.size && !socket.destroyed) {
        let piece = prefix.length ? prefix : chunk.subarray(0, Math.min(chunk.length, opts.size - sent));
        if (piece.length > opts.size - sent) piece = piece.subarray(0, opts.size - sent);
        prefix = Buffer.alloc(0);
        sent += piece.length;
        const framed = opts.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      // A naive client: it sends the whole body whatever the server answers meanwhile.
      if (sent >= opts.size && opts.chunked && !socket.destroyed) socket.write("0\r\n\r\n");
    };
    pump();
  });
}

/** A whole 413 with its message; `Connection: close` whenever it came before the body had been read. */
function expect413(outcome: Outcome, bodyPattern: RegExp) {
  const [head, ...rest] = outcome.response.split("\r\n\r\n");
  expect(head, `answer (client error: ${outcome.error}, sent ${outcome.sent} bytes)`).toMatch(/^HTTP\/1\.1 413 /);
  expect(rest.join("\r\n\r\n")).toMatch(bodyPattern);
  return head.toLowerCase();
}

const MB = 1024 * 1024;

describe("bodies over a door's limit get a 413, declared or chunked", () => {
  for (const chunked of [false, true]) {
    const how = chunked ? "chunked" : "with Content-Length";

    it(`/mcp (24 MB), ${how}`, async () => {
      const outcome = await rawRequest({
        path: "/mcp",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${token}` },
        size: 40 * MB,
        chunked,
        prefix: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"'),
      });
      const head = expect413(outcome, /Request too large/);
      // Declared too large: refused before a byte is read (a chunked body is cut at the limit).
      if (!chunked) expect(head).toMatch(/\r\nconnection: close/);
    });

    it(`a form action (1 MB), ${how}`, async () => {
      const outcome = await rawRequest({
        path: "/settings",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: user.cookie },
        size: 8 * MB,
        chunked,
        prefix: Buffer.from("intent=profile&username="),
      });
      expect(expect413(outcome, /too large/i)).toMatch(/\r\nconnection: close/);
    });

    it(`the upload door (15 MB image), ${how}`, async () => {
      const boundary = "----reelforge-limit";
      const outcome = await rawRequest({
        path: "/resources/upload/product-photos",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: user.cookie },
        size: 40 * MB,
        chunked,
        // A real PNG, then padding past the limit.
        prefix: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`, "latin1"),
          photo,
        ]),
      });
      const head = expect413(outcome, /too large/i);
      // Declared too large: refused before it is read (a chunked one is read to its end).
      if (!chunked) expect(head).toMatch(/\r\nconnection: close/);
    });

    it(`the agents endpoint (256 KB), ${how}`, async () => {
      const outcome = await rawRequest({
        path: "/api/agents/execute",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        size: 8 * MB,
        chunked,
        prefix: Buffer.from('{"function":"analyze_project_requirements","pad":"'),
      });
      expect(expect413(outcome, /too large/i)).toMatch(/\r\nconnection: close/);
    });
  }
});
