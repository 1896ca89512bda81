// Discount codes (docs/product.md#discount-codes): empty, signed in, exists and not expired
// (matched upper-cased), once per user, and counted as used only when a payment with it succeeds.
import { beforeAll, describe, expect, it } from "vitest";
import { getPaymentResult, initiatePayment, type Payer, processGatewayCallback, REFUND_DUE_PREFIX, resolvePaymentSummary } from "~/models/billing";
import { checkDiscountCode } from "~/models/billing/discounts.server";
import { prisma } from "~/utils/db.server";
import { gatewayConfig, type GatewayConfig } from "~/utils/payu/config.server";
import { balanceOf, ensurePlans, fieldsOf, newDiscount, newPayer, signedAnswer } from "./payments-helpers";
import { webActor } from "../support/web-actor";

let sandbox: GatewayConfig;
beforeAll(async () => {
  await ensurePlans();
  sandbox = gatewayConfig("sandbox")!;
});

async function pay(payer: Payer, code: string, status: "success" | "failure", plan = "BASIC") {
  const started = await initiatePayment({ user: payer, planName: plan, discountCode: code }, { provider: "sandbox" });
  if (!started.ok) throw new Error(JSON.stringify(started));
  const request = fieldsOf(started.checkout);
  await processGatewayCallback(signedAnswer(request, sandbox.salt, status), status);
  return { txnid: started.txnid, amount: request.amount };
}

describe("checking a discount code", () => {
  it("needs a code", async () => {
    const payer = await newPayer();
    expect(await checkDiscountCode(payer.id, "")).toEqual({ ok: false, error: "empty" });
    expect(await checkDiscountCode(payer.id, "   ")).toEqual({ ok: false, error: "empty" });
    expect(await checkDiscountCode(payer.id, null)).toEqual({ ok: false, error: "empty" });
  });

  it("needs a signed-in user", async () => {
    const code = await newDiscount(10);
    expect(await checkDiscountCode(null, code.code)).toEqual({ ok: false, error: "auth_required" });
  });

  it("rejects unknown and expired codes", async () => {
    const payer = await newPayer();
    expect(await checkDiscountCode(payer.id, "NO-SUCH-CODE")).toEqual({ ok: false, error: "invalid" });
    const expired = await newDiscount(20, { validUntil: new Date(Date.now() - 1000) });
    expect(await checkDiscountCode(payer.id, expired.code)).toEqual({ ok: false, error: "invalid" });
    const soon = await newDiscount(20, { validUntil: new Date(Date.now() + 60_000) });
    expect(await checkDiscountCode(payer.id, soon.code)).toMatchObject({ ok: true });
    expect(await checkDiscountCode(payer.id, soon.code, new Date(Date.now() + 120_000))).toEqual({ ok: false, error: "invalid" });
  });

  it("matches the code upper-cased and trimmed", async () => {
    const payer = await newPayer();
    const code = await newDiscount(15);
    expect(await checkDiscountCode(payer.id, `  ${code.code.toLowerCase()} `)).toEqual({
      ok: true,
      discount: { id: code.id, code: code.code, percentage: 15 },
    });
  });
});

describe("using a discount code", () => {
  it("applying does not use it; a failed payment does not use it; a successful one does", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    expect(await checkDiscountCode(payer.id, code.code)).toMatchObject({ ok: true });
    expect(await checkDiscountCode(payer.id, code.code)).toMatchObject({ ok: true });

    const failed = await pay(payer, code.code, "failure");
    expect(failed.amount).toBe("540.00");
    expect(await prisma.discountUsage.count({ where: { userId: payer.id } })).toBe(0);
    expect(await checkDiscountCode(payer.id, code.code)).toMatchObject({ ok: true });

    const paid = await pay(payer, code.code, "success");
    expect(await balanceOf(payer.id)).toBe(20);
    const usage = await prisma.discountUsage.findMany({ where: { userId: payer.id } });
    const tx = await prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid: paid.txnid } });
    expect(usage).toMatchObject([{ discountCodeId: code.id, transactionId: tx.id }]);
    expect(await checkDiscountCode(payer.id, code.code)).toEqual({ ok: false, error: "already_used" });

    // Another user may still use it.
    expect(await checkDiscountCode((await newPayer()).id, code.code)).toMatchObject({ ok: true });
  });

  it("a used code cannot discount a new payment", async () => {
    const payer = await newPayer();
    const code = await newDiscount(50);
    await pay(payer, code.code, "success", "PRO");
    const summary = await resolvePaymentSummary({ user: payer, planName: "PRO", discountCode: code.code });
    expect(summary).toMatchObject({ ok: true, summary: { amount: 2499, discount: null, discountError: "already_used" } });
    const again = await initiatePayment({ user: payer, planName: "PRO", discountCode: code.code }, { provider: "sandbox" });
    expect(again).toMatchObject({ ok: false, problem: "payment_error" });
    expect(await prisma.paymentTransaction.count({ where: { userId: payer.id } })).toBe(1);
  });

  it("the price is rounded to whole rupees and charged as computed on the server", async () => {
    const payer = await newPayer();
    const code = await newDiscount(15);
    const { amount } = await pay(payer, code.code, "success", "PRO");
    expect(amount).toBe("2124.00"); // 2499 - 15% = 2124.15
    expect(await balanceOf(payer.id)).toBe(100);
  });

  it("a 100% code would make the amount zero: refused as invalid payment details", async () => {
    const payer = await newPayer();
    const code = await newDiscount(100);
    expect(await resolvePaymentSummary({ user: payer, planName: "BASIC", discountCode: code.code })).toEqual({ ok: false, problem: "invalid_details" });
  });
});

// Issue 8 §5, ADR 126: the code is reserved when a payment starts, spent when it succeeds.
describe("a code is reserved when a payment starts", () => {
  async function open(payer: Payer, code: string, plan = "BASIC") {
    const started = await initiatePayment({ user: payer, planName: plan, discountCode: code }, { provider: "sandbox" });
    if (!started.ok) throw new Error(JSON.stringify(started));
    return { txnid: started.txnid, request: fieldsOf(started.checkout) };
  }
  const answer = (checkout: { request: Record<string, string> }, status: "success" | "failure") =>
    processGatewayCallback(signedAnswer(checkout.request, sandbox.salt, status), status);
  const row = (txnid: string) => prisma.paymentTransaction.findUniqueOrThrow({ where: { txnid } });

  it("three checkouts opened before paying, all three paid: one discounted purchase, the other two grant nothing", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const checkouts = [await open(payer, code.code), await open(payer, code.code), await open(payer, code.code)];
    expect(checkouts.map((c) => c.request.amount)).toEqual(["540.00", "540.00", "540.00"]);

    const outcomes = [];
    for (const checkout of checkouts) outcomes.push(await answer(checkout, "success"));
    expect(outcomes.map((o) => o.result)).toEqual(["success", "refund_due", "refund_due"]);
    expect(await balanceOf(payer.id)).toBe(20);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: payer.id, reason: "purchase" } })).toBe(1);

    const first = await row(checkouts[0].txnid);
    expect(await prisma.discountUsage.findMany({ where: { userId: payer.id } })).toMatchObject([
      { discountCodeId: code.id, transactionId: first.id, state: "used" },
    ]);
    for (const refunded of checkouts.slice(1)) {
      const r = await row(refunded.txnid);
      expect(r).toMatchObject({ status: "failed", paymentStatus: "success", completedAt: null });
      expect(r.errorMessage).toContain(REFUND_DUE_PREFIX);
      expect(r.errorMessage).toContain(checkouts[0].txnid);
      expect(await getPaymentResult(refunded.txnid, webActor(payer.id))).toMatchObject({ state: "refund" });
    }
    expect(await checkDiscountCode(payer.id, code.code)).toEqual({ ok: false, error: "already_used" });
  });

  it("the same, with the three success callbacks arriving at once: exactly one grant", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const checkouts = await Promise.all([open(payer, code.code), open(payer, code.code), open(payer, code.code)]);
    const outcomes = await Promise.all(checkouts.map((c) => answer(c, "success")));
    expect(outcomes.filter((o) => o.result === "success")).toHaveLength(1);
    expect(outcomes.filter((o) => o.result === "refund_due")).toHaveLength(2);
    expect(await balanceOf(payer.id)).toBe(20);
    expect(await prisma.discountUsage.count({ where: { userId: payer.id, discountCodeId: code.id } })).toBe(1);
  });

  it("only the newest checkout holds the code: opening another retires the earlier one", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const first = await open(payer, code.code);
    const firstRow = await row(first.txnid);
    expect(await prisma.discountUsage.findMany({ where: { userId: payer.id } })).toMatchObject([{ transactionId: firstRow.id, state: "reserved" }]);
    // Applying the code again on /plans still works: a reservation is not a use.
    expect(await checkDiscountCode(payer.id, code.code)).toMatchObject({ ok: true });

    const second = await open(payer, code.code, "PRO");
    expect(await row(first.txnid)).toMatchObject({ status: "failed", errorMessage: "Replaced by a newer checkout with the same discount code" });
    const secondRow = await row(second.txnid);
    expect(await prisma.discountUsage.findMany({ where: { userId: payer.id } })).toMatchObject([{ transactionId: secondRow.id, state: "reserved" }]);
    expect(await answer(second, "success")).toMatchObject({ result: "success", granted: true });
    expect(await balanceOf(payer.id)).toBe(100);
  });

  it("a signed failure releases the code; a new checkout can use it", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const failed = await open(payer, code.code);
    expect(await answer(failed, "failure")).toMatchObject({ result: "failure" });
    expect(await prisma.discountUsage.count({ where: { userId: payer.id } })).toBe(0);
    const again = await open(payer, code.code);
    expect(await answer(again, "success")).toMatchObject({ result: "success", granted: true });
    expect(await balanceOf(payer.id)).toBe(20);
  });

  it("a late signed success after a signed failure completes once and spends the code", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const checkout = await open(payer, code.code);
    await answer(checkout, "failure");
    expect(await row(checkout.txnid)).toMatchObject({ status: "failed" });
    expect(await answer(checkout, "success")).toMatchObject({ result: "success", granted: true });
    expect(await answer(checkout, "success")).toMatchObject({ result: "success", granted: false });
    expect(await balanceOf(payer.id)).toBe(20);
    const completed = await row(checkout.txnid);
    expect(completed).toMatchObject({ status: "completed", paymentStatus: "success" });
    expect(await prisma.discountUsage.findMany({ where: { userId: payer.id } })).toMatchObject([{ transactionId: completed.id, state: "used" }]);
  });

  it("a late signed success after the code was spent by another payment grants nothing and records a refund due", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const late = await open(payer, code.code);
    await answer(late, "failure");
    const other = await open(payer, code.code);
    expect(await answer(other, "success")).toMatchObject({ result: "success", granted: true });

    const outcome = await answer(late, "success");
    expect(outcome).toMatchObject({ result: "refund_due", redirectTo: `/plans?payment=refund&txnid=${late.txnid}` });
    expect(await balanceOf(payer.id)).toBe(20);
    const otherRow = await row(other.txnid);
    expect(await prisma.discountUsage.findMany({ where: { userId: payer.id } })).toMatchObject([{ transactionId: otherRow.id, state: "used" }]);
    expect((await row(late.txnid)).errorMessage).toContain(REFUND_DUE_PREFIX);
    // A replay changes nothing.
    expect(await answer(late, "success")).toMatchObject({ result: "refund_due" });
    expect(await balanceOf(payer.id)).toBe(20);
  });

  it("the database allows one row per user and code", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    await prisma.discountUsage.create({ data: { userId: payer.id, discountCodeId: code.id, state: "reserved" } });
    await expect(prisma.discountUsage.create({ data: { userId: payer.id, discountCodeId: code.id, state: "used" } })).rejects.toThrow();
  });
});
