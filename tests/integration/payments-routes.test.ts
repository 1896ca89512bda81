// The whole purchase through the app's own doors, as a browser would do it: Apply a code on
// /plans, Proceed on /payment, post the checkout form to the sandbox gateway, post the chosen
// answer to surl (without the session cookie, like a cross-site POST), follow the redirect.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import * as failureRoute from "~/routes/api.payments.payu.failure";
import * as successRoute from "~/routes/api.payments.payu.success";
import * as paymentRoute from "~/routes/_shell.payment";
import * as plansRoute from "~/routes/_shell.plans";
import * as sandboxRoute from "~/routes/payment.sandbox";
import { prisma } from "~/utils/db.server";
import { balanceOf, ensurePlans, ledgerFor, newDiscount, newPayer, sessionCookieFor } from "./payments-helpers";

const ORIGIN = "http://localhost:3106";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

async function call(handler: unknown, request: Request): Promise<{ status: number; location: string | null; body: unknown }> {
  let value: unknown;
  try {
    value = await (handler as Handler)({ request, params: {}, context: {} } as LoaderFunctionArgs & ActionFunctionArgs);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), body: await value.text() };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  return { status: 200, location: null, body: value };
}

function post(path: string, fields: Record<string, string> | Array<[string, string]>, cookie?: string): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body: new URLSearchParams(fields) });
}

function get(path: string, cookie?: string): Request {
  return new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}

beforeAll(ensurePlans);

describe("plans page", () => {
  it("Apply answers every discount rule with the documented texts", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const code = await newDiscount(10);
    const expired = await newDiscount(10, { validUntil: new Date(Date.now() - 1000) });
    const apply = async (value: string, c: string | null = cookie) =>
      (await call(plansRoute.action, post("/plans", { intent: "apply-discount", code: value }, c ?? undefined))).body;

    expect(await apply("")).toMatchObject({ ok: false, title: "Error", description: "Please enter a discount code." });
    expect(await apply(code.code, null)).toMatchObject({ ok: false, title: "Authentication Required", description: "Please log in to apply discount codes." });
    expect(await apply("NOPE")).toMatchObject({ ok: false, title: "Invalid Code", description: "This discount code is invalid or has expired." });
    expect(await apply(expired.code)).toMatchObject({ ok: false, title: "Invalid Code" });
    expect(await apply(code.code.toLowerCase())).toEqual({
      intent: "apply-discount",
      ok: true,
      code: code.code,
      percentage: 10,
      title: "Discount Applied!",
      description: "10% discount has been applied to your purchase.",
    });
  });

  it("lists the two plans and, for a signed-in user, an empty history", async () => {
    const payer = await newPayer();
    const { body } = await call(plansRoute.loader, get("/plans", await sessionCookieFor(payer.id)));
    const data = body as { plans: { name: string; credits: number; price: number; features: string[] }[]; transactions: unknown[]; outcome: unknown };
    expect(data.plans.map((p) => [p.name, p.credits, p.price, p.features])).toEqual([
      ["BASIC", 20, 600, ["AI Video: 20 credits"]],
      ["PRO", 100, 2499, ["AI Video: 20 credits", "Priority Support"]],
    ]);
    expect(data.transactions).toEqual([]);
    expect(data.outcome).toBeNull();
    const anonymous = (await call(plansRoute.loader, get("/plans"))).body as { transactions: unknown };
    expect(anonymous.transactions).toBeNull();
  });
});

describe("payment page", () => {
  it("shows the documented messages for missing details and missing login", async () => {
    const invalid = (await call(paymentRoute.loader, get("/payment"))).body as { details: unknown };
    expect(invalid.details).toMatchObject({ ok: false, message: "Invalid payment details. Please select a plan or order first.", redirectTo: "/plans" });
    const anonymous = (await call(paymentRoute.loader, get("/payment?plan=BASIC"))).body as { details: unknown };
    expect(anonymous.details).toMatchObject({
      ok: false,
      message: "Please login to continue",
      redirectTo: `/auth/login?redirectTo=${encodeURIComponent("/payment?plan=BASIC")}`,
    });
    const order = (await call(paymentRoute.loader, get("/payment?orderId=missing"))).body as { details: unknown; cancelHref: string };
    expect(order.details).toMatchObject({ ok: false, message: "Could not load order details. Please try again.", redirectTo: "/" });
    expect(order.cancelHref).toBe("/");
  });

  it("an amount posted with the form is ignored: the server computes it", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const result = (await call(paymentRoute.action, post("/payment", { plan: "PRO", amount: "1.00" }, cookie))).body as {
      ok: boolean;
      checkout: { fields: [string, string][] };
    };
    expect(result.ok).toBe(true);
    expect(Object.fromEntries(result.checkout.fields).amount).toBe("2499.00");
  });
});

describe("buying BASIC with a discount code through the sandbox", () => {
  it("ends with the balance, the ledger row and the history row right", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const code = await newDiscount(10);

    // /payment?plan=BASIC&code=... shows the summary.
    const summary = (await call(paymentRoute.loader, get(`/payment?plan=BASIC&code=${code.code}`, cookie))).body as { details: unknown };
    expect(summary.details).toMatchObject({ ok: true, planName: "BASIC", amount: 540, originalAmount: 600, discountPercentage: 10, orderId: null });

    // Proceed to Payment.
    const proceed = (await call(paymentRoute.action, post("/payment", { plan: "BASIC", code: code.code }, cookie))).body as {
      ok: true;
      checkout: { action: string; provider: string; fields: [string, string][] };
    };
    expect(proceed.ok).toBe(true);
    expect(proceed.checkout.provider).toBe("sandbox");
    expect(proceed.checkout.action).toBe(`${ORIGIN}/payment/sandbox`);

    // The browser posts the form to the sandbox gateway page.
    const gateway = await call(sandboxRoute.action, post("/payment/sandbox", proceed.checkout.fields, cookie));
    expect(gateway.status).toBe(200);
    const sandbox = gateway.body as { ok: true; success: { action: string; fields: [string, string][] } };
    expect(sandbox.ok).toBe(true);
    expect(sandbox.success.action).toBe(`${ORIGIN}/api/payments/payu/success`);

    // The buyer chooses success; the cross-site POST carries no session cookie.
    const callback = await call(successRoute.action, post("/api/payments/payu/success", sandbox.success.fields));
    const txnid = Object.fromEntries(proceed.checkout.fields).txnid;
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`/plans?payment=success&txnid=${txnid}`);

    // A reload of the gateway's post (replay) changes nothing.
    await call(successRoute.action, post("/api/payments/payu/success", sandbox.success.fields));

    expect(await balanceOf(payer.id)).toBe(20);
    const ledger = await ledgerFor(payer.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: "purchase", reference: txnid });
    expect(await prisma.discountUsage.count({ where: { userId: payer.id, discountCodeId: code.id } })).toBe(1);

    const page = (await call(plansRoute.loader, get(callback.location!, cookie))).body as {
      outcome: unknown;
      transactions: { txnid: string; amount: number }[];
    };
    expect(page.outcome).toEqual({ state: "success", credits: 20, planName: "BASIC", txnid });
    expect(page.transactions.map((t) => [t.txnid, t.amount])).toEqual([[txnid, 540]]);

    // The code now counts as used.
    expect((await call(plansRoute.action, post("/plans", { intent: "apply-discount", code: code.code }, cookie))).body).toMatchObject({
      title: "Code Already Used",
      description: "You have already used this discount code.",
    });
  });

  it("choosing failure grants nothing and shows the failure", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const proceed = (await call(paymentRoute.action, post("/payment", { plan: "BASIC" }, cookie))).body as { checkout: { fields: [string, string][] } };
    const sandbox = (await call(sandboxRoute.action, post("/payment/sandbox", proceed.checkout.fields))).body as { failure: { fields: [string, string][] } };
    const callback = await call(failureRoute.action, post("/api/payments/payu/failure", sandbox.failure.fields));
    expect(callback.location).toMatch(/^\/plans\?payment=failure&txnid=/);
    expect(await balanceOf(payer.id)).toBe(0);
    const page = (await call(plansRoute.loader, get(callback.location!, cookie))).body as { outcome: { state: string }; transactions: unknown[] };
    expect(page.outcome.state).toBe("failure");
    expect(page.transactions).toEqual([]);
  });

  it("a tampered checkout post is refused by the sandbox, and a forged callback by the app", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const proceed = (await call(paymentRoute.action, post("/payment", { plan: "PRO" }, cookie))).body as { checkout: { fields: [string, string][] } };
    const cheap = proceed.checkout.fields.map(([k, v]): [string, string] => [k, k === "amount" ? "1.00" : v]);
    const refused = await call(sandboxRoute.action, post("/payment/sandbox", cheap));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false });

    const forged = proceed.checkout.fields.map(([k, v]): [string, string] => [k, k === "hash" ? "0".repeat(128) : v]);
    const callback = await call(successRoute.action, post("/api/payments/payu/success", [...forged, ["status", "success"]]));
    expect(callback.location).toBe("/plans?payment=error");
    expect(await balanceOf(payer.id)).toBe(0);
    const page = (await call(plansRoute.loader, get("/plans?payment=error", cookie))).body as { outcome: unknown };
    expect(page.outcome).toEqual({ state: "error" });
  });

  it("another user cannot read someone's payment outcome by its txnid", async () => {
    const payer = await newPayer();
    const proceed = (await call(paymentRoute.action, post("/payment", { plan: "BASIC" }, await sessionCookieFor(payer.id)))).body as {
      checkout: { fields: [string, string][] };
    };
    const txnid = Object.fromEntries(proceed.checkout.fields).txnid;
    const stranger = await newPayer();
    const page = (await call(plansRoute.loader, get(`/plans?payment=success&txnid=${txnid}`, await sessionCookieFor(stranger.id)))).body as {
      outcome: unknown;
    };
    expect(page.outcome).toBeNull();
  });
});
