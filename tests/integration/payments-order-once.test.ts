// An order is paid at most once (issue 21, ADR 265): several checkouts opened for one order and
// all paid complete the order once; every other success is recorded as refund due, whether the
// successes arrive together or one after another, for guest and member orders alike. And the
// guest who paid comes back to a page of their own (issue 20 finding 11, ADR 266): the order
// number, what happens next and how to follow up; a failure speaks of the order, not credits.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import * as paymentRoute from "~/routes/_shell.payment";
import { initiatePayment, isOrderPaid, type Payer, processGatewayCallback, REFUND_DUE_PREFIX } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import { gatewayConfig, type GatewayConfig } from "~/utils/payu/config.server";
import { fieldsOf, newPayer, sessionCookieFor, signedAnswer, uid } from "./payments-helpers";

let sandbox: GatewayConfig;

beforeAll(() => {
  const config = gatewayConfig("sandbox");
  if (!config) throw new Error("sandbox gateway should be enabled in tests");
  sandbox = config;
});

async function linkOrder(opts: { rate: number; userId?: string }) {
  const link = await prisma.customOrderLink.create({ data: { title: "Festive reel", customRate: opts.rate, accessCode: uid("L").slice(0, 12) } });
  const guest = opts.userId
    ? null
    : await prisma.customOrderGuest.create({ data: { name: "Asha Rao", email: "asha@example.com", phoneNumber: "+91 98765 00000" } });
  return prisma.customOrder.create({
    data: { userId: opts.userId ?? null, guestId: guest?.id ?? null, orderLinkId: link.id, creditsUsed: 5, status: "awaiting_payment" },
  });
}

async function checkout(orderId: string, user: Payer | null = null) {
  const started = await initiatePayment({ user, orderId }, { provider: "sandbox" });
  if (!started.ok) throw new Error(`initiate failed: ${JSON.stringify(started)}`);
  return { txnid: started.txnid, request: fieldsOf(started.checkout) };
}

async function rowsOf(orderId: string) {
  return prisma.paymentTransaction.findMany({ where: { customOrderId: orderId }, orderBy: { createdAt: "asc" } });
}

describe("an order is paid once", () => {
  it("five checkouts of a guest order, five successes at once: one completes the order, four are refund due", async () => {
    const order = await linkOrder({ rate: 499 });
    const checkouts = await Promise.all(Array.from({ length: 5 }, () => checkout(order.id)));
    expect(new Set(checkouts.map((c) => c.txnid)).size).toBe(5);

    const outcomes = await Promise.all(checkouts.map((c) => processGatewayCallback(signedAnswer(c.request, sandbox.salt, "success"), "success")));
    expect(outcomes.filter((o) => o.result === "success" && o.granted)).toHaveLength(1);
    expect(outcomes.filter((o) => o.result === "refund_due")).toHaveLength(4);

    const rows = await rowsOf(order.id);
    const completed = rows.filter((r) => r.status === "completed" && r.paymentStatus === "success");
    const refundDue = rows.filter((r) => r.status === "failed" && r.paymentStatus === "success");
    expect(completed).toHaveLength(1);
    expect(refundDue).toHaveLength(4);
    for (const r of refundDue) {
      expect(r.errorMessage?.startsWith(REFUND_DUE_PREFIX)).toBe(true);
      expect(r.errorMessage).toContain(completed[0].txnid);
      expect(r.completedAt).toBeNull();
    }
    expect(await prisma.customOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "pending" });
    expect(await isOrderPaid(order.id)).toBe(true);
    // Nothing is ever granted in credits for an order, and replays change nothing.
    expect(await prisma.creditLedgerEntry.count({ where: { reference: { in: checkouts.map((c) => c.txnid) } } })).toBe(0);
    const replays = await Promise.all(checkouts.map((c) => processGatewayCallback(signedAnswer(c.request, sandbox.salt, "success"), "success")));
    expect(replays.filter((o) => o.result === "success" && o.granted)).toHaveLength(0);
    expect((await rowsOf(order.id)).filter((r) => r.status === "completed")).toHaveLength(1);
  });

  it("a success that arrives after the order was paid (an earlier checkout, even one closed as failed) is refund due", async () => {
    const member = await newPayer();
    const order = await linkOrder({ rate: 999, userId: member.id });
    const first = await checkout(order.id, member);
    const second = await checkout(order.id, member);
    const third = await checkout(order.id, member);
    // The third is closed as failed first; PayU may still report its success later (ADR 126).
    expect(await processGatewayCallback(signedAnswer(third.request, sandbox.salt, "failure"), "failure")).toMatchObject({ result: "failure" });
    expect(await processGatewayCallback(signedAnswer(second.request, sandbox.salt, "success"), "success")).toMatchObject({ result: "success", granted: true });
    expect(await processGatewayCallback(signedAnswer(first.request, sandbox.salt, "success"), "success")).toMatchObject({
      result: "refund_due",
      redirectTo: `/payment?orderId=${order.id}&payment=refund&txnid=${first.txnid}`,
    });
    expect(await processGatewayCallback(signedAnswer(third.request, sandbox.salt, "success"), "success")).toMatchObject({ result: "refund_due" });
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.txnid, r.status, r.paymentStatus])).toEqual([
      [first.txnid, "failed", "success"],
      [second.txnid, "completed", "success"],
      [third.txnid, "failed", "success"],
    ]);
  });
});

async function paymentPage(path: string, cookie?: string) {
  const request = new Request(new URL(path, "http://localhost:3106"), { headers: cookie ? { Cookie: cookie } : {} });
  return (await paymentRoute.loader({ request, params: {}, context: {} } as LoaderFunctionArgs)) as Awaited<ReturnType<typeof paymentRoute.loader>>;
}

describe("the page a buyer comes back to", () => {
  it("a guest who paid gets the order number, the next steps by e-mail and no payment form", async () => {
    const order = await linkOrder({ rate: 499 });
    const { request } = await checkout(order.id);
    const back = await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success");
    const page = await paymentPage(back.redirectTo);
    expect(page.details).toBeNull();
    expect(page.outcome).toMatchObject({
      state: "success",
      orderNumber: order.orderNumber,
      guest: true,
      contactEmail: "a…@example.com",
      title: "Festive reel",
      amount: 499,
    });
    expect(page.outcome?.accessCode).toMatch(/^L/);
  });

  it("a guest whose payment failed keeps the order and can pay again; a second success for it is refund due", async () => {
    const order = await linkOrder({ rate: 499 });
    const failed = await checkout(order.id);
    const back = await processGatewayCallback(signedAnswer(failed.request, sandbox.salt, "failure"), "failure");
    const page = await paymentPage(back.redirectTo);
    expect(page.outcome).toMatchObject({ state: "failure", orderNumber: order.orderNumber, guest: true });
    expect(page.details).toMatchObject({ ok: true, kind: "order", orderId: order.id, amount: 499 });

    const retry = await checkout(order.id);
    await processGatewayCallback(signedAnswer(retry.request, sandbox.salt, "success"), "success");
    const late = await processGatewayCallback(signedAnswer(failed.request, sandbox.salt, "success"), "success");
    expect(late.result).toBe("refund_due");
    const refundPage = await paymentPage(late.redirectTo);
    expect(refundPage.details).toBeNull();
    expect(refundPage.outcome).toMatchObject({ state: "refund", orderNumber: order.orderNumber, txnid: failed.txnid });
  });

  it("a member's order outcome is shown to that member only", async () => {
    const member = await newPayer();
    const order = await linkOrder({ rate: 999, userId: member.id });
    const { request } = await checkout(order.id, member);
    const back = await processGatewayCallback(signedAnswer(request, sandbox.salt, "success"), "success");
    expect((await paymentPage(back.redirectTo, await sessionCookieFor(member.id))).outcome).toMatchObject({
      state: "success",
      guest: false,
      contactEmail: null,
    });
    const stranger = await newPayer();
    expect((await paymentPage(back.redirectTo, await sessionCookieFor(stranger.id))).outcome).toBeNull();
  });
});
