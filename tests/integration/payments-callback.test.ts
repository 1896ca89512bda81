// PayU callbacks: only a correctly signed answer that matches the pending transaction grants
// credits, exactly once, also when it is replayed or arrives several times at once.
import { beforeAll, describe, expect, it } from "vitest";
import { initiatePayment, isOrderPaid, listSuccessfulTransactions, type Payer, processGatewayCallback } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import { gatewayConfig, type GatewayConfig } from "~/utils/payu/config.server";
import { balanceOf, ensurePlans, fieldsOf, ledgerFor, newDiscount, newPayer, sha512, signedAnswer, uid } from "./payments-helpers";
import { webActor } from "../support/web-actor";

let sandbox: GatewayConfig;

beforeAll(async () => {
  await ensurePlans();
  const config = gatewayConfig("sandbox");
  if (!config) throw new Error("sandbox gateway should be enabled in tests");
  sandbox = config;
});

async function start(payer: Payer, planName = "BASIC", discountCode?: string) {
  const result = await initiatePayment({ user: payer, planName, discountCode }, { provider: "sandbox" });
  if (!result.ok) throw new Error(`initiate failed: ${JSON.stringify(result)}`);
  return { ...result, request: fieldsOf(result.checkout) };
}

describe("initiating a payment", () => {
  it("creates a pending transaction with the amount computed on the server and a signed form", async () => {
    const payer = await newPayer({ username: null });
    const code = await newDiscount(10);
    const { txnid, request, checkout } = await start(payer, "basic", code.code.toLowerCase());
    const row = await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } });
    expect(row).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      provider: "sandbox",
      planName: "BASIC",
      userId: payer.id,
      discountCodeId: code.id,
    });
    expect(row.amount.toFixed(2)).toBe("540.00");
    expect(row.originalAmount.toFixed(2)).toBe("600.00");
    expect(Number(row.credits)).toBe(20);
    expect(checkout.action).toBe(sandbox.paymentUrl);
    expect(request.amount).toBe("540.00");
    expect(request.txnid).toMatch(/^[A-Z0-9]{10,25}$/);
    expect(request.hash).toBe(
      sha512(
        [
          sandbox.key,
          txnid,
          "540.00",
          request.productinfo,
          request.firstname,
          request.email,
          request.udf1,
          request.udf2,
          request.udf3,
          request.udf4,
          request.udf5,
          "",
          "",
          "",
          "",
          "",
          sandbox.salt,
        ].join("|"),
      ),
    );
    expect(request.udf1).toBe(payer.id);
    expect(request.surl).toMatch(/\/api\/payments\/payu\/success$/);
    expect(request.furl).toMatch(/\/api\/payments\/payu\/failure$/);
  });

  it("needs a signed-in user and an existing plan", async () => {
    expect(await initiatePayment({ user: null, planName: "BASIC" }, { provider: "sandbox" })).toEqual({ ok: false, problem: "login_required" });
    const payer = await newPayer();
    expect(await initiatePayment({ user: payer, planName: "GOLD" }, { provider: "sandbox" })).toEqual({ ok: false, problem: "invalid_details" });
    expect(await initiatePayment({ user: payer }, { provider: "sandbox" })).toEqual({ ok: false, problem: "invalid_details" });
  });
});

describe("success callback", () => {
  it("grants the plan's credits once, with a purchase ledger row referenced by the txnid", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer, "PRO");
    const outcome = await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success");
    expect(outcome).toEqual({ result: "success", txnid, granted: true, redirectTo: `/plans?payment=success&txnid=${txnid}` });
    expect(await balanceOf(payer.id)).toBe(100);
    const ledger = await ledgerFor(payer.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: "purchase", reference: txnid });
    expect([Number(ledger[0].before), Number(ledger[0].delta), Number(ledger[0].after)]).toEqual([0, 100, 100]);
    const row = await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } });
    expect(row).toMatchObject({ status: "completed", paymentStatus: "success" });
    expect(row.completedAt).not.toBeNull();
    expect(row.providerPaymentId).toMatch(/^MIH/);
    const history = await listSuccessfulTransactions(webActor(payer.id));
    expect(history.map((h) => h.txnid)).toEqual([txnid]);
    expect(history[0].amount).toBe(2499);
  });

  it("a replayed callback grants nothing more", async () => {
    const payer = await newPayer();
    const { request } = await start(payer);
    const answer = signedAnswer(request, sandbox.salt, "success");
    expect(await processGatewayCallback(answer, "success")).toMatchObject({ result: "success", granted: true });
    expect(await processGatewayCallback(answer, "success")).toMatchObject({ result: "success", granted: false });
    expect(await processGatewayCallback(answer, "failure")).toMatchObject({ result: "success", granted: false });
    expect(await balanceOf(payer.id)).toBe(20);
    expect(await ledgerFor(payer.id)).toHaveLength(1);
  });

  it("callbacks arriving at the same time grant exactly once", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const answer = signedAnswer(request, sandbox.salt, "success");
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => processGatewayCallback(answer, "success")));
    expect(outcomes.every((o) => o.result === "success")).toBe(true);
    expect(outcomes.filter((o) => o.result === "success" && o.granted)).toHaveLength(1);
    expect(await balanceOf(payer.id)).toBe(20);
    const ledger = await ledgerFor(payer.id);
    expect(ledger.map((l) => l.reference)).toEqual([txnid]);
  });

  it("a later failure post does not undo a completed payment", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success");
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "failure"), "failure")).toMatchObject({ result: "failure" });
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } })).toMatchObject({ status: "completed", paymentStatus: "success" });
    expect(await balanceOf(payer.id)).toBe(20);
  });
});

describe("forged and tampered callbacks", () => {
  async function expectNothingGranted(payer: Payer, txnid: string) {
    expect(await balanceOf(payer.id)).toBe(0);
    expect(await ledgerFor(payer.id)).toHaveLength(0);
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } })).toMatchObject({ status: "pending", paymentStatus: "pending" });
  }

  it("rejects a hash made with another salt", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const outcome = await processGatewayCallback(signedAnswer(request, "not-the-salt", "success"), "success");
    expect(outcome).toEqual({ result: "rejected", reason: "bad_hash", redirectTo: "/plans?payment=error" });
    await expectNothingGranted(payer, txnid);
  });

  it("rejects a missing hash", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const answer = signedAnswer(request, sandbox.salt, "success");
    delete answer.hash;
    expect(await processGatewayCallback(answer, "success")).toMatchObject({ result: "rejected", reason: "bad_hash" });
    await expectNothingGranted(payer, txnid);
  });

  it("rejects a failure answer whose status was edited to success", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const answer = { ...signedAnswer(request, sandbox.salt, "failure"), status: "success" };
    expect(await processGatewayCallback(answer, "success")).toMatchObject({ result: "rejected", reason: "bad_hash" });
    await expectNothingGranted(payer, txnid);
  });

  it("rejects an edited amount, txnid, or udf", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const answer = signedAnswer(request, sandbox.salt, "success");
    expect(await processGatewayCallback({ ...answer, amount: "1.00" }, "success")).toMatchObject({ result: "rejected", reason: "bad_hash" });
    expect(await processGatewayCallback({ ...answer, udf1: "someone-else" }, "success")).toMatchObject({ result: "rejected", reason: "bad_hash" });
    expect(await processGatewayCallback({ ...answer, additionalCharges: "0.01" }, "success")).toMatchObject({ result: "rejected", reason: "bad_hash" });
    await expectNothingGranted(payer, txnid);
  });

  it("rejects a correctly signed answer whose amount differs from the pending transaction", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer, "PRO");
    const answer = signedAnswer(request, sandbox.salt, "success", { amount: "600.00" });
    expect(await processGatewayCallback(answer, "success")).toMatchObject({ result: "rejected", reason: "amount_mismatch" });
    await expectNothingGranted(payer, txnid);
  });

  it("rejects a correctly signed answer carrying another user's id or product", async () => {
    const payer = await newPayer();
    const other = await newPayer();
    const { txnid, request } = await start(payer);
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "success", { udf1: other.id }), "success")).toMatchObject({
      result: "rejected",
      reason: "field_mismatch",
    });
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "success", { productinfo: "PRO - 100 credits" }), "success")).toMatchObject({
      result: "rejected",
      reason: "field_mismatch",
    });
    await expectNothingGranted(payer, txnid);
    expect(await balanceOf(other.id)).toBe(0);
  });

  it("rejects an unknown txnid and another merchant key", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    expect(await processGatewayCallback(signedAnswer({ ...request, txnid: uid("RF") }, sandbox.salt, "success"), "success")).toMatchObject({
      result: "rejected",
      reason: "unknown_transaction",
    });
    expect(await processGatewayCallback(signedAnswer({ ...request, key: "otherKey" }, sandbox.salt, "success"), "success")).toMatchObject({
      result: "rejected",
      reason: "key_mismatch",
    });
    expect(await processGatewayCallback({}, "success")).toMatchObject({ result: "rejected", reason: "missing_txnid" });
    await expectNothingGranted(payer, txnid);
  });

  it("a payment started on PayU is not accepted with the sandbox's signature", async () => {
    const payer = await newPayer();
    const payu: GatewayConfig = { provider: "payu", key: "payuKey", salt: "payuSalt", paymentUrl: "https://test.payu.in/_payment", verifyUrl: null };
    const started = await initiatePayment({ user: payer, planName: "BASIC" }, { provider: "payu", config: payu });
    if (!started.ok) throw new Error("initiate failed");
    const request = fieldsOf(started.checkout);
    // Signed with the sandbox salt and key: the row says payu, so the sandbox cannot settle it.
    const forged = signedAnswer({ ...request, key: sandbox.key }, sandbox.salt, "success");
    expect(await processGatewayCallback(forged, "success", { config: (p) => (p === "payu" ? payu : sandbox) })).toMatchObject({ result: "rejected" });
    await expectNothingGranted(payer, started.txnid);
    expect(
      await processGatewayCallback(signedAnswer(request, payu.salt, "success"), "success", { config: (p) => (p === "payu" ? payu : sandbox) }),
    ).toMatchObject({
      result: "success",
      granted: true,
    });
    expect(await balanceOf(payer.id)).toBe(20);
  });
});

describe("failed and pending payments", () => {
  it("a failure grants nothing and marks the transaction failed", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    const outcome = await processGatewayCallback(signedAnswer(request, sandbox.salt, "failure", { error_Message: "Bank declined" }), "failure");
    expect(outcome).toEqual({ result: "failure", txnid, redirectTo: `/plans?payment=failure&txnid=${txnid}` });
    expect(await balanceOf(payer.id)).toBe(0);
    const row = await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } });
    expect(row).toMatchObject({ status: "failed", paymentStatus: "failure", errorMessage: "Bank declined" });
    expect(await listSuccessfulTransactions(webActor(payer.id))).toEqual([]);
  });

  it("a signed failure posted to surl still grants nothing", async () => {
    const payer = await newPayer();
    const { request } = await start(payer);
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "failure"), "success")).toMatchObject({ result: "failure" });
    expect(await balanceOf(payer.id)).toBe(0);
  });

  it("a pending answer grants nothing and leaves the transaction pending", async () => {
    const payer = await newPayer();
    const { txnid, request } = await start(payer);
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "pending"), "failure")).toMatchObject({ result: "pending", txnid });
    expect(await balanceOf(payer.id)).toBe(0);
    expect(await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } })).toMatchObject({ status: "pending", paymentStatus: "pending" });
  });

  it("a verified success after a failed attempt on the same txnid completes it once", async () => {
    const payer = await newPayer();
    const { request } = await start(payer);
    await processGatewayCallback(signedAnswer(request, sandbox.salt, "failure"), "failure");
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success")).toMatchObject({ result: "success", granted: true });
    expect(await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success")).toMatchObject({ result: "success", granted: false });
    expect(await balanceOf(payer.id)).toBe(20);
  });
});

describe("custom order payments", () => {
  async function guestOrder(rate: number) {
    const link = await prisma.customOrderLink.create({ data: { title: "Diwali promo video", customRate: rate, accessCode: uid("A").slice(0, 12) } });
    const guest = await prisma.customOrderGuest.create({ data: { name: "Ravi Kumar", email: "ravi@example.com", phoneNumber: "+91 98765 43210" } });
    return prisma.customOrder.create({ data: { guestId: guest.id, orderLinkId: link.id, creditsUsed: 20 } });
  }

  it("a guest pays the order link's rate through the order's guest; no credits are granted", async () => {
    const order = await guestOrder(1500);
    const started = await initiatePayment({ user: null, orderId: order.id }, { provider: "sandbox" });
    if (!started.ok) throw new Error(JSON.stringify(started));
    const request = fieldsOf(started.checkout);
    expect(request.amount).toBe("1500.00");
    expect(request.firstname).toBe("Ravi Kumar");
    expect(request.email).toBe("ravi@example.com");
    expect(request.phone).toBe("919876543210");
    expect(request.udf2).toBe(order.guestId);
    expect(request.udf4).toBe(order.id);
    const outcome = await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success");
    expect(outcome).toMatchObject({ result: "success", granted: true, redirectTo: `/payment?orderId=${order.id}&payment=success&txnid=${started.txnid}` });
    expect(await isOrderPaid(order.id)).toBe(true);
    expect(await prisma.creditLedgerEntry.count({ where: { reference: started.txnid } })).toBe(0);
    // Paid orders cannot be paid again.
    expect(await initiatePayment({ user: null, orderId: order.id }, { provider: "sandbox" })).toEqual({ ok: false, problem: "order_unpayable" });
  });

  it("uses the documented problems for unknown, free, guest-less and other members' orders", async () => {
    expect(await initiatePayment({ user: null, orderId: "no-such-order" }, { provider: "sandbox" })).toEqual({ ok: false, problem: "order_load_failed" });
    const free = await guestOrder(0);
    expect(await initiatePayment({ user: null, orderId: free.id }, { provider: "sandbox" })).toEqual({ ok: false, problem: "order_unpayable" });
    const orphan = await prisma.customOrder.create({ data: {} });
    expect(await initiatePayment({ user: null, orderId: orphan.id }, { provider: "sandbox" })).toEqual({ ok: false, problem: "guest_not_found" });
    const owner = await newPayer();
    const link = await prisma.customOrderLink.create({ data: { title: "Reel", customRate: 999, accessCode: uid("B").slice(0, 12) } });
    const memberOrder = await prisma.customOrder.create({ data: { userId: owner.id, orderLinkId: link.id } });
    expect(await initiatePayment({ user: null, orderId: memberOrder.id }, { provider: "sandbox" })).toEqual({ ok: false, problem: "login_required" });
    expect(await initiatePayment({ user: await newPayer(), orderId: memberOrder.id }, { provider: "sandbox" })).toEqual({
      ok: false,
      problem: "order_unpayable",
    });
    const mine = await initiatePayment({ user: owner, orderId: memberOrder.id }, { provider: "sandbox" });
    expect(mine.ok).toBe(true);
  });
});
