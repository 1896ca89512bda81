// Where PayU's verify_payment is configured, a signed success is confirmed with PayU (here a
// real local HTTP server speaking the post-service protocol) before any credit is granted.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallbackDeps, initiatePayment, processGatewayCallback } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import type { GatewayConfig } from "~/utils/payu/config.server";
import { balanceOf, ensurePlans, fieldsOf, newPayer, sha512, signedAnswer } from "./payments-helpers";

/** What the fake PayU answers per txnid: a status and amount, or an HTTP error. */
const verdicts = new Map<string, { status: string; amt: string } | "http500">();
const asked: string[] = [];
let server: Server;
let payu: GatewayConfig;
let deps: CallbackDeps;

beforeAll(async () => {
  await ensurePlans();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const txnid = form.get("var1") ?? "";
      asked.push(txnid);
      if (form.get("hash") !== sha512(`${payu.key}|verify_payment|${txnid}|${payu.salt}`)) {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: 0, msg: "Invalid Hash." }));
        return;
      }
      const verdict = verdicts.get(txnid);
      if (verdict === "http500") {
        res.writeHead(500).end();
        return;
      }
      const row = verdict ? { mihpayid: "99887766", txnid, ...verdict } : { mihpayid: "Not Found", status: "Not Found" };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: 1, transaction_details: { [txnid]: row } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  payu = {
    provider: "payu",
    key: "liveKey",
    salt: "liveSalt",
    paymentUrl: "https://secure.payu.in/_payment",
    verifyUrl: `http://127.0.0.1:${port}/merchant/postservice.php?form=2`,
  };
  deps = { config: (p) => (p === "payu" ? payu : null) };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function start(planName = "BASIC") {
  const payer = await newPayer();
  const result = await initiatePayment({ user: payer, planName }, { provider: "payu", config: payu });
  if (!result.ok) throw new Error("initiate failed");
  expect(result.checkout.action).toBe("https://secure.payu.in/_payment");
  return { payer, txnid: result.txnid, request: fieldsOf(result.checkout) };
}

describe("verify_payment before granting", () => {
  it("grants when PayU confirms success with the same amount", async () => {
    const { payer, txnid, request } = await start();
    verdicts.set(txnid, { status: "success", amt: "600.00" });
    asked.length = 0;
    expect(await processGatewayCallback(signedAnswer(request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "success", granted: true });
    expect(asked).toEqual([txnid]);
    expect(await balanceOf(payer.id)).toBe(20);
  });

  it("grants nothing when PayU says the payment failed, even with a valid success hash", async () => {
    const { payer, txnid, request } = await start();
    verdicts.set(txnid, { status: "failure", amt: "600.00" });
    expect(await processGatewayCallback(signedAnswer(request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "failure" });
    expect(await balanceOf(payer.id)).toBe(0);
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } })).toMatchObject({ status: "failed" });
  });

  it("keeps the payment pending when PayU does not know it yet or cannot be reached", async () => {
    const unknown = await start();
    expect(await processGatewayCallback(signedAnswer(unknown.request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "pending" });
    expect(await balanceOf(unknown.payer.id)).toBe(0);
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid: unknown.txnid } })).toMatchObject({ status: "pending" });

    const pending = await start();
    verdicts.set(pending.txnid, { status: "pending", amt: "600.00" });
    expect(await processGatewayCallback(signedAnswer(pending.request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "pending" });
    expect(await balanceOf(pending.payer.id)).toBe(0);

    const down = await start();
    verdicts.set(down.txnid, "http500");
    expect(await processGatewayCallback(signedAnswer(down.request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "pending" });
    expect(await balanceOf(down.payer.id)).toBe(0);
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid: down.txnid } })).toMatchObject({ status: "pending" });
    // Once PayU answers, a repeated callback completes it.
    verdicts.set(down.txnid, { status: "success", amt: "600.00" });
    expect(await processGatewayCallback(signedAnswer(down.request, payu.salt, "success"), "success", deps)).toMatchObject({ result: "success", granted: true });
    expect(await balanceOf(down.payer.id)).toBe(20);
  });

  it("rejects when PayU's amount differs from the pending transaction", async () => {
    const { payer, txnid, request } = await start();
    verdicts.set(txnid, { status: "success", amt: "6.00" });
    expect(await processGatewayCallback(signedAnswer(request, payu.salt, "success"), "success", deps)).toMatchObject({
      result: "rejected",
      reason: "amount_mismatch",
    });
    expect(await balanceOf(payer.id)).toBe(0);
  });

  it("does not call PayU for a forged callback", async () => {
    const { txnid, request } = await start();
    verdicts.set(txnid, { status: "success", amt: "600.00" });
    asked.length = 0;
    expect(await processGatewayCallback(signedAnswer(request, "guessed", "success"), "success", deps)).toMatchObject({
      result: "rejected",
      reason: "bad_hash",
    });
    expect(asked).toEqual([]);
  });
});
