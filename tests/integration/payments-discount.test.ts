// Discount codes (seed 000 §5): empty, signed in, exists and not expired (matched upper-cased),
// once per user, and counted as used only when a payment with it succeeds.
import { beforeAll, describe, expect, it } from "vitest";
import { checkDiscountCode } from "~/models/discounts.server";
import { initiatePayment, processGatewayCallback, resolvePaymentSummary, type Payer } from "~/models/payments.server";
import { prisma } from "~/utils/db.server";
import { gatewayConfig, type GatewayConfig } from "~/utils/payu/config.server";
import { balanceOf, ensurePlans, fieldsOf, newDiscount, newPayer, signedAnswer } from "./payments-helpers";

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

  it("two payments started with the same code before either finished both deliver credits; the code is used once", async () => {
    const payer = await newPayer();
    const code = await newDiscount(10);
    const a = await initiatePayment({ user: payer, planName: "BASIC", discountCode: code.code }, { provider: "sandbox" });
    const b = await initiatePayment({ user: payer, planName: "BASIC", discountCode: code.code }, { provider: "sandbox" });
    if (!a.ok || !b.ok) throw new Error("initiate failed");
    const outcomes = await Promise.all(
      [a, b].map((s) => processGatewayCallback(signedAnswer(fieldsOf(s.checkout), sandbox.salt, "success"), "success")),
    );
    expect(outcomes.map((o) => o.result)).toEqual(["success", "success"]);
    expect(await balanceOf(payer.id)).toBe(40);
    expect(await prisma.discountUsage.count({ where: { userId: payer.id, discountCodeId: code.id } })).toBe(1);
  });

  it("a 100% code would make the amount zero: refused as invalid payment details", async () => {
    const payer = await newPayer();
    const code = await newDiscount(100);
    expect(await resolvePaymentSummary({ user: payer, planName: "BASIC", discountCode: code.code })).toEqual({ ok: false, problem: "invalid_details" });
  });
});
