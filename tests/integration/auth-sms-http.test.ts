// The HTTP SMS adapter against a real local HTTP server: the request it makes, an error
// answer, an unreachable server, and a phone-code request through it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPhoneCode, verifyPhoneCode } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { createHttpSmsSender } from "~/utils/sms/http.server";
import { SmsSendError } from "~/utils/sms/types";
import { uniquePhone } from "./auth-helpers";

type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: unknown };

let server: Server;
let base = "";
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify({ id: "msg_1" }) };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "null") });
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("HTTP SMS adapter", () => {
  it("posts {to, from, body} as JSON with the bearer key", async () => {
    answer = { status: 200, body: JSON.stringify({ id: "msg_42" }) };
    const sender = createHttpSmsSender({ url: `${base}/v1/messages`, apiKey: "key-123", from: "Reelforge" });
    const result = await sender.send({ to: "+919876543210", body: "hello" });
    expect(result).toEqual({ provider: "http", id: "msg_42" });
    const req = received.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v1/messages");
    expect(req.headers.authorization).toBe("Bearer key-123");
    expect(req.headers["content-type"]).toMatch(/^application\/json/);
    expect(req.body).toEqual({ to: "+919876543210", from: "Reelforge", body: "hello" });
  });

  it("turns an error answer into SmsSendError with the status", async () => {
    answer = { status: 422, body: JSON.stringify({ error: "invalid number" }) };
    const sender = createHttpSmsSender({ url: `${base}/v1/messages`, apiKey: "k", from: "Reelforge" });
    const error = await sender.send({ to: "+1", body: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).status).toBe(422);
    expect((error as SmsSendError).message).toContain("invalid number");
  });

  it("turns an unreachable server into SmsSendError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = createHttpSmsSender({ url: `http://127.0.0.1:${port}/`, from: "Reelforge" });
    const error = await sender.send({ to: "+1", body: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).status).toBeNull();
  });

  it("delivers a working sign-in code, and a failed delivery leaves no code behind", async () => {
    answer = { status: 202, body: "" };
    const sender = createHttpSmsSender({ url: `${base}/sms`, apiKey: "k", from: "Reelforge" });
    const phone = uniquePhone();
    expect(await requestPhoneCode({ phone, ip: "192.0.2.10", sender })).toMatchObject({ ok: true, phone });
    const sent = received.at(-1)!.body as { to: string; body: string };
    expect(sent.to).toBe(phone);
    const code = /\b(\d{6})\b/.exec(sent.body)![1];
    expect(await prisma.smsMessage.count({ where: { to: phone } })).toBe(0);
    expect(await verifyPhoneCode({ phone, code })).toMatchObject({ ok: true, created: true });

    answer = { status: 500, body: "boom" };
    const other = uniquePhone();
    expect(await requestPhoneCode({ phone: other, ip: "192.0.2.10", sender })).toMatchObject({ ok: false, code: "send_failed" });
    expect(await prisma.phoneCode.count({ where: { phone: other } })).toBe(0);
  });
});
